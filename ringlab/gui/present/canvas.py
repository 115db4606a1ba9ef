"""matplotlib's Qt canvas at the presentation's dpi: the figure keeps the widget's pixel size
and a higher dpi makes every text larger (large text at any window size).

Not the views' :func:`ringlab.gui.views._canvas.sized_canvas`: that one asks for a modest size,
stretches, takes no focus and zooms at 100 dpi; a slide's canvas fills what the slide gives it
and zooms by its ``present_dpi``.
"""

from __future__ import annotations

from ...render.present_decks import BASE_DPI, MIN_TEXT_PX


def present_canvas(figure):
    """A canvas for ``figure``; ``renderer_hook`` (a :class:`WalkthroughRenderer`) lays the
    drawing out again before a draw when its size changed, and ``no_room()`` is called when
    even that finds no room at the zoom asked for (the canvas then goes back to BASE_DPI)."""
    from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg

    class Canvas(FigureCanvasQTAgg):
        present_dpi = BASE_DPI
        renderer_hook = None
        no_room = None

        def apply_dpi(self):
            # a higher dpi leaves fewer inches to lay out, so the renderer abbreviates instead
            ratio = self.device_pixel_ratio or 1
            self.figure.set_dpi(self.present_dpi * ratio)
            self.resizeEvent_fit()

        def resizeEvent_fit(self):
            w, h = max(self.width(), 1), max(self.height(), 1)
            ratio = self.device_pixel_ratio or 1
            self.figure.set_size_inches(
                w * ratio / self.figure.dpi, h * ratio / self.figure.dpi, forward=False
            )

        def resizeEvent(self, event):
            super().resizeEvent(event)
            self.apply_dpi()

        def draw(self):
            from shiboken6 import isValid

            if not isValid(self):  # a draw_idle queued before the slide was closed
                return
            r = self.renderer_hook
            if r is not None and r.trace is not None and r.needs_relayout():
                self._relayout(r)
            try:
                super().draw()
            except RuntimeError:
                if isValid(self):
                    raise  # (deleted while drawing: nothing to show)

        def _relayout(self, r):
            try:
                r.relayout()
            except ValueError:
                # zoomed in, then the window got smaller: no room left at this zoom; back to
                # the unzoomed size rather than a blank slide
                self.present_dpi = min(self.present_dpi, BASE_DPI)
                if self.no_room is not None:
                    self.no_room()
                self.apply_dpi()
                try:
                    r.relayout()
                except ValueError:
                    pass  # none even unzoomed: the drawing waits for a larger window

    return Canvas(figure)


_FITS: dict = {}  # (renderer id, trace id, width px, height px, dpi, step) → (trace, fits)


def _measure(fig) -> None:
    """Lay the figure's text out as a draw would (ticks, legend, label boxes placed), without
    rasterising a glyph: what ``text_problems`` measures is then where a draw puts it.  The
    blitting background is not taken from this (nothing was painted)."""
    with fig.canvas.callbacks.blocked(signal="draw_event"):
        fig.draw_without_rendering()


def figure_fits(renderer, canvas, step: int, every_step: bool = True) -> bool:
    """Whether the walkthrough on ``canvas``, at its dpi now, has no overlapping, cut or
    tiny text: at every step of a short run, else at ``step``, the next one and the last
    (only at ``step`` unless ``every_step``).  Each (trace, size, dpi, step) is measured
    once; the renderer is left at ``step``, laid out for the canvas's size."""
    fig = canvas.figure
    T = renderer.steps - 1
    steps = range(T + 1) if T <= 16 else (step, min(step + 1, T), T)
    steps = steps if every_step else (step,)
    w, h = fig.canvas.get_width_height(physical=True)
    key = (id(renderer), id(renderer.trace), w, h, round(fig.dpi, 3))
    try:
        for t in dict.fromkeys(steps):
            hit = _FITS.get((*key, t))
            if hit is not None and hit[0] is renderer.trace:
                ok = hit[1]
            else:
                if renderer.needs_relayout():
                    renderer.relayout()
                renderer.show_step(t)
                _measure(fig)
                ok = not renderer.text_problems(MIN_TEXT_PX)
                if len(_FITS) > 4096:
                    _FITS.clear()
                _FITS[(*key, t)] = (renderer.trace, ok)
            if not ok:
                return False
        return True
    except ValueError:  # a layout with no room left
        return False
    finally:
        renderer.show_step(step)

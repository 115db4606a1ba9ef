"""What the step-by-step renderers (the full $G_T$ walkthrough, the large-N heat map) share:
artists laid out once for a figure size and rebuilt when the figure changes size, and blitting
— what a step does not change is drawn once and kept as a background; a step restores it and
draws only the artists that change (``_dynamic()``).

A build clears the figure first; until it has finished (``_start_blitting``) no dynamic artist
is drawn and a step only records t: a build that stopped half-way (an exception) would
otherwise leave ``_dynamic()`` naming artists ``fig.clear()`` removed, and every later draw
event would fail on them (matplotlib: "'NoneType' object has no attribute 'dpi'").  Such a
renderer counts as needing a relayout, so the next draw builds it again."""

from __future__ import annotations

from contextlib import nullcontext

import numpy as np
from matplotlib.text import Text


class StepFrames:
    """Mixin: the renderer has ``trace``, ``step``, ``figure``, ``_built_size`` (the figure's
    size in inches when it built its artists), ``_build()`` (starting with
    :meth:`_clear_figure`, ending with :meth:`_start_blitting`), ``show_step(t)``,
    ``_dynamic()`` (the artists a step changes, in drawing order), ``_cid`` and
    ``_exporting``; ``_rc()`` may give the matplotlib rc context it draws in."""

    _complete = False  # the artists of the last build are all in the figure

    def _rc(self):
        return nullcontext()

    @property
    def built(self) -> bool:
        """Whether the last build finished (its artists are the figure's)."""
        return self._complete

    def _clear_figure(self) -> None:
        """Start a build: the old artists leave the figure, and with them the dynamic list."""
        self._complete = False
        self._bg = None
        self.figure.clear()

    def _start_blitting(self) -> None:
        """After a build: the dynamic artists are drawn by hand, over a saved background."""
        fig = self.figure
        self._complete = True
        for a in self._dynamic():
            a.set_animated(True)
        if self._cid is not None:
            fig.canvas.mpl_disconnect(self._cid)
        self._cid = fig.canvas.mpl_connect("draw_event", self._on_draw)
        self._bg = None

    def draw_settings(self):
        """The matplotlib settings (a context manager) :meth:`draw` draws in."""
        return self._rc()

    def background_kept(self) -> bool:
        """Whether the static artists are kept, drawn at the canvas's present size: a step is
        then drawn by :meth:`draw` restoring them and drawing only what it changes."""
        canvas = self.figure.canvas
        return self._bg is not None and self._bg_size == canvas.get_width_height()

    def draw(self) -> None:
        """Draw the current step onto the figure's canvas (the background once per size)."""
        canvas = self.figure.canvas
        with self._rc():
            if self._bg is None or self._bg_size != canvas.get_width_height():
                canvas.draw()  # static artists; _on_draw adds the dynamic ones
            else:
                canvas.restore_region(self._bg)
                self._draw_dynamic()

    def _on_draw(self, event) -> None:
        canvas = self.figure.canvas
        if (
            self._exporting
            or self.trace is None
            or not self._complete
            or not hasattr(canvas, "copy_from_bbox")
        ):
            return
        self._bg = canvas.copy_from_bbox(self.figure.bbox)
        self._bg_size = canvas.get_width_height()
        self._draw_dynamic()

    def _draw_dynamic(self) -> None:
        # most per-step artists are hidden or empty at any one step (the decode rows before
        # t = T, the sends at t = T): skipping them saves matplotlib's per-artist overhead
        if not self._complete:
            return
        fig = self.figure
        with self._rc():
            for a in self._dynamic():
                if (
                    a.get_visible()
                    and not (isinstance(a, Text) and not a.get_text())
                    and a.figure is fig
                ):
                    fig.draw_artist(a)

    @property
    def steps(self) -> int:
        """Number of frames: T + 1 (t = 0..T)."""
        return 0 if self.trace is None else self.trace.code.T + 1

    def needs_relayout(self) -> bool:
        """Whether the figure changed size since the artists were laid out."""
        if self.trace is None:
            return False
        if not self._complete:
            return True
        size = tuple(self.figure.get_size_inches())
        return any(abs(a - b) > 0.01 * b for a, b in zip(size, self._built_size))

    def relayout(self) -> None:
        """Rebuild for a new figure size (the GUI calls this on resize)."""
        if self.trace is not None:
            self._build()
            self.show_step(self.step)

    def rgb(self) -> np.ndarray:
        """The current frame as an H×W×3 uint8 array (draws first)."""
        self.draw()
        return np.asarray(self.figure.canvas.buffer_rgba())[..., :3].copy()

    def savefig(self, out, **kw) -> None:
        """Save the current step (PNG, SVG, PDF page …) with every artist drawn normally."""
        self._exporting = True
        dynamic = self._dynamic()
        try:
            for a in dynamic:
                a.set_animated(False)
            with self._rc():
                self.figure.savefig(out, **kw)
        finally:
            for a in dynamic:
                a.set_animated(True)
            self._exporting = False
            self._bg = None

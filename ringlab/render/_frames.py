"""What the step-by-step renderers (the full $G_T$ walkthrough, the large-N heat map) share:
artists laid out once for a figure size and rebuilt when the figure changes size."""
from __future__ import annotations


class StepFrames:
    """Mixin: the renderer has ``trace``, ``step``, ``figure``, ``_built_size`` (the figure's
    size in inches when it built its artists), ``_build()`` and ``show_step(t)``."""

    @property
    def steps(self) -> int:
        """Number of frames: T + 1 (t = 0..T)."""
        return 0 if self.trace is None else self.trace.code.T + 1

    def needs_relayout(self) -> bool:
        """Whether the figure changed size since the artists were laid out."""
        size = tuple(self.figure.get_size_inches())
        return self.trace is not None and any(
            abs(a - b) > 0.01 * b for a, b in zip(size, self._built_size))

    def relayout(self) -> None:
        """Rebuild for a new figure size (the GUI calls this on resize)."""
        if self.trace is not None:
            self._build()
            self.show_step(self.step)

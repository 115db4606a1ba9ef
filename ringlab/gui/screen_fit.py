"""The window on its screen: a first start fills most of the available area, a remembered
geometry (kept per screen, so a laptop and a projector each get their own) never exceeds it."""

from __future__ import annotations

# the frame (title bar, borders) is not part of the size given to resize(); keep room for it
FRAME_ROOM = 40


class ScreenFit:
    """Sizes ``window`` and its editor/panel ``splitter`` to the window's screen."""

    def __init__(self, window, splitter):
        self.window = window
        self.splitter = splitter

    def available(self):
        """The available geometry (without task bars) of the window's screen, or ``None``."""
        screen = self.window.screen()
        return screen.availableGeometry() if screen is not None else None

    def key(self) -> str:
        """Settings key of the window's screen: its name and available size."""
        screen, avail = self.window.screen(), self.available()
        if avail is None:
            return "geometry"
        return f"geometry/{screen.name() or 'screen'}-{avail.width()}x{avail.height()}"

    def fit(self) -> None:
        """First start on a screen: 90 % of its available area (at least 1400×860 when that
        fits), never more than the area itself; centred; the editor/panel split 62:38."""
        win, avail = self.window, self.available()
        if avail is None:
            win.resize(1400, 860)
            self.splitter.setSizes([880, 520])
            return
        aw, ah = avail.width(), avail.height() - FRAME_ROOM
        w = min(aw, max(int(aw * 0.9), min(1400, aw)))
        h = min(ah, max(int(ah * 0.9), min(860, ah)))
        win.resize(w, h)
        win.move(avail.x() + (aw - w) // 2, avail.y() + (avail.height() - h) // 2)
        self.splitter.setSizes([w * 62 // 100, w - w * 62 // 100])

    def clamp(self) -> None:
        """A remembered geometry (or a window grown by its content) never exceeds the screen."""
        win, avail = self.window, self.available()
        if avail is None:
            return
        # a shown window's frame is known: its sides count too (the title bar is in FRAME_ROOM)
        side = max(0, win.frameGeometry().width() - win.width())
        w = min(win.width(), avail.width() - side)
        h = min(
            win.height(),
            avail.height() - max(FRAME_ROOM, win.frameGeometry().height() - win.height()),
        )
        if (w, h) != (win.width(), win.height()):
            win.resize(w, h)
        x = min(max(win.x(), avail.x()), avail.right() - w - side + 1)
        y = min(max(win.y(), avail.y()), avail.bottom() - h - FRAME_ROOM + 1)
        if (x, y) != (win.x(), win.y()):
            win.move(x, y)

    def restore(self, s) -> None:
        """The geometry, dock state and split remembered in the settings ``s`` for this
        screen, or a first start's fit; clamped to the screen either way."""
        win = self.window
        geo, state, split = s.value(self.key()), s.value("window_state"), s.value("splitter")
        if geo is None or not win.restoreGeometry(geo):
            self.fit()
        self.clamp()
        if state is not None:
            win.restoreState(state)
        if split is not None:
            self.splitter.restoreState(split)

    def save(self, s) -> None:
        win = self.window
        s.setValue(self.key(), win.saveGeometry())
        s.setValue("window_state", win.saveState())
        s.setValue("splitter", self.splitter.editor_state())

r"""The side table: a monospaced panel beside $G_T$ that reads like a lab notebook.

Steps t < T: per node its input $x_i$, $s_i^{(t)}$ (the values received at times 1..t) and what
it sends now (combination = value → receiver).  Step t = T: each $\hat z_i$ under the true
sum, wrong entries in red, and for a wrong node the Theorem 2 check that fails.

Room is counted in characters of DejaVu Sans Mono (advance 0.602 em, so columns line up):
the font is as large as the panel allows, ``x_i`` shows its first entries, $s_i^{(t)}$ its
last ones, a long combination wraps onto a third line when there is one or is shortened to
``x₅,₁ + … + x₂,₁ (6 terms)``.  Static words are drawn once into the background; only the
values are per-step artists.
"""

from __future__ import annotations

import textwrap

from matplotlib.patches import Rectangle

from ...core.simulate import support
from ..captions import fit_vec, last_values, ring_combination, short_combination, sub
from . import style
from .decode_page import DecodePage
from .style import MONO, MONO_ADVANCE

NBSP = "\u00a0"  # no-break space: a wrapped line never strands "→ 0" on its own
# z-orders: the step's texts share the default 3 with the static words; the cover (3, drawn
# after them) hides both at t = T under the decode rows (4), the failing checks (5) and the
# red overlays (6).  text() tells the two pages apart by these.
COVER_Z, FINAL_Z, NOTE_Z, RED_Z = 3, 4, 5, 6


class SideTable(DecodePage):
    """The table axes of one trace: built once, :meth:`show` fills it for step t."""

    def __init__(self, fig, rect, trace, s: float, min_pt: float = 0.0):
        self.trace = trace
        N = trace.code.N
        tab = self.ax = fig.add_axes(rect)
        tab.set_axis_off()
        tab.set_xlim(0, 1)
        tab.set_ylim(0, 1)
        self._size_font(fig, rect, N, s, min_pt)
        self._kw = dict(fontsize=self.fs, family=MONO, va="baseline", ha="left", color=style.C_TEXT)
        self._add_static(N)
        self._add_values(N)
        self._add_final(N)
        self.extra: list = []  # red overlays and Theorem 2 lines, rebuilt per step

    @property
    def dynamic(self) -> list:
        """The artists a step changes, in drawing order."""
        return [
            *self._recv,
            *self._send,
            self._cover,
            self._fin_head,
            *self._fin_sum,
            *[a for r in self._fin_rows for a in r],
            *self.extra,
        ]

    # -- building ------------------------------------------------------------------------
    def _size_font(self, fig, rect, N: int, s: float, min_pt: float = 0.0) -> None:
        w_pt = rect[2] * fig.get_size_inches()[0] * 72
        h_pt = rect[3] * fig.get_size_inches()[1] * 72
        # lines per node: 3 (the sent combination may wrap) when that still fits at 10 pt
        lpn = 3 if h_pt / ((3 * N + 3.5) * 1.4) >= 10 * s else 2
        # as large as the panel allows: ≤ 13 pt, every line fits, 38 characters across (the
        # header; longer rows abbreviate or wrap)
        size = lambda lpn: float(
            min(
                13 * s,
                h_pt / ((lpn * N + 3.5) * 1.4),  # noqa: E731
                w_pt / (MONO_ADVANCE * 38),
            )
        )
        fs = size(lpn)
        if fs < min_pt and lpn == 2 and size(1) > fs:
            # many nodes on a slide: one line a node, what it sends now (the graph shows the
            # rest), rather than text too small to read across the room
            lpn, fs = 1, size(1)
        self.lpn = lpn
        # the "sends" lines of a node: under its xᵢ/sᵢ line, or (one line a node) on it
        self.send_rows = max(1, lpn - 1)
        self.send_row0 = 1 if lpn > 1 else 0
        self.fs = fs
        self.chars = int(w_pt / (MONO_ADVANCE * fs))
        self.dy = fs * 1.4 / h_pt
        self.ch = MONO_ADVANCE * fs / w_pt  # one character, axes units

    def line_y(self, r: float) -> float:
        """Baseline of table line r (0 = top), in table-axes units."""
        return 1 - (r + 1.0) * self.dy

    def _node_y(self, i: int, r: float = 0) -> float:
        return self.line_y(self.lpn * i + 2.3 + r)

    def _add_static(self, N: int) -> None:
        """Header, "node i", x_i, "sᵢ:" and "sends": drawn once into the background."""
        tr, tab, kw, ch = self.trace, self.ax, self._kw, self.ch
        if self.lpn == 1:
            tab.text(
                0, self.line_y(0), "node i: what it sends now, yᵢ→⁽ᵗ⁾", fontweight="bold", **kw
            )
            tab.text(0, self.line_y(1), "(xᵢ, sᵢ: a smaller N, or the app)", **kw)
            self.col_recv = self.col_send = 8
            for i in range(N):
                tab.text(0, self._node_y(i), f"node {i}", fontweight="bold", **kw)
            return
        tab.text(0, self.line_y(0), "node i: input xᵢ, received sᵢ⁽ᵗ⁾,", fontweight="bold", **kw)
        tab.text(0, self.line_y(1), "and what it sends now, yᵢ→⁽ᵗ⁾", fontweight="bold", **kw)
        # xᵢ gets what is left after "node i", "sᵢ: " and 8 characters of received values
        room_x = self.chars - 9 - 5 - 2 - 4 - 8
        xins = [
            (f"x{sub(i)} = " + fit_vec(tr.field, tr.inputs[i], room_x))
            if tr.inputs is not None
            else ""
            for i in range(N)
        ]
        self.col_recv = 9 + max(len(x) for x in xins) + 2
        self.col_send = 9 + len("sends ")
        for i in range(N):
            tab.text(0, self._node_y(i), f"node {i}", fontweight="bold", **kw)
            tab.text(9 * ch, self._node_y(i), xins[i], **kw)
            tab.text(self.col_recv * ch, self._node_y(i), f"s{sub(i)}:", **kw)
            tab.text(9 * ch, self._node_y(i, 1), "sends", **kw)

    def _add_values(self, N: int) -> None:
        """Per node: the received values, and the sent combination (one text per line)."""
        tab, kw, ch = self.ax, self._kw, self.ch
        self._recv = [
            tab.text((self.col_recv + len(f"s{sub(i)}:") + 1) * ch, self._node_y(i), "", **kw)
            for i in range(N)
        ]
        self._send = [
            tab.text(self.col_send * ch, self._node_y(i, self.send_row0 + r), "", **kw)
            for i in range(N)
            for r in range(self.send_rows)
        ]

    @property
    def covered(self) -> bool:
        """Whether the decode step's white cover hides the table now."""
        return self._cover.get_visible()

    def _add_final(self, N: int) -> None:
        """The last step covers the table with the decode result."""
        tab, ch = self.ax, self.ch
        self._cover = tab.add_patch(
            Rectangle(
                (0, 0),
                1,
                1,
                transform=tab.transAxes,
                fc="white",
                ec="none",
                visible=False,
                zorder=COVER_Z,
            )
        )
        kw = dict(self._kw, zorder=FINAL_Z)
        self._fin_head = tab.text(0, self.line_y(0), "", fontweight="bold", **kw)
        # per node: "node i", "ẑᵢ =", the vector (ASCII only, so red overlays line up), ✓/✗
        self.col_vec = 13
        y = [self.line_y(i + 2.6) for i in range(N)]
        self._fin_rows = [
            (
                tab.text(0, y[i], "", fontweight="bold", **kw),
                tab.text(8 * ch, y[i], "", **kw),
                tab.text(self.col_vec * ch, y[i], "", **kw),
                tab.text(0, y[i], "", fontweight="bold", **kw),
            )
            for i in range(N)
        ]
        # the true sum as one more row, aligned with the ẑᵢ rows so columns compare at a glance
        y = self.line_y(1.4)
        self._fin_sum = (
            tab.text(0, y, "", fontweight="bold", **kw),
            tab.text(8 * ch, y, "", **kw),
            tab.text(self.col_vec * ch, y, "", fontweight="bold", **kw),
        )

    # -- per step --------------------------------------------------------------------------
    def show(self, t: int, wrong: list[bool]) -> None:
        """Fill the table for step t (t = T: the decode, ``wrong[i]`` per destination)."""
        for a in self.extra:
            a.remove()
        self.extra = []
        final = t == self.trace.code.T
        self._cover.set_visible(final)
        for a in (
            self._fin_head,
            *self._fin_sum,
            *[a for r in self._fin_rows for a in r],
            *self._send,
            *self._recv,
        ):
            a.set_text("")
        if final:
            self._show_decode(wrong)
        else:
            per = self.send_rows
            for i in range(self.trace.code.N):
                lines = self._send_lines(t, i)
                for r, a in enumerate(self._send[i * per : (i + 1) * per]):
                    a.set_text(lines[r] if r < len(lines) else "")
                if self.lpn > 1:
                    self._recv[i].set_text(self._received(t, i))

    def _send_lines(self, t: int, i: int) -> list[str]:
        """``combination = value → receiver`` on one line, wrapped to two, or shortened."""
        tr = self.trace
        y = tr.sent[t][i]
        to = (i + 1) % tr.code.N
        room = self.chars - self.col_send
        if not support(tr.field, y):
            tail = f"{NBSP}→{NBSP}{to}"
            full = "nothing (idle)" + tail
        else:
            val = "" if tr.sent_values is None else tr.field.format(tr.sent_values[t][i])
            tail = f" ={NBSP}{val}{NBSP}→{NBSP}{to}" if val else f"{NBSP}→{NBSP}{to}"
            full = ring_combination(tr, y, i) + tail
        if len(full) <= room:
            lines = [full]
        elif self.lpn == 3 and len(full) <= 2 * room:
            lines = textwrap.wrap(full, room, break_long_words=False)
            if len(lines) > 2:
                lines = [short_combination(tr, y, room - len(tail), sender=i) + tail]
        else:
            lines = [short_combination(tr, y, room - len(tail), sender=i) + tail]
        if len(lines[0]) > room:
            # the abbreviation's floor ("a + … + b (n terms)") can still overflow a narrow
            # table: tighten it, then keep only the count (the caption and the hover on the
            # node give the whole combination)
            short = lines[0].replace(" + … + ", "+…+").replace(" terms)", ")")
            n = len(ring_combination(tr, y, i).replace(" − ", " + −").split(" + "))
            lines = [short if len(short) <= room else f"{n} terms" + tail]
        return lines

    def _received(self, t: int, i: int) -> str:
        """$s_i^{(t)}$'s values: as many of the last ones as fit after "sᵢ: "."""
        tr = self.trace
        if tr.sent_values is None:
            return f"{t} symbols"
        room = self.chars - self.col_recv - len(f"s{sub(i)}:") - 1
        recv = tr.received_values(i, t)
        if not recv:
            return "— (nothing yet)" if room >= 15 else "—"
        return last_values(tr.field, recv, room)

    def _extra(self, x, y, text, bbox=True, **kw):
        kw.setdefault("va", "baseline")
        # red overlays on entries (not part of the table's text) above the lines of text
        kw.setdefault("color", style.C_BAD)
        a = self.ax.text(
            x,
            y,
            text,
            fontsize=self.fs,
            family=MONO,
            ha="left",
            zorder=RED_Z if bbox else NOTE_Z,
            fontweight="bold" if bbox else "normal",
            animated=True,
            bbox=dict(boxstyle="square,pad=0", fc="white", ec="none") if bbox else None,
            **kw,
        )
        self.extra.append(a)

    # -- reading it back -----------------------------------------------------------------------
    def text(self) -> str:
        """Everything the table shows at the current step, line by line (top first)."""
        if self._cover.get_visible():
            items = [a for a in self.ax.texts if a.get_zorder() in (FINAL_Z, NOTE_Z)]
        else:
            items = [a for a in self.ax.texts if a.get_zorder() < FINAL_Z]
        items = [a for a in items if a.get_visible() and a.get_text()]
        items.sort(key=lambda a: (-round(a.get_position()[1], 4), a.get_position()[0]))
        lines, last_y = [], None
        for a in items:
            y = round(a.get_position()[1], 4)
            if y != last_y:
                lines.append(a.get_text())
                last_y = y
            else:
                lines[-1] += " " + a.get_text()
        return "\n".join(lines).replace(NBSP, " ")

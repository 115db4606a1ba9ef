"""The side table's last page, t = T: each node's decoded ẑᵢ beside the true sum, the wrong
entries overlaid in red, the failing Theorem 2 check of each wrong node, and the decode's
arithmetic with the numbers, in as many words as the room holds."""

from __future__ import annotations

import textwrap

from ..captions import decode_arithmetic, failing_reason, fit_vec, sub
from . import style


class DecodePage:
    """Mixed into :class:`~ringlab.render.walkthrough.table.SideTable`, whose rows, font
    metrics (``ch``, ``chars``, ``dy``, ``col_vec``), ``line_y`` and ``_extra`` it uses."""

    def _show_decode(self, wrong: list[bool]) -> None:
        """ẑᵢ beside the true sum, wrong entries red, failing checks below."""
        tr, ch, W = self.trace, self.ch, self.chars
        F, (N, _, T) = tr.field, tr.code.shape
        room = W - self.col_vec - 3  # "  ✓" after the vector
        total = "Σⱼ xⱼ" if tr.true_sum is None else fit_vec(F, tr.true_sum, room)
        self._fin_head.set_text(f"t = T = {T}: decoded ẑᵢ vs the true sum")
        for a, txt in zip(self._fin_sum, ("sum", "Σ =", total)):
            a.set_text(txt)
        for i in range(N):
            lab, zname, vec, mark = self._fin_rows[i]
            lab.set_text(f"node {i}")
            zname.set_text(f"ẑ{sub(i)} =")
            if tr.decoded_values is None:
                vals, vtext = None, "not the sum" if wrong[i] else "the sum"
            else:
                vals = [F.format(v) for v in tr.decoded_values[i]]
                vtext = fit_vec(F, tr.decoded_values[i], room)
            vec.set_text(vtext)
            mark.set_x((self.col_vec + len(vtext) + 2) * ch)
            roomy = self.col_vec + len(vtext) + 10 <= W
            mark.set_text(("✗ wrong" if roomy else "✗") if wrong[i] else "✓")
            mark.set_color(style.C_BAD if wrong[i] else style.C_OK)
            if wrong[i] and vals is not None:
                shown = vtext.strip("[]").split(", ")  # fit_vec may end with "…"
                self._mark_wrong_entries(
                    i, vals[: len(shown) - (shown[-1] == "…")], vec.get_position()[1]
                )
        self._show_failing_checks(wrong)

    def _mark_wrong_entries(self, i: int, vals: list[str], y: float) -> None:
        """A red overlay on exactly the wrong entries (ASCII monospace: offsets are exact).
        Entries that start right of the figure's edge would draw nothing: they are skipped."""
        bad = set(self.trace.wrong_entries(i))
        edge = self._right_edge()
        pos = self.col_vec + 1
        for k, v in enumerate(vals):
            if pos * self.ch > edge + self.ch:
                break
            if k in bad:
                self._extra(pos * self.ch, y, v)
            pos += len(v) + 2

    def _right_edge(self) -> float:
        """The figure's right edge in table-axes x units."""
        x0, _, w, _ = self.ax.get_position().bounds
        return (1 - x0) / w

    def _show_failing_checks(self, wrong: list[bool]) -> None:
        """Below the rows, as many as fit: the failing Theorem 2 check of each wrong node,
        then the decode arithmetic (:func:`~ringlab.render.captions.decode_arithmetic`,
        what the app's Propagation view lists), a wrong node's first, whole nodes at a
        time, and a line saying how to see the rest."""
        tr, W, N = self.trace, self.chars, self.trace.code.N
        lines = []
        for i in range(N):
            if wrong[i] or not tr.report.node_ok(i):
                why = failing_reason(tr, i)
                if why:
                    lines += textwrap.wrap(
                        ("✗ " if wrong[i] else "! ") + why, W - 1, subsequent_indent="  "
                    )
        top = N + 3.2
        max_lines = max(0, int(1 / self.dy - top - 0.6))
        if len(lines) > max_lines:
            lines = lines[: max(0, max_lines - 1)] + ["  … (ringlab check FILE lists all)"]
        if lines:
            self._extra(
                0, self.line_y(top), "\n".join(lines), bbox=False, linespacing=1.4, va="top"
            )
        self._show_arithmetic(wrong, top + len(lines) + (0.3 if lines else 0))

    def _show_arithmetic(self, wrong: list[bool], row: float) -> None:
        """Each node's decode with the numbers, wrapped to the table, from line ``row`` down:
        a wrong node's first, whole nodes at a time, as many as the table's room holds
        (measured as drawn), then a line saying where the rest is."""
        tr, W, N, K = self.trace, self.chars, self.trace.code.N, self.trace.code.K
        if tr.decoded_values is None or row > 1 / self.dy - 2:
            return
        order = [i for i in range(N) if wrong[i]] + [i for i in range(N) if not wrong[i]]
        wrap = lambda ls: [
            w
            for line in ls
            for w in textwrap.wrap(line, W - 2, subsequent_indent="    ", break_long_words=False)
        ]
        blocks = []
        for i in order:
            entries = decode_arithmetic(tr, i)
            blocks.append((entries[:K], entries[K:] if N <= 3 else []))
        head = f"decode ẑᵢ = Rᵢ sᵢ⁽{tr.code.T}⁾ + Tᵢ xᵢ with the numbers:"
        head = head if len(head) < W else "the decode, with the numbers:"

        def numbers_only(entry: str) -> str:
            # "ẑ₀,₁ = y₂→⁽¹⁾ − y₂→⁽²⁾ + x₀,₁ = 4 − 9 + 3 = -2" → "ẑ₀,₁ = 4 − 9 + 3 = -2"
            parts = entry.split(" = ")
            return " = ".join([parts[0], *parts[2:]]) if len(parts) > 3 else entry

        def as_vector(i: int, body: list[str]) -> str:
            # a node on one line: "ẑ₀ = [4 − 9 + 3 + 4, 9]" (the row above has the result)
            exprs = [
                e.split(" = ")[-2] if e.count(" = ") >= 3 else e.split(" = ")[-1] for e in body
            ]
            return f"ẑ{sub(i)} = [" + ", ".join(exprs) + "]"

        def compose(n: int, form: str) -> str:
            out = [head]
            for i, (body, src) in zip(order[:n], blocks[:n]):
                if form == "numbers":
                    body = [numbers_only(e) for e in body]
                elif form == "vector":
                    body = [as_vector(i, body)]
                out += wrap(body) + (wrap(src) if form == "sources" else [])
            if n < N:
                out += textwrap.wrap(f"… {N - n} more: the app's Propagation tab", W - 2)
            return "\n".join(out)

        self._extra(
            0, self.line_y(row), "", bbox=False, linespacing=1.25, va="top", color=style.C_TEXT
        )
        text = self.extra[-1]
        renderer = self.ax.figure.canvas.get_renderer()
        floor = self.ax.get_window_extent(renderer).y0 + 2

        def fits(candidate: str) -> bool:
            text.set_text(candidate)
            return text.get_window_extent(renderer).y0 >= floor

        # every node with the most words that fit (where each y came from, the symbols, or
        # the numbers alone), before fewer nodes
        forms = (("sources", "symbols") if blocks[0][1] else ("symbols",)) + ("numbers", "vector")
        for n in range(N, 0, -1):
            for form in forms:
                if fits(compose(n, form)):
                    return
        text.set_text("")

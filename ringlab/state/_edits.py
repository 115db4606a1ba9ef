"""The acts that change the code (no Qt): an edited entry, a pasted matrix, a resize, another
field, a new name, a loaded code.  Each sets ``state.code`` once and names itself (``act``),
so whoever keeps the undo history (the window's document) records one step with that name;
what an act did beyond the change (entries a resize dropped) it says on ``state.said``.

A grid's edit goes straight here — grid → state → core → state → views — and the window and a
lesson's headless replay make the same changes.

>>> from ringlab.state import AppState
>>> st = AppState.initial()
>>> st.set_entry(0, "M", 0, 0, "5"); st.code.node(0).M[0][0], st.act
(5, 'Edit node 0 M (row t = 0, column k = 1)')
>>> st.resize(N=4)
[]
>>> st.code.name
'K=2, T=3 (paper, Sec. IV-B) (resized to N = 4, K = 2, T = 3)'
"""

from __future__ import annotations

import re

from ..core.code import LinearCode, cell_name
from ._records import CodeSource, same_code


class CodeEdits:
    """Mixed into :class:`ringlab.state.AppState`."""

    act: str = "Change the code"  # what the last change of the code was

    def set_code(self, code: LinearCode, origin: str | None = None, act: str | None = None) -> None:
        """Replace the code; with ``origin`` it is a new untitled document (a lesson's code,
        a search result): saving it never writes over the file that was open."""

        self.act = act or (origin and f"Load ({origin})") or "Change the code"
        if origin is None or same_code(code, self.code):
            self.code = code
        else:
            self.update(code=code, source=CodeSource(None, origin, baseline=code))

    def set_entry(self, node: int, which: str, row: int, col: int, value) -> None:
        """Parse and set one entry; raises :class:`RinglabError` (old value kept) if refused.

        Typing into a ``T_i`` that was solved from eq. (6) starts from the solved matrix (what
        the user saw in the grid), not from zeros: only the typed entry changes.  A clicked
        check stays selected: fixing its matrices, its line follows the new code.
        """
        code = self.code
        if which == "T" and 0 <= node < code.N and code.node(node).T is None:
            code = code.with_matrix(node, "T", self.analysis.report.effective_translation(node))
        new = code.with_entry(node, which, row, col, value)
        selected = self.selected_check
        self.set_code(new, act=f"Edit node {node} {which} ({cell_name(which, row, col)})")
        if selected is not None and self.code is new:
            self.selected_check = selected

    def set_matrix(self, node: int, which: str, rows, act: str | None = None) -> None:
        self.set_code(
            self.code.with_matrix(node, which, rows), act=act or f"Set node {node} {which}"
        )

    def set_translation_solved(self, node: int, solved: bool) -> None:
        """Switch ``T_i`` between "solved from eq. (6)" and typed by hand (starting from the
        solved values, so the switch alone changes no decoded value)."""
        if solved:
            self.set_code(
                self.code.with_translation_solved(node), act=f"Node {node}: T solved from eq. (6)"
            )
        elif self.code.node(node).T is None:
            self.set_code(
                self.code.with_matrix(node, "T", self.analysis.report.translation[node]),
                act=f"Node {node}: T typed by hand",
            )

    def resize(self, N: int | None = None, K: int | None = None, T: int | None = None) -> list[str]:
        """Change N, K or T as one step, keeping every entry that still fits; returns the
        non-zero entries that were dropped (also said on ``said``)."""
        old = self.code
        new, dropped = old.resized(N=N, K=K, T=T)
        what = ", ".join(f"{k} = {v}" for k, v in (("N", N), ("K", K), ("T", T)) if v is not None)
        if new.shape != old.shape:
            new = derived(old, new, f"resized to N = {new.N}, K = {new.K}, T = {new.T}")
        self.set_code(new, act=f"Resize to {what}")
        if dropped:
            more = f" and {len(dropped) - 4} more" if len(dropped) > 4 else ""
            self.said.emit(
                f"{what}: dropped {len(dropped)} non-zero "
                f"entr{'y' if len(dropped) == 1 else 'ies'} that no longer fit: "
                + "; ".join(dropped[:4])
                + more
                + " (Ctrl+Z brings them back)"
            )
        else:
            self.said.emit(f"{what}: every non-zero entry kept")
        return dropped

    def set_field(self, name: str) -> None:
        """Read every entry in another field as one step; raises :class:`RinglabError` naming
        each entry that is not an element of the new field (the code is then unchanged)."""
        old = self.code
        new = old.with_field(name)
        if new.field.name == old.field.name:
            return
        self.set_code(
            derived(old, new, f"read over {new.field.name}"),
            act=f"Field {old.field.name} → {new.field.name}",
        )
        typed = " ".join(str(name).split())
        # GF(4) is written GF(2^2) everywhere in ringlab (one name): say so where it is typed
        alias = (
            f" ({typed} is written {new.field.name} in ringlab: the same field)"
            if typed.replace(" ", "") != new.field.name.replace(" ", "")
            else ""
        )
        self.said.emit(
            f"field changed to {new.field.name}{alias}: every entry read in the "
            f"new field (Ctrl+Z goes back to {old.field.name})"
        )

    def set_meta(self, name: str, description: str) -> None:
        """The code's name and description (File → Properties…)."""
        name, description = name.strip(), description.strip()
        if (name, description) != (self.code.name, self.code.description):
            self.set_code(
                self.code.with_meta(name=name, description=description),
                act="Edit the name and description",
            )


def derived(old: LinearCode, new: LinearCode, how: str) -> LinearCode:
    """``new`` (a resize or another field of ``old``) no longer is the code its name and
    description were written for: say what it was made from, never keep a claim that may no
    longer hold.  Derivations accumulate, the newest of each kind replacing the older one:
    "K=2, T=3 (paper, Sec. IV-B) (resized to N = 4, K = 2, T = 3; read over GF(3))"."""
    if not old.name and not old.description:
        return new
    m = re.match(r"^(.*?) \(((?:resized to|read over) .*)\)$", old.name)
    base, hows = (m.group(1), m.group(2).split("; ")) if m else (old.name or "the code", [])
    kind = how.split(" ")[0]
    hows = [h for h in hows if h.split(" ")[0] != kind] + [how]
    derived_before = m is not None or old.description.startswith("Made from “")
    note = (
        f"Made from “{base}”, {', then '.join(hows)}; the original description was about "
        f"that code, not this one."
        if old.description or derived_before
        else ""
    )
    return new.with_meta(name=f"{base} ({'; '.join(hows)})", description=note)

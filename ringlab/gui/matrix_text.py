r"""Whole matrices as text: tab-separated (spreadsheets) and LaTeX ``bmatrix`` (papers).

No Qt here: the editor's copy/paste calls these, and they are tested on their own.

>>> parse_matrix_text(r"\begin{bmatrix} 0 & 1 & -1 \\ 0 & 0 & 1 \end{bmatrix}")
[['0', '1', '-1'], ['0', '0', '1']]
>>> parse_matrix_text("1\t0\n0\t1\n")
[['1', '0'], ['0', '1']]
>>> to_latex([["1", "0"], ["-1", "1/2"]])
'\\begin{bmatrix} 1 & 0 \\\\ -1 & \\frac{1}{2} \\end{bmatrix}'
"""

from __future__ import annotations

import re

from ..core.errors import RinglabError

_ENV = re.compile(r"\\begin\{([bpvBV]?matrix|array)\}(?:\{[^}]*\})?(.*?)\\end\{\1\}", re.S)
_FRAC = re.compile(r"\\[dt]?frac\s*\{\s*([^{}]*?)\s*\}\s*\{\s*([^{}]*?)\s*\}")
# LaTeX spacing and sign commands a pasted entry may carry
_NOISE = re.compile(r"\\[,;:!]|\\(?:quad|qquad|mathbf|boldsymbol|mathrm)\b|[{}$]")


class MatrixTextError(RinglabError):
    """Pasted text that is not a matrix."""


def _latex_entry(s: str) -> str:
    s = _FRAC.sub(r"(\1)/(\2)", s)
    s = s.replace("\\cdot", "*").replace("\\times", "*")
    s = _NOISE.sub("", s).replace("−", "-").strip()
    # "(1)/(2)" from \frac is plain "1/2"; a signed "(-1)/(2)" is "-1/2"
    m = re.fullmatch(r"(-?)\((-?[^()]*)\)/\(([^()]*)\)", s)
    if m:
        num = m.group(2)
        neg = (m.group(1) == "-") != num.startswith("-")
        s = ("-" if neg else "") + num.lstrip("-") + "/" + m.group(3)
    return s


def parse_matrix_text(text: str) -> list[list[str]]:
    r"""Rows of entry strings from a LaTeX matrix environment or from TSV/CSV-ish text.

    LaTeX: the first ``bmatrix``/``pmatrix``/``matrix``/``array`` environment found (so a
    whole formula like ``\mathbf{R}_0 = \begin{bmatrix}…\end{bmatrix},`` works); rows split at
    ``\\``, entries at ``&``; ``\frac{a}{b}`` becomes ``a/b``.  Plain text: rows are lines,
    entries split at tabs, else commas or semicolons, else spaces.  Raises
    :class:`MatrixTextError` when rows have different lengths or nothing is there.
    """
    if text is None or not text.strip():
        raise MatrixTextError(
            "the clipboard is empty: expected a matrix (tab-separated rows or a LaTeX bmatrix)"
        )
    m = _ENV.search(text)
    if m:
        body = m.group(2)
        raw_rows = [r for r in re.split(r"\\\\(?:\[[^\]]*\])?", body)]
        rows = [[_latex_entry(e) for e in r.split("&")] for r in raw_rows]
        rows = [r for r in rows if any(e for e in r)]  # trailing "\\" gives an empty row
    elif "\\begin" in text:
        raise MatrixTextError("the pasted LaTeX has no complete \\begin{bmatrix} … \\end{bmatrix}")
    else:
        lines = [
            ln for ln in text.replace("\r\n", "\n").replace("\r", "\n").split("\n") if ln.strip()
        ]
        rows = []
        for ln in lines:
            if "\t" in ln:
                parts = ln.split("\t")
            elif "," in ln or ";" in ln:
                parts = re.split(r"[,;]", ln)
            else:
                parts = ln.split()
            # "−" (U+2212) is the minus a PDF's text copies as: the paper's −1 is -1
            rows.append([p.strip().strip("[]").replace("−", "-") for p in parts])
        # a trailing tab (as some spreadsheets write) is not a column
        rows = [r[:-1] if len(r) > 1 and r[-1] == "" else r for r in rows]
    if not rows:
        raise MatrixTextError("the pasted text has no rows: expected a matrix")
    widths = {len(r) for r in rows}
    if len(widths) != 1:
        lens = ", ".join(str(len(r)) for r in rows)
        raise MatrixTextError(
            f"the pasted rows have different lengths ({lens}): expected a rectangular matrix"
        )
    return rows


def to_tsv(rows) -> str:
    """Tab-separated rows, one per line (what spreadsheets paste)."""
    return "".join("\t".join(r) + "\n" for r in rows)


def _latex_cell(s: str) -> str:
    num, sep, den = s.partition("/")
    if sep:
        neg = num.startswith("-")
        return ("-" if neg else "") + "\\frac{" + num.lstrip("-") + "}{" + den + "}"
    return s


def to_latex(rows) -> str:
    r"""A ``\begin{bmatrix} … \end{bmatrix}`` the paper's way (fractions as ``\frac``)."""
    body = r" \\ ".join(" & ".join(_latex_cell(c) for c in r) for r in rows)
    return "\\begin{bmatrix} " + body + " \\end{bmatrix}"

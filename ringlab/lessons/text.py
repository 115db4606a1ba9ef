r"""Lesson prose for a plain-text renderer: ``$…$`` formulas turned into readable Unicode.

Qt's Markdown renderer shows ``$R_i (I - \Lambda_{i',N})^{-1}$`` literally; a student should
read ``Rᵢ (I − Λ_{i′,N})⁻¹``.  This is a reading aid, not a TeX engine: the common commands of
the course (Greek letters, arrows, sub- and superscripts, ``\frac``, ``\lceil``, matrices)
become Unicode; anything else keeps its TeX spelling, which is still readable.

>>> math_to_text(r"R_i (I - \Lambda_{i',N})^{-1} = I_K")
'Rᵢ (I − Λ_{i′,N})⁻¹ = I_K'
>>> prose_to_markdown(r"The sum $\sum_j x_j$ costs $2S$.")
'The sum *Σⱼ xⱼ* costs *2S*.'
"""
from __future__ import annotations

import re

_COMMANDS = {
    r"\Lambda": "Λ", r"\lambda": "λ", r"\alpha": "α", r"\beta": "β", r"\tau": "τ",
    r"\sum": "Σ", r"\oplus": "⊕", r"\leftarrow": "←", r"\rightarrow": "→", r"\to": "→",
    r"\cdot": "·", r"\times": "×", r"\le": "≤", r"\leq": "≤", r"\ge": "≥", r"\geq": "≥",
    r"\ne": "≠", r"\neq": "≠", r"\approx": "≈", r"\in": "∈", r"\lceil": "⌈", r"\rceil": "⌉",
    r"\lfloor": "⌊", r"\rfloor": "⌋", r"\infty": "∞", r"\ldots": "…", r"\dots": "…",
    r"\bmod": "mod", r"\mod": "mod", r"\log": "log", r"\max": "max", r"\min": "min",
    r"\mathbb{F}": "F", r"\hat z": "ẑ", r"\hat{z}": "ẑ", r"\,": " ", r"\;": " ", r"\quad": "  ",
    r"\left": "", r"\right": "", r"\{": "{", r"\}": "}",
}
_SUB = str.maketrans("0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ")
_SUP = str.maketrans("0123456789+-=()inTtkjNK", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁱⁿᵀᵗᵏʲᴺᴷ")


def _script(body: str, table, mark: str) -> str:
    """A sub/superscript in Unicode when every character has one, else ``_{…}``/``^{…}``."""
    body = body.replace("−", "-")
    out = body.translate(table)
    if all(c != o or c in " " for c, o in zip(body, out)) and body:
        return out
    return f"{mark}{{{body.replace('-', '−')}}}" if len(body) > 1 else f"{mark}{body}"


def math_to_text(tex: str) -> str:
    s = tex.strip()
    s = re.sub(r"\\begin\{[bp]matrix\}(.*?)\\end\{[bp]matrix\}",
               lambda m: "[" + "; ".join(" ".join(c.strip() for c in row.split("&"))
                                         for row in m.group(1).split(r"\\")) + "]", s, flags=re.S)
    s = re.sub(r"\\frac\{([^{}]*)\}\{([^{}]*)\}", r"(\1)/(\2)", s)
    s = re.sub(r"\\(?:text|mathrm|operatorname|mathit|mathbf)\{([^{}]*)\}", r"\1", s)
    for cmd in sorted(_COMMANDS, key=len, reverse=True):
        s = re.sub(re.escape(cmd) + r"(?![A-Za-z])", _COMMANDS[cmd], s)
    s = s.replace("'", "′").replace("-", "−")
    s = re.sub(r"_\{([^{}]*)\}", lambda m: _script(m.group(1), _SUB, "_"), s)
    s = re.sub(r"_(\w)", lambda m: _script(m.group(1), _SUB, "_"), s)
    s = re.sub(r"\^\{([^{}]*)\}", lambda m: _script(m.group(1), _SUP, "^"), s)
    s = re.sub(r"\^(\w)", lambda m: _script(m.group(1), _SUP, "^"), s)
    return re.sub(r"\s+", " ", s).strip()


def prose_to_markdown(text: str) -> str:
    """Markdown with every ``$…$`` / ``$$…$$`` formula replaced by its Unicode reading
    (inline formulas in italics, display formulas on a line of their own)."""
    text = re.sub(r"\$\$(.+?)\$\$", lambda m: "\n\n    " + math_to_text(m.group(1)) + "\n\n",
                  text, flags=re.S)
    return re.sub(r"(?<!\\)\$([^$\n]+?)\$", lambda m: "*" + math_to_text(m.group(1)) + "*", text)

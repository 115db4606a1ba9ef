"""Small English helpers for messages: "an 8-core example", "1 task", "2 tasks", and the paper's
names with Unicode subscripts (``R₀``, ``xᵢ,ₖ``) as the window writes them.

>>> f"{article(8)} {8}-core example", f"{article(7)} {7}-core example"
('an 8-core example', 'a 7-core example')
>>> plural(1, "task"), plural(2, "task"), plural(1, "entry", "entries"), plural(0, "entry", "entries")
('1 task', '2 tasks', '1 entry', '0 entries')
"""

from __future__ import annotations

import re


def article(n: int) -> str:
    """ "a" or "an" before the number ``n`` read aloud: an 8, an 11, an 18, an 80, an 800, a 1."""
    digits = str(abs(int(n)))
    if digits.startswith("8"):
        return "an"
    # 11 and 18 (eleven, eighteen) in front of each group of three digits: 11, 18, 11 000, …
    if len(digits) % 3 == 2 and digits[:2] in ("11", "18"):
        return "an"
    return "a"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, in the plural unless n is 1 (``many`` when not word + "s")."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


_SUB = str.maketrans("0123456789+-−=()aehijklmnoprstuvx′'", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ′′")
_SCRIPT = re.compile(r"(?<=[A-Za-zΛλΣσ])_(?:\{([^{}]*)\}|(\d+|[a-z](?![A-Za-z]))(?![\w{]))")


def subscripts(text: str) -> str:
    """The paper's names written as the window writes them: ``R_0`` → ``R₀``, ``Λ_12`` →
    ``Λ₁₂``, ``x_{i,k}`` → ``xᵢ,ₖ``.  A subscript with a letter Unicode has no subscript
    for (``G_T``, ``I_K``) is left as it is.

    >>> subscripts("R_0 · (I − Λ_2·Λ_1·Λ_0)⁻¹ · M_2 and X_i·W_i, x_{i,k}, G_T, I_K")
    'R₀ · (I − Λ₂·Λ₁·Λ₀)⁻¹ · M₂ and Xᵢ·Wᵢ, xᵢ,ₖ, G_T, I_K'
    """

    def one(m: re.Match) -> str:
        body = m.group(1) if m.group(1) is not None else m.group(2)
        parts = body.split(",")
        out = [p.strip().translate(_SUB) for p in parts]
        if all(set(o) <= _SUB_CHARS for o in out) and body:
            return ",".join(out)
        return m.group(0)

    return _SCRIPT.sub(one, text)


_SUB_CHARS = set("₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ′")

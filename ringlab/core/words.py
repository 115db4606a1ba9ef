"""Small English helpers for messages: "an 8-core example", "1 task", "2 tasks".

>>> f"{article(8)} {8}-core example", f"{article(7)} {7}-core example"
('an 8-core example', 'a 7-core example')
>>> plural(1, "task"), plural(2, "task"), plural(1, "entry", "entries"), plural(0, "entry", "entries")
('1 task', '2 tasks', '1 entry', '0 entries')
"""

from __future__ import annotations


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

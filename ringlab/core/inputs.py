r"""Message vectors: what each node holds before the all-reduce, and the one reader of their files.

In the paper's words node i holds a *message vector* $x_i \in F^K$ with symbols
$x_{i,1}, \dots, x_{i,K}$; the all-reduce must leave $\sum_j x_j$ at every node.  Every command
and view that takes message vectors reads them here (no Qt, no matplotlib):

* :func:`read_message_vectors` — an ``--inputs`` JSON file: N rows of K entries, node 0 first,
  bare or as ``{"inputs": [...]}``; entries as in code files (``3``, ``"-1"``, ``"1/2"``,
  ``"0.25"``).  A bad file is refused with one line that names the file, what is wrong and
  what was expected (``ringlab simulate``, ``ringlab export``, ``ringlab run`` and its ranks,
  the window all say the same);
* :func:`resolve_inputs` — ``"random"`` (seeded), ``"matmul"``, a file, or an N×K array;
* the worked example of the ring and tree blog posts (:mod:`ringlab.core.sources`): one token $X = [3\;2\;1\;3]$ times
  $W = \begin{smallmatrix}5&4&3&2\\1&4&3&2\\1&3&4&2\\4&2&1&5\end{smallmatrix}$, split along
  the contraction dimension, so core i holds the partial $X_i W_i$ (row i of W times the
  scalar $X_i$): $[15\,12\,9\,6], [2\,8\,6\,4], [1\,3\,4\,2], [12\,6\,3\,15]$, summing to
  $XW = [30\,29\,22\,27]$.  For N = 4, K = 4 (``classic-ring-n4``) node i's symbols
  $x_{i,1..4}$ are exactly those partials.  Other shapes reuse the example cyclically — node i
  takes core $i \bmod 4$'s partial and symbol k its entry $(k-1) \bmod 4$ — so the numbers stay
  the familiar ones; the sum is then no longer $[30\,29\,22\,27]$, and :func:`matmul_note` says
  so.  Values are read in the code's field as n·1 (so reduced mod p in GF(p) and GF(p^m)).
"""

from __future__ import annotations

import json

from .codefile import UnreadableText, read_text
from .errors import RinglabError
from .simulate import parse_inputs, random_inputs

MATMUL_X = (3, 2, 1, 3)
MATMUL_W = ((5, 4, 3, 2), (1, 4, 3, 2), (1, 3, 4, 2), (4, 2, 1, 5))
MATMUL_TARGET = (30, 29, 22, 27)


def expected_words(code) -> str:
    """What an inputs file must hold for ``code``, in words."""
    return (
        f"a JSON list of {code.N} rows (one per node, node 0 first) of {code.K} entries, "
        'or {"inputs": [...]} around it'
    )


def read_message_vectors(code, path, option: str = "--inputs", *, words: str = "") -> list:
    """The N message vectors in the JSON file ``path``, as field elements of ``code``'s field.

    Refuses with a :class:`RinglabError` of one line — ``"{option} {path}: <what is wrong>
    (expected <what>)"`` — a missing, unreadable, non-UTF-8 or non-JSON file, a JSON object
    without ``"inputs"``, the wrong number of rows or entries, and an entry outside the field
    (that last one names node and entry, as :func:`ringlab.core.simulate.parse_inputs` does).
    ``words`` (e.g. ``"'random', 'matmul' or "``) names what else the option takes, for a
    missing file: a mistyped word is a missing file.
    """
    where = f"{option} {path}"
    expected = expected_words(code)
    try:
        text = read_text(path)
    except UnreadableText as e:
        why = {
            "missing": f"no such file (expected {words}{expected})",
            "folder": f"is a folder, not a file (expected {expected})",
            "not utf-8": f"not UTF-8 text (byte {e.byte}; expected {expected})",
            "unreadable": f"cannot be read ({e.strerror or e.cause}; expected {expected})",
        }[e.reason]
        raise RinglabError(f"{where}: {why}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RinglabError(
            f"{where}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}; "
            f"expected {expected})"
        ) from None
    if isinstance(data, dict):
        if "inputs" not in data:
            keys = ", ".join(sorted(map(str, data))) or "none"
            raise RinglabError(
                f'{where}: a JSON object without "inputs" (its keys: {keys}; expected {expected})'
            )
        data = data["inputs"]
    return parse_inputs(code, data, where=where)


def matmul_partials_int() -> list[list[int]]:
    """The four cores' partial sums $X_i W_i$ as plain integers."""
    return [[MATMUL_X[i] * w for w in MATMUL_W[i]] for i in range(4)]


def matmul_inputs(code) -> list:
    """The worked partials as an N×K array of field elements (cyclic for other shapes)."""
    P = matmul_partials_int()
    p = code.field.characteristic
    # an integer n enters a field as n·1: over GF(p^m) that is n mod p in the prime
    # subfield, so sums of the images are the images of the integer sums
    rows = [
        [P[i % 4][k % 4] % p if p else P[i % 4][k % 4] for k in range(code.K)]
        for i in range(code.N)
    ]
    return parse_inputs(code, rows, where="matmul partials")


def matmul_note(code) -> str:
    if code.N == 4 and code.K == 4:
        return "worked matmul partials Xᵢ·Wᵢ of the ring all-reduce example (sum [30, 29, 22, 27])"
    return (
        f"worked matmul partials of the ring all-reduce example reused cyclically for N = {code.N}, "
        f"K = {code.K} (node i ← core i mod 4, symbol k ← entry (k−1) mod 4)"
    )


def resolve_inputs(code, spec="random", seed: int = 0) -> list:
    """``spec``: ``"random"`` (seeded), ``"matmul"``, a JSON file path, or an N×K array."""
    if isinstance(spec, (list, tuple)):
        return parse_inputs(code, spec)
    if spec == "random":
        return random_inputs(code, seed)
    if spec == "matmul":
        return matmul_inputs(code)
    return read_message_vectors(code, spec, words="'random', 'matmul' or ")

r"""Message symbols for a walkthrough: random (seeded), typed, or the worked matmul partials.

The worked example of seeds 003/004: one token $X = [3\;2\;1\;3]$ times
$W = \begin{smallmatrix}5&4&3&2\\1&4&3&2\\1&3&4&2\\4&2&1&5\end{smallmatrix}$, split along
the contraction dimension, so core i holds the partial $X_i W_i$ (row i of W times the
scalar $X_i$): $[15\,12\,9\,6], [2\,8\,6\,4], [1\,3\,4\,2], [12\,6\,3\,15]$, summing to
$XW = [30\,29\,22\,27]$.

For N = 4, K = 4 (``classic-ring-n4``) node i's symbols $x_{i,1..4}$ are exactly those
partials.  Other shapes reuse the example cyclically — node i takes core $i \bmod 4$'s
partial and symbol k its entry $(k-1) \bmod 4$ — so the numbers stay the familiar ones; the
sum is then no longer $[30\,29\,22\,27]$, and :func:`matmul_note` says so.  Values are read
in the code's field as n·1 (so reduced mod p in GF(p) and GF(p^m)).
"""
from __future__ import annotations

import json
from pathlib import Path

from ..core.errors import RinglabError
from ..core.simulate import parse_inputs, random_inputs

MATMUL_X = (3, 2, 1, 3)
MATMUL_W = ((5, 4, 3, 2), (1, 4, 3, 2), (1, 3, 4, 2), (4, 2, 1, 5))
MATMUL_TARGET = (30, 29, 22, 27)


def matmul_partials_int() -> list[list[int]]:
    """The four cores' partial sums $X_i W_i$ as plain integers."""
    return [[MATMUL_X[i] * w for w in MATMUL_W[i]] for i in range(4)]


def matmul_inputs(code) -> list:
    """The worked partials as an N×K array of field elements (cyclic for other shapes)."""
    P = matmul_partials_int()
    p = code.field.characteristic
    # an integer n enters a field as n·1: over GF(p^m) that is n mod p in the prime
    # subfield, so sums of the images are the images of the integer sums
    rows = [[P[i % 4][k % 4] % p if p else P[i % 4][k % 4] for k in range(code.K)]
            for i in range(code.N)]
    return parse_inputs(code, rows, where="matmul partials")


def matmul_note(code) -> str:
    if code.N == 4 and code.K == 4:
        return "worked matmul partials X_i·W_i of the ring all-reduce example (sum [30, 29, 22, 27])"
    return (f"worked matmul partials of the ring all-reduce example reused cyclically for N = {code.N}, "
            f"K = {code.K} (node i ← core i mod 4, symbol k ← entry (k−1) mod 4)")


def load_inputs_file(code, path: str) -> list:
    """An N×K JSON array (or ``{"inputs": [...]}``) of message symbols."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RinglabError(f"--inputs {path}: no such file "
                           "(expected 'random', 'matmul' or a JSON file)") from None
    except (OSError, UnicodeDecodeError) as e:
        raise RinglabError(f"--inputs {path}: cannot be read ({e})") from None
    except json.JSONDecodeError as e:
        raise RinglabError(f"--inputs {path}: not valid JSON "
                           f"(line {e.lineno}, column {e.colno}: {e.msg})") from None
    if isinstance(data, dict):
        if "inputs" not in data:
            raise RinglabError(f"--inputs {path}: expected a list of {code.N} rows "
                               "or {\"inputs\": [...]}")
        data = data["inputs"]
    return parse_inputs(code, data, where=f"--inputs {path}")


def resolve_inputs(code, spec="random", seed: int = 0) -> list:
    """``spec``: ``"random"`` (seeded), ``"matmul"``, a JSON file path, or an N×K array."""
    if isinstance(spec, (list, tuple)):
        return parse_inputs(code, spec)
    if spec == "random":
        return random_inputs(code, seed)
    if spec == "matmul":
        return matmul_inputs(code)
    return load_inputs_file(code, spec)

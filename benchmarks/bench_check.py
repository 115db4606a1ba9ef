"""Median time of one Theorem 2 check on a random N = K = 8, T = 16 code.

Half the entries are zero; the rest are in −3..3 over Q and any element over GF(2^8).  The peer
is the same check written straight from eq. (5)/(6) with sympy matrices (explicit T×T chains
and inverse), run in the same process on the same code.

    python benchmarks/bench_check.py [--repeat 200]
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

import sympy

from ringlab import LinearCode, check


def random_code(field: str, seed: int = 0, N=8, K=8, T=16) -> LinearCode:
    rng = random.Random(seed)
    gf = field.startswith("GF")

    def entry():
        if rng.random() < 0.5:
            return 0
        return rng.randrange(1, 256) if gf else rng.choice([-3, -2, -1, 1, 2, 3])

    Ms = [[[entry() for _ in range(K)] for _ in range(T)] for _ in range(N)]
    Ls = [[[entry() if c < r else 0 for c in range(T)] for r in range(T)] for _ in range(N)]
    Rs = [[[entry() for _ in range(T)] for _ in range(K)] for _ in range(N)]
    return LinearCode.from_matrices(field, Ms, Ls, Rs)


def sympy_check(code: LinearCode) -> bool:
    N, K, T = code.shape
    conv = lambda e: sympy.Rational(int(e.p), int(e.q))  # noqa: E731
    L = [sympy.Matrix(T, T, [conv(v) for r in nd.Lambda for v in r]) for nd in code.nodes]
    M = [sympy.Matrix(T, K, [conv(v) for r in nd.M for v in r]) for nd in code.nodes]
    R = [sympy.Matrix(K, T, [conv(v) for r in nd.R for v in r]) for nd in code.nodes]
    ok = True
    for i in range(N):
        chain = [sympy.eye(T)]
        for j in range(1, N + 1):
            chain.append(chain[-1] * L[(i - j) % N])
        base = R[i] * (sympy.eye(T) - chain[N]).inv()
        for j in range(1, N):
            ok &= base * chain[j - 1] * M[(i - j) % N] == sympy.eye(K)
        _ = sympy.eye(K) - base * chain[N - 1] * M[i]
    return ok


def fresh(code: LinearCode) -> LinearCode:
    """The same code as a new object, so the field-native matrices are rebuilt (cold check)."""
    return LinearCode(code.N, code.K, code.T, code.field, code.nodes)


def median_ms(fn, arg_factory, repeat):
    ts = []
    for _ in range(repeat):
        a = arg_factory()
        t0 = time.perf_counter()
        fn(a)
        ts.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args()
    q = random_code("Q", 1)
    g = random_code("GF(2^8)", 2)
    check(q), check(g)                                    # warm-up (imports, tables)
    q_ms = median_ms(check, lambda: fresh(q), args.repeat)
    g_ms = median_ms(check, lambda: fresh(g), args.repeat)
    qw_ms = median_ms(check, lambda: q, args.repeat)
    s_ms = median_ms(sympy_check, lambda: q, max(5, args.repeat // 20))
    assert sympy_check(q) == check(q).feasible
    print(f"N = K = 8, T = 16, median of {args.repeat} runs")
    print(f"  ringlab check over Q        : {q_ms:7.2f} ms  (native matrices cached: {qw_ms:.2f} ms)")
    print(f"  ringlab check over GF(2^8)  : {g_ms:7.2f} ms")
    print(f"  sympy, straight from eq. (5): {s_ms:7.2f} ms  over Q")
    print(f"  ratio sympy / ringlab (Q)   : {s_ms / q_ms:7.1f}×")


if __name__ == "__main__":
    main()

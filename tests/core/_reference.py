"""Independent reference computations for tests: written straight from the paper's formulas,
with sympy (Q) or plain integers mod p, sharing nothing with ringlab's implementation."""

from fractions import Fraction

import sympy


def plain(code):
    """The code as nested lists of Fractions (Q) or ints (GF(p))."""
    F = code.field
    conv = (lambda e: Fraction(int(e.p), int(e.q))) if F.name == "Q" else int
    out = []
    for nd in code.nodes:
        out.append(
            {
                w: None if nd.get(w) is None else [[conv(v) for v in r] for r in nd.get(w)]
                for w in ("M", "Lambda", "R", "T")
            }
        )
    return out


def _mat(rows, p):
    m = sympy.Matrix(rows)
    return m.applyfunc(lambda v: v % p) if p else m


def eq5_matrices(code, p=None):
    """{(i, j): K×K matrix} of eq. (5), and the eq. (6) T_i, computed with explicit T×T chains
    and an explicit inverse."""
    N, K, T = code.N, code.K, code.T
    nodes = plain(code)
    L = [_mat(nd["Lambda"], p) for nd in nodes]
    M = [_mat(nd["M"], p) for nd in nodes]
    R = [_mat(nd["R"], p) for nd in nodes]
    red = (lambda m: m.applyfunc(lambda v: v % p)) if p else (lambda m: m)
    out, trans = {}, {}
    for i in range(N):
        ip = (i - 1) % N
        chain = [sympy.eye(T)]  # chain[j] = Λ_{i',j}
        for j in range(1, N + 1):
            chain.append(red(chain[-1] * L[(i - j) % N]))
        A = sympy.eye(T) - chain[N]
        inv = A.inv_mod(p) if p else A.inv()
        base = red(R[i] * inv)
        for j in range(1, N):
            out[(i, j)] = red(base * chain[j - 1] * M[(i - j) % N])
        trans[i] = red(sympy.eye(K) - base * chain[N - 1] * M[i])
        _ = ip
    return out, trans


def propagate(code, x, p=None):
    """Eq. (3) step by step: returns (sent[t][i] values, decoded[i] values) for inputs x (N×K)."""
    N, K, T = code.N, code.K, code.T
    nodes = plain(code)
    mod = (lambda v: v % p) if p else (lambda v: v)
    s = [[] for _ in range(N)]  # s[i]: received values at times 1..t
    sent = []
    for t in range(T):
        row = []
        for i in range(N):
            m, lam = nodes[i]["M"][t], nodes[i]["Lambda"][t]
            y = sum(m[k] * x[i][k] for k in range(K)) + sum(lam[u] * s[i][u] for u in range(t))
            row.append(mod(y))
        for i in range(N):
            s[(i + 1) % N].append(row[i])
        sent.append(row)
    _, trans = eq5_matrices(code, p)
    decoded = []
    for i in range(N):
        Ti = (
            nodes[i]["T"]
            if nodes[i]["T"] is not None
            else [[trans[i][a, b] for b in range(K)] for a in range(K)]
        )
        z = [
            mod(
                sum(nodes[i]["R"][k][u] * s[i][u] for u in range(T))
                + sum(Ti[k][b] * x[i][b] for b in range(K))
            )
            for k in range(K)
        ]
        decoded.append(z)
    return sent, decoded


def plain_value(e):
    """A ringlab element as a Fraction/int for comparison with the reference."""
    if hasattr(e, "p") and hasattr(e, "q"):
        return Fraction(int(e.p), int(e.q))
    return int(e)

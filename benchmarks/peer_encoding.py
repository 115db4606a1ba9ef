r"""An independent SAT encoding of "does an (N, K, T) linear code over GF(2^m) exist for sum
all-reduce on the N-node unidirectional ring" — the peer ``ringlab search`` is measured against.

Written from the paper (Sec. III: eq. (3), Definition 2, Theorem 2) and issue 34's description of
the normal forms; it imports nothing from ringlab (not its fields, not its search), so a shared
mistake would have to be made twice.  Model (the paper's indexing): node i sends at t = 0..T−1,
what node i' = i−1 mod N sends at u arrives at node i at u + 1, and by eq. (3) the send at t may
use what arrived at times 1..t, i.e. the predecessor's sends at u < t:

    c_i^(t) = m_i^(t) (block i) + Σ_{u<t} λ_i^(t)[u] c_{i'}^(u),

c being the coefficient vector over all x_{j,k} (block j, entry k).  By Definition 2 node i
decodes Σ_j x_j iff, for every block j ≠ i, Σ_u R_i[k][u] c_{i'}^(u)|_j = e_k (block i is left to
T_i, which eq. (6) then gives).

Normal forms (issue 34's description), each kept by maps that send feasible codes to feasible
codes, so "no model" still means "no code":

* **M eliminated**: m_i^(t) enters block i of c_i^(t) only additively and is free, so that block is
  the variable; M is recovered after solving.
* **R_0 a selection matrix** (0/1, one 1 per row, pivot columns increasing): a change of basis
  x_j ↦ P x_j (R_i ↦ P R_i) plus node N−1 re-encoding its sends by an invertible lower-triangular
  L (R_0 ↦ R_0 L⁻¹: later columns added to earlier ones).  Sweeping the columns from the last,
  a column is either a new unit vector (row operations) or cleared by the later unit columns.
* **R_i (i ≥ 1) in column normal form** through node i−1's own lower-triangular re-encoding:
  if column t's first non-zero is in row r, it is 1 and every earlier column is 0 in row r.  A
  feasible R_i has rank K, so each row is the pivot of exactly one column.

Elements of GF(2^m) are m bits in the polynomial basis modulo the listed polynomial; a product of
two elements is m² AND gates folded by x^e mod g; sums are XORs, cut into 4-literal pieces (CNF
only, for CaDiCaL).  ``--plain`` drops the R normal forms (R_0 general too), for tests.

    python benchmarks/peer_encoding.py --N 4 --K 6 --T 8 --field "GF(2^3)"
    python benchmarks/peer_encoding.py --N 3 --K 2 --T 3 -o /tmp/peer.ringlab.json

Exit status: 0 found, 1 impossible, 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

# name → (m, modulus as a bit mask, modulus as text); the moduli ringlab's files name too
FIELDS = {
    "GF(2)": (1, 0b11, None),
    "GF(2^2)": (2, 0b111, "x^2 + x + 1"),
    "GF(2^3)": (3, 0b1011, "x^3 + x + 1"),
    "GF(2^4)": (4, 0b10011, "x^4 + x + 1"),
}
ALIASES = {"GF(4)": "GF(2^2)", "GF(8)": "GF(2^3)", "GF(16)": "GF(2^4)"}
TRUE, FALSE = 1, -1


def gf_mul(a: int, b: int, m: int, poly: int) -> int:
    """Carry-less product of a and b reduced modulo ``poly`` (degree m)."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
        if a >> m & 1:
            a ^= poly
    return r


class Cnf:
    """Clauses over variables 1..n; variable 1 is constant true (literal 1 true, −1 false)."""

    def __init__(self):
        self.n = 1
        self.clauses = [[TRUE]]

    def new(self) -> int:
        self.n += 1
        return self.n

    def elem(self, m: int) -> list[int]:
        return [self.new() for _ in range(m)]

    def and2(self, a: int, b: int) -> int:
        if a == FALSE or b == FALSE or a == -b:
            return FALSE
        if a == TRUE:
            return b
        if b == TRUE or a == b:
            return a
        y = self.new()
        self.clauses += [[-y, a], [-y, b], [y, -a, -b]]
        return y

    def or_all(self, lits: list[int]) -> int:
        lits = [x for x in lits if x != FALSE]
        if TRUE in lits:
            return TRUE
        if not lits:
            return FALSE
        if len(lits) == 1:
            return lits[0]
        y = self.new()
        self.clauses.append([-y] + lits)
        self.clauses += [[y, -x] for x in lits]
        return y

    def _parity(self, lits: list[int], odd: bool) -> None:
        """Direct encoding of XOR(lits) = odd: forbid every assignment of the wrong parity."""
        k = len(lits)
        for mask in range(1 << k):
            # mask bit set: the literal is true in the forbidden assignment
            if (bin(mask).count("1") % 2 == 1) != odd:
                self.clauses.append([-x if mask >> i & 1 else x for i, x in enumerate(lits)])

    def xor_eq(self, lits: list[int], odd: bool) -> None:
        """XOR(lits) = odd, constants folded, long sums cut into pieces of three plus a link."""
        rest = []
        for x in lits:
            if x == TRUE:
                odd = not odd
            elif x != FALSE:
                rest.append(x)
        while len(rest) > 4:
            y = self.new()
            self._parity(rest[:3] + [y], False)
            rest = [y] + rest[3:]
        if not rest:
            if odd:
                self.clauses.append([])
            return
        self._parity(rest, odd)

    def xor_def(self, lits: list[int]) -> int:
        """A literal equal to XOR(lits)."""
        odd, rest = False, []
        for x in lits:
            if x == TRUE:
                odd = not odd
            elif x != FALSE:
                rest.append(x)
        if not rest:
            return TRUE if odd else FALSE
        if len(rest) == 1:
            return -rest[0] if odd else rest[0]
        y = self.new()
        self.xor_eq(rest + [y], odd)
        return y


class Field:
    def __init__(self, name: str):
        self.name = name
        self.m, self.poly, self.modulus = FIELDS[name]
        m = self.m
        # which bits x^e mod g has, for the exponents a product reaches (e ≤ 2m − 2)
        self.reduce = [
            gf_mul(1 << min(e, m - 1), 1 << max(0, e - m + 1), m, self.poly)
            for e in range(2 * m - 1)
        ]

    def mul_terms(self, f: Cnf, a: list[int], b: list[int], into: list[list[int]]) -> None:
        """Add the bit terms of a·b to ``into`` (one list of XOR terms per bit)."""
        for i, ai in enumerate(a):
            if ai == FALSE:
                continue
            for j, bj in enumerate(b):
                if bj == FALSE:
                    continue
                g = f.and2(ai, bj)
                if g == FALSE:
                    continue
                red = self.reduce[i + j]
                for k in range(self.m):
                    if red >> k & 1:
                        into[k].append(g)


class PeerEncoding:
    """The formula for one (N, K, T, field); ``decode(model)`` gives the code's matrices."""

    def __init__(self, N: int, K: int, T: int, field: str = "GF(2)", normal: bool = True):
        self.N, self.K, self.T, self.normal = N, K, T, normal
        self.F = Field(field)
        self.f = Cnf()
        m = self.F.m
        zero = [FALSE] * m
        # lam[i][t][u], u < t: what node i's send at t takes of its predecessor's send at u
        self.lam = [[[self.f.elem(m) for _ in range(t)] for t in range(T)] for _ in range(N)]
        # c[i][t][j][k]: coefficient of x_{j,k} in node i's send at t
        self.c = [[None] * T for _ in range(N)]
        for t in range(T):
            for i in range(N):
                ip = (i - 1) % N
                row = []
                for j in range(N):
                    if j == i:
                        row.append([self.f.elem(m) for _ in range(K)])
                        continue
                    block = []
                    for k in range(K):
                        ins = [self.c[ip][u][j][k] for u in range(t)]
                        block.append(self._dot(self.lam[i][t], ins) if t else zero)
                    row.append(block)
                self.c[i][t] = row
        self.sel = None
        self.R = [None] * N
        for i in range(N):
            if i == 0 and normal:
                self._decode_selection()
            else:
                self._decode_general(i)

    def _dot(self, xs, ys) -> list[int]:
        terms = [[] for _ in range(self.F.m)]
        for a, b in zip(xs, ys):
            self.F.mul_terms(self.f, a, b, terms)
        return [self.f.xor_def(tk) for tk in terms]

    def _unit(self, k: int, kk: int) -> list[bool]:
        """The bits of entry (k, kk) of I_K."""
        return [k == kk and b == 0 for b in range(self.F.m)]

    def _decode_selection(self) -> None:
        """Node 0 with R_0 a selection matrix: R_0[k][u] = 1 means block j of node N−1's send
        at u is e_k for every j ≠ 0."""
        N, K, T, f = self.N, self.K, self.T, self.f
        s = [[f.new() for _ in range(T)] for _ in range(K)]
        self.sel = s
        for k in range(K):
            f.clauses.append(list(s[k]))
            for u in range(T):
                for v in range(u + 1, T):
                    f.clauses.append([-s[k][u], -s[k][v]])
            if k + 1 < K:  # pivots increase
                for u in range(T):
                    for v in range(u + 1):
                        f.clauses.append([-s[k][u], -s[k + 1][v]])
        for k in range(K):
            for u in range(T):
                for j in range(1, N):
                    for kk in range(K):
                        for lit, want in zip(self.c[N - 1][u][j][kk], self._unit(k, kk)):
                            f.clauses.append([-s[k][u], lit if want else -lit])

    def _decode_general(self, i: int) -> None:
        N, K, T, f, m = self.N, self.K, self.T, self.f, self.F.m
        ip = (i - 1) % N
        R = [[f.elem(m) for _ in range(T)] for _ in range(K)]
        self.R[i] = R
        if self.normal:
            self._column_normal_form(R)
        for j in range(N):
            if j == i:
                continue
            for k in range(K):
                for kk in range(K):
                    terms = [[] for _ in range(m)]
                    for u in range(T):
                        self.F.mul_terms(f, R[k][u], self.c[ip][u][j][kk], terms)
                    for tb, want in zip(terms, self._unit(k, kk)):
                        f.xor_eq(tb, want)

    def _column_normal_form(self, R) -> None:
        """piv[r][t]: column t's first non-zero is in row r; then R[r][t] = 1 and R[r][u] = 0 for
        every u < t; every row is some column's pivot (rank K)."""
        K, T, f = self.K, self.T, self.f
        piv = [[None] * T for _ in range(K)]
        for t in range(T):
            above = FALSE
            for r in range(K):
                nz = f.or_all(R[r][t])
                piv[r][t] = f.and2(nz, -above)
                above = f.or_all([above, nz])
        for r in range(K):
            f.clauses.append([piv[r][t] for t in range(T)])
            for t in range(T):
                p = piv[r][t]
                for b, lit in enumerate(R[r][t]):
                    f.clauses.append([-p, lit if b == 0 else -lit])
                for u in range(t):
                    for lit in R[r][u]:
                        f.clauses.append([-p, -lit])

    def solve(self):
        """(found, model or None) by CaDiCaL 1.9.5 through python-sat."""
        from pysat.solvers import Solver

        with Solver(name="cadical195", bootstrap_with=self.f.clauses) as s:
            if not s.solve():
                return False, None
            return True, s.get_model()

    def decode(self, model) -> dict:
        """The matrices of the model's code: M, Lambda, R, T per node (integers)."""
        return decode_code(self, model)


def _value(model, lit: int) -> bool:
    if lit in (TRUE, FALSE):
        return lit == TRUE
    v = model[abs(lit) - 1] > 0
    return v if lit > 0 else not v


def _elem(model, bits) -> int:
    return sum(1 << b for b, lit in enumerate(bits) if _value(model, lit))


def decode_code(enc: PeerEncoding, model) -> dict:
    N, K, T, F = enc.N, enc.K, enc.T, enc.F
    mul = lambda a, b: gf_mul(a, b, F.m, F.poly)  # noqa: E731
    c = [
        [[[_elem(model, e) for e in blk] for blk in enc.c[i][t]] for t in range(T)]
        for i in range(N)
    ]
    nodes = []
    for i in range(N):
        ip = (i - 1) % N
        lam = [[_elem(model, enc.lam[i][t][u]) if u < t else 0 for u in range(T)] for t in range(T)]
        if i == 0 and enc.sel is not None:
            R = [[int(_value(model, enc.sel[k][u])) for u in range(T)] for k in range(K)]
        else:
            R = [[_elem(model, enc.R[i][k][u]) for u in range(T)] for k in range(K)]
        M = []
        for t in range(T):  # m_i^(t) = block i of c_i^(t) − Σ_u λ c_{i'}^(u) (char 2: − is +)
            row = []
            for k in range(K):
                v = c[i][t][i][k]
                for u in range(t):
                    v ^= mul(lam[t][u], c[ip][u][i][k])
                row.append(v)
            M.append(row)
        Tm = []
        for k in range(K):  # eq. (6): T_i = I − (coefficient of x_i in R_i s_i^(T))
            row = []
            for kk in range(K):
                v = int(k == kk)
                for u in range(T):
                    v ^= mul(R[k][u], c[ip][u][i][kk])
                row.append(v)
            Tm.append(row)
        nodes.append({"M": M, "Lambda": lam, "R": R, "T": Tm})
    return nodes


def code_file(enc: PeerEncoding, nodes: list) -> dict:
    d = {"format": "ringlab-code", "version": 1}
    d["name"] = f"N = {enc.N}, K = {enc.K}, T = {enc.T} over {enc.F.name} (peer encoding)"
    d["description"] = "Found by benchmarks/peer_encoding.py, the independent SAT encoding."
    d.update(N=enc.N, K=enc.K, T=enc.T, field=enc.F.name)
    if enc.F.modulus:
        d["modulus"] = enc.F.modulus
    d["nodes"] = nodes
    return d


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--N", type=int, required=True, help="ring size (nodes 0..N-1), 2..16")
    p.add_argument("--K", type=int, required=True, help="message symbols per node, 1..16")
    p.add_argument("--T", type=int, required=True, help="time slots, 1..40")
    p.add_argument(
        "--field",
        default="GF(2)",
        help="GF(2), GF(2^2), GF(2^3), GF(2^4) (or GF(4), GF(8), GF(16))",
    )
    p.add_argument("--plain", action="store_true", help="no R normal forms (R_0 general too)")
    p.add_argument("-o", "--output", help="write a found code here as a .ringlab.json file")
    a = p.parse_args(argv)
    for name, lo, hi in (("N", 2, 16), ("K", 1, 16), ("T", 1, 40)):
        v = getattr(a, name)
        if not lo <= v <= hi:
            p.error(f"--{name} {v}: expected an integer from {lo} to {hi}")
    field = ALIASES.get(a.field.replace(" ", ""), a.field.replace(" ", ""))
    if field not in FIELDS:
        p.error(
            f"--field {a.field!r}: expected one of {', '.join(FIELDS)} (or GF(4), GF(8), GF(16))"
        )
    a.field = field
    return a


def main(argv=None) -> int:
    a = parse_args(argv)
    t0 = time.perf_counter()
    enc = PeerEncoding(a.N, a.K, a.T, a.field, normal=not a.plain)
    built = time.perf_counter() - t0
    found, model = enc.solve()
    secs = time.perf_counter() - t0
    what = f"N = {a.N}, K = {a.K}, T = {a.T} over {a.field}"
    size = f"{enc.f.n} vars, {len(enc.f.clauses)} clauses, built in {built:.2f} s"
    if not found:
        print(f"impossible: {what} — proven by SAT ({secs:.2f} s, peer encoding, {size})")
        return 1
    print(f"found: {what} ({secs:.2f} s, peer encoding, {size})")
    text = json.dumps(code_file(enc, enc.decode(model)), indent=1)
    if a.output:
        try:
            with open(a.output, "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
        except OSError as e:
            print(f"peer_encoding: cannot write {a.output}: {e.strerror}", file=sys.stderr)
            return 2
        print(f"wrote {a.output}")
    else:
        try:
            print(text)
        except BrokenPipeError:  # the reader (e.g. head) stopped reading: not an error here
            sys.stderr.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

r"""A clause sink with field arithmetic on top: GF(2) elements are literals, GF(p) elements one-hot.

Formulas are built once into plain lists (``clauses``, ``xors``) and handed to a backend
(:mod:`.solve`), which either keeps XOR constraints native (CryptoMiniSat) or expands them into
CNF: ``"chunk"`` cuts an n-ary XOR into pieces of at most 4 literals, each expanded exactly into
its $2^{n-1}$ clauses (a fresh variable carries the parity between pieces); ``"tseitin"`` is the
textbook chain of binary XOR gates, one auxiliary variable and 4 clauses per gate.

Elements
--------
* GF(2): an element is a DIMACS literal (int) or a Python ``bool`` constant; products are
  Tseitin AND gates (3 clauses), sums are XOR constraints.  Constants are folded, so a product
  with a known 0 never creates a variable.
* GF(p), p odd: an element is a tuple of p literals, exactly one true (value v ⇔ literal v), or
  an ``int`` constant.  A product of two variables is a fresh one-hot element with the p² clauses
  ``a=u ∧ b=v → z=uv``; multiplying by a constant only permutes the literals (no clause); a sum is
  a chain of such p² "adder tables".  Clause count grows as p², so p ≤ 7 is the practical range
  (stated in the docs); the encoding is exact for every prime.
"""
from __future__ import annotations

import itertools


class Formula:
    """Variables, clauses and (native) XOR constraints; ``true`` is a literal fixed to true."""

    def __init__(self):
        self.nvars = 0
        self.clauses: list[list[int]] = []
        self.xors: list[tuple[list[int], bool]] = []   # (variables, parity) with positive vars
        self.true = self.new()
        self.clauses.append([self.true])

    def new(self) -> int:
        self.nvars += 1
        return self.nvars

    def add(self, clause) -> None:
        self.clauses.append(list(clause))

    # -- boolean gates -------------------------------------------------------------------
    def and_(self, a: int, b: int) -> int:
        z = self.new()
        self.clauses += [[-z, a], [-z, b], [z, -a, -b]]
        return z

    def or_(self, lits) -> int:
        lits = list(lits)
        z = self.new()
        self.clauses.append([-z] + lits)
        self.clauses += [[z, -x] for x in lits]
        return z

    def at_most_one(self, lits) -> None:
        lits = list(lits)
        if len(lits) <= 5:
            self.clauses += [[-a, -b] for a, b in itertools.combinations(lits, 2)]
            return
        # sequential counter (Sinz): O(n) clauses
        s = [self.new() for _ in lits[:-1]]
        self.clauses.append([-lits[0], s[0]])
        for i in range(1, len(lits) - 1):
            self.clauses += [[-lits[i], s[i]], [-s[i - 1], s[i]], [-lits[i], -s[i - 1]]]
        self.clauses.append([-lits[-1], -s[-1]])

    def xor(self, lits, parity: bool) -> None:
        """XOR of literals = parity (negative literals flip the parity)."""
        vs, par = [], bool(parity)
        for x in lits:
            if x < 0:
                par = not par
                x = -x
            vs.append(x)
        # cancel repeated variables (x ⊕ x = 0)
        seen: dict[int, int] = {}
        for v in vs:
            seen[v] = seen.get(v, 0) ^ 1
        vs = [v for v, odd in seen.items() if odd]
        if not vs:
            if par:
                self.clauses.append([])     # 0 = 1: the empty clause
            return
        if len(vs) == 1:
            self.clauses.append([vs[0] if par else -vs[0]])
            return
        self.xors.append((vs, par))

    # -- CNF expansion of XOR constraints -------------------------------------------------
    def cnf(self, xor_mode: str = "chunk"):
        """``(nvars, clauses)`` with every XOR expanded (see module docstring)."""
        clauses = list(self.clauses)
        nv = self.nvars
        for vs, par in self.xors:
            if xor_mode == "tseitin":
                acc = vs[0]
                for v in vs[1:]:
                    nv += 1
                    z = nv
                    clauses += [[-z, acc, v], [-z, -acc, -v], [z, -acc, v], [z, acc, -v]]
                    acc = z
                clauses.append([acc] if par else [-acc])
                continue
            vs = list(vs)
            while len(vs) > 4:
                nv += 1
                z = nv
                head, vs = vs[:3], vs[3:] + [z]
                clauses += _xor_clauses(head + [z], False)     # z = xor(head)
            clauses += _xor_clauses(vs, par)
        return nv, clauses


def _xor_clauses(vs, par):
    """The 2^(n-1) clauses of x_1 ⊕ … ⊕ x_n = par: forbid every assignment of wrong parity."""
    out = []
    n = len(vs)
    for bits in itertools.product((0, 1), repeat=n):
        if (sum(bits) % 2 == 1) != par:        # wrong parity: forbid it
            out.append([-v if b else v for v, b in zip(vs, bits)])
    return out


def bool_and(f: "Formula", a, b):
    """a ∧ b for literals or Python bools, folding constants instead of adding variables."""
    if a is False or b is False:
        return False
    if a is True:
        return b
    if b is True:
        return a
    return f.and_(a, b)


class _FieldEncoding:
    """What both field encodings share: constraints stated through ``eq_const``."""

    def require(self, a, v: int):
        """Clause(s) forcing element ``a`` to equal the constant ``v``."""
        lit = self.eq_const(a, v)
        if lit is False:
            self.f.add([])
        elif lit is not True:
            self.f.add([lit])

    def forbid(self, a, v: int):
        """Clause(s) forbidding element ``a`` to equal the constant ``v``."""
        lit = self.eq_const(a, v)
        if lit is True:
            self.f.add([])
        elif lit is not False:
            self.f.add([-lit])


class GF2(_FieldEncoding):
    """GF(2) arithmetic over a :class:`Formula`: elements are literals or bool constants."""

    p = 2

    def __init__(self, f: Formula):
        self.f = f

    def var(self):
        return self.f.new()

    def const(self, v: int):
        return bool(v % 2)

    def mul(self, a, b):
        return bool_and(self.f, a, b)

    def _split(self, terms):
        lits, par = [], False
        for t in terms:
            if t is True:
                par = not par
            elif t is not False:
                lits.append(t)
        return lits, par

    def sum(self, terms):
        """A new element equal to the sum (a constant or the single term when trivial)."""
        lits, par = self._split(terms)
        if not lits:
            return par
        if len(lits) == 1:
            return -lits[0] if par else lits[0]
        z = self.f.new()
        self.f.xor(lits + [z], par)
        return z

    def sum_eq(self, terms, value: int) -> None:
        lits, par = self._split(terms)
        self.f.xor(lits, par ^ bool(value % 2))

    def eq_const(self, a, v: int):
        """A literal (or bool) that is true iff a = v."""
        if isinstance(a, bool):
            return a == bool(v % 2)
        return a if v % 2 else -a

    def value(self, model: set, a) -> int:
        if isinstance(a, bool):
            return int(a)
        return int((a in model) if a > 0 else (-a not in model))


class GFp(_FieldEncoding):
    """GF(p), p odd prime, one-hot: an element is a tuple of p literals or an int constant."""

    def __init__(self, f: Formula, p: int):
        self.f, self.p = f, p

    def var(self):
        lits = tuple(self.f.new() for _ in range(self.p))
        self.f.add(lits)
        self.f.at_most_one(lits)
        return lits

    def const(self, v: int):
        return v % self.p

    def _scale(self, a, c: int):
        """c·a for a constant c ≠ 0: literal for value v moves to value c·v (a permutation)."""
        p = self.p
        out = [None] * p
        for v in range(p):
            out[(c * v) % p] = a[v]
        return tuple(out)

    def _shift(self, a, c: int):
        p = self.p
        return tuple(a[(v - c) % p] for v in range(p))

    def _table(self, a, b, op):
        p = self.p
        z = tuple(self.f.new() for _ in range(p))
        for u in range(p):
            for v in range(p):
                self.f.add([-a[u], -b[v], z[op(u, v) % p]])
        self.f.at_most_one(z)
        return z

    def mul(self, a, b):
        if isinstance(a, int) and isinstance(b, int):
            return (a * b) % self.p
        if isinstance(a, int):
            a, b = b, a
        if isinstance(b, int):
            return 0 if b % self.p == 0 else self._scale(a, b)
        return self._table(a, b, lambda u, v: u * v)

    def add2(self, a, b):
        if isinstance(a, int) and isinstance(b, int):
            return (a + b) % self.p
        if isinstance(a, int):
            a, b = b, a
        if isinstance(b, int):
            return self._shift(a, b)
        return self._table(a, b, lambda u, v: u + v)

    def sum(self, terms):
        c = 0
        acc = None
        for t in terms:
            if isinstance(t, int):
                c += t
            else:
                acc = t if acc is None else self.add2(acc, t)
        if acc is None:
            return c % self.p
        return self._shift(acc, c % self.p) if c % self.p else acc

    def sum_eq(self, terms, value: int) -> None:
        self.require(self.sum(terms), value)

    def eq_const(self, a, v: int):
        if isinstance(a, int):
            return a == v % self.p
        return a[v % self.p]

    def value(self, model: set, a) -> int:
        if isinstance(a, int):
            return a
        for v, lit in enumerate(a):
            if lit in model:
                return v
        raise AssertionError("one-hot element without a true literal")

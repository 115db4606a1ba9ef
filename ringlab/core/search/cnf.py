r"""A clause sink with field arithmetic on top: GF(2) and GF(2^m) as bits, GF(q) one-hot.

Formulas are built once into plain lists (``clauses``, ``xors``) and handed to a backend
(:mod:`.solve`), which either keeps XOR constraints native (CryptoMiniSat) or expands them into
CNF: ``"chunk"`` cuts an n-ary XOR into pieces of at most 4 literals, each expanded exactly into
its $2^{n-1}$ clauses (a fresh variable carries the parity between pieces); ``"tseitin"`` is the
textbook chain of binary XOR gates, one auxiliary variable and 4 clauses per gate.

Elements
--------
* GF(2) (:class:`GF2`): an element is a DIMACS literal (int) or a Python ``bool`` constant;
  products are Tseitin AND gates (3 clauses), sums are XOR constraints.  Constants are folded,
  so a product with a known 0 never creates a variable.
* GF(2^m) (:class:`GF2m`): an element is a tuple of m GF(2) elements (the coefficients of
  $1, x, \dots, x^{m-1}$ — ringlab's integer representation) or an ``int`` constant.  A sum is
  one XOR per bit; a product of two variables is the field's bilinear map (m² AND gates, then
  XORs); a product with a constant is an m×m binary matrix (XORs only).  Size grows as m².
* GF(q) one-hot (:class:`GFq`, any q ringlab knows; GF(p), p odd, always uses it): an element
  is a tuple of q literals, exactly one true (value v ⇔ literal v), or an ``int`` constant.  A
  product of two variables is a fresh one-hot element with the q² clauses
  ``a=u ∧ b=v → z=uv``; multiplying by a constant only permutes the literals (no clause); a sum
  is a chain of such q² "adder tables".  Clause count grows as q², so q ≤ 7 is the practical
  range (stated in the docs); the encoding is exact for every q.
"""

from __future__ import annotations

import itertools


class Formula:
    """Variables, clauses and (native) XOR constraints; ``true`` is a literal fixed to true."""

    def __init__(self):
        self.nvars = 0
        self.clauses: list[list[int]] = []
        self.xors: list[tuple[list[int], bool]] = []  # (variables, parity) with positive vars
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
                self.clauses.append([])  # 0 = 1: the empty clause
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
                clauses += _xor_clauses(head + [z], False)  # z = xor(head)
            clauses += _xor_clauses(vs, par)
        return nv, clauses


def _xor_clauses(vs, par):
    """The 2^(n-1) clauses of x_1 ⊕ … ⊕ x_n = par: forbid every assignment of wrong parity."""
    out = []
    n = len(vs)
    for bits in itertools.product((0, 1), repeat=n):
        if (sum(bits) % 2 == 1) != par:  # wrong parity: forbid it
            out.append([-v if b else v for v, b in zip(vs, bits)])
    return out


def bool_and(f: Formula, a, b):
    """a ∧ b for literals or Python bools, folding constants instead of adding variables."""
    if a is False or b is False:
        return False
    if a is True:
        return b
    if b is True:
        return a
    return f.and_(a, b)


def bool_or(f: Formula, lits):
    """The ∨ of literals or Python bools, folding constants instead of adding variables."""
    lits = [x for x in lits if x is not False]
    if any(x is True for x in lits):
        return True
    if not lits:
        return False
    return lits[0] if len(lits) == 1 else f.or_(lits)


def add_clause(f: Formula, lits) -> None:
    """Add the clause of ``lits`` (literals or Python bools): none when one is True, the False
    ones left out."""
    lits = [x for x in lits if x is not False]
    if not any(x is True for x in lits):
        f.add(lits)


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

    def nonzero(self, a):
        return a

    def restrict01(self, a):
        return a

    def value(self, model: set, a) -> int:
        if isinstance(a, bool):
            return int(a)
        return int((a in model) if a > 0 else (-a not in model))


class GFq(_FieldEncoding):
    """GF(q) one-hot: an element is a tuple of q literals (exactly one true) or an int constant.

    The tables come from ringlab's field (integers mod p, or galois's integer representation of
    GF(p^m)), so this is exact for every q; it is the peer that :class:`GF2m` is measured
    against (``benchmarks/bench_search_gf4.py``)."""

    def __init__(self, f: Formula, F):
        self.f, self.F, self.q = f, F, F.order
        rng = range(self.q)
        self.addt = [[F.add(u, v) for v in rng] for u in rng]
        self.mult = [[F.mul(u, v) for v in rng] for u in rng]

    def var(self):
        lits = tuple(self.f.new() for _ in range(self.q))
        self.f.add(lits)
        self.f.at_most_one(lits)
        return lits

    def const(self, v: int):
        return v

    def _scale(self, a, c: int):
        """c·a for a constant c ≠ 0: literal for value v moves to value c·v (a permutation)."""
        out = [None] * self.q
        for v in range(self.q):
            out[self.mult[c][v]] = a[v]
        return tuple(out)

    def _shift(self, a, c: int):
        out = [None] * self.q
        for v in range(self.q):
            out[self.addt[v][c]] = a[v]
        return tuple(out)

    def _table(self, a, b, tab):
        q = self.q
        z = tuple(self.f.new() for _ in range(q))
        for u in range(q):
            for v in range(q):
                self.f.add([-a[u], -b[v], z[tab[u][v]]])
        self.f.at_most_one(z)
        return z

    def _binary(self, a, b, tab, by_const):
        """a ∘ b for the operation whose table is ``tab``: folded when both are constants,
        ``by_const(x, c)`` when one is, a fresh one-hot element otherwise (∘ commutes)."""
        if isinstance(a, int) and isinstance(b, int):
            return tab[a][b]
        if isinstance(a, int):
            a, b = b, a
        if isinstance(b, int):
            return by_const(a, b)
        return self._table(a, b, tab)

    def mul(self, a, b):
        return self._binary(a, b, self.mult, lambda x, c: 0 if c == 0 else self._scale(x, c))

    def add2(self, a, b):
        return self._binary(a, b, self.addt, self._shift)

    def sum(self, terms):
        c = 0
        acc = None
        for t in terms:
            if isinstance(t, int):
                c = self.addt[c][t]
            else:
                acc = t if acc is None else self.add2(acc, t)
        if acc is None:
            return c
        return self._shift(acc, c) if c else acc

    def sum_eq(self, terms, value: int) -> None:
        self.require(self.sum(terms), value)

    def eq_const(self, a, v: int):
        if isinstance(a, int):
            return a == v
        return a[v]

    def nonzero(self, a):
        return a != 0 if isinstance(a, int) else -a[0]

    def restrict01(self, a):
        """Force a ∈ {0, 1}; the literal "a = 1"."""
        for v in range(2, self.q):
            self.forbid(a, v)
        return self.eq_const(a, 1)

    def value(self, model: set, a) -> int:
        if isinstance(a, int):
            return a
        for v, lit in enumerate(a):
            if lit in model:
                return v
        raise AssertionError("one-hot element without a true literal")


class _Lin:
    r"""A GF(2^m) product not yet summed: per bit, the GF(2) terms whose XOR it is.  Products
    only ever feed sums in the encoding, so keeping them open lets a whole
    $\sum_u \lambda[u]\,c[u]$ become one XOR per bit instead of a chain of them."""

    __slots__ = ("bits",)

    def __init__(self, bits):
        self.bits = bits


class GF2m(_FieldEncoding):
    r"""GF(2^m) as m bits in the polynomial basis of ringlab's field (bit k of the integer ↔
    $x^k$, the Conway polynomial), so a model reads back as ringlab's own elements.

    * a sum is an XOR per bit (native XOR constraints, like GF(2));
    * $a \cdot b$ for two variables is the field's bilinear map: bit k of the product is
      $\bigoplus_{(i,j) \in S_k} a_i b_j$ with $S_k = \{(i, j) : x^{i+j} \bmod g \text{ has }
      x^k\}$ — m² AND gates and m XORs;
    * $a \cdot c$ for a constant c is the m×m binary matrix of "multiply by c" (column j is
      $c x^j$): XORs only, no gate.

    Clauses grow as m² = (log₂ q)², not q² as one-hot (:class:`GFq`) does.
    """

    p = 2

    def __init__(self, f: Formula, F):
        self.f, self.F, self.m, self.q = f, F, F.m, F.order
        m = self.m
        self.g = GF2(f)
        self.pairs = [
            [(i, j) for i in range(m) for j in range(m) if F.mul(1 << i, 1 << j) >> k & 1]
            for k in range(m)
        ]
        self._gates: dict = {}
        self._01: set = set()

    def var(self):
        return tuple(self.f.new() for _ in range(self.m))

    def const(self, v: int):
        return v

    def _bits(self, a):
        if isinstance(a, int):
            return [bool(a >> k & 1) for k in range(self.m)]
        if isinstance(a, _Lin):
            a = self._close(a)
            return self._bits(a)
        return list(a)

    def _pack(self, bits):
        if all(isinstance(b, bool) for b in bits):
            return sum(int(b) << k for k, b in enumerate(bits))
        return tuple(bits)

    def _close(self, lin):
        return self._pack([self.g.sum(ts) for ts in lin.bits])

    def mul(self, a, b):
        if isinstance(a, int) and isinstance(b, int):
            return self.F.mul(a, b)
        if isinstance(a, int):
            a, b = b, a
        m, F = self.m, self.F
        if isinstance(b, int):
            if b == 0:
                return 0
            a = self._bits(a)
            return _Lin([[a[j] for j in range(m) if F.mul(1 << j, b) >> k & 1] for k in range(m)])
        a, b = self._bits(a), self._bits(b)
        return _Lin([[bool_and(self.f, a[i], b[j]) for i, j in self.pairs[k]] for k in range(m)])

    def _terms(self, terms):
        per = [[] for _ in range(self.m)]
        for t in terms:
            if isinstance(t, _Lin):
                for k in range(self.m):
                    per[k] += t.bits[k]
            else:
                for k, b in enumerate(self._bits(t)):
                    per[k].append(b)
        return per

    def sum(self, terms):
        return self._pack([self.g.sum(ts) for ts in self._terms(terms)])

    def sum_eq(self, terms, value: int) -> None:
        for k, ts in enumerate(self._terms(terms)):
            self.g.sum_eq(ts, value >> k & 1)

    def _matches(self, a, v):
        """Literals whose conjunction says a = v, or False when a constant bit already differs."""
        lits = []
        for k, b in enumerate(self._bits(a)):
            want = bool(v >> k & 1)
            if isinstance(b, bool):
                if b != want:
                    return False
            else:
                lits.append(b if want else -b)
        return lits

    def eq_const(self, a, v: int):
        if isinstance(a, int):
            return a == v
        if isinstance(a, tuple) and a in self._01 and v in (0, 1):
            return a[0] if v else -a[0]
        lits = self._matches(a, v)
        if lits is False:
            return False
        if not lits:
            return True
        if len(lits) == 1:
            return lits[0]
        key = ("and",) + tuple(lits)
        if key not in self._gates:
            z = self.f.new()
            self.f.clauses += [[-z, x] for x in lits]
            self.f.add([z] + [-x for x in lits])
            self._gates[key] = z
        return self._gates[key]

    def require(self, a, v: int):
        lits = self._matches(a, v)
        if lits is False:
            self.f.add([])
        else:
            self.f.clauses += [[x] for x in lits]

    def forbid(self, a, v: int):
        lits = self._matches(a, v)
        if lits is not False:
            self.f.add([-x for x in lits])  # one clause: some bit differs

    def nonzero(self, a):
        if isinstance(a, int):
            return a != 0
        bits = [b for b in self._bits(a) if b is not False]
        if any(b is True for b in bits):
            return True
        if len(bits) == 1:
            return bits[0]
        key = ("or",) + tuple(bits)
        if key not in self._gates:
            self._gates[key] = self.f.or_(bits)
        return self._gates[key]

    def restrict01(self, a):
        """Force a ∈ {0, 1} (bits 1..m−1 zero); the literal "a = 1" is then bit 0."""
        bits = self._bits(a)
        for b in bits[1:]:
            if b is True:
                self.f.add([])
            elif b is not False:
                self.f.add([-b])
        if isinstance(a, tuple):
            self._01.add(a)
        return bits[0]

    def value(self, model: set, a) -> int:
        return sum(self.g.value(model, b) << k for k, b in enumerate(self._bits(a)))

r"""A linear network code run on the worked example's partials, through the core ``simulate``.

Core j's partial $P_j$ (length d, zero-padded to $K\cdot L$) is cut into K chunks of L entries;
chunk k−1 is the message symbol $x_{j,k}$.  A symbol being a vector of L entries changes
nothing: the code is linear, so every entry is coded the same way.  Step t is the paper's
transmission at time t: core i sends $y_{i\to}^{(t)} = m_i^{(t)} x_i + \lambda_i^{(t)} s_i^{(t)}$
to core i+1; its coefficients over all $x_{j,k}$ come from :func:`ringlab.simulate`.

**What a coded grid's cells mean.**  A code has no buffers, so the grid shows each core's
*running partial decode*: after step t, cell (i, k) is entry k of
$R_i\,s_i^{(t+1)} + T_i\,x_i$ where the symbols that have not arrived yet count as 0 — what
eq. (4) would output if decoding stopped now.  The cell is *final* when its combination is
already $\sum_j x_{j,k}$ (so it stays the sum whatever comes later), *changed* when its
combination changed on this step, and *empty* (drawn "·") while nothing of it is known.
"""

from __future__ import annotations

from fractions import Fraction

from ..code import LinearCode
from ..errors import RinglabError
from ..simulate import Row, pretty_combination, simulate, support
from ..theorem2 import theorem2_report
from .matmul import WorkedExample, format_number
from .ring import chunk_layout, padding_note
from .trace import ScheduleTrace, Send, Step


def _plain(F, v):
    """Field element → exact Python value (Fraction over Q, int over GF(q), float over R)."""
    if F.name == "Q":
        return Fraction(int(v.p), int(v.q))
    if F.name == "R":
        return float(v)
    return int(v)


def to_field(F, v: Fraction, where: str):
    """An exact rational in F.  Over GF(q) an integer n is n·1 (reduced mod the characteristic
    p, on purpose: that is what the sum of the partials is in F) and p/q is p·q⁻¹."""
    p = F.characteristic
    if p == 0:
        return F.parse(format_number(v))
    if v.denominator % p == 0:
        raise RinglabError(f"{where} = {format_number(v)}: the denominator is 0 in {F.name}")
    return F.div(F.parse(v.numerator % p), F.parse(v.denominator % p))


def symbols_of(ex: WorkedExample, code: LinearCode):
    """x[j][k]: the L field entries of symbol $x_{j,k+1}$ (chunk k of core j's partial)."""
    F, K = code.field, code.K
    L, pad = chunk_layout(ex.d, K)
    x = []
    for j, p in enumerate(ex.partials):
        vals = []
        for c, v in enumerate(list(p) + [Fraction(0)] * pad):
            vals.append(to_field(F, v, f"partial of core {j}, entry {c}"))
        x.append([vals[k * L : (k + 1) * L] for k in range(K)])
    return x, L, pad


# (code, example) → its traced run, the last few: the Schedules tab's current code and a few it
# comes back to (undo); one is 20–150 KB at N ≤ 8, ~1 MB at N = 16 (the classic ring)
CODED_TRACES_KEPT = 4
_CACHE: dict = {}


def coded_trace(ex: WorkedExample, code: LinearCode, report=None) -> ScheduleTrace:
    """The traced run (cached for the last few (code, example) pairs: codes are immutable, and
    the app asks again whenever only α, B or S change)."""
    key = (code, ex)
    hit = _CACHE.get(key)
    if hit is None:
        hit = _coded_trace(ex, code, report)
        if len(_CACHE) >= CODED_TRACES_KEPT:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = hit
    return hit


class _RunningDecode:
    """Every core's running partial decode $R_i s_i + T_i x_i$ (module docstring): per cell its
    coefficient row over all $x_{j,k}$, its values on the example, whether it is final, and
    its combination in words.  It grows by one received symbol per step:
    rows_i^(t+1)[k] = rows_i^(t)[k] + R_i[k][t] · y_{i'}^(t), so only rows with R_i[k][t] ≠ 0
    change on step t (values likewise, by linearity).

    Coefficient rows are :class:`Row` s that know their non-zero columns, and every loop over
    a row visits only those (in increasing order, as a scan of all N·K columns would): over an
    exact field adding r·0 changes nothing, so a received symbol only touches its own
    support.  Over R (zero within a tolerance) a received row is added entry by entry."""

    def __init__(self, code: LinearCode, report, x, L: int):
        F, N, K = code.field, code.N, code.K
        self.F, self.N, self.K, self.x, self.L = F, N, K, x, L
        self.exact = getattr(F, "exact", True) is not False
        self.goal = [[F.one if col % K == k else F.zero for col in range(N * K)] for k in range(K)]
        self.goal_support = [tuple(range(k, N * K, K)) for k in range(K)]
        self.Rs = [code.node(i).R for i in range(N)]
        Ts = [report.effective_translation(i) for i in range(N)]
        self.rows = [[self._own(Ts[i], i, k) for k in range(K)] for i in range(N)]
        self.vals = [[self.evaluate(self.rows[i][k]) for k in range(K)] for i in range(N)]
        self.plain = [[self._plain_cell(i, k) for k in range(K)] for i in range(N)]
        self.fin = [[self.final(self.rows[i][k], k) for k in range(K)] for i in range(N)]
        self.det = [[pretty_combination(F, self.rows[i][k], K) for k in range(K)] for i in range(N)]

    def _own(self, T_i, i: int, k: int) -> Row:
        """Row k of $T_i x_i$ as a coefficient vector: T_i[k][kk] at column iK + kk."""
        K = self.K
        row = Row([self.F.zero] * (self.N * K))
        row[i * K : (i + 1) * K] = list(T_i[k])
        row.support = tuple(i * K + kk for kk, c in enumerate(T_i[k]) if not self.F.is_zero(c))
        return row

    def _plain_cell(self, i: int, k: int) -> tuple:
        return tuple(_plain(self.F, v) for v in self.vals[i][k])

    def evaluate(self, cv) -> list:
        """The symbol with coefficient vector cv, entry by entry (field elements)."""
        F, K, x = self.F, self.K, self.x
        terms = [(cv[col], x[col // K][col % K]) for col in support(F, cv)]
        out = []
        for p in range(self.L):
            acc = F.zero
            for c, xs in terms:
                acc = F.add(acc, F.mul(c, xs[p]))
            out.append(acc)
        return out

    def same(self, a, b) -> bool:
        return all(self.F.equal(u, v) for u, v in zip(a, b))

    def final(self, row, k: int) -> bool:
        """Whether ``row`` is the goal Σ_j x_{j,k} (over an exact field: its support is
        the goal's and each of those entries is 1)."""
        if not self.exact:
            return self.same(row, self.goal[k])
        F = self.F
        return row.support == self.goal_support[k] and all(
            F.equal(row[c], F.one) for c in row.support
        )

    def snapshot(self):
        """(state, final, detail) of the grid now."""
        N, K = self.N, self.K
        return (
            tuple(tuple(v for k in range(K) for v in self.plain[i][k]) for i in range(N)),
            tuple(tuple(r) for r in self.fin),
            tuple(tuple(r) for r in self.det),
        )

    def sends(self, sent_t):
        """Slot t's messages (a zero symbol is no message) and every core's sent values."""
        F, N, K = self.F, self.N, self.K
        sends, sent_vals = [], []
        for i in range(N):
            cv = sent_t[i]
            ks = {col % K for col in support(F, cv)}
            value = self.evaluate(cv)
            sent_vals.append(value)
            if not ks:
                continue
            chunk = ks.pop() if len(ks) == 1 else None
            plain = tuple(_plain(F, v) for v in value)
            sends.append(Send(i, (i + 1) % N, chunk, plain, pretty_combination(F, cv, K)))
        return sends, sent_vals

    def _added(self, old, r, sent):
        """(old + r·sent as a Row, whether it differs from old)."""
        F = self.F
        if not self.exact:
            new_row = Row(F.add(u, F.mul(r, v)) for u, v in zip(old, sent))
            new_row.support = support(F, list(new_row))
            return new_row, not self.same(new_row, old)
        new_row = Row(old)
        differs = False
        cols = support(F, sent)
        for col in cols:
            v = F.add(old[col], F.mul(r, sent[col]))
            differs = differs or not F.equal(v, old[col])
            new_row[col] = v
        new_row.support = tuple(
            c for c in sorted(set(old.support).union(cols)) if not F.is_zero(new_row[c])
        )
        return new_row, differs

    def receive(self, t: int, sent_t, sent_vals) -> list:
        """Every core adds R_i[k][t] times what its left neighbour sent; the cells changed."""
        F = self.F
        changed = []
        for i in range(self.N):
            prev = (i - 1) % self.N
            for k in range(self.K):
                r = self.Rs[i][k][t]
                if F.is_zero(r):
                    continue
                new_row, differs = self._added(self.rows[i][k], r, sent_t[prev])
                if differs:
                    changed.append((i, k))
                self.rows[i][k] = new_row
                self.vals[i][k] = [
                    F.add(a, F.mul(r, b)) for a, b in zip(self.vals[i][k], sent_vals[prev])
                ]
                self.plain[i][k] = self._plain_cell(i, k)
                self.fin[i][k] = self.final(new_row, k)
                self.det[i][k] = pretty_combination(F, new_row, self.K)
        return changed


def _target(F, x, N: int, K: int, L: int) -> tuple:
    """Σ_j x_j, chunk by chunk, in the code's field."""
    target = []
    for k in range(K):
        for p in range(L):
            acc = F.zero
            for j in range(N):
                acc = F.add(acc, x[j][k][p])
            target.append(_plain(F, acc))
    return tuple(target)


def _notes(ex: WorkedExample, K: int, pad: int, L: int, F, report) -> tuple[str, ...]:
    notes = []
    if pad:
        notes.append(padding_note(ex.d, f"K = {K}", K, pad, L))
    if F.name != "Q":
        notes.append(
            f"the code works over {F.name}: the partials and the sum are read in "
            f"{F.name}" + (" (integers mod the characteristic)" if F.characteristic else "")
        )
    if not report.feasible:
        notes.append("this code is not feasible (Theorem 2): some cores do not end with the sum")
    return tuple(notes)


def _coded_trace(ex: WorkedExample, code: LinearCode, report=None) -> ScheduleTrace:
    if ex.N != code.N:
        raise RinglabError(
            f"the code is for N = {code.N} cores but X and W have N = {ex.N}: "
            f"use a code with N = {ex.N} (e.g. preset classic-ring-n{ex.N}) "
            f"or {code.N} cores in X and W"
        )
    F, N, K, T = code.field, code.N, code.K, code.T
    report = report or theorem2_report(code)
    tr = simulate(code, report=report)  # symbolic: coefficient vectors
    x, L, pad = symbols_of(ex, code)
    run = _RunningDecode(code, report, x, L)
    initial, initial_final, initial_detail = run.snapshot()
    steps = []
    for t in range(T):
        sends, sent_vals = run.sends(tr.sent[t])
        changed = run.receive(t, tr.sent[t], sent_vals)
        state, final, detail = run.snapshot()
        steps.append(Step(f"slot {t}", tuple(sends), state, tuple(sorted(changed)), final, detail))
    return ScheduleTrace(
        name="coded",
        title=_coded_title(code.name, N, K, T, F.name),
        rule="Slot t: core i sends yᵢ→⁽ᵗ⁾ = mᵢ⁽ᵗ⁾·xᵢ + λᵢ⁽ᵗ⁾·sᵢ⁽ᵗ⁾ (a combination of "
        "chunks); cells show the running partial decode Rᵢ sᵢ + Tᵢ xᵢ.",
        N=N,
        n_chunks=K,
        chunk_size=L,
        padding=pad,
        initial=initial,
        initial_final=initial_final,
        steps=tuple(steps),
        target=_target(F, x, N, K, L),
        message_chunks=K,
        notes=_notes(ex, K, pad, L, F, report),
        initial_detail=initial_detail,
    )


def _coded_title(name: str, N: int, K: int, T: int, field_name: str) -> str:
    """The column's title: the code's name and what it does not already say.

    >>> _coded_title("Classic ring all-reduce, N=4", 4, 4, 6, "Q")
    'Classic ring all-reduce, N=4 — K=4, T=6 over Q'
    >>> _coded_title("", 3, 2, 3, "GF(2)")
    'Code — N=3, K=2, T=3 over GF(2)'
    """
    import re

    said = [
        f"{p}={v}"
        for p, v in (("N", N), ("K", K), ("T", T))
        if not (name and re.search(rf"\b{p}\s*=\s*{v}\b", name))
    ]
    return f"{name or 'Code'} — {', '.join(said)}{' ' if said else ''}over {field_name}"

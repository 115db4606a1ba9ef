"""The coded trace visits only each coefficient row's non-zero columns (issue 31); here every
step is recomputed densely from eqs. (3)-(4), column by column, and must agree in every cell,
send, "final" flag, combination and changed cell.  A code's hash (now its non-zero pattern,
computed once) must agree with == on codes built in different ways."""

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ringlab import LinearCode, preset
from ringlab.core.schedules.coded import coded_trace, symbols_of
from ringlab.core.schedules.matmul import WorkedExample
from ringlab.core.simulate import pretty_combination
from ringlab.core.theorem2 import theorem2_report

from .strategies import codes


def _plain(F, v):
    if F.name == "Q":
        return Fraction(int(v.p), int(v.q))
    return float(v) if F.name == "R" else int(v)


def _dense_reference(ex, code):
    """Per step: (sends, state, changed, final, detail), every vector over all N·K columns."""
    F, N, K, T = code.field, code.N, code.K, code.T
    NK = N * K
    x, L, _ = symbols_of(ex, code)
    rep = theorem2_report(code)

    def value(cv):
        out = []
        for p in range(L):
            acc = F.zero
            for col in range(NK):
                if not F.is_zero(cv[col]):
                    acc = F.add(acc, F.mul(cv[col], x[col // K][col % K][p]))
            out.append(acc)
        return out

    # eq. (3): y_i(t) = m_i(t) x_i + sum_u lambda_i(t)[u] y_{i-1}(u)
    sent = [[None] * N for _ in range(T)]
    for t in range(T):
        for i in range(N):
            nd, prev = code.node(i), (i - 1) % N
            y = [F.zero] * NK
            for k in range(K):
                y[i * K + k] = nd.M[t][k]
            for u in range(t):
                lam = nd.Lambda[t][u]
                y = [F.add(a, F.mul(lam, b)) for a, b in zip(y, sent[u][prev])]
            sent[t][i] = y
    goal = [[F.one if col % K == k else F.zero for col in range(NK)] for k in range(K)]
    rows = []
    for i in range(N):
        Ti = rep.effective_translation(i)
        rows.append(
            [
                [Ti[k][col - i * K] if i * K <= col < (i + 1) * K else F.zero for col in range(NK)]
                for k in range(K)
            ]
        )

    def grid():
        state = tuple(
            tuple(_plain(F, v) for k in range(K) for v in value(rows[i][k])) for i in range(N)
        )
        final = tuple(
            tuple(all(F.equal(a, b) for a, b in zip(rows[i][k], goal[k])) for k in range(K))
            for i in range(N)
        )
        detail = tuple(
            tuple(pretty_combination(F, list(rows[i][k]), K) for k in range(K)) for i in range(N)
        )
        return state, final, detail

    out = [((), *grid()[:1], (), *grid()[1:])]
    for t in range(T):
        sends = []
        for i in range(N):
            cols = [c for c in range(NK) if not F.is_zero(sent[t][i][c])]
            if cols:
                ks = {c % K for c in cols}
                sends.append(
                    (
                        i,
                        (i + 1) % N,
                        ks.pop() if len(ks) == 1 else None,
                        tuple(_plain(F, v) for v in value(sent[t][i])),
                        pretty_combination(F, list(sent[t][i]), K),
                    )
                )
        changed = []
        for i in range(N):
            r_vec, prev = code.node(i).R, (i - 1) % N
            for k in range(K):
                r = r_vec[k][t]
                new = [F.add(a, F.mul(r, b)) for a, b in zip(rows[i][k], sent[t][prev])]
                if not all(F.equal(a, b) for a, b in zip(new, rows[i][k])):
                    changed.append((i, k))
                rows[i][k] = new
        state, final, detail = grid()
        out.append((tuple(sends), state, tuple(sorted(changed)), final, detail))
    return out


examples = st.integers(1, 4).flatmap(
    lambda d: st.tuples(
        st.lists(st.integers(-3, 5), min_size=4, max_size=4),
        st.lists(st.lists(st.integers(-3, 5), min_size=d, max_size=d), min_size=4, max_size=4),
    )
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(codes(fields=("Q", "GF(2)", "GF(3)", "GF(7)", "GF(4)", "R")), examples)
def test_coded_trace_matches_a_dense_recomputation(code, xw):
    X, W = xw
    ex = WorkedExample(tuple(X[: code.N]), tuple(tuple(r) for r in W[: code.N]))
    got = coded_trace(ex, code)
    want = _dense_reference(ex, code)
    assert (got.initial, got.initial_final, got.initial_detail) == want[0][1:2] + want[0][3:]
    for step, (sends, state, changed, final, detail) in zip(got.steps, want[1:], strict=True):
        assert [(s.src, s.dst, s.chunk, s.value, s.symbol) for s in step.sends] == list(sends)
        assert (step.state, step.changed, step.final, step.detail) == (
            state,
            changed,
            final,
            detail,
        )


@settings(max_examples=40, deadline=None)
@given(codes(fields=("Q", "GF(3)", "GF(4)", "R")))
def test_equal_codes_hash_equal_and_an_edit_is_found_apart(code):
    rebuilt = LinearCode.from_matrices(
        code.field.name,
        *[
            [
                [[code.field.format(v) for v in row] for row in code.matrix(i, w)]
                for i in range(code.N)
            ]
            for w in ("M", "Lambda", "R")
        ],
    )
    assert rebuilt == code and hash(rebuilt) == hash(code)
    seen = {code: "original"}
    assert seen[rebuilt] == "original"
    edited = code.with_entry(0, "M", 0, 0, "1" if code.field.is_zero(code.node(0).M[0][0]) else "0")
    assert edited != code and edited not in seen


def test_the_classic_ring_is_reduce_scatter_then_all_gather():
    """The classic ring (built without parsing each literal) is the ring all-reduce of its
    description: at step t < N node i adds its share of chunk (i − t) mod N, Λ passes on what
    arrived one step before, chunk i+1 is complete after step N−1 and chunk (i − u) arrives at
    step N + u."""
    for N in (2, 5, 32):
        code = preset(f"classic-ring-n{N}")
        T = 2 * (N - 1)
        for i in range(N):
            nd = code.node(i)
            ones = {
                "M": {(t, (i - t) % N) for t in range(N)},
                "Lambda": {(t, t - 1) for t in range(1, T)},
                "R": {((i + 1) % N, N - 2)} | {((i - u) % N, N - 1 + u) for u in range(N - 1)},
            }
            for w, want in ones.items():
                got = {(r, c): str(v) for r, row in enumerate(nd.get(w)) for c, v in enumerate(row)}
                assert {rc for rc, v in got.items() if v != "0"} == want, (N, i, w)
                assert {got[rc] for rc in want} == {"1"}

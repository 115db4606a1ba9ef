"""hypothesis strategies for random codes (entries small so Q stays readable)."""

from hypothesis import strategies as st

from ringlab import LinearCode


@st.composite
def codes(draw, fields=("Q", "GF(2)", "GF(3)", "GF(7)"), max_N=4, max_K=3, max_T=5, dense=None):
    F = draw(st.sampled_from(fields))
    N = draw(st.integers(2, max_N))
    K = draw(st.integers(1, max_K))
    T = draw(st.integers(1, max_T))
    vals = [0, 1] if F == "GF(2)" else [0, 1, -1] if F != "GF(7)" else [0, 1, 2, 6]
    p_zero = dense if dense is not None else draw(st.sampled_from([0.3, 0.6, 0.85]))
    entry = st.one_of(st.just(0), st.sampled_from(vals)) if p_zero > 0.5 else st.sampled_from(vals)

    def mat(r, c, lower=False):
        return [
            [draw(entry) if (not lower or cc < rr) else 0 for cc in range(c)] for rr in range(r)
        ]

    Ms = [mat(T, K) for _ in range(N)]
    Ls = [mat(T, T, lower=True) for _ in range(N)]
    Rs = [mat(K, T) for _ in range(N)]
    return LinearCode.from_matrices(F, Ms, Ls, Rs)


@st.composite
def perturbed_presets(draw):
    """A preset with one entry changed: feasible and infeasible codes in similar numbers."""
    from ringlab import preset

    name = draw(
        st.sampled_from(
            [
                "paper-k1-t2",
                "paper-k2-t3",
                "paper-k3-t4",
                "classic-ring-n4",
                "classic-ring-n2",
                "time-shared-k4",
            ]
        )
    )
    F = draw(st.sampled_from(["Q", "GF(2)", "GF(3)", "GF(7)"]))
    code = preset(name, F).with_translation_solved(0)
    for i in range(code.N):
        code = code.with_translation_solved(i)
    if draw(st.booleans()):
        which = draw(st.sampled_from(["M", "Lambda", "R"]))
        i = draw(st.integers(0, code.N - 1))
        rows = len(code.matrix(i, which))
        cols = len(code.matrix(i, which)[0])
        r = draw(st.integers(0, rows - 1))
        c = draw(st.integers(0, cols - 1))
        if which == "Lambda" and c >= r:
            if r == 0:
                return code
            c = draw(st.integers(0, r - 1))
        code = code.with_entry(i, which, r, c, draw(st.sampled_from(["0", "1", "-1"])))
    return code

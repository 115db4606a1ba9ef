"""Costs and the cost explorer, against numbers derived by hand from the seeds' formulas."""

from fractions import Fraction

import pytest

from ringlab import RinglabError
from ringlab.core.schedules import (
    EXPLORER_PRESETS,
    code_time,
    compare,
    default_example,
    explorer,
    parse_bandwidth,
    parse_bytes,
    parse_seconds,
    ring_time,
    ring_time_large_n,
    ring_trace,
    schedule_costs,
    tree_time,
    tree_trace,
)
from ringlab.core.schedules.costs import lower_envelope, n3_family_lines

US = Fraction(1, 10**6)


def test_units():
    assert parse_seconds("50us") == 50 * US == parse_seconds("5e-5") == parse_seconds("0.05ms")
    assert parse_seconds("1µs") == US
    assert parse_bytes("1MB") == 10**6 and parse_bytes("4KiB") == 4096 and parse_bytes("357") == 357
    assert parse_bandwidth("190GB/s") == 190 * 10**9 == parse_bandwidth("1.9e11")
    assert parse_seconds("0") == 0
    for bad, fn in (
        ("5 parsecs", parse_seconds),
        ("-1MB", parse_bytes),
        ("0", parse_bandwidth),
        ("fast", parse_bandwidth),
    ):
        with pytest.raises(RinglabError, match="expected"):
            fn(bad)


def test_seed003_crossover_8_cores():
    # seed 003: ring 2(N−1)(α + S/(NB)), tree 2 log2(N)(α + S/B); N = 8, α = 1 µs, B = 190 GB/s.
    # 14α + 14S/(8B) = 6α + 6S/B  ⇒  8α = S(6 − 7/4)/B  ⇒  S = 8αB / (17/4) = 32αB/17
    alpha, B = US, 190 * 10**9
    S_hand = Fraction(32, 17) * alpha * B  # = 6 080 000 / 17 ≈ 357 647 bytes
    assert round(float(S_hand)) == 357647
    p = EXPLORER_PRESETS["the tree post: 8 cores, 1 µs, 190 GB/s"]
    exp = explorer(p["N"], parse_seconds(p["alpha"]), parse_bandwidth(p["bandwidth"]))
    rt = [x for x in exp.crossovers if set(x.between) == {"ring", "tree"}]
    assert len(rt) == 1 and rt[0].S == S_hand
    assert rt[0].label == "tree → ring"  # tree faster below, ring above
    assert 100_000 < rt[0].S < 1_000_000  # "a few hundred KB to a MB"
    assert rt[0].time == 14 * alpha + 14 * S_hand / (8 * B)


def test_seed001_ring_time_exact_and_estimate():
    # seed 001: N = 4, S = 1 MB, τ = 50 µs, 1 GB/s.  Its lines: "Bandwidth time: 2/1000 = 2 ms",
    # "Latency time: 2·3·50 µs = 300 µs", "Total ~2.3 ms".  Exact: 6·(50 µs + 1 MB/(4 GB/s)).
    p = EXPLORER_PRESETS["the course page: N = 4, 1 MB, 50 µs, 1 GB/s"]
    N, a, B, S = (
        p["N"],
        parse_seconds(p["alpha"]),
        parse_bandwidth(p["bandwidth"]),
        parse_bytes(p["size"]),
    )
    assert (
        ring_time_large_n(N, S, a, B)
        == Fraction(2, 1000) + Fraction(300, 10**6)
        == Fraction(23, 10**4)
    )
    assert (
        ring_time(N, S, a, B)
        == 6 * (Fraction(50, 10**6) + Fraction(250, 10**6))
        == Fraction(18, 10**4)
    )
    c = compare(default_example(4), alpha=p["alpha"], bandwidth=p["bandwidth"], size=p["size"])
    assert c.costs["ring"].time == Fraction(18, 10**4)
    assert c.ring_large_n_estimate == Fraction(23, 10**4)
    # the gap is the (N−1)/N factor of the bandwidth term: 2S/B − 2S(N−1)/(NB) = 2S/(NB) = 0.5 ms
    assert c.ring_large_n_estimate - c.costs["ring"].time == Fraction(5, 10**4)


def test_per_schedule_costs_for_the_seed_example():
    ex, S, a, B = default_example(4), 10**6, 50 * US, 10**9
    ring = schedule_costs(ring_trace(ex), S, a, B)
    # seed 004: every link carries 2(N−1)·S/N = 1.5 MB; 24 messages of S/4; the lower bound
    assert (ring.steps, ring.messages, ring.message_bytes) == (6, 24, 250_000)
    assert ring.bytes_per_link == ring.bytes_sent_per_worker == ring.lower_bound == 1_500_000
    tree = schedule_costs(tree_trace(ex), S, a, B)
    # seed 003: 6 whole-vector messages; root 0 sends S twice (to 2, then to 1)
    assert (tree.steps, tree.messages, tree.message_bytes) == (4, 6, 10**6)
    assert tree.bytes_sent_per_worker == 2 * 10**6 and tree.bytes_per_link == 10**6
    assert tree.ratio_to_bound == Fraction(4, 3)
    assert tree.time == tree_time(4, S, a, B) == 4 * (a + Fraction(S, B))
    # nccl-tests: algbw = S/t, busbw = algbw·2(N−1)/N
    assert ring.algbw == Fraction(S) / Fraction(18, 10**4)
    assert ring.busbw == ring.algbw * Fraction(6, 4)


def test_busbw_of_the_ring_is_the_link_bandwidth_without_latency():
    ex, B = default_example(4), 10**9
    ring = schedule_costs(ring_trace(ex), 10**6, Fraction(0), B)
    assert ring.busbw == B


def test_code_time_formula():
    assert code_time(3, 2, 6000, US, 10**9) == 3 * (US + Fraction(3000, 10**9))


def test_n3_family_best_K_switches():
    # K=1,T=2: 2α + 2S/B; K=2,T=3: 3α + 3S/(2B); K=3,T=4: 4α + 4S/(3B) (= the ring).
    # 1→2 where 2α + 2x = 3α + 1.5x: x = 2α, i.e. S = 2αB; 2→3 where 3α + 1.5x = 4α + (4/3)x: S = 6αB
    a, B = US, 190 * 10**9
    exp = explorer(3, a, B)
    assert [(x.S, x.label) for x in exp.switches] == [
        (2 * a * B, "K=1, T=2 → K=2, T=3"),
        (6 * a * B, "K=2, T=3 → K=3, T=4"),
    ]
    fam = exp.curve("coded")
    assert fam.at(10**9) == exp.curve("ring").at(10**9)  # K = 3 is the ring
    assert fam.at(1000) < exp.curve("tree").at(1000)
    meet = [x for x in exp.crossovers if set(x.between) == {"ring", "coded"}]
    assert [x.S for x in meet] == [6 * a * B]
    # from 6αB on the family is the ring itself (K = 3 at T = 4): faster below, equal above
    assert meet[0].label == "coded meets ring: equal above"


def test_lower_envelope_brute_force():
    lines = n3_family_lines(Fraction(10**9), 7 * US, K_max=12)
    env = lower_envelope(lines)
    for S in [Fraction(10) ** k * m for k in range(0, 9) for m in (1, 3)]:
        seg = next(l for lo, hi, l in env if hi is None or S <= hi)
        assert seg.at(S) == min(l.at(S) for l in lines)


def test_codes_at_hand_for_other_N():
    exp = explorer(4, US, 10**9, codes=[("mine", 3, 5), ("classic ring", 4, 6)])
    keys = [c.key for c in exp.curves]
    assert keys == ["ring", "tree", "code:mine"]  # the classic ring is the ring
    assert exp.curve("code:mine").at(1000) == 5 * (US + Fraction(1000, 3 * 10**9))


# -- any N: the closed forms (formulas.py) against the traces and the tree example ----------

from ringlab.core.schedules.formulas import formula_costs, schedule_counts  # noqa: E402


@pytest.mark.parametrize("N", list(range(2, 33)))
def test_closed_forms_equal_the_counts_of_the_traces(N):
    """Every count and cost of the closed forms equals what schedule_costs() counts, message
    by message, on the explicit traces (an independent computation) for every traced N."""
    ex, S, a, B = default_example(N), Fraction(10**6), 7 * US, Fraction(10**9)
    traced = {
        "ring": schedule_costs(ring_trace(ex), S, a, B),
        "tree": schedule_costs(tree_trace(ex), S, a, B),
    }
    assert formula_costs(N, S, a, B) == traced


def test_the_tree_examples_step_counts():
    # the tree example: "At 256 cores the ring takes 510 sequential steps", "For 256 cores that
    # is 16 steps instead of 510", "For N=256 it is 8 versus 255" (one phase), and
    # "For N=4 that is 2 + 2 = 4 steps" against the ring's 6 at N = 4 (the ring example)
    big, small = schedule_counts(256), schedule_counts(4)
    assert (big["ring"].steps, big["tree"].steps) == (510, 16)
    assert (big["ring"].steps // 2, big["tree"].steps // 2) == (255, 8)
    assert (small["ring"].steps, small["tree"].steps) == (6, 4)
    # "Every message in the tree is the whole vector"; the ring's are chunks of S/N
    assert (big["tree"].message_chunks, big["ring"].message_chunks) == (1, 256)


def test_256_cores_compared_without_traces():
    c = compare(N=256)  # α = 1 µs, B = 190 GB/s, S = 1 MB by default
    assert not c.traced and c.traces == {} and c.example is None and c.coded is None
    assert len(c.omitted) == 2 and "no per-step grids" in c.omitted[0]
    assert "no coded column" in c.omitted[1]
    a, B, S = US, Fraction(190 * 10**9), Fraction(10**6)
    # the tree example's α-β times typed as its formulas: ring 2(N−1)(α + (S/N)/B), tree
    # 2 log2(N)(α + S/B), here with N = 256 and log2 N = 8
    assert c.costs["ring"].time == 510 * (a + S / 256 / B)
    assert c.costs["tree"].time == 16 * (a + S / B)
    assert c.costs["ring"].bytes_sent_per_worker == c.costs["ring"].lower_bound == S * 510 / 256
    assert c.costs["tree"].bytes_sent_per_worker == 8 * S  # the root, once per level
    assert c.max_steps == 510
    d = c.to_json()
    assert d["steps"] == {"ring": 510, "tree": 16} and d["traced"] is False
    assert d["costs"]["tree"]["steps"] == 16 and "schedules" not in d


def test_any_N_range_and_codes_above_32():
    assert compare(N=1024).costs["tree"].steps == 20
    for bad in (1, 1025, "8"):
        with pytest.raises(RinglabError, match="number of cores"):
            compare(N=bad)
    from ringlab import preset

    with pytest.raises(RinglabError, match="codes have at most 32 nodes"):
        compare(N=64, code=preset("classic-ring-n4"))
    c = compare(N=64, code=preset("classic-ring-n4"), strict=False)
    assert "codes have at most 32 nodes" in c.coded_error and len(c.omitted) == 1
    assert compare(N=32).traced  # 32 is still traced

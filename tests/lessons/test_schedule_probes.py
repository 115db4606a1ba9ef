"""Issue 23's probes and actions (which algorithms the Schedules tab shows, their steps, their
link loads on the bidirectional ring, their α-β times and crossovers), checked against values
worked out here by hand or recounted independently: a shortest-path router written in this
file, the papers' closed forms, and straight-line algebra for the crossovers."""

from fractions import Fraction

import pytest

from ringlab.core.errors import RinglabError
from ringlab.core.schedules import known_schedules, schedule_info, schedule_plan
from ringlab.lessons import registry
from ringlab.lessons.parse import load_lesson
from ringlab.lessons.replay import check_file
from ringlab.lessons.state import LabState

US, KB, GB = Fraction(1, 10**6), 10**3, 10**9


def act(st, action, **args):
    registry.ACTIONS[action].func(st, **args)


def probe(st, which, **args):
    return registry.PROBES[which].func(st, **args)


def lab(N=8, alpha="1us", bandwidth="10GB/s", size="1KB", show=()):
    st = LabState.initial()
    act(st, "set_example", N=N)
    act(st, "set_costs", alpha=alpha, bandwidth=bandwidth, size=size, N=N)
    act(st, "show_schedules", names=list(show))
    return st


# -- an independent count of model (b) -----------------------------------------------------------


def route(N, src, dst):
    """The directed links of a shortest path, clockwise on a tie: (core, +1) is core → core+1."""
    cw = (dst - src) % N
    if cw <= N - cw:
        return [((src + h) % N, +1) for h in range(cw)]
    return [((src - h) % N, -1) for h in range(N - cw)]


def loads_by_hand(N, pairs):
    out = {}
    for s, d in pairs:
        for link in route(N, s, d):
            out[link] = out.get(link, 0) + 1
    return out


def rd_pairs(N, step):
    """Recursive doubling on N = 2^L: step k (1-based) pairs i with i XOR 2^(k−1)."""
    return [(i, i ^ (1 << (step - 1))) for i in range(N)]


# -- actions ------------------------------------------------------------------------------------


def test_the_list_of_algorithms_is_the_cores():
    core = tuple(n for n in known_schedules() if schedule_info(n).name == n)
    assert registry.ALGORITHMS == core


def test_show_schedule_ticks_and_unticks_in_table_order():
    st = lab()
    assert probe(st, "schedules_shown") == [] and st.schedules == ()
    act(st, "show_schedule", name="swing")
    act(st, "show_schedule", name="recursive-doubling")
    act(st, "show_schedule", name="swing")  # twice: still once
    assert st.schedules == ("recursive-doubling", "swing")  # the core's table order
    act(st, "show_schedule", name="recursive-doubling", shown=False)
    assert probe(st, "schedules_shown") == ["swing"]
    act(st, "show_schedules", names=["nccl-tree", "bruck"])
    assert st.schedules == ("bruck", "nccl-tree")


def test_show_schedules_refuses_what_is_not_an_added_algorithm():
    st = lab()
    for bad in (["ring"], ["nccl-ring"], ["quantum"], [3]):
        with pytest.raises(RinglabError, match="names"):
            act(st, "show_schedules", names=bad)
    with pytest.raises(RinglabError, match="name must be one of"):
        act(st, "show_schedule", name="tree")
    assert st.schedules == ()


def test_a_schedule_not_shown_cannot_be_read():
    st = lab()
    with pytest.raises(
        RinglabError, match="swing is not shown: tick it under 'Also show' on the Schedules"
    ):
        probe(st, "algorithm_steps", schedule="swing")
    assert probe(st, "algorithm_steps", schedule="ring") == 14  # ring and tree: always shown


# -- steps and refusals -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "N,name,steps",
    [
        (8, "recursive-doubling", 3),  # log2 8
        (6, "recursive-doubling", 4),  # log2 4 + 2 (MPICH's fold and unfold)
        (8, "rabenseifner", 6),  # 2 log2 8
        (8, "swing", 6),
        (8, "nccl-tree", 6),  # 2 ⌈log2 8⌉
        (9, "trivance", 2),  # log3 9
        (9, "bruck", 2),
        (8, "ring", 14),
        (8, "tree", 6),
    ],
)
def test_steps_are_the_papers(N, name, steps):
    st = lab(N=N, show=[name] if name not in ("ring", "tree") else [])
    assert probe(st, "algorithm_steps", schedule=name) == steps


def test_refused_for_an_N_the_authors_form_does_not_reach():
    st = lab(N=8, show=["trivance", "swing"])
    assert probe(st, "algorithm_refused", schedule="trivance") is True
    assert probe(st, "algorithm_refused", schedule="swing") is False
    with pytest.raises(RinglabError, match="not a power of 3"):
        probe(st, "algorithm_steps", schedule="trivance")
    act(st, "set_example", N=9)
    assert probe(st, "algorithm_refused", schedule="trivance") is False
    assert probe(st, "algorithm_refused", schedule="swing") is True


# -- model (b): the bidirectional ring ---------------------------------------------------------


def test_recursive_doublings_steps_on_the_ring_by_hand():
    st = lab(N=8, show=["recursive-doubling"])
    for step, busiest in ((1, 1), (2, 2), (3, 4)):
        hand = loads_by_hand(8, rd_pairs(8, step))
        assert max(hand.values()) == busiest
        assert probe(st, "link_load", schedule="recursive-doubling", step=step) == busiest
        for (core, way), n in hand.items():
            assert (
                probe(st, "link_load", schedule="recursive-doubling", step=step, core=core, way=way)
                == n
            )
    # step 3: every core sends 4 hops clockwise; nothing goes the other way
    assert probe(st, "link_load", schedule="recursive-doubling", step=3, core=5, way=-1) == 0
    assert probe(st, "ring_slots", schedule="recursive-doubling") == 1 + 2 + 4
    # whole vectors: the busiest link carries 4 + 2 (steps 2, 3 on link 1→2) … counted by hand
    per_link = {}
    for step in (1, 2, 3):
        for link, n in loads_by_hand(8, rd_pairs(8, step)).items():
            per_link[link] = per_link.get(link, 0) + n
    assert (
        probe(st, "max_link_bytes", schedule="recursive-doubling", unit="B")
        == max(per_link.values()) * KB
    )


def test_the_ring_never_puts_two_messages_on_a_link():
    st = lab(N=8)
    for step in range(1, 15):
        assert probe(st, "link_load", schedule="ring", step=step) == 1
        assert probe(st, "link_load", schedule="ring", step=step, core=3, way=1) == 1
        assert probe(st, "link_load", schedule="ring", step=step, core=3, way=-1) == 0
    assert probe(st, "ring_slots", schedule="ring") == 14
    # each clockwise link carries one chunk of S/8 per step: 14/8 S
    assert probe(st, "max_link_bytes", schedule="ring", unit="KB") == Fraction(14, 8)


def test_trivance_at_9_cores_by_hand():
    st = lab(N=9, show=["trivance"])
    step2 = [(r, (r + s) % 9) for r in range(9) for s in (-3, 3)]
    hand = loads_by_hand(9, step2)
    assert set(hand.values()) == {3} and len(hand) == 18  # 54 link-hops on 18 links
    assert probe(st, "link_load", schedule="trivance", step=2) == 3
    assert probe(st, "ring_slots", schedule="trivance") == 1 + 3


def test_swing_and_rabenseifner_bytes_on_the_busiest_link_recounted_from_the_plans():
    st = lab(N=8, size="1KB", show=["swing", "rabenseifner"])
    for name in ("swing", "rabenseifner"):
        plan = schedule_plan(name, 8)
        per_link = {}
        for stp in plan.steps:
            for m in stp.messages:
                for link in route(8, m.src, m.dst):
                    per_link[link] = (
                        per_link.get(link, 0) + Fraction(len(m.blocks), plan.n_blocks) * KB
                    )
        assert probe(st, "max_link_bytes", schedule=name, unit="B") == max(per_link.values())
    assert probe(st, "max_link_bytes", schedule="swing", unit="KB") == Fraction(3, 2)
    assert probe(st, "max_link_bytes", schedule="rabenseifner", unit="KB") == Fraction(5, 2)
    assert (
        probe(st, "which_schedule", a="rabenseifner", b="swing", what="max_link_bytes", most=True)
        == "rabenseifner"
    )


def test_link_load_arguments():
    st = lab(N=8, show=["swing"])
    with pytest.raises(RinglabError, match="both core and way"):
        probe(st, "link_load", schedule="swing", step=1, core=0)
    with pytest.raises(RinglabError, match="steps are 1..6"):
        probe(st, "link_load", schedule="swing", step=7)
    with pytest.raises(RinglabError, match="way = 0"):
        probe(st, "link_load", schedule="swing", step=1, core=0, way=0)
    with pytest.raises(RinglabError, match="cores 0..7"):
        probe(st, "link_load", schedule="swing", step=1, core=9, way=1)


# -- model (a): fully connected, on the explorer's N ------------------------------------------


def test_alpha_beta_times_are_the_closed_forms():
    a, B = 1 * US, Fraction(10 * GB)
    for size, S in (("1KB", KB), ("1GB", GB)):
        st = lab(N=8, size=size, show=["recursive-doubling", "rabenseifner", "nccl-tree"])
        t = lambda name: probe(st, "algorithm_time", schedule=name, unit="s")  # noqa: E731
        assert t("ring") == 14 * (a + Fraction(S, 8) / B)
        assert t("tree") == 6 * (a + S / B)
        assert t("recursive-doubling") == 3 * (a + S / B)
        assert t("rabenseifner") == 6 * a + 2 * Fraction(7, 8) * S / B
        assert t("nccl-tree") == 6 * (a + Fraction(S, 2) / B)


def test_the_explorers_N_not_the_examples():
    st = lab(N=8, show=["recursive-doubling"])
    act(st, "set_costs", N=16)
    a, B = 1 * US, Fraction(10 * GB)
    assert probe(st, "algorithm_time", schedule="recursive-doubling") == 4 * (a + KB / B)
    act(st, "set_costs", N=64)
    with pytest.raises(RinglabError, match="up to 32 cores"):
        probe(st, "algorithm_time", schedule="recursive-doubling")


def test_cheaper_by_message_size_and_the_crossover_by_algebra():
    st = lab(N=8, size="1KB", show=["recursive-doubling"])
    assert (
        probe(st, "which_schedule", a="ring", b="recursive-doubling", what="time")
        == "recursive-doubling"
    )
    assert probe(st, "fastest_schedule") == "recursive-doubling"
    # 3α + 3S/B = 14α + (14/8)S/B  ⇒  S = 11α / (1.25/B) = 8.8 αB = 88 KB
    assert probe(st, "schedule_crossover", a="recursive-doubling", b="ring", unit="KB") == 88
    assert probe(st, "schedule_crossover", a="ring", b="recursive-doubling", unit="B") == 88000
    act(st, "set_costs", size="1GB")
    assert probe(st, "which_schedule", a="ring", b="recursive-doubling", what="time") == "ring"
    assert probe(st, "fastest_schedule") == "ring"
    act(st, "show_schedules", names=["recursive-doubling", "swing", "rabenseifner"])
    # Rabenseifner and Swing tie at 6α + 1.75 S/B, below the ring's 14α + 1.75 S/B
    assert probe(st, "which_schedule", a="rabenseifner", b="swing", what="time") == "tie"
    assert probe(st, "fastest_schedule") == "rabenseifner"  # the first on a tie
    with pytest.raises(RinglabError, match="no crossover"):
        probe(st, "schedule_crossover", a="swing", b="rabenseifner")


def test_which_schedule_by_steps_and_link_load():
    st = lab(N=8, show=["recursive-doubling"])
    assert (
        probe(st, "which_schedule", a="ring", b="recursive-doubling", what="steps")
        == "recursive-doubling"
    )
    assert (
        probe(st, "which_schedule", a="ring", b="recursive-doubling", what="steps", most=True)
        == "ring"
    )
    assert (
        probe(
            st,
            "which_schedule",
            a="ring",
            b="recursive-doubling",
            what="link_load",
            step=3,
            most=True,
        )
        == "recursive-doubling"
    )
    assert (
        probe(st, "which_schedule", a="ring", b="recursive-doubling", what="link_load", step=1)
        == "tie"
    )
    with pytest.raises(RinglabError, match="needs a step"):
        probe(st, "which_schedule", a="ring", b="tree", what="link_load")


# -- the lesson -----------------------------------------------------------------------------------


def test_lesson_17_replays_and_uses_the_new_probes():
    from pathlib import Path

    path = Path(__file__).parents[2] / "lessons" / "17-which-allreduce.md"
    r = check_file(path)
    assert r.ok, r.problems
    lesson = load_lesson(path)
    used = {b.show.name for b in lesson.blocks if hasattr(b, "show") and b.show is not None}
    assert {"which_schedule", "link_load"} <= used

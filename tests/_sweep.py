"""Exhaustive sweeps split between the inner loop and the full suite (issue 31): a sweep that
repeats one check over every lesson, key or size keeps in ``-m "not slow"`` one case per
distinct layout it can meet, and marks the rest ``slow`` — the full suite still runs them all."""

import pytest


def split_sweep(cases, ids, fast):
    """``cases`` (tuples of argument values) as ``pytest.param``\\ s named by ``ids``; a case
    for which ``fast(*case)`` is true stays in the inner loop, every other one is ``slow``."""
    return [
        pytest.param(*case, id=name, marks=() if fast(*case) else pytest.mark.slow)
        for case, name in zip(cases, ids, strict=True)
    ]


def first_of_each(cases, ids, kind):
    """``split_sweep`` keeping in the inner loop the first case of each distinct ``kind(*case)``
    (one lesson per kind of task, one slide per code, ...); a case whose kind is ``None`` is
    never in it."""
    seen = set()

    def first(*case):
        k = kind(*case)
        new = k is not None and k not in seen
        seen.add(k)
        return new

    return split_sweep(cases, ids, first)


def sizes_keeping(sizes, fast: int):
    """``sizes`` as ``pytest.param``\\ s named ``size0``, ``size1``, …: ``sizes[fast]`` in the
    inner loop, the others ``slow`` (a module's size tests each keep a different one, so the
    inner loop still meets every size)."""
    return split_sweep(
        [(s,) for s in sizes], [f"size{i}" for i in range(len(sizes))], lambda s: s == sizes[fast]
    )

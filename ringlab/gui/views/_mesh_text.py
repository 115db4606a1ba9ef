"""The Mesh tab's words: the hop table, the note on ring codes and the mesh, the step's caption
and the "computing …" lines."""

from __future__ import annotations

from ._mesh_compute import MeshKey, MeshResult

RING_NOTE = (
    "<b>Ring codes and this mesh.</b> Over GF(2) a sum all-reduce is an XOR all-reduce, so every "
    "GF(2) code in the editor is an XOR scheme too. The models differ: here every node must end "
    "with <i>every</i> block (all-gather, N blocks each, decoded one by one from "
    "d<sub>i</sub>⊕d<sub>i+1</sub> chains); a ring code ends with the one sum Σx<sub>i</sub> "
    "(reduce). Here packets follow multi-hop dimension-order routes on a 2-D (or n-D) mesh and "
    "cost hops; on the ring every transmission is one link i→i+1 per time step and costs time."
)


def totals_html(r: MeshResult) -> str:
    """The hop table of ``r``: hops, steps, packets and unicasts per scheme, and the grouping."""
    rows = "".join(
        f"<tr><td>{name}</td><td align=right>{hops:,}</td>"
        f"<td align=right>{steps}</td><td align=right>{packets:,}</td>"
        f"<td align=right>{unicasts:,}</td></tr>"
        for name, hops, steps, packets, unicasts in r.rows
    )
    c = r.schedules["coded"]
    gp = c.grouping
    return (
        f"<b>{r.mesh.name}, {r.mesh.N} nodes — {r.key.measure} hops</b>"
        f"<table cellspacing=4><tr><th align=left>scheme</th><th>hops</th><th>steps</th>"
        f"<th>packets</th><th>unicasts</th></tr>{rows}</table>"
        f"coded: group {gp.M} ({'×'.join(map(str, gp.extents))}, {gp.G} "
        f"group{'s' * (gp.G != 1)}), base "
        f"{c.options['base']}, intermediate nodes dark"
    )


def note_html(code, coded_run) -> str:
    """How ``code`` (the editor's ring code) relates to the mesh, and the coded run's check."""
    field = getattr(code.field, "name", str(code.field))
    here = (
        "it is over GF(2), so it is an XOR scheme already"
        if field == "GF(2)"
        else f"it is over {field}; over GF(2) its sums would be XORs"
    )
    check = ""
    if coded_run is not None:
        n = len(coded_run.decodes)
        ok = coded_run.complete
        check = (
            f"<br><span style='color:{'#2b8a3e' if ok else '#d6336c'}'>"
            f"{'✓' if ok else '✗'} coded run on real bytes: {n} XOR decodes checked "
            f"against the original blocks, every node {'holds' if ok else 'lacks'} "
            f"every block.</span>"
        )
    return f"{RING_NOTE} The code in the editor: {here}.{check}"


def step_caption(schedule, step: int, hops: int, measure: str) -> str:
    st = schedule.steps[step]
    return (
        f"<b>{schedule.name}, step {st.name}</b>: {st.title} — {st.packets:,} packets, "
        f"{hops:,} {measure} hops"
    )


def computing_lines(key: MeshKey) -> tuple[str, str, str]:
    """While ``key`` is computed: the busy line, the plots' placeholder and the table's."""
    m = key.mesh
    return (
        f"Computing the {m.name} ({m.N} nodes): schedules, {key.measure} hops, group-size sweep …",
        f"computing the {m.name} …",
        f"<b>{m.name}, {m.N} nodes — {key.measure} hops</b><br><i>computing …</i>",
    )

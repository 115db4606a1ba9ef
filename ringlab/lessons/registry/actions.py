"""The actions: what a lesson may do to the app, each as the app's own widget does it."""

from __future__ import annotations

from ...core.code import K_RANGE, N_RANGE, T_RANGE
from ...core.errors import RinglabError
from .algorithms import EXTRAS, check_names, ordered
from .data import check_data_name, data_file
from .limits import EXAMPLE_N, EXPLORER_N, INDEX, NODE, SEARCH_K, SEARCH_N, SEARCH_T, SEED, short
from .signature import MATRICES, Bool, Int, List, Mapping, OneOf, Text, Value, action


@action("load_preset", name=Text(), field=Text(optional=True))
def _load_preset(st, name, field=None):
    from ...core.presets import preset

    st.set_code(preset(name, field or "Q"))


@action("load_data", name=Text(100, check=check_data_name))
def _load_data(st, name):
    from ...core.codefile import loads_code

    if name.endswith(".json") and not name.endswith(".ringlab.json"):
        raise RinglabError(f"data {name!r}: load_data opens a code (a *.ringlab.json file)")
    p = data_file(name)
    try:
        code = loads_code(p.read_text(encoding="utf-8"), f"data:{name}")
    except RinglabError as e:  # a shipped code is valid; never echo a file's content
        raise RinglabError(short(f"data {name!r}: not a valid code ({e})", 200)) from None
    st.set_code(code, origin="a lesson's code")


@action("load_code", code=Mapping())
def _load_code(st, code):
    from ...core.codefile import code_from_dict

    data = {"format": "ringlab-code", "version": 1, **code}
    code = code_from_dict(data, "inline code")
    st.set_code(code, origin="a lesson's code")


@action(
    "set_entry",
    node=Int(NODE),
    matrix=OneOf(MATRICES),
    row=Int(INDEX),
    col=Int(INDEX),
    value=Value(),
)
def _set_entry(st, node, matrix, row, col, value):
    st.set_entry(node, matrix, row, col, str(value))  # as the editor's grid does


@action("set_matrix", node=Int(NODE), matrix=OneOf(MATRICES), rows=List())
def _set_matrix(st, node, matrix, rows):
    st.set_code(st.code.with_matrix(node, matrix, [[str(v) for v in r] for r in rows]))


@action("solve_translation", node=Int(NODE))
def _solve_translation(st, node):
    if not 0 <= node < st.code.N:
        raise RinglabError(f"node {node} does not exist: nodes are 0..{st.code.N - 1}")
    st.set_code(st.code.with_translation_solved(node))


@action(
    "resize",
    N=Int(N_RANGE, optional=True),
    K=Int(K_RANGE, optional=True),
    T=Int(T_RANGE, optional=True),
)
def _resize(st, N=None, K=None, T=None):
    st.set_code(st.code.resized(N, K, T)[0])


@action("set_field", field=Text())
def _set_field(st, field):
    st.set_code(st.code.with_field(field))


@action("show_tab", tab=OneOf(("Editor", "Propagation", "Schedules", "Search", "Mesh")))
def _show_tab(st, tab):
    st.tab = tab


@action("set_step", step=Int((0, T_RANGE[1])))
def _set_step(st, step):
    if not 0 <= step <= st.code.T:
        raise RinglabError(f"walkthrough step {step}: expected 0..T = 0..{st.code.T}")
    st.step = step


@action("set_inputs", inputs=Value(), seed=Int(SEED, optional=True))
def _set_inputs(st, inputs, seed=None):
    if not (inputs in ("random", "matmul") or isinstance(inputs, list)):
        raise RinglabError(f"inputs {inputs!r}: expected random, matmul or an N×K list")
    old = (st.inputs, st.seed)
    st.inputs, st.seed = inputs, st.seed if seed is None else seed
    try:
        st.resolved_inputs()
    except RinglabError:
        st.inputs, st.seed = old
        raise


@action("set_schedule_step", step=Int(INDEX))
def _set_schedule_step(st, step):
    top = st.comparison().max_steps
    if not 0 <= step <= top:
        raise RinglabError(f"schedules step {step}: expected 0..{top}")
    st.schedule_step = step


@action("set_example", N=Int(EXAMPLE_N))
def _set_example(st, N):
    from ...core.schedules import default_example

    default_example(N)  # refuses N out of range, with the range
    st.example_N = N


@action(
    "set_costs",
    alpha=Value(optional=True),
    bandwidth=Value(optional=True),
    size=Value(optional=True),
    N=Int(EXPLORER_N, optional=True),
)
def _set_costs(st, alpha=None, bandwidth=None, size=None, N=None):
    from ...core.schedules import parse_bandwidth, parse_bytes, parse_seconds

    new = {}
    if alpha is not None:
        parse_seconds(alpha)
        new["alpha"] = str(alpha)
    if bandwidth is not None:
        parse_bandwidth(bandwidth)
        new["bandwidth"] = str(bandwidth)
    if size is not None:
        parse_bytes(size)
        new["size"] = str(size)
    if N is not None:
        if not 2 <= N <= 1024:
            raise RinglabError(f"explorer N = {N}: expected 2..1024 cores")
        new["explorer_N"] = N
    st.update(**new)  # one act: the explorer never shows half of it


@action(
    "run_search",
    N=Int(SEARCH_N),
    K=Int(SEARCH_K),
    T=Int(SEARCH_T),
    field=Text(optional=True),
    routing=Bool(optional=True),
    load=Bool(optional=True),
)
def _run_search(st, N, K, T, field="GF(2)", routing=False, load=False):
    from ...state import SearchRequest

    # headless it runs now; in the window the Search tab's worker runs it (never the GUI
    # thread) and the outcome reaches the state, and the lesson's checks, when it ends
    st.run_search(SearchRequest(N, K, T, field, bool(routing), timeout=60, load=bool(load)))


@action("type_answer", id=Text(), value=Value())
def _type_answer(st, id, value):
    st.set_answer(id, value)


@action("show_schedules", names=List(check=check_names))
def _show_schedules(st, names):
    st.schedules = ordered(names)


@action("show_schedule", name=OneOf(EXTRAS), shown=Bool(optional=True))
def _show_schedule(st, name, shown=True):
    now = set(st.schedules)
    st.schedules = ordered(now | {name} if shown else now - {name})

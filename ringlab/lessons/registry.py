r"""The whitelist: every action a lesson may take and every value it may ask about.

A lesson never contains code.  It names an **action** (moves the app) or a **probe** (reads a
value the app shows) from the tables below, with arguments checked when the file is parsed
(an unknown name or argument is a malformed lesson, exit 2).  A **check** is a probe and one
comparison: ``{probe: args, equals: X}``, ``approx: X`` with ``tol`` (relative), ``at_least``,
``at_most``, ``one_of: [..]``.  Actions run on a :class:`~ringlab.lessons.state.LabState`
headless; the app's Lessons panel applies the same names to the window (a table of
``name → (state_method, widget)`` is all it needs), so names and arguments are generic.

In a lesson, a call is ``name: {arg: value, …}``; ``name: value`` when the call has one
required argument; ``name`` (or ``name: {}``) when it has none.  ``?`` marks an optional one.

Actions

=================== ================================================ ==============================
name                arguments                                        what it does
=================== ================================================ ==============================
load_preset         name, field?                                     File → preset (ringlab.preset)
load_data           name                                             open a code shipped in ringlab.data
load_code           code                                             an inline code (the file format)
set_entry           node, matrix, row, col, value                    type one entry into M/Lambda/R/T
set_matrix          node, matrix, rows                               paste a whole matrix
solve_translation   node                                             T_i back to "solved (eq. 6)"
resize              N?, K?, T?                                       the N/K/T boxes
set_field           field                                            the field box
show_tab            tab                                              Editor/Propagation/Schedules/Search/Mesh
set_step            step                                             Propagation: walkthrough step t
set_inputs          inputs, seed?                                    random / matmul / an N×K list
set_schedule_step   step                                             Schedules: the step scrubber
set_example         N                                                Schedules: worked example's cores
set_costs           alpha?, bandwidth?, size?, N?                    Schedules: cost explorer (N: its cores)
run_search          N, K, T, field?, routing?, load?                 Search: run one search
type_answer         id, value                                        the lesson's own answer box
show_schedules      names                                            Schedules: the algorithms shown beside ring/tree
show_schedule       name, shown?                                     Schedules: tick (or untick) one algorithm
=================== ================================================ ==============================

Probes (what the app shows; numbers are exact fractions unless a float is the only truth)

=================== ================================================ ==============================
name                arguments                                        value
=================== ================================================ ==============================
param               name                                             N, K, T, field or rate of the code
entry               node, matrix, row, col                           an entry of M/Lambda/R/T (T: effective)
feasible                                                             Theorem 2 verdict (bool)
check_ok            node, j                                          one check of eq. (5) is I_K (bool)
check_entry         node, j, row, col                                an entry of that check's K×K matrix
failing_checks                                                       how many checks of eq. (5) fail
reduce_multicast                                                     the Sec. III-B shape (bool)
min_T               N?, K?                                           max(Prop. 1, Theorem 3 when N = 3)
prop1_min_T         N?, K?                                           K + N − 2
theorem3_min_T      K?                                               ⌈4K/3⌉
graph_count         what, N?, T?                                     G_T: nodes / transmission / storage / edges
sent                node, t                                          value of y_{i→}^(t) on the inputs
sent_symbol         node, t                                          y_{i→}^(t) as a combination of x_{j,k}
decoded             node, k                                          ẑ_i entry k (1-based) on the inputs
decodes             node                                             node i decodes the true sum (bool)
wrong_nodes                                                          nodes that decode wrong (list)
first_wrong_node                                                     the first of them (None: all right)
view                what                                             tab / step / schedule_step shown now
partial             core, col                                        X_i·W_i entry (worked example)
target              col                                              X·W entry
schedule_cell       schedule, step, core, chunk                      a grid cell after `step` steps
schedule_send       schedule, step, core                             what `core` sends on step (1-based)
chunk_owner         schedule, step, chunk                            the core(s) holding the finished chunk
schedule_steps      schedule                                         number of steps
schedule_complete   schedule                                         every core ends with the sum (bool)
cost                schedule, what, unit?                            time/messages/bytes_sent/… of one schedule
seed001_estimate    unit?                                            2S/B + 2(N−1)α
lower_bound         unit?                                            2S(N−1)/N bytes per worker
crossover           a, b, unit?                                      size where the faster of a, b changes
search_status       N, K, T, field?, routing?                        found / impossible / undecided
search_proof        N, K, T, field?, routing?                        SAT / Proposition 1 / "" (found)
rate_table          N, K, routing?                                   smallest T in the shipped rate table
rate_table_field    N, K, field, routing?                            the same over GF(2), GF(3), GF(2^2) or GF(2^3)
rate_table_status   N, K, field, routing?                            proven / found (an upper bound) / undecided
conjecture          N, K                                             the table's verdict on max(K+N−2, ⌈2K(N−1)/N⌉)
counting_bound      N, K                                             ⌈K(N+1)/N⌉ (Theorem 3's argument, any N)
conjecture_T        N, K                                             max(K+N−2, ⌈2K(N−1)/N⌉), the table's T*
coding_gain_cells   N, field?                                        K of row N: both minima exact, general < routing
rate_table_found_by N, K, field, routing?                            where its code came from (the search over this field, …)
strategy            memory, matmul_fits?, layers_fit?                seed 001's recipe: DP, ZeRO-1, …
strategy_comm       name                                             what a strategy communicates per step
strategy_volume     name?, N?                                        S_θ moved per worker per step (ZeRO paper); no name: DP, ZeRO-1/2/3
answer              id                                               what the student typed
mesh_hops           k, scheme, group?, n?, torus?                    hops of an all-to-all broadcast (source 002)
mesh_best_group     k, n?, torus?                                    the group size with the fewest coded hops
mesh_fig3_transfers step                                             transfers in step A..G of Fig. 3
mesh_fig3_decodes                                                    every XOR of Fig. 3 decodes to the true block
schedules_shown                                                      the algorithms ticked beside ring, tree, the code
algorithm_steps     schedule                                         steps of any shown schedule on the example
algorithm_refused   schedule                                         it is not defined for the example's N (bool)
link_load           schedule, step, core?, way?                      (b) messages on a directed link; no core: busiest
ring_slots          schedule                                         (b) Σ over steps of the busiest link's messages
max_link_bytes      schedule, unit?                                  (b) most bytes on one directed link, whole run
algorithm_time      schedule, unit?                                  (a) α-β time on the explorer's N, fully connected
fastest_schedule                                                     (a) the fastest of ring, tree and the shown, at S
schedule_crossover  a, b, unit?                                      (a) size where the faster of any two shown changes
which_schedule      a, b, what, step?, most?                         the one with less (most: more) steps/time/load…
=================== ================================================ ==============================

``schedule`` is ``ring``, ``tree`` or ``coded``; ``unit`` a time (``s``, ``ms``, ``us``) or a
size (``B``, ``KB``, ``MB``, ``GB``; 1 KB = 1000 B as in the seeds); ``matrix`` is ``M``,
``Lambda``, ``R`` or ``T``; nodes, rows, columns, chunks and t count from 0 as in the app.

Issue 23's probes (``algorithm_steps`` … ``which_schedule``) take any schedule the core traces
— ``ring``, ``tree``, ``recursive-doubling``, ``rabenseifner``, ``swing``, ``bruck``,
``bruck-bw``, ``trivance``, ``trivance-bw``, ``nccl-tree`` — and read it only while the
Schedules tab shows it (ring and tree always; the others once ticked, ``show_schedule``).  (a)
is model (a) of :mod:`ringlab.core.schedules.models`, α-β on a fully connected network, on the
cost explorer's N; (b) is model (b), the paper's bidirectional ring, on the worked example;
``way`` is +1 for the link i → i+1 and −1 for i → i−1.

**Limits.**  Every argument is bounded before anything runs — when the lesson is parsed (a
malformed lesson, exit 2) and again on every call (one short RinglabError line): N, K, T as the
app's own boxes allow (``resize``, ``graph_count``, ``min_T``… N 2..32, K 1..64, T 1..128;
``run_search`` as the Search form, N 2..12, K 1..16, T 1..40), mesh k 2..32 and n 1..10, any
other integer within ±10⁶, texts of at most 200 characters (2000 inside a value), at most
10 000 values in a list or mapping, numbers written as text of at most 100 characters with
|exponent| ≤ 300, a field Q, R, GF(p) with p < 2³¹ or GF(p^m) with m ≤ 16, ``load_data`` a
plain file name of ``ringlab.data``.  See the ``*_LIMIT`` constants.
"""

from __future__ import annotations

import math
import numbers
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import wraps

from ..core.code import K_RANGE, N_RANGE, T_RANGE
from ..core.errors import RinglabError
from . import strategies

KINDS = ("int", "str", "num", "bool", "list", "dict", "any")
MATRICES = ("M", "Lambda", "R", "T")
SCHEDULES = ("ring", "tree", "coded")
TIME_UNITS = {
    "s": Fraction(1),
    "ms": Fraction(1, 10**3),
    "us": Fraction(1, 10**6),
    "µs": Fraction(1, 10**6),
    "ns": Fraction(1, 10**9),
}
SIZE_UNITS = {"B": 1, "KB": 10**3, "MB": 10**6, "GB": 10**9}


# -- limits ---------------------------------------------------------------------------------
# Whatever a lesson file (or a student's answer box) passes to an action or a probe is bounded
# before anything runs: sizes the app's own widgets allow, nothing that can take a noticeable
# time.  Checked when the file is parsed (a malformed lesson, exit 2) and again on every call.
INT_LIMIT = 10**6  # any integer argument without a range of its own: |v| ≤ this
TEXT_LIMIT = 200  # a name, id, field, unit… (top-level text argument), in characters
NESTED_TEXT_LIMIT = 2000  # any other text: in a list/mapping, a typed answer, a value
ITEMS_LIMIT = 10_000  # values in one list/mapping argument (an inline code, inputs, rows)
DEPTH_LIMIT = 8  # nesting of lists/mappings in one argument (a code needs 5)
NESTED_INT_LIMIT = 10**30  # an integer inside a list or mapping (matrix entries, inputs)
NUMBER_TEXT_LIMIT = 100  # "1/2", "-3.5e-4": characters of a number written as text
EXPONENT_LIMIT = 300  # |exponent| of such a number (10**300 is instant; 10**999999999 hangs)
DIGITS_LIMIT = 100  # a run of digits in any text argument
SEARCH_N, SEARCH_K, SEARCH_T = (2, 12), (1, 16), (1, 40)  # the Search form's spin boxes
EXAMPLE_N = (2, 32)  # the worked example's cores (ringlab.core.schedules.TRACE_N_RANGE)
EXPLORER_N = (2, 1024)  # the cost explorer's cores
MESH_K, MESH_N = (2, 32), (1, 10)  # 32² = 1024 = the mesh's MAX_NODES
SEED = (0, 2**32 - 1)
MAX_PRIME, MAX_EXTENSION = 2**31 - 1, 16  # GF(p) / GF(2^m) the app offers
MESSAGE_LIMIT = 300  # characters of any error message (never a whole value)


@dataclass(frozen=True)
class Param:
    name: str
    kind: str
    required: bool = True
    choices: tuple | None = None
    lo: int | None = None  # int: smallest value
    hi: int | None = None  # int: largest value; str: most characters
    check: object = None  # value -> why it is refused (None: fine), after the checks above


@dataclass(frozen=True)
class Entry:
    kind: str  # "action" | "probe"
    name: str
    params: tuple
    func: object

    @property
    def required(self) -> list:
        return [p.name for p in self.params if p.required]

    def signature(self) -> str:
        return (
            ", ".join(p.name + ("" if p.required else "?") for p in self.params) or "no arguments"
        )


def _r(lo_hi) -> str:
    return f"[{lo_hi[0]}..{lo_hi[1]}]"


_NODE = _r((0, N_RANGE[1] - 1))  # a node of the largest ring the app holds
_INDEX = _r((0, max(T_RANGE[1], K_RANGE[1])))  # a row, column, step, chunk, t, k or j
_SEARCH_NKT = f"{_r(SEARCH_N)} K:int{_r(SEARCH_K)} T:int{_r(SEARCH_T)}"


ACTIONS: dict[str, Entry] = {}
PROBES: dict[str, Entry] = {}


_SPEC = re.compile(
    r"(?P<name>\w+):(?P<kind>[a-z]+)(?:\[(?P<lo>-?\d+)?\.\.(?P<hi>-?\d+)\])?"
    r"(?:=(?P<choices>[^?]+))?(?P<optional>\?)?"
)


def _params(spec: str) -> tuple:
    """``"node:int matrix:str=M|Lambda|R|T N:int[2..32]? field:str?"`` → Params.

    ``[lo..hi]`` bounds an integer (an ``int`` without one is bounded by ±INT_LIMIT) or the
    length of a text (default TEXT_LIMIT)."""
    out = []
    for item in spec.split():
        m = _SPEC.fullmatch(item)
        assert m, item
        kind = m["kind"]
        assert kind in KINDS, kind
        choices = tuple(m["choices"].split("|")) if m["choices"] else None
        lo = int(m["lo"]) if m["lo"] else None
        hi = int(m["hi"]) if m["hi"] else None
        if kind == "int" and lo is None:
            lo = -INT_LIMIT
        if kind == "int" and hi is None:
            hi = INT_LIMIT
        if kind == "str" and hi is None:
            hi = TEXT_LIMIT
        out.append(Param(m["name"], kind, not m["optional"], choices, lo, hi))
    return tuple(out)


def _guarded(name: str, params: tuple, f):
    """``f`` with every argument checked against ``params`` first (a call from a lesson, the
    Lessons panel or a test: all are refused with one short line, before anything runs)."""
    known = {p.name: p for p in params}

    @wraps(f)
    def run(st, **args):
        for key, v in args.items():
            p = known.get(key)
            why = f"unknown argument {key!r}" if p is None else check_arg(p, v)
            if why:
                raise RinglabError(short(f"{name}: {why}"))
        return f(st, **args)

    return run


def _with_checks(params: tuple, checks: dict | None) -> tuple:
    return tuple(
        replace(p, check=checks[p.name]) if checks and p.name in checks else p for p in params
    )


def action(name: str, spec: str = "", checks: dict | None = None):
    def deco(f):
        params = _with_checks(_params(spec), checks)
        ACTIONS[name] = Entry("action", name, params, _guarded(name, params, f))
        return f

    return deco


def probe(name: str, spec: str = "", checks: dict | None = None):
    def deco(f):
        params = _with_checks(_params(spec), checks)
        PROBES[name] = Entry("probe", name, params, _guarded(name, params, f))
        return f

    return deco


def check_arg(p: Param, v) -> str | None:
    """Why ``v`` does not fit ``p`` (None if it does): its kind, its choices and its limits."""
    ok = {
        "int": isinstance(v, int) and not isinstance(v, bool),
        "str": isinstance(v, str),
        "num": (isinstance(v, (int, float)) and not isinstance(v, bool)) or _is_number_text(v),
        "bool": isinstance(v, bool),
        "list": isinstance(v, list),
        "dict": isinstance(v, dict),
        "any": True,
    }[p.kind]
    if not ok:
        return f"{p.name} must be {_KIND_WORDS[p.kind]}, got {brief(v)}"
    if p.choices and str(v) not in p.choices:
        return f"{p.name} must be one of {', '.join(p.choices)}, got {brief(v)}"
    if p.kind == "int" and not p.lo <= v <= p.hi:
        return f"{p.name} = {brief(v)} is out of range: expected {p.lo}..{p.hi}"
    if p.kind == "str" and len(v) > p.hi:
        return f"{p.name} is {len(v)} characters long: at most {p.hi}"
    if p.kind == "num":
        try:
            to_number(v)
        except (ValueError, TypeError, ZeroDivisionError) as e:
            return f"{p.name}: {e}"
    why = _check_value(v, p.name, 0, [0])
    if why is None and p.name == "field":
        why = check_field_name(v)
    if why is None and p.check is not None:
        why = p.check(v)
    return why


def _check_value(v, where: str, depth: int, count: list) -> str | None:
    """Limits on any value: nesting, number of items, texts, numbers (see the table above)."""
    count[0] += 1
    if count[0] > ITEMS_LIMIT:
        return f"{where} has more than {ITEMS_LIMIT} values"
    if depth > DEPTH_LIMIT:
        return f"{where} is nested more than {DEPTH_LIMIT} levels deep"
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, int):
        if abs(v) > NESTED_INT_LIMIT:
            return f"{where}: the number {brief(v)} is too large (at most 10^30)"
        return None
    if isinstance(v, float):
        return None if math.isfinite(v) else f"{where}: {v!r} is not a finite number"
    if isinstance(v, numbers.Number):  # a value the app computed (a Fraction): no text
        try:
            return None if math.isfinite(v) else f"{where}: {brief(v)} is not a finite number"
        except (TypeError, ValueError, OverflowError):
            return None
    if isinstance(v, str):
        if len(v) > NESTED_TEXT_LIMIT:
            return f"{where}: a text of {len(v)} characters (at most {NESTED_TEXT_LIMIT})"
        return _check_text(v, where)
    if isinstance(v, (list, tuple)):
        for k, x in enumerate(v):
            why = _check_value(x, f"{where}[{k}]", depth + 1, count)
            if why:
                return why
        return None
    if isinstance(v, dict):
        for key, x in v.items():
            if not isinstance(key, str) or len(key) > TEXT_LIMIT:
                return f"{where}: keys must be short texts, got {brief(key)}"
            why = _check_value(x, f"{where}.{key}", depth + 1, count)
            if why is None and key == "field":
                why = check_field_name(x)
            if why:
                return why
        return None
    return f"{where}: {brief(v)} is not a number, text, list or mapping"


_EXPONENT = re.compile(r"(?<=[0-9.])[eE][+\-−]?0*([0-9]+)")  # 1e999999999, 2.E-5000
_DIGITS = re.compile(rf"\d{{{DIGITS_LIMIT + 1},}}")


def _check_text(s: str, where: str) -> str | None:
    """A text that a number parser might take literally: no huge exponent, no endless digits."""
    if _DIGITS.search(s):
        return f"{where}: a number of more than {DIGITS_LIMIT} digits"
    for m in _EXPONENT.finditer(s):
        if len(m.group(1)) > 4 or int(m.group(1)) > EXPONENT_LIMIT:
            return f"{where}: exponent {m.group(0)[:12]!r} is out of range (|exponent| ≤ {EXPONENT_LIMIT})"
    return None


_FIELD = re.compile(r"(?:QQ?|RR?|GF\(([0-9]+)(?:\^([0-9]+))?\))")


def check_field_name(v) -> str | None:
    """Why ``v`` is not a field the app could offer (Q, R, GF(p) with p < 2^31, GF(p^m) with
    m ≤ 16); checked before the field is built, so a 40-digit "prime" is refused at once."""
    if not isinstance(v, str):
        return f"field must be text such as Q, GF(2) or GF(2^8), got {brief(v)}"
    m = _FIELD.fullmatch(v.replace(" ", ""))
    if not m:
        return f"field {brief(v)}: expected Q, R, GF(p) or GF(p^m)"
    p, e = m.group(1), m.group(2) or "1"
    if p and (len(p) > 10 or len(e) > 3 or int(p) > MAX_PRIME or int(e) > MAX_EXTENSION):
        return f"field {brief(v)} is too large (p < 2^31, m ≤ {MAX_EXTENSION})"
    return None


def brief(v, limit: int = 60) -> str:
    """``repr(v)``, cut to ``limit`` characters: an error never echoes a whole value."""
    if isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > 3 * limit:
        return f"<an integer of about {int(v.bit_length() * 0.30103) + 1} digits>"
    if isinstance(v, (list, tuple, dict)) and len(v) > limit:
        return f"<a {type(v).__name__} of {len(v)} items>"
    if isinstance(v, str) and len(v) > limit:
        v = v[:limit]
        return repr(v)[:-1] + "…" + repr(v)[-1]
    try:
        r = repr(v)
    except (ValueError, RecursionError):
        return f"<a {type(v).__name__}>"
    return r if len(r) <= limit else r[: limit - 1] + "…"


def short(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """One line of at most ``limit`` characters."""
    message = " ".join(str(message).split("\n"))
    return message if len(message) <= limit else message[: limit - 1] + "…"


_KIND_WORDS = {
    "int": "an integer",
    "str": "text",
    "num": "a number",
    "bool": "true or false",
    "list": "a list",
    "dict": "a mapping",
    "any": "a value",
}


def _is_number_text(v) -> bool:
    try:
        to_number(v)
        return isinstance(v, str)
    except (ValueError, ZeroDivisionError, TypeError):
        return False


_NUMBER = re.compile(
    r"""\s*(?P<sign>[+\-−]?)\s*(?:
        (?P<num>[0-9]+)\s*/\s*(?P<dsign>[+\-−]?)(?P<den>[0-9]+)                # 1/2, −3/-4
      | (?P<dec>(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(?:[eE](?P<exp>[+\-−]?[0-9]+))?   # 3, -3.5, 1e-6
    )\s*""",
    re.VERBOSE,
)


def to_number(v) -> Fraction:
    """An exact number from an int, a float (by its shortest decimal), ``"1/2"`` or ``"-3.5"``.

    Text must be a plain number — sign (``-``, ``+`` or ``−``), digits, ``a/b``, a decimal point,
    an exponent — of at most NUMBER_TEXT_LIMIT characters and |exponent| ≤ EXPONENT_LIMIT:
    ``"1e999999999"`` would build a billion-digit rational (the window froze), so it is a
    ValueError at once, as are infinity and NaN."""
    if isinstance(v, bool):
        raise TypeError("a truth value is not a number")
    if isinstance(v, (int, Fraction)):
        return Fraction(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise ValueError(f"{v!r} is not a finite number")
        return Fraction(repr(v))
    if isinstance(v, str):
        if len(v) > NUMBER_TEXT_LIMIT:
            raise ValueError(
                f"{brief(v, 20)} is too long for a number "
                f"({len(v)} characters; at most {NUMBER_TEXT_LIMIT})"
            )
        m = _NUMBER.fullmatch(v)
        if not m:
            raise ValueError(f"{brief(v, 40)} is not a number (expected e.g. 3, -1/2, 0.25, 1e-6)")
        neg = m["sign"] in ("-", "−")
        if m["num"] is not None:
            den = int(m["den"])
            if den == 0:
                raise ZeroDivisionError(f"{brief(v, 40)} divides by zero")
            x = Fraction(int(m["num"]), den)
            return -x if neg != (m["dsign"] in ("-", "−")) else x
        exp = int(m["exp"].replace("−", "-")) if m["exp"] else 0
        if abs(exp) > EXPONENT_LIMIT:
            raise ValueError(f"{brief(v, 40)} is out of range (|exponent| ≤ {EXPONENT_LIMIT})")
        x = Fraction(m["dec"]) * Fraction(10) ** exp
        return -x if neg else x
    raise TypeError(f"{brief(v)} is not a number")


def _in_unit(value, unit, units, what):
    if unit not in units:
        raise RinglabError(f"unit {unit!r}: expected a {what} unit, one of {', '.join(units)}")
    return Fraction(value) / units[unit]


def _value(F, e):
    """A field element as a plain value: an exact number when it is one, else its text."""
    s = F.format(e)
    try:
        return to_number(s)
    except (ValueError, ZeroDivisionError, TypeError):
        return s


# ============================================================================== actions


@action("load_preset", "name:str field:str?")
def _load_preset(st, name, field=None):
    from ..core.presets import preset

    st.set_code(preset(name, field or "Q"))


_DATA_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*")


def check_data_name(name) -> str | None:
    """Why ``name`` is not a plain file name in ``ringlab.data`` (None if it is one): no folder,
    no ``..``, no drive, no absolute path — decided on the text alone, before any file is
    touched."""
    if not isinstance(name, str) or not name:
        return f"data name must be a file name, got {brief(name)}"
    if (
        len(name) > 100
        or "/" in name
        or "\\" in name
        or ".." in name
        or ":" in name
        or not _DATA_NAME.fullmatch(name)
    ):
        return (
            f"data {brief(name, 40)}: expected the plain name of a file shipped in "
            "ringlab.data (no folders, no '..', no drive or absolute path)"
        )
    return None


def _shipped_data() -> dict:
    """File name → resource of every file at the top of ``ringlab.data``."""
    from importlib.resources import files

    try:
        return {p.name: p for p in files("ringlab.data").iterdir() if p.is_file()}
    except (ModuleNotFoundError, OSError):
        return {}


def data_file(name: str, suffix: str = ".ringlab.json"):
    """A file shipped in ``ringlab.data``: ``name`` is its plain file name (``suffix`` added
    when it has none); anything that is not a file listed there is refused."""
    why = check_data_name(name)
    if why:
        raise RinglabError(why)
    fname = name if name.endswith(".json") else f"{name}{suffix}"
    p = _shipped_data().get(fname)
    if p is None:
        raise RinglabError(f"data {name!r}: no {fname} in ringlab.data")
    return p


@action("load_data", "name:str[..100]", checks={"name": check_data_name})
def _load_data(st, name):
    from ..core.codefile import loads_code

    if name.endswith(".json") and not name.endswith(".ringlab.json"):
        raise RinglabError(f"data {name!r}: load_data opens a code (a *.ringlab.json file)")
    p = data_file(name)
    try:
        code = loads_code(p.read_text(encoding="utf-8"), f"data:{name}")
    except RinglabError as e:  # a shipped code is valid; never echo a file's content
        raise RinglabError(short(f"data {name!r}: not a valid code ({e})", 200)) from None
    st.set_code(code, origin="a lesson's code")


@action("load_code", "code:dict")
def _load_code(st, code):
    from ..core.codefile import code_from_dict

    data = {"format": "ringlab-code", "version": 1, **code}
    code = code_from_dict(data, "inline code")
    st.set_code(code, origin="a lesson's code")


@action(
    "set_entry",
    f"node:int{_NODE} matrix:str=M|Lambda|R|T row:int{_INDEX} col:int{_INDEX} value:any",
)
def _set_entry(st, node, matrix, row, col, value):
    st.set_entry(node, matrix, row, col, str(value))  # as the editor's grid does


@action("set_matrix", f"node:int{_NODE} matrix:str=M|Lambda|R|T rows:list")
def _set_matrix(st, node, matrix, rows):
    st.set_code(st.code.with_matrix(node, matrix, [[str(v) for v in r] for r in rows]))


@action("solve_translation", f"node:int{_NODE}")
def _solve_translation(st, node):
    if not 0 <= node < st.code.N:
        raise RinglabError(f"node {node} does not exist: nodes are 0..{st.code.N - 1}")
    st.set_code(st.code.with_translation_solved(node))


@action("resize", f"N:int{_r(N_RANGE)}? K:int{_r(K_RANGE)}? T:int{_r(T_RANGE)}?")
def _resize(st, N=None, K=None, T=None):
    st.set_code(st.code.resized(N, K, T)[0])


@action("set_field", "field:str")
def _set_field(st, field):
    st.set_code(st.code.with_field(field))


@action("show_tab", "tab:str=Editor|Propagation|Schedules|Search|Mesh")
def _show_tab(st, tab):
    st.tab = tab


@action("set_step", f"step:int{_r((0, T_RANGE[1]))}")
def _set_step(st, step):
    if not 0 <= step <= st.code.T:
        raise RinglabError(f"walkthrough step {step}: expected 0..T = 0..{st.code.T}")
    st.step = step


@action("set_inputs", f"inputs:any seed:int{_r(SEED)}?")
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


@action("set_schedule_step", f"step:int{_INDEX}")
def _set_schedule_step(st, step):
    top = st.comparison().max_steps
    if not 0 <= step <= top:
        raise RinglabError(f"schedules step {step}: expected 0..{top}")
    st.schedule_step = step


@action("set_example", f"N:int{_r(EXAMPLE_N)}")
def _set_example(st, N):
    from ..core.schedules import default_example

    default_example(N)  # refuses N out of range, with the range
    st.example_N = N


@action("set_costs", f"alpha:any? bandwidth:any? size:any? N:int{_r(EXPLORER_N)}?")
def _set_costs(st, alpha=None, bandwidth=None, size=None, N=None):
    from ..core.schedules import parse_bandwidth, parse_bytes, parse_seconds

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


@action("run_search", f"N:int{_SEARCH_NKT} field:str? routing:bool? load:bool?")
def _run_search(st, N, K, T, field="GF(2)", routing=False, load=False):
    from ..state import SearchRequest

    # headless it runs now; in the window the Search tab's worker runs it (never the GUI
    # thread) and the outcome reaches the state, and the lesson's checks, when it ends
    st.run_search(SearchRequest(N, K, T, field, bool(routing), timeout=60, load=bool(load)))


@action("type_answer", "id:str value:any")
def _type_answer(st, id, value):
    st.set_answer(id, value)


# ============================================================================== probes


@probe("param", "name:str=N|K|T|field|rate")
def _param(st, name):
    c = st.code
    return {"N": c.N, "K": c.K, "T": c.T, "field": c.field.name, "rate": c.rate}[name]


@probe("entry", f"node:int{_NODE} matrix:str=M|Lambda|R|T row:int{_INDEX} col:int{_INDEX}")
def _entry(st, node, matrix, row, col):
    c = st.code
    c._check_index(node, matrix, row, col)
    m = st.analysis.report.effective_translation(node) if matrix == "T" else c.matrix(node, matrix)
    return _value(c.field, m[row][col])


@probe("feasible")
def _feasible(st):
    return st.analysis.report.feasible


def _check(st, node, j):
    N = st.code.N
    if not (0 <= node < N and 1 <= j <= N - 1):
        raise RinglabError(f"check (node {node}, j {j}): nodes are 0..{N - 1}, j is 1..{N - 1}")
    return st.analysis.report.check(node, j)


@probe("check_ok", f"node:int{_NODE} j:int{_INDEX}")
def _check_ok(st, node, j):
    return _check(st, node, j).ok


@probe("check_entry", f"node:int{_NODE} j:int{_INDEX} row:int{_INDEX} col:int{_INDEX}")
def _check_entry(st, node, j, row, col):
    m = _check(st, node, j).matrix
    if not (0 <= row < len(m) and 0 <= col < len(m)):
        raise RinglabError(f"check entry ({row}, {col}): the matrix is {len(m)}×{len(m)}")
    return _value(st.code.field, m[row][col])


@probe("failing_checks")
def _failing(st):
    return len(st.analysis.report.failing)


@probe("reduce_multicast")
def _reduce_multicast(st):
    return st.analysis.shape.ok


def _nk(st, N, K):
    return (st.code.N if N is None else N), (st.code.K if K is None else K)


@probe("min_T", f"N:int{_r(N_RANGE)}? K:int{_r(K_RANGE)}?")
def _min_T(st, N=None, K=None):
    from ..core.bounds import bounds

    N, K = _nk(st, N, K)
    return bounds(N, K, 1).min_T


@probe("prop1_min_T", f"N:int{_r(N_RANGE)}? K:int{_r(K_RANGE)}?")
def _prop1(st, N=None, K=None):
    from ..core.bounds import proposition1_min_T

    return proposition1_min_T(*_nk(st, N, K))


@probe("theorem3_min_T", f"K:int{_r(K_RANGE)}?")
def _thm3(st, K=None):
    from ..core.bounds import theorem3_min_T

    return theorem3_min_T(st.code.K if K is None else K)


@probe(
    "graph_count",
    f"what:str=nodes|edges|transmission|storage N:int{_r(N_RANGE)}? T:int{_r(T_RANGE)}?",
)
def _graph_count(st, what, N=None, T=None):
    from ..core.network import time_expanded_graph

    G = time_expanded_graph(st.code.N if N is None else N, st.code.T if T is None else T)
    if what == "nodes":
        return G.number_of_nodes()
    if what == "edges":
        return G.number_of_edges()
    return sum(1 for _, _, d in G.edges(data=True) if d["kind"] == what)


def _node_t(st, node, t=None):
    if not 0 <= node < st.code.N:
        raise RinglabError(f"node {node} does not exist: nodes are 0..{st.code.N - 1}")
    if t is not None and not 0 <= t < st.code.T:
        raise RinglabError(f"t = {t}: transmissions happen at t = 0..{st.code.T - 1}")


@probe("sent", "node:int t:int")
def _sent(st, node, t):
    _node_t(st, node, t)
    return _value(st.code.field, st.trace().sent_values[t][node])


@probe("sent_symbol", "node:int t:int")
def _sent_symbol(st, node, t):
    _node_t(st, node, t)
    tr = st.trace()
    return tr.pretty(tr.sent[t][node])


@probe("decoded", "node:int k:int")
def _decoded(st, node, k):
    _node_t(st, node)
    if not 1 <= k <= st.code.K:
        raise RinglabError(f"k = {k}: symbols are k = 1..{st.code.K}")
    return _value(st.code.field, st.trace().decoded_values[node][k - 1])


@probe("decodes", "node:int")
def _decodes(st, node):
    _node_t(st, node)
    return not st.trace().wrong_entries(node)


@probe("wrong_nodes")
def _wrong_nodes(st):
    tr = st.trace()
    return [i for i in range(st.code.N) if tr.wrong_entries(i)]


@probe("first_wrong_node")
def _first_wrong_node(st):
    wrong = _wrong_nodes(st)
    return wrong[0] if wrong else None


@probe("view", "what:str=tab|step|schedule_step")
def _view(st, what):
    return getattr(st, what)


@probe("partial", "core:int col:int")
def _partial(st, core, col):
    p = st.example().partials
    if not (0 <= core < len(p) and 0 <= col < len(p[0])):
        raise RinglabError(f"partial ({core}, {col}): {len(p)} cores × {len(p[0])} entries")
    return p[core][col]


@probe("target", "col:int")
def _target(st, col):
    t = st.example().target
    if not 0 <= col < len(t):
        raise RinglabError(f"target column {col}: expected 0..{len(t) - 1}")
    return t[col]


def _schedule(st, schedule):
    c = st.comparison()
    tr = c.traces.get(schedule)
    if tr is None:
        raise RinglabError(f"schedule {schedule!r} is not shown: {c.coded_error or 'no code'}")
    return tr


@probe("schedule_cell", "schedule:str=ring|tree|coded step:int core:int chunk:int")
def _schedule_cell(st, schedule, step, core, chunk):
    tr = _schedule(st, schedule)
    if not 0 <= step <= tr.T:
        raise RinglabError(f"{schedule} step {step}: expected 0..{tr.T}")
    if not (0 <= core < tr.N and 0 <= chunk < tr.n_chunks):
        raise RinglabError(
            f"{schedule} cell ({core}, {chunk}): {tr.N} cores × {tr.n_chunks} chunks"
        )
    cell = tr.cell(tr.state_at(step)[core], chunk)
    return cell[0] if len(cell) == 1 else list(cell)


@probe("schedule_send", "schedule:str=ring|tree|coded step:int core:int")
def _schedule_send(st, schedule, step, core):
    tr = _schedule(st, schedule)
    if not 1 <= step <= tr.T:
        raise RinglabError(f"{schedule} step {step}: steps are 1..{tr.T}")
    sends = [s for s in tr.steps[step - 1].sends if s.src == core]
    if not sends:
        return None
    v = sends[0].value
    return v[0] if len(v) == 1 else list(v)


@probe("chunk_owner", "schedule:str=ring|tree|coded step:int chunk:int")
def _chunk_owner(st, schedule, step, chunk):
    tr = _schedule(st, schedule)
    if not (0 <= step <= tr.T and 0 <= chunk < tr.n_chunks):
        raise RinglabError(f"{schedule}: step 0..{tr.T}, chunk 0..{tr.n_chunks - 1}")
    owners = [i for i, row in enumerate(tr.final_at(step)) if row[chunk]]
    return owners[0] if len(owners) == 1 else owners or None


@probe("schedule_steps", "schedule:str=ring|tree|coded")
def _schedule_steps(st, schedule):
    return _schedule(st, schedule).T


@probe("schedule_complete", "schedule:str=ring|tree|coded")
def _schedule_complete(st, schedule):
    return _schedule(st, schedule).complete


def _convert(value, unit, default):
    unit = unit or default
    if unit in TIME_UNITS:
        return _in_unit(value, unit, TIME_UNITS, "time")
    return _in_unit(value, unit, SIZE_UNITS, "size")


_COST = {
    "time": "s",
    "steps": None,
    "messages": None,
    "message_bytes": "B",
    "bytes_per_link": "B",
    "bytes_sent": "B",
}


@probe(
    "cost",
    "schedule:str=ring|tree|coded "
    "what:str=time|steps|messages|message_bytes|bytes_per_link|bytes_sent unit:str?",
)
def _cost(st, schedule, what, unit=None):
    c = st.comparison().costs.get(schedule)
    if c is None:
        raise RinglabError(f"schedule {schedule!r} has no cost: the code does not run here")
    v = {
        "time": c.time,
        "steps": c.steps,
        "messages": c.messages,
        "message_bytes": c.message_bytes,
        "bytes_per_link": c.bytes_per_link,
        "bytes_sent": c.bytes_sent_per_worker,
    }[what]
    return v if _COST[what] is None else _convert(v, unit, _COST[what])


@probe("seed001_estimate", "unit:str?")
def _seed001(st, unit=None):
    return _convert(st.comparison().seed001_estimate, unit, "s")


@probe("lower_bound", "unit:str?")
def _lower_bound(st, unit=None):
    from ..core.schedules import lower_bound_bytes, parse_bytes

    return _convert(lower_bound_bytes(st.example_N, parse_bytes(st.size)), unit, "B")


@probe("crossover", "a:str b:str unit:str?")
def _crossover(st, a, b, unit=None):
    exp = st.comparison().explorer
    for x in exp.crossovers:
        if set(x.between) == {a, b}:
            return _convert(x.S, unit, "B")
    keys = ", ".join(c.key for c in exp.curves)
    raise RinglabError(f"no crossover between {a} and {b} for N = {exp.N} (curves: {keys})")


@probe("search_status", f"N:int{_SEARCH_NKT} field:str? routing:bool?")
def _search_status(st, N, K, T, field="GF(2)", routing=False):
    return st.search(N, K, T, field, routing).status


@probe("search_proof", f"N:int{_SEARCH_NKT} field:str? routing:bool?")
def _search_proof(st, N, K, T, field="GF(2)", routing=False):
    return st.search(N, K, T, field, routing).proof


@probe("rate_table", f"N:int{_r(N_RANGE)} K:int{_r(K_RANGE)} routing:bool?")
def _rate_table(st, N, K, routing=False):
    import json

    data = json.loads(data_file("rate_table.json").read_text(encoding="utf-8"))
    for cell in data["cells"]:
        if cell["N"] == N and cell["K"] == K:
            return cell["routing" if routing else "general"]["min_T"]
    raise RinglabError(f"the rate table has no row N = {N}, K = {K}")


def _rate_cell(N, K):
    import json

    data = json.loads(data_file("rate_table.json").read_text(encoding="utf-8"))
    for cell in data["cells"]:
        if cell["N"] == N and cell["K"] == K:
            return cell
    raise RinglabError(f"the rate table has no row N = {N}, K = {K}")


# the fields as the window names them (the table's keys are the search's GF(q): _table_key)
_FIELDS4 = "GF(2)|GF(3)|GF(2^2)|GF(2^3)"


def _table_key(field: str) -> str:
    """The rate table's key for a field the app names (``GF(2^2)`` → ``GF(4)``)."""
    from ..core.search.encode import search_field

    return search_field(field)


def _field_entry(N, K, field, routing):
    per = _rate_cell(N, K).get("by_field", {})
    field = _table_key(field)
    if field not in per:
        raise RinglabError(
            f"the rate table has no {field} column (it has {', '.join(per) or 'GF(2) only'})"
        )
    return per[field]["routing" if routing else "general"]


@probe(
    "rate_table_field", f"N:int{_r(N_RANGE)} K:int{_r(K_RANGE)} field:str={_FIELDS4} routing:bool?"
)
def _rate_table_field(st, N, K, field, routing=False):
    return _field_entry(N, K, field, routing)["min_T"]


@probe(
    "rate_table_status", f"N:int{_r(N_RANGE)} K:int{_r(K_RANGE)} field:str={_FIELDS4} routing:bool?"
)
def _rate_table_status(st, N, K, field, routing=False):
    return _field_entry(N, K, field, routing)["status"]


@probe("conjecture", f"N:int{_r(N_RANGE)} K:int{_r(K_RANGE)}")
def _conjecture(st, N, K):
    return _rate_cell(N, K)["conjecture"]["verdict"]


@probe("counting_bound", f"N:int{_r(N_RANGE)} K:int{_r(K_RANGE)}")
def _counting_bound(st, N, K):
    return -(-K * (N + 1) // N)


@probe("conjecture_T", f"N:int{_r(N_RANGE)} K:int{_r(K_RANGE)}")
def _conjecture_T(st, N, K):
    """The rate table's conjecture column T* = max(K + N − 2, ⌈2K(N−1)/N⌉): Proposition 1, or
    the classic ring's rate N/(2(N−1)) (docs/rate_table.md; a conjecture for N ≥ 4, K > N)."""
    return max(K + N - 2, -(-2 * K * (N - 1) // N))


@probe("coding_gain_cells", f"N:int{_r(N_RANGE)} field:str={_FIELDS4}?")
def _coding_gain_cells(st, N, field="GF(2)"):
    """The K of row N of the shipped rate table where general codes provably need fewer slots
    than routing only over ``field``: both minima exact (``proven``), general's smaller."""
    import json

    data = json.loads(data_file("rate_table.json").read_text(encoding="utf-8"))
    row = [c for c in data["cells"] if c["N"] == N]
    if not row:
        raise RinglabError(f"the rate table has no row N = {N}")
    field = _table_key(field)
    out = []
    for cell in sorted(row, key=lambda c: c["K"]):
        per = cell.get("by_field", {})
        if field not in per:
            raise RinglabError(f"the rate table has no {field} column")
        g, r = per[field]["general"], per[field]["routing"]
        if (
            g["status"] == r["status"] == "proven"
            and g["min_T"] is not None
            and r["min_T"] is not None
            and g["min_T"] < r["min_T"]
        ):
            out.append(cell["K"])
    return out


def found_by_label(by) -> str:
    """A rate-table entry's ``found_by`` in the words of the Search tab's tooltips."""
    from ..core.search.rates import found_by_words

    return found_by_words(by)


@probe(
    "rate_table_found_by",
    f"N:int{_r(N_RANGE)} K:int{_r(K_RANGE)} field:str={_FIELDS4} routing:bool?",
)
def _rate_table_found_by(st, N, K, field, routing=False):
    return found_by_label(_field_entry(N, K, field, routing).get("found_by"))


@probe("strategy", "memory:str=fits|optimizer|grads|params matmul_fits:bool? layers_fit:bool?")
def _strategy(st, memory, matmul_fits=True, layers_fit=True):
    return strategies.pick(memory, matmul_fits, layers_fit)


@probe("strategy_comm", "name:str")
def _strategy_comm(st, name):
    return strategies.communicates(name)


# Data moved per worker per training step, in units of S_θ (the gradients' size), counted in
# the communication analysis of the ZeRO paper (Rajbhandari et al., SC'20): each entry is a
# number of passes, each a reduce-scatter or an all-gather moving (N−1)/N·S_θ per worker.
ZERO_PASSES = {
    "DP": 2,  # all-reduce of the gradients = reduce-scatter + all-gather
    "ZeRO-1": 2,  # reduce-scatter the gradients, all-gather the updated parameters
    "ZeRO-2": 2,  # the same two passes: gradients are reduce-scattered, never all-reduced
    "ZeRO-3": 3,  # all-gather parameters for forward and again for backward, reduce-scatter grads
}


@probe("strategy_volume", f"name:str=DP|ZeRO-1|ZeRO-2|ZeRO-3? N:int{_r(EXPLORER_N)}?")
def _strategy_volume(st, name=None, N=None):
    """Passes × (N−1)/N (× 1 without N: the large-N figure); no name: DP, ZeRO-1, -2, -3."""
    f = Fraction(1) if N is None else Fraction(N - 1, N)
    if name is None:
        return [ZERO_PASSES[k] * f for k in ZERO_PASSES]
    return ZERO_PASSES[name] * f


@probe(
    "mesh_hops",
    f"k:int{_r(MESH_K)} scheme:str=all-at-once|tree|coded group:int{_r((1, MESH_K[1] ** 2))}? "
    f"n:int{_r(MESH_N)}? torus:bool?",
)
def _mesh_hops(st, k, scheme, group=None, n=2, torus=False):
    from ..core.mesh import Mesh, best_group, schemes

    mesh = Mesh.kary(k, n, torus)
    if scheme == "coded" and group is None:
        group = best_group(mesh)
    return schemes(mesh, group if scheme == "coded" else None)[scheme].total("packet")


@probe("mesh_best_group", f"k:int{_r(MESH_K)} n:int{_r(MESH_N)}? torus:bool?")
def _mesh_best_group(st, k, n=2, torus=False):
    from ..core.mesh import Mesh, best_group

    return best_group(Mesh.kary(k, n, torus))


@probe("mesh_fig3_transfers", "step:str=A|B|C|D|E|F|G")
def _mesh_fig3_transfers(st, step):
    from ..core.mesh.examples import fig3

    return next(len(s.src) for s in fig3().steps if s.name == step)


@probe("mesh_fig3_decodes")
def _mesh_fig3_decodes(st):
    from ..core.mesh import run
    from ..core.mesh.examples import fig3

    res = run(fig3())
    return bool(res.decodes) and all(ok for _step, _op, ok in res.decodes)


@probe("answer", "id:str")
def _answer(st, id):
    if id not in st.answers:
        raise RinglabError(f"nothing typed yet for {id!r}")
    return st.answers[id]


# ============================================================================== comparison

OPS = ("equals", "approx", "at_least", "at_most", "one_of")


def same(a, b, tol=None) -> bool:
    """Whether the app's value ``a`` and the expected ``b`` agree: numbers exactly (or within
    the relative ``tol``), truth values as such, text ignoring case and surrounding space,
    lists item by item."""
    if isinstance(a, (list, tuple)) or isinstance(b, (list, tuple)):
        return (
            isinstance(a, (list, tuple))
            and isinstance(b, (list, tuple))
            and len(a) == len(b)
            and all(same(x, y, tol) for x, y in zip(a, b))
        )
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if a is None or b is None:
        return a is b
    try:
        x, y = to_number(a), to_number(b)
    except (ValueError, ZeroDivisionError, TypeError):
        return str(a).strip().casefold() == str(b).strip().casefold()
    if tol is None:
        return x == y
    return abs(x - y) <= to_number(tol) * max(abs(x), abs(y))


def compare(op: str, value, expected, tol=None) -> bool:
    if op == "equals":
        return same(value, expected)
    if op == "approx":
        return same(value, expected, tol)
    if op == "one_of":
        return any(same(value, e) for e in expected)
    try:
        x, y = to_number(value), to_number(expected)
    except (ValueError, ZeroDivisionError, TypeError):
        return False
    return x >= y if op == "at_least" else x <= y


def show(value) -> str:
    """A value the way a lesson prints it: 30, 1/2, 357647.06, true, [1, 2]."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        f = float(value)
        return f"{f:.6g}" if abs(f) >= 1e-3 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(v) for v in value) + "]"
    return str(value)


# ============================================================================== issue 23
# Beyond ring and tree: which algorithms the Schedules tab shows (the state's ``schedules``),
# and what it shows of them — steps on the worked example, model (b) on the bidirectional ring,
# model (a) on the cost explorer's N.  Every value is computed here from
# ringlab.core.schedules (schedule_trace, ring_model, alpha_beta_time, schedule_rows,
# schedule_crossovers), as the tab computes it.

# ringlab.core.schedules.known_schedules() without its alias (nccl-ring is the ring); written
# out so that reading a lesson does not import the schedules (tests hold it to the core's list)
ALGORITHMS = (
    "ring",
    "tree",
    "recursive-doubling",
    "rabenseifner",
    "swing",
    "bruck",
    "bruck-bw",
    "trivance",
    "trivance-bw",
    "nccl-tree",
)
_ALGO = "|".join(ALGORITHMS)
_EXTRAS = ALGORITHMS[2:]


def _check_names(v) -> str | None:
    bad = [x for x in v if not isinstance(x, str) or x not in _EXTRAS]
    if bad:
        return (
            f"names: {brief(bad[0])} is not an algorithm the tab adds (expected some of "
            f"{', '.join(_EXTRAS)}; ring and tree are always shown)"
        )
    return None


def _ordered(names) -> tuple:
    """As the tab keeps them: once each, in the core's table order."""
    return tuple(n for n in _EXTRAS if n in set(names))


@action("show_schedules", "names:list", checks={"names": _check_names})
def _show_schedules(st, names):
    st.schedules = _ordered(names)


@action("show_schedule", f"name:str={'|'.join(_EXTRAS)} shown:bool?")
def _show_schedule(st, name, shown=True):
    now = set(st.schedules)
    st.schedules = _ordered(now | {name} if shown else now - {name})


@probe("schedules_shown")
def _schedules_shown(st):
    return list(_ordered(st.schedules))


def _shown(st, name):
    if name not in ("ring", "tree") and name not in st.schedules:
        raise RinglabError(f"{name} is not shown: tick it under 'Also show' on the Schedules tab")


def _algo_trace(st, name):
    """``name`` traced on the worked example, as its column shows it; refused with the
    column's reason when the algorithm is not defined for the example's N."""
    from ..core.schedules import schedule_refusal, schedule_trace

    _shown(st, name)
    ex = st.example()
    why = schedule_refusal(name, ex.N)
    if why:
        raise RinglabError(why)
    return schedule_trace(name, ex)


def _algo_ring(st, name):
    from ..core.schedules import parse_bytes, ring_model

    return ring_model(_algo_trace(st, name), parse_bytes(st.size))


def _explorer_trace(st, name):
    """``name`` on the cost explorer's N (the example's when it follows it): what the
    explorer's model-(a) line is drawn from."""
    from ..core.schedules import default_example, schedule_refusal, schedule_trace
    from ..core.schedules.matmul import TRACE_N_RANGE

    _shown(st, name)
    ex = st.example()
    n = st.explorer_N or ex.N
    if n > TRACE_N_RANGE[1]:
        raise RinglabError(
            f"the cost explorer's N = {n}: {name} is traced on up to {TRACE_N_RANGE[1]} cores only"
        )
    why = schedule_refusal(name, n)
    if why:
        raise RinglabError(why)
    return schedule_trace(name, ex if n == ex.N else default_example(n))


def _model_a(st):
    from ..core.schedules import parse_bandwidth, parse_bytes, parse_seconds

    return parse_bytes(st.size), parse_seconds(st.alpha), parse_bandwidth(st.bandwidth)


@probe("algorithm_steps", f"schedule:str={_ALGO}")
def _algorithm_steps(st, schedule):
    return _algo_trace(st, schedule).T


@probe("algorithm_refused", f"schedule:str={_ALGO}")
def _algorithm_refused(st, schedule):
    from ..core.schedules import schedule_refusal

    _shown(st, schedule)
    return schedule_refusal(schedule, st.example().N) is not None


@probe(
    "link_load",
    f"schedule:str={_ALGO} step:int{_INDEX} core:int{_NODE}? way:int[-1..1]?",
    checks={
        "way": lambda v: (
            None if v in (-1, 1) else f"way = {v}: expected +1 (i → i+1) or −1 (i → i−1)"
        )
    },
)
def _link_load(st, schedule, step, core=None, way=None):
    m = _algo_ring(st, schedule)
    T = len(m.congestion)
    if not 1 <= step <= T:
        raise RinglabError(f"{schedule} step {step}: steps are 1..{T}")
    if (core is None) != (way is None):
        raise RinglabError(
            "link_load: give both core and way (one directed link), or neither "
            "(the step's busiest link)"
        )
    if core is None:
        return m.congestion[step - 1]
    if not 0 <= core < m.N:
        raise RinglabError(f"core {core}: the example has cores 0..{m.N - 1}")
    return m.link_messages[step - 1].get((core, way), 0)


@probe("ring_slots", f"schedule:str={_ALGO}")
def _ring_slots(st, schedule):
    return _algo_ring(st, schedule).slots


@probe("max_link_bytes", f"schedule:str={_ALGO} unit:str?")
def _max_link_bytes(st, schedule, unit=None):
    return _convert(_algo_ring(st, schedule).max_link_load, unit, "B")


@probe("algorithm_time", f"schedule:str={_ALGO} unit:str?")
def _algorithm_time(st, schedule, unit=None):
    from ..core.schedules import alpha_beta_time

    S, a, B = _model_a(st)
    return _convert(alpha_beta_time(_explorer_trace(st, schedule), S, a, B), unit, "s")


@probe("fastest_schedule")
def _fastest_schedule(st):
    """The least model-(a) time at S among ring, tree and the shown algorithms defined for the
    explorer's N (the first in table order on a tie)."""
    from ..core.schedules import alpha_beta_time, schedule_refusal

    S, a, B = _model_a(st)
    n = st.explorer_N or st.example().N
    names = [x for x in ("ring", "tree") + _ordered(st.schedules) if schedule_refusal(x, n) is None]
    times = [(alpha_beta_time(_explorer_trace(st, x), S, a, B), k, x) for k, x in enumerate(names)]
    return min(times)[2]


@probe("schedule_crossover", f"a:str={_ALGO} b:str={_ALGO} unit:str?")
def _schedule_crossover(st, a, b, unit=None):
    from ..core.schedules import alpha_beta_line
    from ..core.schedules.costs import crossovers, curve

    _, al, B = _model_a(st)
    f, g = (curve(x, x, [alpha_beta_line(_explorer_trace(st, x), al, B, x)]) for x in (a, b))
    xs = crossovers(f, g)
    if not xs:
        raise RinglabError(
            f"no crossover between {a} and {b}: one is faster at every size "
            f"(model (a), N = {st.explorer_N or st.example().N})"
        )
    return _convert(xs[0].S, unit, "B")


_WHAT = {
    "steps": _algorithm_steps,
    "time": _algorithm_time,
    "ring_slots": _ring_slots,
    "max_link_bytes": _max_link_bytes,
}


@probe(
    "which_schedule",
    f"a:str={_ALGO} b:str={_ALGO} "
    f"what:str=steps|time|link_load|ring_slots|max_link_bytes "
    f"step:int{_INDEX}? most:bool?",
)
def _which_schedule(st, a, b, what, step=None, most=False):
    """The one of a, b with fewer steps / less time / a lighter link (``most``: the more),
    ``tie`` when they are equal."""
    if (what == "link_load") != (step is not None):
        raise RinglabError("which_schedule: link_load needs a step (and only link_load takes one)")
    if what == "link_load":
        va, vb = (_link_load(st, x, step) for x in (a, b))
    else:
        va, vb = (_WHAT[what](st, x) for x in (a, b))
    if va == vb:
        return "tie"
    return (a if va > vb else b) if most else (a if va < vb else b)

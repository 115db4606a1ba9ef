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
strategy            memory, matmul_fits?, layers_fit?                the parallelism recipe: DP, ZeRO-1, …
strategy_comm       name                                             what a strategy communicates per step
strategy_volume     name?, N?                                        S_θ moved per worker per step (ZeRO paper); no name: DP, ZeRO-1/2/3
answer              id                                               what the student typed
mesh_hops           k, scheme, group?, n?, torus?                    hops of an all-to-all broadcast on a k-ary mesh
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
code_time           K, T, unit?                                      (a) T·(α + S/(K·B)) of a code on the explorer's N
code_crossover      K, T, vs, unit?                                  size where the faster of the code and vs changes
code_wins           K, T, vs                                         where the code beats every one of vs: every size, …
best_code_K                                                          K of the explorer's best N = 3 code (T = ⌈4K/3⌉) at S
decoded_vector      node                                             ẑ_i, all K entries, on the inputs
true_sum                                                             the typed inputs' column sums, as numbers
reads_true_sum                                                       every decode, read back as a number, is true_sum (bool)
field_kind                                                           Q, R, GF(p) or GF(p^m)
field_order                                                          the number of elements of the finite field
exact_prime                                                          the least p with GF(p) exact for the typed integers
prime_for_sums      N, max_abs, signed?                              the least p > 2N·max_abs (signed: false, > N·max_abs)
quantised_sum       node, k, scale, p                                ẑ_i entry k: inputs quantised by scale, over GF(p), read back
twoway_bound        N, K, cut?                                       two-way ring: the proven bound on T (cut set, source cut)
twoway_min_T        N, K, routing?                                   two-way ring: the smallest T the search found
twoway_pair_T       N, K                                             two-way ring: two classic rings, one each way
=================== ================================================ ==============================

``schedule`` is ``ring``, ``tree`` or ``coded``; ``unit`` a time (``s``, ``ms``, ``us``) or a
size (``B``, ``KB``, ``MB``, ``GB``; 1 KB = 1000 B as in the cost example); ``matrix`` is ``M``,
``Lambda``, ``R`` or ``T``; nodes, rows, columns, chunks and t count from 0 as in the app.

The probes of the algorithms beyond ring and tree (``algorithm_steps`` … ``which_schedule``)
take any schedule the core traces — ``ring``, ``tree``, ``recursive-doubling``,
``rabenseifner``, ``swing``, ``bruck``, ``bruck-bw``, ``trivance``, ``trivance-bw``,
``nccl-tree``, ``nccl-tree-pipelined`` — and read it only while the Schedules tab shows it (ring and tree always; the others once ticked, ``show_schedule``).  (a)
is model (a) of :mod:`ringlab.core.schedules.models`, α-β on a fully connected network, on the
cost explorer's N; (b) is model (b), a bidirectional ring (the paper's ring is directed), on the worked example;
``way`` is +1 for the link i → i+1 and −1 for i → i−1.

``code_*`` compare an (N, K, T) code — refused when T is below the proven bound for N, K —
with ``vs``: a one-port schedule's closed form (``ring``, ``tree``, ``recursive-doubling``,
``rabenseifner``, ``swing``) or another code written ``"K=2, T=3"`` (a list for
``code_wins``), in model (a) on the explorer's N (:mod:`ringlab.core.schedules.payoff`).
``true_sum`` … ``quantised_sum`` read the walkthrough's typed inputs (or the matmul partials)
as numbers; a decode over GF(p) reads back as d, or d − p when some input is negative and
d > p/2 (:mod:`ringlab.core.quantised`).
``twoway_*`` read the shipped two-way rate table (``twoway_rate_table.json``, N 3..6, K 1..8;
the ring where each node sends one symbol each way per time unit, issue 35); ``cut`` is
``cut set`` (⌈K/2⌉) or ``source cut``, none the larger (:mod:`.probes_twoway`).

**Limits.**  Every argument is bounded before anything runs — when the lesson is parsed (a
malformed lesson, exit 2) and again on every call (one short RinglabError line): N, K, T as the
app's own boxes allow (``resize``, ``graph_count``, ``min_T``… N 2..32, K 1..64, T 1..128;
``run_search`` as the Search form, N 2..12, K 1..16, T 1..40), mesh k 2..32 and n 1..10, any
other integer within ±10⁶, texts of at most 200 characters (2000 inside a value), at most
10 000 values in a list or mapping, numbers written as text of at most 100 characters with
|exponent| ≤ 300, a field Q, R, GF(p) with p < 2³¹ or GF(p^m) with m ≤ 16, ``load_data`` a
plain file name of ``ringlab.data``.  See the ``*_LIMIT`` constants.

**Where things live.**  :mod:`.signature` declares the argument types and checks a call;
:mod:`.limits` the bounds; :mod:`.values` numbers and units; :mod:`.actions` the actions;
``probes_*`` the probes by tab (code, propagation, schedules, costs, algorithms, search,
strategies, mesh, two-way); :mod:`.comparison` a check's comparison.
"""

from __future__ import annotations

from . import (  # noqa: F401  (each registers its entries in ACTIONS / PROBES)
    actions,
    probes_algorithms,
    probes_code,
    probes_costs,
    probes_mesh,
    probes_propagation,
    probes_schedules,
    probes_search,
    probes_strategies,
    probes_twoway,
)
from .algorithms import ALGORITHMS
from .comparison import OPS, compare, same, show
from .data import check_data_name, data_file
from .limits import (
    DEPTH_LIMIT,
    DIGITS_LIMIT,
    EXAMPLE_N,
    EXPLORER_N,
    EXPONENT_LIMIT,
    INT_LIMIT,
    ITEMS_LIMIT,
    MAX_EXTENSION,
    MAX_PRIME,
    MESH_K,
    MESH_N,
    MESSAGE_LIMIT,
    NESTED_INT_LIMIT,
    NESTED_TEXT_LIMIT,
    NUMBER_TEXT_LIMIT,
    SEARCH_K,
    SEARCH_N,
    SEARCH_T,
    SEED,
    TEXT_LIMIT,
    brief,
    check_field_name,
    short,
)
from .probes_search import found_by_label
from .probes_strategies import ZERO_PASSES
from .signature import (
    ACTIONS,
    KINDS,
    MATRICES,
    PROBES,
    SCHEDULES,
    Entry,
    Param,
    action,
    check_arg,
    probe,
)
from .values import SIZE_UNITS, TIME_UNITS, to_number

__all__ = [
    "ACTIONS",
    "ALGORITHMS",
    "DEPTH_LIMIT",
    "DIGITS_LIMIT",
    "EXAMPLE_N",
    "EXPLORER_N",
    "EXPONENT_LIMIT",
    "Entry",
    "INT_LIMIT",
    "ITEMS_LIMIT",
    "KINDS",
    "MATRICES",
    "MAX_EXTENSION",
    "MAX_PRIME",
    "MESH_K",
    "MESH_N",
    "MESSAGE_LIMIT",
    "NESTED_INT_LIMIT",
    "NESTED_TEXT_LIMIT",
    "NUMBER_TEXT_LIMIT",
    "OPS",
    "PROBES",
    "Param",
    "SCHEDULES",
    "SEARCH_K",
    "SEARCH_N",
    "SEARCH_T",
    "SEED",
    "SIZE_UNITS",
    "TEXT_LIMIT",
    "TIME_UNITS",
    "ZERO_PASSES",
    "action",
    "brief",
    "check_arg",
    "check_data_name",
    "check_field_name",
    "compare",
    "data_file",
    "found_by_label",
    "probe",
    "same",
    "short",
    "show",
    "to_number",
]

"""Ring, tree and coded All-Reduce schedules traced on the worked matmul, and their costs; the
schedules libraries run (recursive doubling, Rabenseifner, Swing, Bruck, Trivance, NCCL's double
binary tree) as data, traced the same way (:mod:`.algorithms`) and costed in two models
(:mod:`.models`).

>>> from ringlab.core.schedules import default_example, ring_trace
>>> ring_trace(default_example(4)).steps[2].state[3]
(Fraction(30, 1), Fraction(17, 1), Fraction(7, 1), Fraction(15, 1))
"""

from .algorithms import (
    Message,
    Plan,
    PlanStep,
    ScheduleInfo,
    known_schedules,
    schedule_info,
    schedule_plan,
    schedule_trace,
    trace_plan,
)
from .algorithms import refusal as schedule_refusal
from .coded import coded_trace
from .compare import Comparison, compare
from .costs import (
    EXPLORER_PRESETS,
    Explorer,
    ScheduleCost,
    code_time,
    explorer,
    lower_bound_bytes,
    parse_bandwidth,
    parse_bytes,
    parse_seconds,
    ring_time,
    ring_time_large_n,
    schedule_costs,
    tree_time,
)
from .formulas import SCHEDULE_N_RANGE, ScheduleCounts, formula_costs, schedule_counts
from .matmul import (
    TRACE_N_RANGE,
    WorkedExample,
    default_example,
    format_number,
    parse_matrix,
    parse_vector,
)
from .models import (
    CLOSED_FORMS,
    RingModel,
    ScheduleRow,
    alpha_beta_line,
    alpha_beta_time,
    closed_form_time,
    ring_model,
    ring_route,
    schedule_crossovers,
    schedule_row,
    schedule_rows,
)
from .ring import ring_trace
from .trace import ScheduleTrace, Send, Step
from .tree import tree_levels, tree_trace

__all__ = [
    "Comparison",
    "EXPLORER_PRESETS",
    "Explorer",
    "SCHEDULE_N_RANGE",
    "ScheduleCost",
    "ScheduleCounts",
    "ScheduleTrace",
    "Send",
    "Step",
    "TRACE_N_RANGE",
    "WorkedExample",
    "code_time",
    "coded_trace",
    "compare",
    "default_example",
    "explorer",
    "formula_costs",
    "format_number",
    "lower_bound_bytes",
    "parse_bandwidth",
    "parse_bytes",
    "parse_matrix",
    "parse_seconds",
    "parse_vector",
    "ring_time",
    "ring_time_large_n",
    "ring_trace",
    "schedule_costs",
    "schedule_counts",
    "tree_levels",
    "tree_time",
    "tree_trace",
    # beyond ring and tree: schedules as data, two cost models
    "CLOSED_FORMS",
    "Message",
    "Plan",
    "PlanStep",
    "RingModel",
    "ScheduleInfo",
    "ScheduleRow",
    "alpha_beta_line",
    "alpha_beta_time",
    "closed_form_time",
    "known_schedules",
    "ring_model",
    "ring_route",
    "schedule_crossovers",
    "schedule_info",
    "schedule_plan",
    "schedule_refusal",
    "schedule_row",
    "schedule_rows",
    "schedule_trace",
    "trace_plan",
]

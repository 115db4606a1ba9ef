"""A lesson's ``setup:`` (front matter) as the actions that put the app where the lesson starts."""

from __future__ import annotations

from .parse_calls import CallReader

SETUP_KEYS = (
    "preset",
    "data",
    "code",
    "field",
    "N",
    "K",
    "T",
    "tab",
    "step",
    "schedule_step",
    "inputs",
    "seed",
    "schedules",
)
SCHEDULE_KEYS = ("example_N", "alpha", "bandwidth", "size", "explorer_N", "show")


def setup_calls(s, line, reader: CallReader) -> list:
    """The actions of the setup mapping ``s`` (written on ``line``), in the order the app
    applies them: the code, its size, the inputs, the Schedules tab, then what is shown."""
    if not isinstance(s, dict):
        reader.fail(line, "setup must be a mapping (preset, tab, step, …)")
    for key in s:
        if key not in SETUP_KEYS:
            reader.fail(
                s.line_of(key), f"unknown setup key {key!r} (expected {', '.join(SETUP_KEYS)})"
            )
    calls = _code_calls(s, reader)

    def add(name, args, key):
        calls.append(reader.call("action", {name: args}, s.line_of(key)))

    size = {k: s[k] for k in ("N", "K", "T") if k in s}
    if size:
        add("resize", size, next(iter(size)))
    if "inputs" in s or "seed" in s:
        add(
            "set_inputs",
            {"inputs": s.get("inputs", "random"), **({"seed": s["seed"]} if "seed" in s else {})},
            "inputs" if "inputs" in s else "seed",
        )
    if "schedules" in s:
        calls += _schedules_calls(s["schedules"], s.line_of("schedules"), reader)
    if "step" in s:
        add("set_step", s["step"], "step")
    if "schedule_step" in s:
        add("set_schedule_step", s["schedule_step"], "schedule_step")
    if "tab" in s:
        add("show_tab", s["tab"], "tab")
    return calls


def _code_calls(s, reader: CallReader) -> list:
    """Load one code (a preset, a shipped file or an inline code) and set its field."""
    loads = [k for k in ("preset", "data", "code") if k in s]
    if len(loads) > 1:
        reader.fail(
            s.line_of(loads[1]), f"setup: {loads[0]} and {loads[1]} both load a code; keep one"
        )
    calls = []

    def add(name, args, key):
        calls.append(reader.call("action", {name: args}, s.line_of(key)))

    if "preset" in s:
        add(
            "load_preset",
            {"name": s["preset"], **({"field": s["field"]} if "field" in s else {})},
            "preset",
        )
    elif "field" in s:
        add("set_field", {"field": s["field"]}, "field")
    if "data" in s:
        add("load_data", {"name": s["data"]}, "data")
    if "code" in s:
        add("load_code", {"code": s["code"]}, "code")
    if "field" in s and "preset" not in s and loads:
        calls.append(calls.pop(0))  # a field change applies to the loaded code
    return calls


def _schedules_calls(sc, line, reader: CallReader) -> list:
    """``setup.schedules``: the worked example's cores, the algorithms ticked under 'Also
    show', the cost explorer's α, bandwidth, size and cores."""
    if not isinstance(sc, dict):
        reader.fail(line, f"setup.schedules must be a mapping ({', '.join(SCHEDULE_KEYS)})")
    for key in sc:
        if key not in SCHEDULE_KEYS:
            reader.fail(
                sc.line_of(key),
                f"unknown setup.schedules key {key!r} (expected {', '.join(SCHEDULE_KEYS)})",
            )
    calls = []
    if "example_N" in sc:
        calls.append(
            reader.call("action", {"set_example": sc["example_N"]}, sc.line_of("example_N"))
        )
    if "show" in sc:
        calls.append(
            reader.call("action", {"show_schedules": {"names": sc["show"]}}, sc.line_of("show"))
        )
    costs = {k: sc[k] for k in ("alpha", "bandwidth", "size") if k in sc}
    if "explorer_N" in sc:
        costs["N"] = sc["explorer_N"]
    if costs:
        calls.append(reader.call("action", {"set_costs": costs}, sc.line))
    return calls

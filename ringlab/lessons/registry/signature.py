"""What an action or a probe takes: typed parameters, checked at the boundary.

An entry is declared with its parameters as small typed objects, in order::

    @action("set_entry", node=Int(NODE), matrix=OneOf(MATRICES), row=Int(INDEX), ...)

and every call — from a lesson being parsed, the Lessons panel or a test — is refused with one
short line before anything runs when an argument does not fit (:func:`check_arg`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import wraps

from ...core.errors import RinglabError
from .limits import INT_LIMIT, TEXT_LIMIT, brief, check_field_name, check_value, short
from .values import is_number_text, to_number

KINDS = ("int", "str", "num", "bool", "list", "dict", "any")
MATRICES = ("M", "Lambda", "R", "T")  # the matrices of a node
SCHEDULES = ("ring", "tree", "coded")  # the Schedules tab's three columns


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


# -- the parameter types (named when an entry is declared) ------------------------------------


def Int(bounds=(-INT_LIMIT, INT_LIMIT), *, optional=False, check=None) -> Param:
    """An integer within ``bounds`` (both ends included)."""
    return Param("", "int", not optional, None, bounds[0], bounds[1], check)


def Text(limit=TEXT_LIMIT, *, optional=False, check=None) -> Param:
    """A text of at most ``limit`` characters."""
    return Param("", "str", not optional, None, None, limit, check)


def OneOf(choices, *, optional=False) -> Param:
    """One of the texts ``choices``."""
    return Param("", "str", not optional, tuple(choices), None, TEXT_LIMIT)


def Bool(*, optional=False) -> Param:
    return Param("", "bool", not optional)


def List(*, check=None) -> Param:
    return Param("", "list", check=check)


def Mapping() -> Param:
    return Param("", "dict")


def Value(*, optional=False) -> Param:
    """Any value within the limits (a number, a text, a list or a mapping)."""
    return Param("", "any", not optional)


# -- checking ---------------------------------------------------------------------------------

_KIND_WORDS = {
    "int": "an integer",
    "str": "text",
    "num": "a number",
    "bool": "true or false",
    "list": "a list",
    "dict": "a mapping",
    "any": "a value",
}


def _fits_kind(kind: str, v) -> bool:
    return {
        "int": isinstance(v, int) and not isinstance(v, bool),
        "str": isinstance(v, str),
        "num": (isinstance(v, (int, float)) and not isinstance(v, bool)) or is_number_text(v),
        "bool": isinstance(v, bool),
        "list": isinstance(v, list),
        "dict": isinstance(v, dict),
        "any": True,
    }[kind]


def check_arg(p: Param, v) -> str | None:
    """Why ``v`` does not fit ``p`` (None if it does): its kind, its choices and its limits."""
    if not _fits_kind(p.kind, v):
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
    why = check_value(v, p.name)
    if why is None and p.name == "field":
        why = check_field_name(v)
    if why is None and p.check is not None:
        why = p.check(v)
    return why


# -- the two tables ---------------------------------------------------------------------------

ACTIONS: dict[str, Entry] = {}
PROBES: dict[str, Entry] = {}


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


def _register(table: dict, kind: str, name: str, params: dict):
    named = tuple(replace(p, name=key) for key, p in params.items())

    def deco(f):
        table[name] = Entry(kind, name, named, _guarded(name, named, f))
        return f

    return deco


def action(name: str, /, **params: Param):
    """Register the decorated ``f(state, **args)`` as the action ``name``."""
    return _register(ACTIONS, "action", name, params)


def probe(name: str, /, **params: Param):
    """Register the decorated ``f(state, **args) -> value`` as the probe ``name``."""
    return _register(PROBES, "probe", name, params)

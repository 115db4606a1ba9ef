"""``ringlab compare``: the one-way ring's comparison (:mod:`._compare`) or, with
``--ring two-way``, the two-way ring's (:mod:`._compare_twoway`).  The choice lives here, so
neither module imports the other's command (the two-way one reuses the one-way's lines)."""

from __future__ import annotations

from . import _compare


def register(sub) -> None:
    _compare.register(sub)
    sub.choices["compare"].set_defaults(func=cmd_compare)


def cmd_compare(args) -> int:
    if args.ring == "two-way":
        from ._compare_twoway import cmd_compare_twoway

        return cmd_compare_twoway(args)
    return _compare.cmd_compare(args)

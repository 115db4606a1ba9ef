"""The ``ringlab`` command.

``ringlab`` alone (or ``ringlab FILE``) opens the desktop app; every other use is a
subcommand.  Each subcommand lives in its own module with a ``register(subparsers)`` function;
handlers return the exit code.  Bad input of any kind ends with exit 2 and one line on stderr.
"""
from __future__ import annotations

import argparse
import importlib
import sys

from ..core.errors import RinglabError

# Subcommand modules, in the order ``ringlab --help`` lists them.  A module that is not
# there yet (a feature still being built) is skipped; any other import error is real.
SUBCOMMAND_MODULES = ["_check", "_gui", "_export", "_compare", "_search", "_lessons", "_run", "_mesh"]


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line (exit 2), not a usage block."""

    def error(self, message):
        sys.stderr.write(f"{self.prog}: error: {message} (see {self.prog} --help)\n")
        sys.exit(2)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="ringlab", description="Linear network coding for sum All-Reduce on rings.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in SUBCOMMAND_MODULES:
        try:
            mod = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"{__name__}.{name}":
                continue
            raise
        mod.register(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    commands = set(parser._subparsers._group_actions[0].choices) if parser._subparsers else set()
    if not argv or (argv[0] not in commands and not argv[0].startswith("-")):
        # `ringlab` or `ringlab FILE`: the desktop app
        argv = ["gui", *argv]
        if "gui" not in commands:
            sys.stderr.write("ringlab: the desktop app is not available in this build; "
                             "try `ringlab check FILE` or `ringlab --help`\n")
            return 2
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except RinglabError as e:
        sys.stderr.write(f"ringlab {args.command}: error: {e}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write(f"ringlab {args.command}: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0

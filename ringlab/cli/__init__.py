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

# Each command and the module that registers it, in the order ``ringlab --help`` lists them.
# Only the module of the command being run is imported: ``ringlab`` (the app) and
# ``ringlab screenshot`` start without loading the schedules, the search or the mesh.
COMMANDS = {
    "check": "_check",
    "simulate": "_check",
    "presets": "_check",
    "preset": "_check",
    "gui": "_gui",
    "present": "_gui",
    "screenshot": "_gui",
    "export": "_export",
    "compare": "_compare_ring",
    "search": "_search",
    "lessons": "_lessons",
    "run": "_run",
    "mesh": "_mesh",
    "sources": "_sources",
}


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line (exit 2), not a usage block."""

    def error(self, message):
        sys.stderr.write(f"{self.prog}: error: {message} (see {self.prog} --help)\n")
        sys.exit(2)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser for ``command`` (only its module is imported), or for every command."""
    p = _Parser(prog="ringlab", description="Linear network coding for sum All-Reduce on rings.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    wanted = [COMMANDS[command]] if command in COMMANDS else COMMANDS.values()
    for name in dict.fromkeys(wanted):
        importlib.import_module(f"{__name__}.{name}").register(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run ``ringlab ARGV`` and return its exit code (``python -m ringlab`` and the console
    script exit with it): 0 done, 1 a negative answer, 2 bad input, 3 undecided, 4 the engine
    failed, 130 interrupted.  Never exits itself, so a test can call it in-process."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0] not in COMMANDS and not argv[0].startswith("-")):
        if len(argv) <= 1:
            # `ringlab` or `ringlab FILE`: the desktop app, without building a parser (~10 ms
            # of the window's start: argparse looks its translations up for every argument)
            from ._gui import cmd_gui

            return _call(
                argparse.Namespace(command="gui", file=argv[0] if argv else None, func=cmd_gui)
            )
        argv = ["gui", *argv]  # (`ringlab FILE more`: the parser says what is wrong)
    parser = build_parser(argv[0])
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help (0) or a bad argument (2, its one line already written)
        return 0 if e.code is None else int(e.code)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    return _call(args)


def _call(args: argparse.Namespace) -> int:
    """Run the command ``args`` names; its errors become exit codes (see :func:`main`)."""
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

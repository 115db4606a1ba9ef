"""No text a user reads names a source document by a file number ("seed 001", "source 002",
"the seeds"): the lessons, README.md and the documents under ``docs/``, the presets' names and
descriptions, the CLI's help, and every string
the window or a drawing may show (the string literals under ``ringlab/gui`` and
``ringlab/render``, docstrings left out).  A source is named by its title (Help → Sources);
provenance stays in code comments.  The lessons also point to what the window shows, never to
a file under ``docs/`` a desktop user cannot open."""

from __future__ import annotations

import argparse
import ast
import re
from pathlib import Path

import pytest

from ringlab.cli import COMMANDS, build_parser, main
from ringlab.core.presets import preset, preset_names
from ringlab.lessons import glossary_file, lesson_files

ROOT = Path(__file__).resolve().parents[2]

# "seed 001", "Seed 003's", "seeds 003 and 004", "seed001-estimate" (an id shown in the undo
# menu), "source 002"; but not a probe key such as seed001_estimate, which no one reads
FILE_NUMBER = re.compile(
    r"\bseeds?\s*0\d\d\b|\bsources?\s*0\d\d\b|\bthe seeds\b|\bseeds'|\bthe seed's\b", re.IGNORECASE
)


def found(text: str) -> list[str]:
    return [m.group(0) for m in FILE_NUMBER.finditer(text)]


def test_the_pattern_finds_what_it_should_and_nothing_else():
    assert found("Seed 001 says; seeds 003 and 004; source 002; {task} seed001-numbers") == [
        "Seed 001",
        "seeds 003",
        "source 002",
        "seed001",
    ]
    assert found("Presets from the seeds…") == ["the seeds"]
    assert found("Seeds' example (N = 4)") == ["Seeds'"]
    assert found("show: {seed001_estimate: {unit: ms}}; seed 7; the seed box; source node 2") == []


def _course_texts():
    return [*lesson_files(), glossary_file(), ROOT / "lessons" / "README.md"]


@pytest.mark.parametrize("path", _course_texts(), ids=lambda p: p.name)
def test_lessons_name_sources_by_title(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    bad = [f"{path.name}:{n}: {found(line)}" for n, line in enumerate(lines, 1) if found(line)]
    assert bad == []


def _docs_texts():
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("path", _docs_texts(), ids=lambda p: p.name)
def test_readme_and_docs_name_sources_by_title(path):
    """A user reads the README and the docs as they read the lessons: "the paper (Tu, Chen,
    Yang)", "the ring post", not "seed 000" or "source 002" (``--seed 47`` is an option, and
    a test's name such as ``test_seed001_…`` is not prose)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    bad = [f"{path.name}:{n}: {found(line)}" for n, line in enumerate(lines, 1) if found(line)]
    assert bad == []


def test_the_docs_are_there():
    names = {p.name for p in _docs_texts()}
    assert {"README.md", "claims.md", "rate_table.md", "ARCHITECTURE.md"} <= names


@pytest.mark.parametrize("path", [*lesson_files(), glossary_file()], ids=lambda p: p.name)
def test_lessons_point_to_the_window_not_to_docs_files(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    bad = [f"{path.name}:{n}" for n, line in enumerate(lines, 1) if re.search(r"docs/\w", line)]
    assert bad == []


def test_preset_names_and_descriptions():
    texts = {n: f"{preset(n).name} {preset(n).description}" for n in preset_names()}
    assert len(texts) > 5
    assert {n: found(t) for n, t in texts.items() if found(t)} == {}


def _help_texts(parser: argparse.ArgumentParser, prog: list[str]):
    """``prog --help`` as the user gets it, and each nested subcommand's."""
    yield " ".join(prog), parser.format_help()
    for action in parser._actions:  # argparse keeps its subcommands only here
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _help_texts(sub, [*prog, name])


def test_cli_help(capsys):
    assert main(["--help"]) == 0
    texts = {"ringlab": capsys.readouterr().out}
    for command in COMMANDS:
        assert main([command, "--help"]) == 0
        texts[f"ringlab {command}"] = capsys.readouterr().out
        sub = build_parser(command)
        texts.update(_help_texts(sub, ["ringlab"]))
    assert len(texts) > len(COMMANDS)
    assert {where: found(t) for where, t in texts.items() if found(t)} == {}


def string_literals(path: Path):
    """(line, text) of every string constant of a module but its docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings:
                yield node.lineno, node.value


def _modules(*folders: str):
    return sorted(p for f in folders for p in (ROOT / "ringlab" / f).rglob("*.py"))


@pytest.mark.parametrize(
    "folders",
    [("gui", "render"), ("core", "cli", "lessons", "state")],
    ids=["window-and-drawings", "messages"],
)
def test_strings_the_window_and_the_commands_show(folders):
    modules = _modules(*folders)
    assert len(modules) > 20
    bad = [
        f"{p.relative_to(ROOT)}:{line}: {text!r}"
        for p in modules
        for line, text in string_literals(p)
        if found(text)
    ]
    assert bad == []

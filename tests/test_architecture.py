"""The package stays readable: small rooms, no import circles, one formatting.

Counted with ``ast`` on the source (after ``ruff format``): no module over 600 lines, no class
over 300, no function over 80; no cycle among ``ringlab``'s modules, counting the imports made
inside functions too (a function-local import hides a circle, it does not cut it); ``ruff check``
with the rules in ``pyproject.toml`` and ``ruff format --check`` find nothing.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ringlab"

MAX_MODULE, MAX_CLASS, MAX_FUNCTION = 600, 300, 80


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _too_big() -> list[str]:
    found = []
    for name, path in _modules().items():
        source = path.read_text(encoding="utf-8")
        lines = len(source.splitlines())
        if lines > MAX_MODULE:
            found.append(f"module {name}: {lines} lines (at most {MAX_MODULE})")
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            size = node.end_lineno - node.lineno + 1
            if isinstance(node, ast.ClassDef) and size > MAX_CLASS:
                found.append(f"class {name}.{node.name}: {size} lines (at most {MAX_CLASS})")
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and size > MAX_FUNCTION:
                found.append(
                    f"function {name}:{node.lineno} {node.name}: {size} lines"
                    f" (at most {MAX_FUNCTION})"
                )
    return found


def _import_graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {
            id(n)
            for block in ast.walk(tree)
            if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
            for n in ast.walk(block)
        }
        for node in ast.walk(tree):
            if id(node) in typing_only:  # annotations only: no import at run time
                continue
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join(anchor + ([base] if base else []))
                # `from pkg import mod` imports the module pkg.mod, not pkg's __init__
                subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules]
                targets = subs if len(subs) == len(node.names) else [base, *subs]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), package __init__s aside:
    a package's __init__ re-exporting its own modules is how its public names are made."""
    inits = {n for n, p in _modules().items() if p.name == "__init__.py"}
    graph = {n: {m for m in e if m not in inits} for n, e in graph.items() if n not in inits}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    sys.setrecursionlimit(10_000)

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _ruff(*args: str) -> subprocess.CompletedProcess:
    exe = Path(sys.executable).parent / "ruff"
    tool = str(exe) if exe.exists() else shutil.which("ruff")
    assert tool, "ruff is not installed: pip install -e '.[test]'"
    return subprocess.run(
        [tool, *args, "--no-cache", "."], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_no_module_class_or_function_outgrows_a_reader():
    assert _too_big() == []


def test_no_import_cycle_among_modules():
    assert _cycles(_import_graph()) == []


def test_ruff_check_finds_nothing():
    r = _ruff("check", "--output-format", "concise")
    assert r.returncode == 0, r.stdout + r.stderr


def test_ruff_format_leaves_everything_as_it_is():
    r = _ruff("format", "--check")
    assert r.returncode == 0, r.stdout + r.stderr


def _timers_holding_their_context() -> list[str]:
    """``QTimer.singleShot(ms, obj, obj.method)``: PySide keeps a bound method of the context
    object for good when the object dies before the timer fires — a closed window (its state,
    views and grids) then stayed alive.  A lambda calling the method is freed with it."""
    found = []
    for name, path in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "singleShot"
                and len(node.args) == 3
            ):
                continue
            ctx, slot = node.args[1], node.args[2]
            if isinstance(slot, ast.Attribute) and ast.dump(slot.value) == ast.dump(ctx):
                found.append(f"{name}:{node.lineno}: singleShot(…, {ast.unparse(slot)})")
    return found


def test_no_timer_keeps_its_context_object_alive():
    assert _timers_holding_their_context() == []

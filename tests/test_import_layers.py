"""The import layers of ``pyproject.toml`` (``[tool.importlinter]``) hold.

server -> ui -> lobby -> games -> bots -> game, and the engine imports no
textual/asyncio/asyncssh/rich. ``make test`` also runs ``lint-imports``
first; this test keeps a plain ``pytest`` run honest too.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LINT = ("from importlinter.cli import lint_imports; "
        "raise SystemExit(lint_imports(no_cache=True, no_logo=True))")


def test_every_import_contract_is_kept():
    run = subprocess.run([sys.executable, "-c", LINT], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, f"lint-imports found broken contracts:\n{run.stdout}\n{run.stderr}"
    assert "0 broken" in run.stdout and "kept" in run.stdout


def _circles(graph: Any, prefixes: tuple[str, ...]) -> list[list[str]]:
    """Import circles (strongly connected components of more than one module) among modules under ``prefixes``."""
    mods = sorted(m for m in graph.modules if m.startswith(prefixes))
    inside = set(mods)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.find_modules_directly_imported_by(v) & inside:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for m in mods:
        if m not in index:
            visit(m)
    return found


def test_the_ui_and_the_server_have_no_import_circle():
    """Issue 26: no module of ``ahoy_tui.ui`` or ``server`` imports itself round a circle (grimp's graph)."""
    import grimp

    graph = grimp.build_graph("ahoy_tui", "server", cache_dir=None)
    assert _circles(graph, ("ahoy_tui.ui", "server")) == []

"""The import layers of ``pyproject.toml`` (``[tool.importlinter]``) hold.

server -> ui -> lobby -> games -> bots -> game, and the engine imports no
textual/asyncio/asyncssh/rich. ``make test`` also runs ``lint-imports``
first; this test keeps a plain ``pytest`` run honest too.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT = ("from importlinter.cli import lint_imports; "
        "raise SystemExit(lint_imports(no_cache=True, no_logo=True))")


def test_every_import_contract_is_kept():
    run = subprocess.run([sys.executable, "-c", LINT], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, f"lint-imports found broken contracts:\n{run.stdout}\n{run.stderr}"
    assert "0 broken" in run.stdout and "kept" in run.stdout


def _circles(*packages: str) -> list[list[str]]:
    """Strongly connected components of more than one module in the import graph (grimp)."""
    import grimp

    graph = grimp.build_graph(*packages, cache_dir=None)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.find_modules_directly_imported_by(v):
            if w not in index:
                strong(w)
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

    for m in sorted(graph.modules):
        if m not in index:
            strong(m)
    return out


def test_no_import_circle_anywhere():
    """Issue 26: no module of ``ahoy_tui`` or ``server`` imports itself round a circle (type-checking
    imports count): the games, bots, lobby, cluster, store, UI and server have none."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    assert _circles("ahoy_tui", "server") == []

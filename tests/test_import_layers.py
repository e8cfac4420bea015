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

"""No guessing at what an object is (issue 27): at most 10 ``getattr(obj, "name", default)`` probes in
the product, each with its reason in a ``# probe:`` comment on its line or the two lines above.

A probe hides a missing contract: the front door asked a lobby whether it was a cluster
(``getattr(lobby, "core", None)``), screens asked the app whether it had a language. Typed
protocols (``LobbyHost``, ``AppServices``, ``GameSpec``) say what every implementation has; a
probe is left only where the thing probed is outside our contracts (a private name of another
library, a platform's socket constant, an ``--app`` factory's app).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUDGET = 10


def probes() -> list[tuple[str, int, bool]]:
    """``(file, line, has a reason)`` of every three-argument ``getattr`` in ``ahoy_tui`` and ``server``."""
    found = []
    for package in ("ahoy_tui", "server"):
        for path in sorted((ROOT / package).rglob("*.py")):
            text = path.read_text()
            lines = text.splitlines()
            for node in ast.walk(ast.parse(text)):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
                        and len(node.args) == 3):
                    near = lines[max(0, node.lineno - 3):node.lineno]
                    found.append((str(path.relative_to(ROOT)), node.lineno, any("# probe:" in x for x in near)))
    return found


def test_the_product_probes_at_most_ten_times_and_says_why_each_time():
    found = probes()
    unexplained = [f"{f}:{n}" for f, n, why in found if not why]
    assert not unexplained, f"getattr(..., default) without a '# probe:' reason: {unexplained}"
    assert len(found) <= BUDGET, f"{len(found)} probes (budget {BUDGET}): {[f'{f}:{n}' for f, n, _ in found]}"


def test_the_scan_finds_a_probe_and_its_reason(tmp_path, monkeypatch):
    """The scan itself: a probe without a reason is found, one with a reason passes."""
    pkg = tmp_path / "ahoy_tui"
    pkg.mkdir()
    (tmp_path / "server").mkdir()
    (pkg / "a.py").write_text('x = getattr(object(), "name", None)\n'
                              '# probe: a reason\n'
                              'y = getattr(object(), "other", 0)\n'
                              'z = getattr(object(), "plain")\n')
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert probes() == [("ahoy_tui/a.py", 1, False), ("ahoy_tui/a.py", 3, True)]

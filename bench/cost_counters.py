"""The cost counters per table update and seated SSH session (issue 25), as the budget test measures them.

Four real SSH clients (asyncssh + pyte) at one table of four on the real
server in this process, every seat on the autopilot, the lobby on a manual
clock stepped one timer at a time (``tests/e2e/cost_table.py``). Prints,
per table update per seated session (mean of the four sessions, and each):
frames Textual wrote, SSH channel writes, bytes sent, messages dispatched,
widget renders, rows rendered, layout passes and timer firings. The figures
are counts, not timings: the same every run to within ~1 %.

First-game hints are off, as in the test suite (``tests/conftest.py``: they
are toasts); ``--hints`` turns them on (a player's first game: more renders
and rows per update).

Run: PYTHONPATH=. .venv/bin/python bench/cost_counters.py [STEPS] [--hints] [--no-share]   (default 60 steps)

``--no-share``: every session renders and styles its own rows (no process-wide row caches,
``ahoy_tui.ui.widgets.rows.share``), for the figures before sharing.

The budgets asserted on these figures are in ``tests/e2e/test_cost_counters.py``.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT))

from cost_table import play, report, seated_table  # noqa: E402

from ahoy_tui.ui import cost, prefs  # noqa: E402
from ahoy_tui.ui.widgets import rows  # noqa: E402


async def main(steps: int) -> None:
    with tempfile.TemporaryDirectory(prefix="ahoy-cost-") as tmp, cost.counting():
        table = await seated_table(Path(tmp))
        try:
            print(report(await play(table, steps)))
        finally:
            await table.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    prefs.HINTS_DEFAULT = "--hints" in args
    rows.share("--no-share" not in args)
    numbers = [a for a in args if a.isdigit()]
    asyncio.run(main(int(numbers[0]) if numbers else 60))

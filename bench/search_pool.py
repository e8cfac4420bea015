"""A hard bot's decision time through the search pool (issues 17 and 24), as the table sees it.

Run: ``.venv/bin/python bench/search_pool.py [--tables 4] [--decisions 200]``.

One lobby on a real asyncio loop (no SSH, no UI): ``--tables`` tables of
three hard bots and one person on the autopilot, bots acting after
``--bot-delay`` seconds. Every ``LoopClock.off_loop`` call (one search) is
timed twice: how long the call itself held the loop (the first one starts
the pool's workers) and the round trip until its answer is back on the loop.
Prints the first search's figures apart (the pool starting), then
p50/p95/max of the next ``--decisions``. The server starts the forkserver
(issue 24) at ``serve()``, well before a first search: this run starts it
``--settle`` seconds before the first table (0: the first search waits for it).
``--search-timeout`` is raised to 5 s so that a slow first answer is still
timed (the lobby's default is 0.5 s: a later answer is overruled by the
baseline bot). Not a test: no assertion.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ahoy_tui.lobby import Lobby, TableConfig, Timing  # noqa: E402
from ahoy_tui.lobby.clock import LoopClock  # noqa: E402


async def run(tables: int, decisions: int, delay: tuple[float, float],
              settle: float) -> tuple[list[float], list[float]]:
    """``(held, round_trip)`` in ms per search, in the order they were asked."""
    held: list[float] = []
    trips: list[float] = []
    real = LoopClock.off_loop

    def timed(self, work, done):  # noqa: ANN001
        asked = time.perf_counter()

        def back(result, error):  # noqa: ANN001
            trips.append((time.perf_counter() - asked) * 1000)
            done(result, error)
        real(self, work, back)
        held.append((time.perf_counter() - asked) * 1000)
    LoopClock.off_loop = timed
    try:
        import ahoy_tui.lobby.search_pool as pool  # noqa: PLC0415  (absent before issue 24)
        pool.start_forkserver()
    except ImportError:
        pass
    await asyncio.sleep(settle)
    lobby = Lobby(timing=Timing(bot_delay=delay, between_hands=0.2, search_timeout=5.0), seed=1)
    for i in range(tables):
        h = lobby.connect(f"user:p{i}", f"p{i}")
        h.subscribe(lambda m: None)
        tid = lobby.create_table(h, TableConfig.make(seats=4, limit=1000))
        for _ in range(3):
            lobby.add_bot(h, tid, "hard")
        lobby.start(h, tid)
        lobby.set_autopilot(h, tid, True)
    while len(trips) < decisions + 1:
        await asyncio.sleep(0.05)
    lobby.freeze()
    LoopClock.off_loop = real
    return held, trips


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=4)
    ap.add_argument("--decisions", type=int, default=200)
    ap.add_argument("--settle", type=float, default=5.0)
    ap.add_argument("--bot-delay", type=float, nargs=2, default=(0.05, 0.1), metavar=("MIN", "MAX"))
    args = ap.parse_args()
    held, trips = asyncio.run(run(args.tables, args.decisions, tuple(args.bot_delay), args.settle))
    rest, rest_held = trips[1:args.decisions + 1], held[1:args.decisions + 1]
    q = statistics.quantiles(rest, n=100)
    print(f"first search: loop held {held[0]:.1f} ms, answer after {trips[0]:.0f} ms")
    print(f"next {len(rest)}: answer p50 {q[49]:.1f} ms, p95 {q[94]:.1f} ms, max {max(rest):.1f} ms; "
          f"loop held p50 {statistics.median(rest_held):.2f} ms, max {max(rest_held):.2f} ms")


if __name__ == "__main__":
    main()

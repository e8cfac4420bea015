"""Event-loop lag with many tables of bots (issue 17: the hard bot must not hurt the server).

Run: ``.venv/bin/python bench/bot_loop_lag.py [--tables 100] [--seconds 20]``.

One lobby on a real asyncio loop (no SSH, no UI): ``--tables`` tables of
four seats, one person on the autopilot (baseline, R17) and three bots of
one kind, bots acting after ``--bot-delay`` seconds. A ticker on the same
loop sleeps 5 ms at a time and records how late it wakes: that lateness is
what every other player's action → screen path would wait for. Measured
once with every bot ``baseline`` and once with every bot ``hard`` (whose
searches run off the loop in ``clock.search_executor`` worker processes), in one
run, after ``--warmup`` seconds. Prints the ticker lag p50/p95/p99/max in
ms and the game actions applied per second. Not a test: no assertion.
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

TICK = 0.005


async def run(kind: str, tables: int, seconds: float, warmup: float, delay: tuple[float, float]) -> dict:
    lobby = Lobby(timing=Timing(bot_delay=delay, between_hands=0.5, clock_scale=1.0), seed=1)
    tids = []
    for i in range(tables):
        h = lobby.connect(f"user:p{i}", f"p{i}")
        h.subscribe(lambda m: None)
        tid = lobby.create_table(h, TableConfig.make(seats=4, limit=1000, clocks="normal"))
        for _ in range(3):
            lobby.add_bot(h, tid, kind)
        lobby.start(h, tid)
        lobby.set_autopilot(h, tid, True)
        tids.append(tid)

    def actions() -> int:
        return sum(len(lobby.tables[t].events) for t in tids if t in lobby.tables)

    lags: list[float] = []
    end_warm = time.perf_counter() + warmup
    while time.perf_counter() < end_warm:
        await asyncio.sleep(TICK)
    a0, t0 = actions(), time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        before = time.perf_counter()
        await asyncio.sleep(TICK)
        lags.append((time.perf_counter() - before - TICK) * 1000)
    elapsed = time.perf_counter() - t0
    events = actions() - a0
    lobby.freeze()
    q = statistics.quantiles(lags, n=100)
    return {"kind": kind, "tables": tables, "lag_ms": {"p50": q[49], "p95": q[94], "p99": q[98], "max": max(lags)},
            "events_per_s": events / elapsed}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--warmup", type=float, default=3.0)
    ap.add_argument("--bot-delay", type=float, nargs=2, default=(0.8, 1.2), metavar=("MIN", "MAX"))
    args = ap.parse_args()
    for kind in ("baseline", "hard"):
        r = asyncio.run(run(kind, args.tables, args.seconds, args.warmup, tuple(args.bot_delay)))
        lag = r["lag_ms"]
        print(f"{kind:<9} {r['tables']} tables: loop lag p50 {lag['p50']:.2f} ms, p95 {lag['p95']:.2f} ms, "
              f"p99 {lag['p99']:.2f} ms, max {lag['max']:.2f} ms; {r['events_per_s']:.0f} game events/s")


if __name__ == "__main__":
    main()

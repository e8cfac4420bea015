"""Lobby benchmark: push rate of one table and 100 bot tables playing a hand.

Run: .venv/bin/python bench/lobby.py [--hands-for-push N] [--tables N]

1. Updates per second one table pushes to 8 subscribers: 8 seated people
   (no-op session callbacks) under the autopilot, zero bot delays, a
   manual clock; counts ``TableUpdate`` messages delivered per wall second.
2. Time for 100 tables of 4 baseline bots to play one hand each, engine +
   lobby only, zero delays: on a manual clock and on a real asyncio loop.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ahoy_tui.lobby import Lobby, ManualClock, TableConfig, TableUpdate, Timing  # noqa: E402


def push_rate(steps: int) -> tuple[int, float, int]:
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=Timing.instant(), seed=1)
    counts = [0]

    def sink(msg: object) -> None:
        if isinstance(msg, TableUpdate):
            counts[0] += 1

    hs = [lobby.connect(f"user:p{i}", f"p{i}") for i in range(8)]
    for h in hs:
        h.subscribe(sink)
    tid = lobby.create_table(hs[0], TableConfig.make(seats=8, limit=1000))
    for h in hs[1:]:
        lobby.join(h, tid)
        lobby.set_ready(h, tid, True)
    lobby.start(hs[0], tid)
    for h in hs:
        lobby.set_autopilot(h, tid, True)
    table = lobby.tables[tid]
    counts[0] = 0
    v0 = table.version
    t0 = time.perf_counter()
    clock.run(max_steps=steps, until=lambda: table.status == "game_over")
    dt = time.perf_counter() - t0
    return counts[0], dt, table.version - v0


def setup_bot_tables(lobby: Lobby, n: int) -> list:
    tables = []
    for i in range(n):
        h = lobby.connect(f"user:host{i}", f"host{i}")
        tid = lobby.create_table(h, TableConfig.make(seats=4, limit=1000))
        for _ in range(3):
            lobby.add_bot(h, tid, "baseline")
        tables.append((h, tid))
    return tables


def start_all(lobby: Lobby, tables: list) -> list:
    out = []
    for h, tid in tables:
        lobby.start(h, tid)
        lobby.give_to_bot(h, tid, 0)        # four baseline bots
        out.append(lobby.tables[tid])
    return out


def hand_done(t) -> bool:
    return t.game.state.hand_no >= 1 and not t.game.state.hand_in_progress


def hundred_tables_manual(n: int) -> tuple[float, int]:
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=Timing(bot_delay=(0, 0), between_hands=3600), seed=2)
    tables = setup_bot_tables(lobby, n)
    t0 = time.perf_counter()
    ts = start_all(lobby, tables)
    clock.run(until=lambda: all(hand_done(t) for t in ts))
    dt = time.perf_counter() - t0
    assert all(hand_done(t) for t in ts)
    return dt, sum(len(t.game.record) for t in ts)


async def hundred_tables_loop(n: int) -> float:
    lobby = Lobby(timing=Timing(bot_delay=(0, 0), between_hands=3600), seed=3)
    tables = setup_bot_tables(lobby, n)
    t0 = time.perf_counter()
    ts = start_all(lobby, tables)
    while not all(hand_done(t) for t in ts):
        await asyncio.sleep(0.001)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=20_000, help="timer steps for the push benchmark")
    ap.add_argument("--tables", type=int, default=100)
    args = ap.parse_args()
    n, dt, changes = push_rate(args.steps)
    print(f"one table, 8 subscribers: {changes} changes, {n} updates in {dt:.2f} s "
          f"= {n / dt:,.0f} updates/s ({changes / dt:,.0f} changes/s)")
    dt, lines = hundred_tables_manual(args.tables)
    print(f"{args.tables} tables x 4 baseline bots, one hand each (manual clock): {dt:.2f} s "
          f"({lines} record lines)")
    dt = asyncio.run(hundred_tables_loop(args.tables))
    print(f"{args.tables} tables x 4 baseline bots, one hand each (asyncio loop): {dt:.2f} s")


if __name__ == "__main__":
    main()

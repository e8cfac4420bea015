"""What the lobby codec costs per message (issue 13: messages that cross a process boundary).

Plays one seeded game in memory (a ``ManualClock``, instant timing): the host
on the autopilot and bots in the other seats, a spectator watching from the
start, and a late spectator who joins when the game is over (its catch-up
carries the whole game). Every ``TableUpdate`` the host and the spectator
received is then encoded and decoded (``ahoy_tui.lobby.codec``) and timed.

Prints, per kind of update: count, bytes (mean / max), encode and decode µs
per update (mean / p95), and the late spectator's catch-up size.

Run: .venv/bin/python bench/codec.py [--seats 4] [--limit 100] [--seed 1] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ahoy_tui.games.ahoy.wire import WIRE_TYPES  # noqa: E402
from ahoy_tui.lobby import Lobby, ManualClock, TableConfig, TableUpdate, Timing, codec  # noqa: E402

codec.register_game_types(WIRE_TYPES)


def play(seats: int, limit: int, seed: int) -> tuple[list[TableUpdate], list[TableUpdate], TableUpdate]:
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=Timing.instant(), seed=seed, wall=lambda: 0.0)
    got: dict[str, list] = {"host": [], "watch": [], "late": []}
    handles = {}
    for who in got:
        handles[who] = lobby.connect(f"user:{who}", who)
        handles[who].subscribe(got[who].append)
    host = handles["host"]
    tid = lobby.create_table(host, TableConfig.make(name="bench", seats=seats, limit=limit, clocks="normal"))
    for _ in range(seats - 1):
        lobby.add_bot(host, tid, "baseline")
    lobby.spectate(handles["watch"], tid)
    lobby.start(host, tid)
    lobby.set_autopilot(host, tid, True)
    table = lobby.tables[tid]
    for _ in range(1_000_000):
        if table.status == "game_over":
            break
        clock.advance(1.0)
    lobby.spectate(handles["late"], tid)
    updates = lambda who: [m for m in got[who] if isinstance(m, TableUpdate)]  # noqa: E731
    late = [u for u in updates("late") if u.catch_up][-1]
    return updates("host"), updates("watch"), late


def timed(fn, arg, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(arg)
        best = min(best, time.perf_counter() - t0)
    return best * 1e6


def report(label: str, updates: list[TableUpdate], repeat: int) -> None:
    if not updates:
        return
    data = [codec.encode(u) for u in updates]
    enc = [timed(codec.encode, u, repeat) for u in updates]
    dec = [timed(codec.decode, d, repeat) for d in data]
    sizes = [len(d) for d in data]
    p95 = lambda xs: sorted(xs)[int(0.95 * (len(xs) - 1))]  # noqa: E731
    print(f"{label:<28} {len(updates):>6} {statistics.mean(sizes):>9.0f} {max(sizes):>9} "
          f"{statistics.mean(enc):>8.0f} {p95(enc):>8.0f} {statistics.mean(dec):>8.0f} {p95(dec):>8.0f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--limit", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="best of N timings per update")
    a = ap.parse_args(argv)
    host, watch, late = play(a.seats, a.limit, a.seed)
    print(f"{a.seats} seats, limit {a.limit}, seed {a.seed}: hand {late.view.hand_no if late.view else 0}, "
          f"{len(late.events)} events in the whole game")
    print(f"{'updates':<28} {'count':>6} {'bytes':>9} {'max':>9} {'enc µs':>8} {'p95':>8} {'dec µs':>8} {'p95':>8}")
    with_legal = [u for u in host if u.legal and not u.catch_up]
    report("seated, legal actions", with_legal, a.repeat)
    report("seated, nothing to do", [u for u in host if not u.legal and not u.catch_up], a.repeat)
    report("spectator", [u for u in watch if not u.catch_up], a.repeat)
    report("late spectator's catch-up", [late], a.repeat)
    legal = max((len(u.legal) for u in with_legal), default=0)
    print(f"most legal actions in one update: {legal}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Tables that survive a restart: what logging costs per action and how long a restart takes (issue 14).

(a) Plays ``--tables`` tables of four bots (limit 100, seeded) into a
SQLite store until each is in the middle of a hand, timing every logged
game action: the cost on the loop (``Journal.act``/``deal``: the entry
built and queued) and in total (from that call until the store's writer
reported the entry written). Prints p50/p99/max in µs.

(b) Closes the store and times ``Lobby.resume()`` on a new one — every
table rebuilt by replaying its log through the engine, each line checked —
``--repeat`` times, with the log's size.

Run: .venv/bin/python bench/resume.py [--tables 100] [--steps 60] [--repeat 3] [--dir DIR]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ahoy_tui.lobby import Lobby, ManualClock, TableConfig, Timing  # noqa: E402
from ahoy_tui.lobby.journal import Journal  # noqa: E402
from ahoy_tui.store.sqlite import SQLiteStore  # noqa: E402

TIMING = Timing(bot_delay=(0.5, 1.5), between_hands=3.0, empty_grace=1e9)


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


class Timed:
    """Times the journal's game entries: on the loop, and until the store wrote them."""

    def __init__(self, store: SQLiteStore) -> None:
        self.store = store
        self.on_loop: list[float] = []
        self.pending: list[tuple[int, float]] = []
        self.total: list[float] = []
        self.lock = threading.Lock()
        store.listen(self.durable, lambda table_id, reason: None)
        for name in ("act", "deal"):
            self.wrap(name)

    def wrap(self, name: str) -> None:
        original = getattr(Journal, name)
        timed = self

        def run(journal: Journal, *args):  # noqa: ANN202
            t0 = time.perf_counter()
            original(journal, *args)
            t1 = time.perf_counter()
            timed.on_loop.append((t1 - t0) * 1e6)
            with timed.lock:
                timed.pending.append((journal.last_seq, t0))

        setattr(Journal, name, run)

    def durable(self) -> None:
        now, upto = time.perf_counter(), self.store.durable
        with self.lock:
            done = [p for p in self.pending if p[0] <= upto]
            self.pending = [p for p in self.pending if p[0] > upto]
        self.total.extend((now - t0) * 1e6 for _, t0 in done)


def build(db: Path, tables: int, steps: int) -> Timed:
    store = SQLiteStore(db)
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=TIMING, seed=1, store=store)
    timed = Timed(store)
    rng = random.Random(2)
    for i in range(tables):
        host = lobby.connect(f"user:h{i}", f"h{i}")
        tid = lobby.create_table(host, TableConfig.make(name=f"Ship {i}", seats=4, limit=100, clocks="relaxed"))
        for kind in ("baseline", "random", "baseline"):
            lobby.add_bot(host, tid, kind)
        lobby.start(host, tid)
        lobby.set_autopilot(host, tid, True)
        for _ in range(rng.randrange(steps // 2, steps)):
            clock.advance(0.5)
            time.sleep(0)  # let the writer run, as the loop would between ticks
        lobby.tables.pop(tid).closed = True  # its timers stop (its log stays): the next table plays alone
    store.flush(60)
    store.close()
    return timed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--steps", type=int, default=240,
                    help="each table plays steps/2 to steps half-second ticks (default 240: 1-2 min of play)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--dir", type=Path, default=None)
    args = ap.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="ahoy-resume-"))
    db = folder / "ahoy.db"
    db.unlink(missing_ok=True)
    timed = build(db, args.tables, args.steps)
    n = len(timed.on_loop)
    print(f"# {args.tables} tables, {n} logged game actions, {time.strftime('%Y-%m-%d %H:%M')}")
    for label, xs in (("on the loop", timed.on_loop), ("until written", timed.total)):
        print(f"log append per action, {label}: p50 {pct(xs, .5):.0f} µs  p99 {pct(xs, .99):.0f} µs  "
              f"max {max(xs):.0f} µs  (n={len(xs)})")
    size = sum(p.stat().st_size for p in folder.glob("ahoy.db*"))
    for r in range(args.repeat):
        store = SQLiteStore(db)
        t0 = time.perf_counter()
        lobby = Lobby(clock=ManualClock(), timing=TIMING, seed=3, store=store)
        problems = lobby.resume()
        took = time.perf_counter() - t0
        entries = sum(len(t.entries) for t in store.open_tables())
        print(f"resume {len(lobby.tables)} tables ({entries} log entries, {size / 1024:.0f} KiB): "
              f"{took * 1000:.0f} ms, {len(problems)} not whole")
        store.close()


if __name__ == "__main__":
    main()

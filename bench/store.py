"""What the SQLite store costs: append on the caller's thread, time to durable, archive size (issue 14).

(a) Appends ~300-byte JSON entries (a table-log entry as the lobby writes
one) spread over 8 tables, at a steady rate (default 50/s) and then as fast
as one thread can. Per entry: the time ``append`` took on the caller's
thread, and the time from the call until ``on_durable`` reported a
``durable`` at or past its sequence number. Prints p50/p99/max in µs, the
commits (``on_durable`` calls) and entries per commit.

(b) Archives ``--games`` finished games and reports the file's size per
game. Records are real: ``--real`` bot games are played with the engine
(4 seats, limit 100) and cycled, each archived under its own id; a second
run archives synthetic 150-line records (one deal line with a 54-card deck
list per 25 lines, the rest offers) for comparison.

(a) again with ``--redis`` for the Redis store (issue 15), on a
``redis-server`` started for the run (then (b) is skipped).

Run: .venv/bin/python bench/store.py [--rate 50] [--seconds 4] [--burst 20000]
                                     [--games 10000] [--real 100] [--dir DIR] [--redis]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ahoy_tui.games.ahoy.bots import make_bot  # noqa: E402
from ahoy_tui.games.ahoy.game import Game  # noqa: E402
from ahoy_tui.games.ahoy.state import Settings  # noqa: E402
from ahoy_tui.games.ahoy.simulate import play_hand  # noqa: E402
from ahoy_tui.store import ArchivedGame, GameListing  # noqa: E402
from ahoy_tui.store.sqlite import SQLiteStore  # noqa: E402

CARDS = [f"{r}{s}" for s in "CDHS" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
DECK = CARDS + ["JK", "JK"]


def entry(i: int, rng: random.Random) -> dict:
    """A table-log entry of about 300 bytes of JSON."""
    return {"kind": "act", "at": 1733100000.0 + i / 50, "seat": i % 4, "by": f"user:sha256:{i % 97:064x}"[:40],
            "act": {"act": "offer", "want": rng.choice(CARDS), "give": rng.choice(CARDS)},
            "clock": {"turn": 30.0, "bank": 87.5}, "hand": 3, "turn": i, "note": "x" * 60}


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def append_run(make_store: Callable[[], object], count: int, rate: float | None) -> None:
    """Append ``count`` entries (at ``rate`` per second, or flat out) to ``make_store()`` and print the figures."""
    store = make_store()
    rng = random.Random(1)
    issued: list[tuple[int, float]] = []
    done: dict[int, float] = {}
    commits = 0
    lock = threading.Lock()
    cursor = 0

    def on_durable() -> None:
        nonlocal commits, cursor
        now, durable = time.perf_counter(), store.durable
        with lock:
            commits += 1
            while cursor < len(issued) and issued[cursor][0] <= durable:
                done[issued[cursor][0]] = now
                cursor += 1

    store.listen(on_durable, lambda table_id, reason: print("error:", table_id, reason))
    cost = []
    start = time.perf_counter()
    for i in range(count):
        if rate:
            delay = start + i / rate - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
        e = entry(i, rng)
        with lock:  # only so on_durable sees issued in order; not part of the cost
            t1 = time.perf_counter()
            seq = store.append(f"t{i % 8}", e)
            t2 = time.perf_counter()
            issued.append((seq, t1))
        cost.append((t2 - t1) * 1e6)
    store.flush(60)
    on_durable()
    store.close()
    wait = [(done[seq] - t) * 1e6 for seq, t in issued]
    label = f"{rate:g}/s" if rate else "flat out"
    elapsed = max(done.values()) - start
    print(f"  {label:>9}: {count} appends in {elapsed:.2f} s, {commits} commits "
          f"({count / max(commits, 1):.1f} entries/commit)")
    print(f"             append on caller  p50 {pct(cost, .5):7.1f} µs  p99 {pct(cost, .99):7.1f} µs"
          f"  max {max(cost):8.1f} µs")
    print(f"             until durable     p50 {pct(wait, .5):7.0f} µs  p99 {pct(wait, .99):7.0f} µs"
          f"  max {max(wait):8.0f} µs")


def redis_runs(rate: float, seconds: float, burst: int) -> None:
    """(a) again with ``RedisStore`` on a throwaway ``redis-server``."""
    import shutil

    from ahoy_tui.store.redis_store import RedisStore
    from tests.redis_server import RedisServer

    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server not found (apt-get install redis-server)")
    directory = Path(tempfile.mkdtemp(prefix="ahoy-bench-redis-"))
    server = RedisServer(binary, directory)
    server.start()
    try:
        print("(a) the same with the Redis store (unix socket, appendfsync everysec)")
        append_run(lambda: RedisStore(server.url), int(rate * seconds), rate)
        append_run(lambda: RedisStore(server.url), burst, None)
    finally:
        server.kill()
        shutil.rmtree(directory, ignore_errors=True)


def real_records(games: int) -> list[tuple[list[dict], list[int]]]:
    """``games`` whole bot games (4 seats, limit 100): each record and the final totals."""
    out = []
    for g in range(games):
        game = Game([f"bot{i}" for i in range(4)], Settings(limit=100, max_reshuffles=50), seed=1000 + g)
        bots = [make_bot("baseline", seed=g * 16 + i) for i in range(4)]
        while not game.over:
            play_hand(game, bots)
        out.append((game.record, list(game.state.totals)))
    return out


def synthetic_record(rng: random.Random) -> list[dict]:
    """150 lines like a real record: a header, a deal (54-card deck list) every 25 lines, offers."""
    lines: list[dict] = [{"format": "ahoy-record", "version": 1, "seats": ["ann", "bob", "cat", "dan"],
                          "settings": {"limit": 100, "ace_low": False}, "seed": rng.randrange(1 << 30)}]
    while len(lines) < 150:
        if len(lines) % 25 == 1:
            deck = DECK[:]
            rng.shuffle(deck)
            lines.append({"chance": "deal", "hand": len(lines) // 25 + 1, "first_seat": 0, "deck": deck})
        else:
            lines.append({"seat": rng.randrange(4), "act": "offer", "want": rng.choice(CARDS),
                          "give": rng.choice(CARDS)})
    return lines


def archive_run(path: Path, games: int, records: list[tuple[list[dict], list[int]]], label: str) -> None:
    """Archive ``games`` games cycling through ``records``; print bytes per game and the file size."""
    store = SQLiteStore(path)
    people = [f"user:{i:04d}" for i in range(500)]
    rng = random.Random(2)
    lines = 0
    raw = 0
    start = time.perf_counter()
    for g in range(games):
        record, totals = records[g % len(records)]
        who = rng.sample(people, 3)
        listing = GameListing(f"g{g:08x}", "ahoy", f"table {g % 40}", 1.7e9 + g * 60,
                              ("ann", "bob", "cat", "dan"), (who[0], who[1], who[2], None),
                              (1, 2, 3, 4), tuple(totals))
        store.archive(ArchivedGame(listing, tuple(record)))
        lines += len(record)
        raw += sum(len(json.dumps(x)) + 1 for x in record) if g < len(records) else 0
        if g % 500 == 499:
            store.flush(60)
    store.flush(60)
    seconds = time.perf_counter() - start
    query_start = time.perf_counter()
    for p in people[:100]:
        store.games_of(p)
    query_ms = (time.perf_counter() - query_start) * 1000 / 100
    store.close()
    size = sum(f.stat().st_size for f in path.parent.glob(path.name + "*"))
    print(f"  {label}: {games} games, {lines / games:.0f} record lines/game, "
          f"~{raw / min(games, len(records)) / 1024:.1f} KiB of record text/game")
    print(f"             file {size / 1e6:.1f} MB = {size / games:.0f} bytes/game; "
          f"archived in {seconds:.1f} s; games_of {query_ms:.2f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rate", type=float, default=50.0, help="steady appends per second")
    ap.add_argument("--seconds", type=float, default=4.0, help="length of the steady run")
    ap.add_argument("--burst", type=int, default=20000, help="appends in the flat-out run")
    ap.add_argument("--games", type=int, default=10000, help="games to archive")
    ap.add_argument("--real", type=int, default=100, help="real bot games to play and cycle (0: skip)")
    ap.add_argument("--dir", type=Path, default=None, help="where the databases go (default: a temp dir)")
    ap.add_argument("--redis", action="store_true",
                    help="(a) also for the Redis store, on a redis-server started here (unix socket, AOF "
                         "everysec); skips (b)")
    args = ap.parse_args()
    base = args.dir or Path(tempfile.mkdtemp(prefix="ahoy-bench-store-"))
    base.mkdir(parents=True, exist_ok=True)
    print(f"SQLite store bench in {base} (Python {sys.version.split()[0]})")
    print("(a) appends of ~%d-byte entries over 8 tables" % len(json.dumps(entry(0, random.Random(1))).encode()))
    append_run(lambda: SQLiteStore(base / "steady.db"), int(args.rate * args.seconds), args.rate)
    append_run(lambda: SQLiteStore(base / "burst.db"), args.burst, None)
    if args.redis:
        redis_runs(args.rate, args.seconds, args.burst)
        return
    print("(b) archive size")
    if args.real:
        t = time.perf_counter()
        records = real_records(args.real)
        print(f"  played {args.real} bot games in {time.perf_counter() - t:.1f} s")
        archive_run(base / "real.db", args.games, records, "real records     ")
    rng = random.Random(3)
    synthetic = [(synthetic_record(rng), [100, 80, 60, 40]) for _ in range(200)]
    archive_run(base / "synthetic.db", args.games, synthetic, "synthetic 150-line")


if __name__ == "__main__":
    main()

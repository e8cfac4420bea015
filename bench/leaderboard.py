"""What ratings, stats and leaderboards cost at 10,000 archived games and 1,000 players (issues 16, 18).

Builds a temporary SQLite store (``ahoy.db``): ``--games`` finished games
between ``--players`` identities (80% SSH keys, 20% keyless names; 2-6
seats, one seat in five a bot), archived with real records: ``--real``
bot games are played with the engine (baseline bots, 2-6 seats, limit 100)
and cycled; one game in ``--ahoi-every`` is instead one of ``--real`` Ahoi
baseline-bot games (2-6 seats), counted through Ahoi's own stats (a
replay). The community tables are then filled the way a restart fills
them, ``Community.catch_up`` (each game: ratings and stats in one
transaction), and its rate is reported.

Then each read is timed ``--runs`` times (p50/p99/max, µs): the three
leaderboards of AHOY!! V2 (overall, last 30 days, 4-player games; 20 lines), Ahoi's overall board, a profile
card by name, a rating by identity and one game's rating changes, and
``EXPLAIN QUERY PLAN`` shows the index each query uses.

Run: .venv/bin/python bench/leaderboard.py [--games 10000] [--players 1000] [--real 60] [--ahoi-every 4] [--runs 300]
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ahoy_tui.games.ahoy.bots import make_bot  # noqa: E402
from ahoy_tui.community import tables  # noqa: E402
from ahoy_tui.community.service import RECENT_DAYS, Community  # noqa: E402
from ahoy_tui.games.ahoy.game import Game  # noqa: E402
from ahoy_tui.games.ahoy.state import Settings  # noqa: E402
from ahoy_tui.games.ahoi.bots import make_bot as make_ahoi_bot  # noqa: E402
from ahoy_tui.games.ahoi.game import AhoiGame  # noqa: E402
from ahoy_tui.games.ahoi.simulate import play_round  # noqa: E402
from ahoy_tui.games.ahoy.simulate import play_hand  # noqa: E402
from ahoy_tui.store import GameListing  # noqa: E402
from ahoy_tui.store.sqlite import SQLiteStore  # noqa: E402
from ahoy_tui.store.sqlite_schema import dumps, listing_text, pack_record  # noqa: E402

DAY = 86400.0


def real_records(n: int, seed: int) -> list[list[dict]]:
    """``n`` whole baseline-bot games (2-6 seats, limit 100): their full records."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        seats = rng.randint(2, 6)
        g = Game([f"s{j}" for j in range(seats)], Settings(limit=100, max_reshuffles=20), seed=seed + i)
        bots = [make_bot("baseline", seed=(seed + i) * 16 + j) for j in range(seats)]
        while not g.over:
            play_hand(g, bots)
        out.append(g.record)
    return out


def ahoi_records(n: int, seed: int) -> list[list[dict]]:
    """``n`` whole games of Ahoi between baseline bots (2-6 seats): their full records."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        seats = rng.randint(2, 6)
        g = AhoiGame([f"s{j}" for j in range(seats)], seed=seed + i)
        bots = [make_ahoi_bot("baseline", seed=(seed + i) * 16 + j) for j in range(seats)]
        while not g.over:
            play_round(g, bots)
        out.append(g.record)
    return out


def _final_totals(record: list[dict]) -> list[int]:
    return next(line["totals"] for line in reversed(record) if line.get("result") == "game")


def identities(n: int) -> list[tuple[str, str]]:
    """(identity, name) of ``n`` players: 80% keys, the rest keyless names."""
    return [(f"key:SHA256:{i:040d}" if i % 5 else f"user:p{i}", f"p{i}") for i in range(n)]


def build(path: Path, games: int, players: int, records: dict[str, list[list[dict]]], ahoi_every: int,
          now: float, seed: int) -> None:
    """Archive ``games`` games over the last 365 days into the store's tables at ``path``, as
    ``SQLiteStore.archive`` writes them (``sqlite_schema`` encodings; each record compressed once);
    game ``i`` is Ahoi when ``ahoi_every`` divides ``i + 1``."""
    rng = random.Random(seed)
    people = identities(players)
    SQLiteStore(path).close()                       # the store's schema
    packed = {g: [pack_record("\n".join(dumps(line) for line in r)) for r in rs] for g, rs in records.items()}
    with sqlite3.connect(path) as c:
        for i in range(games):
            kind = "ahoi" if ahoi_every and (i + 1) % ahoi_every == 0 else "ahoy"
            k = i % len(records[kind])
            record = records[kind][k]
            seats = len(record[0]["seats"])
            who = rng.sample(people, seats)
            ids = tuple(None if rng.random() < 0.2 else w[0] for w in who)
            names = tuple("Hook" if ident is None else w[1] for ident, w in zip(ids, who))
            totals = _final_totals(record)
            places = tuple(1 + sum(t < x for t in totals) for x in totals)
            finished = now - 365 * DAY + i * (365 * DAY / games)
            listing = GameListing(f"g{i:012x}", kind, "Bench", finished, names, ids, places, tuple(totals))
            c.execute("INSERT INTO games VALUES (?, ?, ?, ?)", (listing.game_id, finished, listing_text(listing),
                                                              packed[kind][k]))
            c.executemany("INSERT OR IGNORE INTO game_players VALUES (?, ?, ?)",
                          [(x, finished, listing.game_id) for x in ids if x is not None])


def timed(fn, runs: int) -> tuple[float, float, float]:
    """p50, p99 and max of ``fn()`` in µs over ``runs`` calls (after one warm-up call)."""
    fn()
    samples = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t) * 1e6)
    samples.sort()
    return statistics.median(samples), samples[int(0.99 * (len(samples) - 1))], samples[-1]


PLANS = {
    "overall": ("SELECT identity, mu, sigma, rated FROM ratings WHERE game = ? ORDER BY ordinal DESC LIMIT 20",
                ("ahoy",)),
    "recent": ("SELECT identity, count(*), sum(place = 1), sum(after - before) AS gained FROM player_games"
               " WHERE finished >= ? AND game = ? AND after IS NOT NULL GROUP BY +identity"
               " ORDER BY gained DESC, identity LIMIT 20", (0.0, "ahoy")),
    "players": ("SELECT identity FROM player_stats WHERE game = ? AND players = ?"
                " ORDER BY wins DESC, place_sum * 1.0 / games, identity LIMIT 20", ("ahoy", 4)),
    "stats of one": ("SELECT * FROM player_stats WHERE identity = ? AND game = ? AND players = ?", ("x", "ahoy", 0)),
    "counters": ("SELECT counter, value FROM player_counts WHERE identity = ? AND game = ?", ("x", "ahoy")),
    "by name": ("SELECT * FROM players WHERE name = ? COLLATE NOCASE ORDER BY last_played DESC LIMIT 3", ("p1",)),
    "game's changes": ("SELECT identity, before, after FROM player_games WHERE game_id = ?", ("g1",)),
    "newest games": ("SELECT game_id FROM player_games WHERE identity = ? AND game = ? ORDER BY finished DESC"
                     " LIMIT 10", ("x", "ahoy")),
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--players", type=int, default=1_000)
    ap.add_argument("--real", type=int, default=60)
    ap.add_argument("--ahoi-every", type=int, default=4, help="one game in N is Ahoi (0: none)")
    ap.add_argument("--runs", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    now = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "ahoy.db"
        t = time.perf_counter()
        records = {"ahoy": real_records(args.real, args.seed), "ahoi": ahoi_records(args.real, args.seed)}
        for game, rs in records.items():
            lines = statistics.mean(len(r) for r in rs)
            print(f"{args.real} real {game} bot games ({lines:.0f} record lines each)")
        print(f"played in {time.perf_counter() - t:.1f} s")
        t = time.perf_counter()
        build(path, args.games, args.players, records, args.ahoi_every, now, args.seed)
        print(f"{args.games} games archived in {time.perf_counter() - t:.1f} s")
        community = Community(path)
        t = time.perf_counter()
        counted = community.catch_up()
        took = time.perf_counter() - t
        print(f"catch_up: {counted} games counted in {took:.1f} s "
              f"({took / max(1, counted) * 1e3:.2f} ms a game, on the writer thread)")
        with sqlite3.connect(path) as c:
            rated = c.execute("SELECT count(*) FROM community_games WHERE rated").fetchone()[0]
            rows = {t: c.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables.COMMUNITY_TABLES}
        print(f"{rated} rated games; rows: {rows}; file {path.stat().st_size / 1e6:.1f} MB")
        someone = community.leaderboard("overall", limit=1)[0]
        ident = next(i for i, n in identities(args.players) if n == someone.name)
        game_id = f"g{args.games - 1:012x}"
        reads = {
            "leaderboard overall (20)": lambda: community.leaderboard("overall", limit=20, now=now),
            f"leaderboard last {RECENT_DAYS} days (20)": lambda: community.leaderboard("recent", limit=20, now=now),
            "leaderboard 4-player games (20)": lambda: community.leaderboard("players", 4, limit=20, now=now),
            "Ahoi leaderboard overall (20)": lambda: community.leaderboard("overall", limit=20, now=now, game="ahoi"),
            "profile card by name": lambda: community.profiles(someone.name),
            "rating by identity": lambda: community.rating(ident),
            "one game's rating changes": lambda: community.changes(game_id),
        }
        print(f"\n{'read':<36} {'p50 µs':>8} {'p99 µs':>8} {'max µs':>8}   ({args.runs} runs)")
        for name, fn in reads.items():
            p50, p99, mx = timed(fn, args.runs)
            print(f"{name:<36} {p50:>8.0f} {p99:>8.0f} {mx:>8.0f}")
        print("\nEXPLAIN QUERY PLAN")
        with sqlite3.connect(path) as c:
            for name, (sql, params) in PLANS.items():
                plan = "; ".join(row[-1] for row in c.execute("EXPLAIN QUERY PLAN " + sql, params))
                print(f"  {name:<15} {plan}")
        community.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Bot strength and decision time (issue 17): the hard bot against the baseline.

Run: ``.venv/bin/python bench/bots.py [--hands 2000] [--workers 2] [--seed 17]``.

Three seeded match-ups, each played until ``--hands`` hands (whole games,
limit 100, R15; the last game may stop part-way and is then not counted as
a game):

* ``1hard-4p``: hard vs 3 baseline, 4 players; the hard seat moves one seat
  along every game.
* ``2hard-4p``: hard, baseline, hard, baseline; every odd game the seats swap
  (baseline, hard, baseline, hard).
* ``hhbb-6p``: ``--bots hard,hard,baseline,baseline`` cycled over 6 seats (two
  decks, R1): four hard seats, two baseline; the layout turns one seat per game.

``--game ahoi`` (issue 30) plays Ahoi instead: ``ahoi-1hard-4p``, hard vs 3
baseline, 4 players, the hard seat moving one seat along every game, until
``--hands`` rounds (whole games to 101, AH13). A round is won by every seat
that scores 0 in it (AH12); the decision time is over all the hard bot's
decisions and over the searched ones (a turn's start, where it samples worlds
for „Ahoi“).

For each: the share of hands (and of finished games) a seat of each kind
won, per seat (fair share ``1 / players``), with a 95 % Wilson interval
(hands of one game are not independent; the interval is a guide). Then the
hard bot's decision time (``choose`` only, one process on one core, the
default budget) p50/p95/max in ms, from the ``1hard-4p`` games: over all its
decisions, and over the searched ones (discard, dirty-deal card). Games are
split over ``--workers`` processes by seed; each process uses one core.
Not a test: no assertion.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ahoy_tui.games.ahoy.bots import make_bot  # noqa: E402
from ahoy_tui.games.ahoy.game import Game  # noqa: E402
from ahoy_tui.games.ahoy.state import Settings  # noqa: E402
from ahoy_tui.games.ahoy.simulate import play_hand  # noqa: E402
from ahoy_tui.games.ahoi.bots import make_bot as make_ahoi_bot  # noqa: E402
from ahoy_tui.games.ahoi.game import AhoiGame  # noqa: E402
from ahoy_tui.games.ahoi.simulate import play_round  # noqa: E402

MATCHUPS: dict[str, tuple[int, tuple[str, ...]]] = {
    "1hard-4p": (4, ("hard", "baseline", "baseline", "baseline")),
    "2hard-4p": (4, ("hard", "baseline", "hard", "baseline")),
    "hhbb-6p": (6, ("hard", "hard", "baseline", "baseline")),
}

AHOI_MATCHUPS: dict[str, tuple[int, tuple[str, ...]]] = {
    "ahoi-1hard-4p": (4, ("hard", "baseline", "baseline", "baseline")),
}
"""Ahoi match-ups (``--game ahoi``): the hard seat moves one seat along every game."""


SEARCHED = ("discard", "exchange")
"""Decisions the hard bot plays out in rollouts (the others are rules of thumb)."""


class Timed:
    """Wraps a bot; records ``(seconds, action kind)`` of every ``choose``."""

    def __init__(self, bot, times: list[tuple[float, str]]) -> None:
        self.bot, self.times, self.name = bot, times, bot.name

    def choose(self, view, legal):
        t = time.perf_counter()
        a = self.bot.choose(view, legal)
        self.times.append((time.perf_counter() - t, a.KIND))
        return a


class TimedSearch(Timed):
    """``Timed`` for a bot that says which decisions it searches: records ``(seconds, "searched"
    or "quick")``."""

    def choose(self, view, legal):
        kind = "searched" if self.bot.would_search(view, legal) else "quick"
        t = time.perf_counter()
        a = self.bot.choose(view, legal)
        self.times.append((time.perf_counter() - t, kind))
        return a


def run_ahoi_chunk(name: str, seed: int, first_game: int, rounds: int, timed: bool) -> dict:
    """Ahoi: play games ``first_game, first_game + 1, …`` until ``rounds`` rounds; round and game
    wins by kind (a round is won by every seat scoring 0 in it, AH12; a game by the lowest total, AH13)."""
    players, kinds0 = AHOI_MATCHUPS[name]
    out = {"hands": 0, "games": 0, "hand_wins": {}, "game_wins": {}, "seats": {}, "times": []}
    g = first_game
    while out["hands"] < rounds:
        k = g % players
        kinds = list(kinds0[-k:] + kinds0[:-k]) if k else list(kinds0)
        game = AhoiGame([f"{x}{i}" for i, x in enumerate(kinds)], seed=seed * 100_000 + g)
        bots = [make_ahoi_bot(x, seed=(seed * 100_000 + g) * 16 + i) for i, x in enumerate(kinds)]
        if timed:
            bots = [TimedSearch(b, out["times"]) if x == "hard" else b for b, x in zip(bots, kinds)]
        while not game.over and out["hands"] < rounds:
            play_round(game, bots)
            out["hands"] += 1
            for i, score in enumerate(game.state.results[-1].scores):
                if score == 0:
                    out["hand_wins"][kinds[i]] = out["hand_wins"].get(kinds[i], 0) + 1
        if game.over:
            out["games"] += 1
            for w in set(game.state.winners):
                out["game_wins"][kinds[w]] = out["game_wins"].get(kinds[w], 0) + 1
        g += 1
    out["seats"] = {x: kinds0.count(x) for x in set(kinds0)}
    return out


def layout(name: str, g: int) -> list[str]:
    """The bot kind of each seat in game ``g`` of match-up ``name``."""
    players, kinds = MATCHUPS[name]
    seats = [kinds[i % len(kinds)] for i in range(players)]
    if name == "2hard-4p":
        return seats if g % 2 == 0 else seats[1:] + seats[:1]
    k = g % players
    return seats[-k:] + seats[:-k] if k else seats


def run_chunk(name: str, seed: int, first_game: int, hands: int, timed: bool) -> dict:
    """Play games ``first_game, first_game + 1, …`` until ``hands`` hands; counts by kind."""
    players, _ = MATCHUPS[name]
    out = {"hands": 0, "games": 0, "hand_wins": {}, "game_wins": {}, "seats": {}, "times": []}
    g = first_game
    while out["hands"] < hands:
        kinds = layout(name, g)
        game = Game([f"{k}{i}" for i, k in enumerate(kinds)], Settings(limit=100, max_reshuffles=50),
                    seed=seed * 100_000 + g)
        bots = [make_bot(k, seed=(seed * 100_000 + g) * 16 + i) for i, k in enumerate(kinds)]
        if timed:
            bots = [Timed(b, out["times"]) if k == "hard" else b for b, k in zip(bots, kinds)]
        while not game.over and out["hands"] < hands:
            play_hand(game, bots)
            out["hands"] += 1
            r = game.state.results[-1]
            if r.winner is not None:
                out["hand_wins"][kinds[r.winner]] = out["hand_wins"].get(kinds[r.winner], 0) + 1
        if game.over:
            out["games"] += 1
            for w in set(game.state.winners):
                out["game_wins"][kinds[w]] = out["game_wins"].get(kinds[w], 0) + 1
        g += 1
    out["seats"] = {k: kinds.count(k) for k in set(kinds)}
    return out


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson interval of the proportion ``k / n``."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def merge(parts: list[dict]) -> dict:
    total = {"hands": 0, "games": 0, "hand_wins": {}, "game_wins": {}, "seats": parts[0]["seats"], "times": []}
    for p in parts:
        total["hands"] += p["hands"]
        total["games"] += p["games"]
        total["times"] += p["times"]
        for key in ("hand_wins", "game_wins"):
            for k, v in p[key].items():
                total[key][k] = total[key].get(k, 0) + v
    return total


def report(name: str, r: dict) -> dict:
    """Per kind: share of hands and games won per seat, with 95 % intervals."""
    players, _ = {**MATCHUPS, **AHOI_MATCHUPS}[name]
    rows = {}
    for kind, seats in sorted(r["seats"].items()):
        hw, gw = r["hand_wins"].get(kind, 0), r["game_wins"].get(kind, 0)
        lo, hi = wilson(hw, r["hands"])
        glo, ghi = wilson(gw, r["games"]) if r["games"] else (0.0, 0.0)
        rows[kind] = {"seats": seats, "hands_won": hw, "hand_share": hw / r["hands"],
                      "hand_share_per_seat": hw / r["hands"] / seats, "hand_ci95": (lo, hi),
                      "games_won": gw, "game_share": gw / r["games"] if r["games"] else 0.0,
                      "game_ci95": (glo, ghi)}
        print(f"  {kind:<9} x{seats}: hands {hw}/{r['hands']} = {hw / r['hands']:.1%} "
              f"[{lo:.1%}, {hi:.1%}] (per seat {hw / r['hands'] / seats:.1%}, fair {1 / players:.1%}); "
              f"games {gw}/{r['games']} = {rows[kind]['game_share']:.1%} [{glo:.1%}, {ghi:.1%}]")
    return {"hands": r["hands"], "games": r["games"], "kinds": rows}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--only", choices=sorted(MATCHUPS) + sorted(AHOI_MATCHUPS), action="append")
    ap.add_argument("--game", choices=("ahoy", "ahoi"), default="ahoy",
                    help="ahoi: the Ahoi match-ups; --hands counts rounds")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    per = math.ceil(args.hands / args.workers)
    out = {}
    with ProcessPoolExecutor(args.workers) as pool:
        ahoi = args.game == "ahoi"
        for name in args.only or list(AHOI_MATCHUPS if ahoi else MATCHUPS):
            t = time.perf_counter()
            run = run_ahoi_chunk if name in AHOI_MATCHUPS else run_chunk
            futs = [pool.submit(run, name, args.seed, w * 1_000_000, per, name in ("1hard-4p", "ahoi-1hard-4p"))
                    for w in range(args.workers)]
            r = merge([f.result() for f in futs])
            unit = "rounds" if name in AHOI_MATCHUPS else "hands"
            print(f"{name}: {r['hands']} {unit}, {r['games']} finished games, seed {args.seed}, "
                  f"{time.perf_counter() - t:.0f} s")
            out[name] = report(name, r)
            if r["times"]:
                searched = ("searched",) if name in AHOI_MATCHUPS else SEARCHED
                for label, keep in (("all", None), ("searched", searched)):
                    ms = sorted(x * 1000 for x, kind in r["times"] if keep is None or kind in keep)
                    q = statistics.quantiles(ms, n=100)
                    out[f"decision_ms_{label}"] = {"n": len(ms), "p50": q[49], "p95": q[94], "max": ms[-1]}
                    print(f"  hard decision time, {label} decisions ({len(ms)}): p50 {q[49]:.2f} ms, "
                          f"p95 {q[94]:.2f} ms, max {ms[-1]:.2f} ms")
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()

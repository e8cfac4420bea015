"""Tune the hard bot's constants by self-play (issue 30): paired comparisons on the same deals.

Run: ``.venv/bin/python bench/tune_hard.py --hands 500 --cand "gamma=0.9" --cand "horizon=12;worlds=48"``.

Each *unit* is one hand of a fresh 4-player game (R3: game seed ``seed * 100_000 + u``),
the hard seat ``u % 4`` against three baseline bots, every bot seeded from ``u``
(common random numbers). The reference (``--base``, default the bot's
``HardTuning()``) and every candidate play the same units, with no time budget
(deterministic). Prints, per candidate, hands won by the hard seat, the
difference from the reference with a 95 % interval from the paired units
(a unit either side won counts as ±1), and the units that changed winner.
A candidate is ``field=value;field=value`` (``HardTuning`` fields, Python
literals). Not a test: no assertion.
"""

from __future__ import annotations

import argparse
import ast
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ahoy_tui.games.ahoy.bots import make_bot  # noqa: E402
from ahoy_tui.games.ahoy.bots.hard import HardBot  # noqa: E402
from ahoy_tui.games.ahoy.bots.hard_tuning import DEFAULT, HardTuning  # noqa: E402
from ahoy_tui.games.ahoy.game import Game  # noqa: E402
from ahoy_tui.games.ahoy.simulate import play_hand  # noqa: E402
from ahoy_tui.games.ahoy.state import Settings  # noqa: E402


def parse(text: str, base: HardTuning = DEFAULT) -> HardTuning:
    """``"gamma=0.9;horizon=12"`` → a ``HardTuning``; ValueError for a bad field or value."""
    changes = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        key, _, value = part.partition("=")
        changes[key.strip()] = ast.literal_eval(value.strip())
    return base.with_(**changes)


def play_units(tuning: HardTuning, seed: int, units: range) -> list[bool]:
    """Per unit: did the hard seat win the hand (R12)?"""
    won = []
    for u in units:
        hard_seat = u % 4
        game = Game([f"p{i}" for i in range(4)], Settings(limit=100, max_reshuffles=50), seed=seed * 100_000 + u)
        bots = [HardBot(random.Random((seed * 100_000 + u) * 16 + i), budget=None, tuning=tuning)
                if i == hard_seat else make_bot("baseline", (seed * 100_000 + u) * 16 + i) for i in range(4)]
        play_hand(game, bots)
        won.append(game.state.results[-1].winner == hard_seat)
    return won


def play_games(tuning: HardTuning, seed: int, units: range) -> list[bool]:
    """Per hand of whole games (limit 100, R15), one game per unit, the hard seat ``u % 4``:
    did the hard seat win it? (``bench/bots.py``'s ``1hard-4p``, paired by game.)"""
    won = []
    for u in units:
        hard_seat = u % 4
        game = Game([f"p{i}" for i in range(4)], Settings(limit=100, max_reshuffles=50), seed=seed * 100_000 + u)
        bots = [HardBot(random.Random((seed * 100_000 + u) * 16 + i), budget=None, tuning=tuning)
                if i == hard_seat else make_bot("baseline", (seed * 100_000 + u) * 16 + i) for i in range(4)]
        while not game.over:
            play_hand(game, bots)
            won.append(game.state.results[-1].winner == hard_seat)
    return won


def run(tuning: HardTuning, seed: int, hands: int, workers: int, pool: ProcessPoolExecutor,
        games: bool = False) -> list[bool]:
    per = math.ceil(hands / workers)
    fn = play_games if games else play_units
    futs = [pool.submit(fn, tuning, seed, range(w * per, min(hands, (w + 1) * per))) for w in range(workers)]
    return [x for f in futs for x in f.result()]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--base", default="", help="reference tuning (default: the bot's)")
    ap.add_argument("--games", action="store_true",
                    help="units are whole games (--hands counts games), compared by share of hands won")
    ap.add_argument("--cand", action="append", default=[], help="candidate, e.g. 'gamma=0.9;horizon=12'")
    args = ap.parse_args()
    base = parse(args.base)
    with ProcessPoolExecutor(args.workers) as pool:
        t = time.perf_counter()
        ref = run(base, args.seed, args.hands, args.workers, pool, args.games)
        print(f"reference {args.base or 'HardTuning()'}: {sum(ref)}/{len(ref)} = {sum(ref) / len(ref):.1%} "
              f"({time.perf_counter() - t:.0f} s)", flush=True)
        for text in args.cand:
            t = time.perf_counter()
            got = run(parse(text, base), args.seed, args.hands, args.workers, pool, args.games)
            if args.games:  # games differ in length: compare shares, interval from the two proportions
                p, q = sum(got) / len(got), sum(ref) / len(ref)
                half = 1.96 * math.sqrt(p * (1 - p) / len(got) + q * (1 - q) / len(ref))
                print(f"{text}: {sum(got)}/{len(got)} = {p:.1%}, diff {p - q:+.1%} [{p - q - half:+.1%}, "
                      f"{p - q + half:+.1%}] ({time.perf_counter() - t:.0f} s)", flush=True)
                continue
            d = [int(a) - int(b) for a, b in zip(got, ref)]
            mean = sum(d) / len(d)
            sd = math.sqrt(sum((x - mean) ** 2 for x in d) / max(len(d) - 1, 1))
            half = 1.96 * sd / math.sqrt(len(d))
            print(f"{text}: {sum(got)}/{len(got)} = {sum(got) / len(got):.1%}, "
                  f"diff {mean:+.1%} [{mean - half:+.1%}, {mean + half:+.1%}], "
                  f"changed {sum(1 for x in d if x)} units ({time.perf_counter() - t:.0f} s)", flush=True)


if __name__ == "__main__":
    main()

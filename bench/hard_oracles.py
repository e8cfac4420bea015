"""How much each decision of the hard bot could still gain (issue 30): analysis bots that cheat.

Run: ``.venv/bin/python bench/hard_oracles.py --games 300 --seed 61 ref deny target``
(``--tuning "field=value;..."``: other constants, as ``tune_hard.py``'s ``--base``).

Each name is a variant of AHOY!! V2's hard bot; ``ref`` is the bot itself, the
others replace one of its decisions by one that reads the *true* hands of the
game (``state.hands``, ``state.draw_pile``) — what no bot may do (R18). The
gap between a variant and ``ref`` is the most a better reading of the public
evidence could win at that decision; a real bot gets part of it. Variants:

* ``target``: HANDS UP! (R7) against the seat truly nearest a treasure (most
  cards of one treasure held), the bot's own guess breaking ties.
* ``feed``: the dirty-deal card (R10) costs 1 (rollout units) when the
  partner truly holds two or more other cards of a treasure with it.
* ``deny``: a discard (R11) scores 0.05 more when another seat truly holds
  two or more other cards of a treasure with it.
* ``worlds``: the bot's next draws come from the true draw pile only (not the
  other hands, which trades draw from).
* ``hands2``: in the worlds, the cards truly in other hands weigh 2.
* ``junk``: in the worlds, a card truly in another hand weighs 0.3 when that
  seat holds two or more other cards of a treasure with it, else 2.
* ``hold``: HANDS UP! only against a seat truly holding three cards of a
  treasure; otherwise it keeps the Joker (the only one with 2–4 players, R1:
  nobody else can raid while it holds it) and offers.

Units are those of ``bench/tune_hard.py --games`` (game ``u`` seeded ``seed *
100_000 + u``, the hard seat ``u % 4`` against three baseline bots, every bot
seeded from ``u``, no time budget, whole games to 100): with the same
``--seed`` and ``--games``, ``ref`` is ``tune_hard.py``'s reference. Prints
hands won by the hard seat per variant. Not a test; no assertion.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ahoy_tui.games.ahoy import cards as C  # noqa: E402
from ahoy_tui.games.ahoy.actions import Discard, Exchange, HandsUp, Offer  # noqa: E402
from ahoy_tui.games.ahoy.bots import make_bot  # noqa: E402
from ahoy_tui.games.ahoy.bots.base import by_kind  # noqa: E402
from ahoy_tui.games.ahoy.bots.hard import HardBot  # noqa: E402
from ahoy_tui.games.ahoy.bots.hard_memory import unseen_pool  # noqa: E402
from ahoy_tui.games.ahoy.bots.hard_search import run_index, score_drops  # noqa: E402
from ahoy_tui.games.ahoy.bots.hard_tuning import DEFAULT, HardTuning  # noqa: E402
from ahoy_tui.games.ahoy.game import Game  # noqa: E402
from ahoy_tui.games.ahoy.simulate import play_hand  # noqa: E402
from ahoy_tui.games.ahoy.state import Settings  # noqa: E402
from ahoy_tui.games.ahoy.treasure import all_treasures  # noqa: E402
from tune_hard import parse  # noqa: E402  (bench/: "field=value;..." → HardTuning)

RUNS = [set(r) for r in all_treasures(False)]
GAME: Game | None = None
"""The game being played (set per game): what the variants cheat with."""


def held(seat: int) -> set[int]:
    """The identities ``seat`` truly holds."""
    return {C.identity(c) for c in GAME.state.hands[seat]}  # type: ignore[union-attr]


def nearest(seat: int) -> int:
    """Most cards of one treasure (R2) ``seat`` truly holds."""
    ids = held(seat)
    return max(len(ids & r) for r in RUNS)


def collects(ident: int, seat: int) -> bool:
    """``seat`` truly misses ``ident`` and holds two or more other cards of a treasure with it."""
    ids = held(seat)
    return ident != C.JOKER and ident not in ids and any(ident in r and len(ids & r) >= 2 for r in RUNS)


class Target(HardBot):
    def _target(self, targets, view):
        return max(targets, key=lambda t: (nearest(t), self._closeness(t, view), -view.totals[t], -t))


class Feed(HardBot):
    def _exchange(self, view, pool):
        other = view.active if view.seat != view.active else view.partner
        coming = view.offer[3] if view.seat != view.active and view.offer is not None else None
        _, scores = self._scores(view, pool, coming)
        card = max(pool, key=lambda i: (scores[i] - (other is not None and collects(i, other)), C.VALUES[i], i))
        if other is not None:
            self.mem.expect_loss(other, (card,), trade=True)
        return Exchange(card)


class Deny(HardBot):
    def _discard(self, view, pool):
        _, scores = self._scores(view, pool)
        others = [s for s in range(view.players) if s != view.seat]
        return Discard(max(pool, key=lambda i: (scores[i] + 0.05 * any(collects(i, s) for s in others)
                                                + C.VALUES[i] * 1e-4, i)))


class Worlds(HardBot):
    """Subclasses say the pool and the weights of the worlds (``hard_search.score_drops``)."""

    def pool_weights(self, view) -> tuple[list[int], dict[int, float]]:
        raise NotImplementedError

    def _scores(self, view, candidates, first=None):
        idx = run_index(view.ace_low)
        pool, weights = self.pool_weights(view)
        if first is not None and first in pool:
            pool.remove(first)
        else:
            first = None
        scores = score_drops(idx, view.hand, candidates, pool, weights, self.rng, self.n_worlds, self.horizon,
                             gamma=self.t.gamma, w=self.t.w, first=first)
        if C.JOKER in scores:
            scores[C.JOKER] -= self.t.joker_keep
        return idx, scores


class DrawPile(Worlds):
    def pool_weights(self, view):
        return sorted(C.identity(c) for c in GAME.state.draw_pile), {}  # type: ignore[union-attr]


class Hands(Worlds):
    junk: tuple[float, float] | None = None  # (weight of junk in a hand, of a card it collects)

    def pool_weights(self, view):
        weights = {}
        for seat in range(view.players):
            if seat != view.seat:
                ids = held(seat)
                for i in ids:
                    if self.junk is None:
                        weights[i] = 2.0
                    else:
                        kept = any(i in r and len(ids & r) >= 2 for r in RUNS)
                        weights[i] = self.junk[1] if kept else self.junk[0]
        return unseen_pool(view, self.mem), weights


class Junk(Hands):
    junk = (2.0, 0.3)


class Hold(HardBot):
    def choose(self, view, legal):
        kinds = by_kind(legal)
        if HandsUp in kinds and Offer in kinds and not any(nearest(a.target) >= 3 for a in kinds[HandsUp]):
            legal = [a for a in legal if not isinstance(a, HandsUp)]
        return super().choose(view, legal)


VARIANTS = {"ref": HardBot, "target": Target, "feed": Feed, "deny": Deny, "worlds": DrawPile, "hands2": Hands,
            "junk": Junk, "hold": Hold}


def make(variant: str, rng: random.Random, tuning: HardTuning) -> HardBot:
    if variant == "hold":
        tuning = tuning.with_(joker_keep=1.0)  # it keeps the Joker as a shield
    return VARIANTS[variant](rng, budget=None, tuning=tuning)


def play(variant: str, seed: int, units: range, tuning: HardTuning = DEFAULT) -> list[bool]:
    """Per hand of games ``units``: did the hard seat win it (R12)?"""
    global GAME
    won = []
    for u in units:
        hard_seat = u % 4
        GAME = game = Game([f"p{i}" for i in range(4)], Settings(limit=100, max_reshuffles=50),
                           seed=seed * 100_000 + u)
        bots = [make(variant, random.Random((seed * 100_000 + u) * 16 + i), tuning) if i == hard_seat
                else make_bot("baseline", (seed * 100_000 + u) * 16 + i) for i in range(4)]
        while not game.over:
            play_hand(game, bots)
            won.append(game.state.results[-1].winner == hard_seat)
    return won


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("variants", nargs="+", choices=sorted(VARIANTS))
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=61)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--tuning", default="", help="the bot's constants, as tune_hard.py's --base")
    a = ap.parse_args()
    tuning = parse(a.tuning)
    per = math.ceil(a.games / a.workers)
    with ProcessPoolExecutor(a.workers) as pool:
        for name in a.variants:
            t = time.perf_counter()
            futs = [pool.submit(play, name, a.seed, range(w * per, min(a.games, (w + 1) * per)), tuning)
                    for w in range(a.workers)]
            won = [x for f in futs for x in f.result()]
            k, n = sum(won), len(won)
            print(f"{name}: {k}/{n} = {k / n:.1%} of hands ({time.perf_counter() - t:.0f} s)", flush=True)


if __name__ == "__main__":
    main()

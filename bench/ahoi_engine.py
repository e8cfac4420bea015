"""Ahoi engine figures (issue 18): apply + every seat's view per action, and rounds per second.

Run: ``.venv/bin/python bench/ahoi_engine.py`` (``make bench`` runs it after
bench/engine.py). Prints the median and p90 cost in µs of one ``apply`` plus
``view`` for every seat and a spectator, for 4 and 6 players, with the memory
aid off and on, timed while baseline bots play whole games (the bots'
thinking is not timed); then rounds per second for 4 baseline bots (bots
included). Not a test: no assertion on time.
"""

from __future__ import annotations

import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ahoy_tui.games.ahoi.bots import make_bot  # noqa: E402
from ahoy_tui.games.ahoi.engine import apply  # noqa: E402
from ahoy_tui.games.ahoi.game import AhoiGame  # noqa: E402
from ahoy_tui.games.ahoi.rules import awaiting  # noqa: E402
from ahoy_tui.games.ahoi.simulate import simulate  # noqa: E402
from ahoy_tui.games.ahoi.view import view  # noqa: E402


def timed_games(players: int, games: int, memory_aid: bool, seed: int = 1) -> list[float]:
    """µs of apply + all views for every action of ``games`` baseline games."""
    seats = list(range(players)) + [None]
    costs = []
    for g in range(games):
        game = AhoiGame([f"p{i}" for i in range(players)], memory_aid, seed=seed + g)
        bots = [make_bot("baseline", seed * 10 + i) for i in range(players)]
        while not game.over:
            if not game.state.in_round:
                game.deal()
                continue
            seat = awaiting(game.state)[0]
            action = bots[seat].choose(game.view(seat), game.legal(seat))
            t0 = time.perf_counter()
            apply(game.state, seat, action)
            for s in seats:
                view(game.state, s)
            costs.append((time.perf_counter() - t0) * 1e6)
    return costs


def main() -> None:
    print(f"python {platform.python_version()} on {platform.machine()}, {time.strftime('%Y-%m-%d')}")
    for players in (4, 6):
        for aid in (False, True):
            costs = sorted(timed_games(players, 40, aid))
            p90 = costs[int(len(costs) * 0.9)]
            print(f"ahoi {players} players, memory aid {'on ' if aid else 'off'}: apply + {players + 1} views per "
                  f"action: median {statistics.median(costs):.1f} µs, p90 {p90:.1f} µs ({len(costs)} actions)")
    stats = simulate(4, 100, 1, ["baseline"])
    d = stats.as_dict()
    print(f"ahoi 4 baseline bots: {d['hands_per_second']} rounds per second ({d['hands']} rounds, {d['seconds']} s)")


if __name__ == "__main__":
    main()

"""Engine figures (issue 2): apply + every seat's view per action, and hands per second.

Run: ``.venv/bin/python bench/engine.py`` (or ``make bench``). Prints the
median and p90 cost in µs of one ``apply`` plus ``view`` for every seat and a
spectator, for 4 and 8 players, measured over actions taken from baseline
bot games; then hands per second for 4 baseline bots (bots' thinking
included). Not a test: no assertion on time.
"""

from __future__ import annotations

import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ahoy_tui.games.ahoy.bots import make_bot  # noqa: E402
from ahoy_tui.games.ahoy.engine import ahoy_actions, apply, awaiting  # noqa: E402
from ahoy_tui.games.ahoy.game import Game  # noqa: E402
from ahoy_tui.games.ahoy.state import Settings  # noqa: E402
from ahoy_tui.games.ahoy.view import views  # noqa: E402
from ahoy_tui.games.ahoy.simulate import simulate  # noqa: E402


def collect(players: int, hands: int, seed: int) -> list[tuple]:
    """(state, seat, action) triples from baseline games."""
    out = []
    for g in range(hands):
        game = Game([f"p{i}" for i in range(players)], Settings(limit=1000, max_reshuffles=20), seed=seed + g)
        bots = [make_bot("baseline", seed * 10 + i) for i in range(players)]
        game.deal()
        while game.state.hand_in_progress:
            s = game.state
            callers = [x for x in range(players) if ahoy_actions(s, x)]
            seat = callers[0] if callers else awaiting(s)[0]
            legal = ahoy_actions(s, seat) if callers else game.legal(seat)
            action = bots[seat].choose(game.view(seat), legal)
            out.append((s, seat, action))
            game.act(seat, action)
    return out


def apply_and_views(samples: list[tuple], players: int) -> list[float]:
    seats = list(range(players)) + [None]
    costs = []
    reshuffle = lambda cards: cards  # noqa: E731
    for state, seat, action in samples:
        t0 = time.perf_counter()
        new, _events = apply(state, seat, action, reshuffle)
        views(new, seats)
        costs.append((time.perf_counter() - t0) * 1e6)
    return costs


def main() -> None:
    print(f"python {platform.python_version()} on {platform.machine()}, {time.strftime('%Y-%m-%d')}")
    for players in (4, 8):
        samples = collect(players, 20, 100)
        runs = [apply_and_views(samples, players) for _ in range(3)]
        costs = sorted(min(r[i] for r in runs) for i in range(len(samples)))
        med = statistics.median(costs)
        p90 = costs[int(len(costs) * 0.9)]
        print(f"{players} players: apply + {players + 1} views per action: median {med:.1f} µs, "
              f"p90 {p90:.1f} µs over {len(samples)} actions")
    stats = simulate(4, 200, seed=1, bots=["baseline"], limit=100, max_hands=300)
    print(f"4 baseline bots: {stats.hands} hands in {stats.seconds:.2f} s = "
          f"{stats.hands / stats.seconds:.0f} hands per second ({stats.actions / stats.seconds:.0f} actions/s)")


if __name__ == "__main__":
    main()

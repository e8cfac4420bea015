"""Known strength (issue 30): rate every bot level of every registered game like people.

Run: ``nice .venv/bin/python bench/bot_strength.py [--games 300] [--seed 1] [--workers 2] [--game ahoy]
[--no-write] [--json]``.

For each game of the registry (``GAMES``; ``--game`` picks some), its bot
kinds (``GameSpec.bot_kinds``, so a level added to a game's ``BotFactory``
is rated the next run) play ``--games`` whole, seeded games in mixed
seatings, seats rotated (``community.bot_strength``: every set of two or
more kinds, each turned through every seat). Each kind is rated as one
player with the server's rule (``community.rating``: OpenSkill
Plackett–Luce, the same settings), and the shown rating is the one people
get (``BASE + SCALE * (mu - 3 sigma)``). Unless ``--no-write``, the result
goes to ``ahoy_tui/games/<game>/bot_strength.json`` (read by
``games.kit.strength``: the seat lists, the add-bot chooser and a bot's
profile show it). Prints a table (or JSON with ``--json``).

The same seed and game count give the same figures with any ``--workers``.
Not a test: no assertion.
"""

from __future__ import annotations

import argparse
import datetime
import json
import shlex
import sys
import time
from importlib import resources
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ahoy_tui.community.bot_strength import Fit, fit  # noqa: E402
from ahoy_tui.community.rating import marked  # noqa: E402
from ahoy_tui.games import GAMES  # noqa: E402
from ahoy_tui.games.kit.strength import FILE, package_of  # noqa: E402


def as_data(result: Fit, command: str, date: str, seed: int, seconds: float) -> dict:
    """The ``bot_strength.json`` contents of one game (``games.kit.strength``)."""
    return {
        "game": result.game,
        "command": command,
        "date": date,
        "seed": seed,
        "games": result.played,
        "dropped": result.dropped,
        "seconds": round(seconds, 1),
        "model": "openskill PlackettLuce, ahoy_tui.community.rating (the server's)",
        "kinds": {k: {"mu": round(r.mu, 4), "sigma": round(r.sigma, 4), "rating": r.shown, "games": r.games}
                  for k, r in result.ratings.items()},
    }


def table(data: list[dict]) -> str:
    """The figures as a Markdown table (docs/bots.md "Known strength")."""
    lines = ["| game | kind | rating | mu | sigma | games rated |", "|---|---|---|---|---|---|"]
    for d in data:
        for k, v in sorted(d["kinds"].items(), key=lambda kv: kv[1]["rating"]):
            lines.append(f"| {GAMES[d['game']].title} | `{k}` | **{marked(v['rating'], v['games'])}** "
                         f"| {v['mu']:.2f} | {v['sigma']:.2f} | {v['games']} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="games per game of the registry (default 300)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    ap.add_argument("--workers", type=int, default=1, help="processes playing games (default 1)")
    ap.add_argument("--game", action="append", choices=list(GAMES), help="only this game (repeatable)")
    ap.add_argument("--no-write", action="store_true", help="print only; leave the data files alone")
    ap.add_argument("--json", action="store_true", help="print the data as JSON")
    args = ap.parse_args(argv)
    if args.games < 1 or args.workers < 1:
        ap.error("--games and --workers must be at least 1")
    command = "bench/bot_strength.py " + shlex.join(sys.argv[1:] if argv is None else argv)
    date = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    out = []
    for game in args.game or list(GAMES):
        start = time.perf_counter()
        result = fit(game, args.games, args.seed, args.workers)
        data = as_data(result, command, date, args.seed, time.perf_counter() - start)
        out.append(data)
        if not args.no_write:
            path = Path(str(resources.files(package_of(GAMES[game])).joinpath(FILE)))
            path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"{game}: {data['games']} games ({data['dropped']} dropped) in {data['seconds']} s",
              file=sys.stderr)
    print(json.dumps(out, indent=1) if args.json else table(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

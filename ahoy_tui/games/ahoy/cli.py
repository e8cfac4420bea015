"""AHOY!! V2's part of the ``ahoy`` command (``games.kit.cli.GameCli``): ``--limit``, the simulator, the replay.

``ahoy simulate`` plays whole games between bots (``simulate.simulate``);
``ahoy replay`` checks a record against R1-R18 (``replay.check``; a player's
projection as far as it names the hidden cards, RECORDS.md "Projections").
"""

from __future__ import annotations

import argparse
import json

from ahoy_tui.games.kit.cli import invalid, whole
from ahoy_tui.games.kit.records import RecordError
from ahoy_tui.games.ahoy.state import LIMIT_PRESETS


def limit(text: str) -> int:
    """``--limit``: a preset's name (``quick`` 50, ``normal`` 100, ``long`` 150, ``night`` 200) or
    20..1000 points (R15); else an ``argparse.ArgumentTypeError``."""
    if text in LIMIT_PRESETS:
        return LIMIT_PRESETS[text]
    return whole(text, "limit", 20, 1000)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--limit`` (R15; default 100)."""
    parser.add_argument("--limit", type=limit, default=100)


def simulate(args: argparse.Namespace) -> str:
    """The statistics of ``args.games`` bot games (``simulate.format_stats``, or ``to_json`` with ``--json``)."""
    from ahoy_tui.games.ahoy.simulate import format_stats, simulate as run, to_json

    stats = run(args.players, args.games, args.seed, args.bots, limit=args.limit, records_dir=args.records)
    return to_json(stats) if args.json else format_stats(stats)


def replay(text: str, as_json: bool) -> tuple[int, str]:
    """Every hand's winner and scores, the totals and, when over, the winners and the BIGGEST LOSER."""
    from ahoy_tui.games.ahoy.replay import check

    try:
        seats, summary = check(text)
    except RecordError as err:
        return invalid(err, as_json)
    d = summary.as_dict()
    if as_json:
        return 0, json.dumps(d)
    kind = "valid record (a player's view: hidden cards checked as far as it names them)" if summary.projected \
        else "valid record"
    out = [f"{kind}: {len(d['hands'])} hands, totals {d['totals']}"]
    for h in d["hands"]:
        who = "becalmed" if h["winner"] is None else f"won by {seats[h['winner']]}"
        out.append(f"  hand {h['hand']}: {who}, scores {h['scores']}")
    if d["game_over"]:
        names = lambda idx: ", ".join(seats[i] for i in idx)  # noqa: E731
        out.append(f"game over: winners {names(d['winners'])}; "
                   f"BIGGEST LOSER OF THE NIGHT: {names(d['biggest_losers'])}")
    return 0, "\n".join(out)

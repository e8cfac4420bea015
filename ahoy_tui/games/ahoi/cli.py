"""Ahoi's part of the ``ahoy`` command (``games.kit.cli.GameCli``): ``--memory-aid``, the simulator, the replay.

``ahoy simulate --game ahoi`` plays whole games between bots
(``simulate.simulate``); ``ahoy replay`` of a record whose header says
``"game": "ahoi"`` checks it against AH1-AH16 (``replay.check``; a player's
projection: its finished rounds in full).
"""

from __future__ import annotations

import argparse
import json

from ahoy_tui.games.kit.cli import invalid
from ahoy_tui.games.kit.records import RecordError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--memory-aid`` (AH15)."""
    parser.add_argument("--memory-aid", action="store_true", help="Ahoi: the AH15 memory aid")


def simulate(args: argparse.Namespace) -> str:
    """The statistics of ``args.games`` bot games (``simulate.format_stats``, or one JSON object)."""
    from ahoy_tui.games.ahoi.simulate import format_stats, simulate as run

    stats = run(args.players, args.games, args.seed, args.bots, memory_aid=args.memory_aid,
                records_dir=args.records)
    return json.dumps(stats.as_dict()) if args.json else format_stats(stats)


def replay(text: str, as_json: bool) -> tuple[int, str]:
    """Every round's caller, sums and scores, the totals and, when over, the winners and losers (AH13)."""
    from ahoy_tui.games.ahoi.replay import check

    try:
        seats, summary = check(text)
    except RecordError as err:
        return invalid(err, as_json)
    d = summary.as_dict()
    if as_json:
        return 0, json.dumps(d)
    kind = "valid Ahoi record (a player's view: finished rounds checked in full)" if summary.projected \
        else "valid Ahoi record"
    out = [f"{kind}: {len(d['rounds'])} rounds, totals {d['totals']}"]
    for r in d["rounds"]:
        who = "no call" if r["caller"] is None else f"„Ahoi“ by {seats[r['caller']]}"
        out.append(f"  round {r['round']}: {who}, sums {r['sums']}, scores {r['scores']}")
    if d["game_over"]:
        out.append(f"game over: winners {', '.join(seats[i] for i in d['winners'])}; "
                   f"at 101 or more: {', '.join(seats[i] for i in d['losers'])}")
    return 0, "\n".join(out)

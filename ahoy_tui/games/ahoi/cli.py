"""Ahoi's part of the ``ahoy`` command (``games.kit.cli.GameCli``): ``--memory-aid``, the simulator, the replay.

``ahoy simulate --game ahoi`` plays whole games between bots
(``simulate.simulate``); ``ahoy replay`` of a record whose header says
``"game": "ahoi"`` checks it against AH1-AH16 (``replay.check``; a player's
projection: its finished rounds in full).
"""

from __future__ import annotations

import argparse
import json

from ahoy_tui.games.kit.cli import ReplayText, replay_answer


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--memory-aid`` (AH15)."""
    parser.add_argument("--memory-aid", action="store_true", help="Ahoi: the AH15 memory aid")


def simulate(args: argparse.Namespace) -> str:
    """The statistics of ``args.games`` bot games (``simulate.format_stats``, or one JSON object)."""
    from ahoy_tui.games.ahoi.simulate import format_stats, simulate as run

    stats = run(args.players, args.games, args.seed, args.bots, memory_aid=args.memory_aid,
                records_dir=args.records)
    return json.dumps(stats.as_dict()) if args.json else format_stats(stats)


TOLD = ReplayText("valid Ahoi record", "valid Ahoi record (a player's view: finished rounds checked in full)",
                  "round", "caller", "no call", "„Ahoi“ by", ("sums", "scores"), "losers", "at 101 or more")
"""How ``ahoy replay`` tells a valid Ahoi record: each round's caller, sums and scores (AH10-AH12), the
totals, the winners and every seat at 101 or more (AH13)."""


def replay(text: str, as_json: bool) -> tuple[int, str]:
    """The record checked against AH1-AH16 (``replay.check``), told as :data:`TOLD` (or ``--json``)."""
    from ahoy_tui.games.ahoi.replay import check

    return replay_answer(check, text, as_json, TOLD)

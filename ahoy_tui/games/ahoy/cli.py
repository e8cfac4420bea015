"""AHOY!! V2's part of the ``ahoy`` command (``games.kit.cli.GameCli``): ``--limit``, the simulator, the replay.

``ahoy simulate`` plays whole games between bots (``simulate.simulate``);
``ahoy replay`` checks a record against R1-R18 (``replay.check``; a player's
projection as far as it names the hidden cards, RECORDS.md "Projections").
"""

from __future__ import annotations

import argparse
import json

from ahoy_tui.games.kit.cli import ReplayText, replay_answer, whole
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


TOLD = ReplayText("valid record", "valid record (a player's view: hidden cards checked as far as it names them)",
                  "hand", "winner", "becalmed", "won by", ("scores",), "biggest_losers", "BIGGEST LOSER OF THE NIGHT")
"""How ``ahoy replay`` tells a valid AHOY!! V2 record: each hand's winner (or becalmed, R16) and scores,
the totals, the winners and the BIGGEST LOSER (R15)."""


def replay(text: str, as_json: bool) -> tuple[int, str]:
    """The record checked against R1-R18 (``replay.check``), told as :data:`TOLD` (or ``--json``)."""
    from ahoy_tui.games.ahoy.replay import check

    return replay_answer(check, text, as_json, TOLD)

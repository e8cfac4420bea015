"""„Two cards“' part of the ``ahoy`` command (``games.kit.cli.GameCli``; ``ToySpec.CLI`` names it).

With the toy registered, ``ahoy simulate --game toy`` and ``ahoy replay`` of a
toy record work without a line of ``ahoy_tui/cli.py`` naming the game.
Imports only the engine kit and the toy, as a game's ``cli.py`` would.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from ahoy_tui.games.kit.bot_games import SimStats, play_games, play_out
from ahoy_tui.games.kit.cli import ReplayText, replay_answer

from tests.games import toy


@dataclass
class ToyStats(SimStats):
    """The kit's counts and the toy's own: swaps per seat (T2)."""

    swaps: list[int] | None = None

    GAME: ClassVar[str | None] = "toy"
    COUNTERS: ClassVar[tuple[str, ...]] = ("swaps",)

    def __post_init__(self) -> None:
        self.swaps = self.swaps or []
        super().__post_init__()


def _decision(game: toy.ToyGame) -> tuple[int, list] | None:
    seats = toy.awaiting(game.state)
    return (seats[0], game.legal(seats[0])) if seats else None


def _play_hand(game: toy.ToyGame, bots: Sequence[Any], stats: SimStats) -> None:
    game.deal()
    play_out(game, bots, stats, _decision, {"swapped": "swaps", "kept": "turns", "drew": "turns"}, 100, "hand")
    stats.hands += 1
    stats.hand_wins[game.state.results[-1]["scores"].index(min(game.state.results[-1]["scores"]))] += 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No flags of its own (the limit is the option's default)."""


def simulate(args: argparse.Namespace) -> str:
    kinds = [args.bots[i % len(args.bots)] for i in range(args.players)]
    limit = int(toy.TOY.options[0].default)
    stats = play_games(ToyStats(args.players, kinds), args.games, args.seed,
                       lambda names, seed: toy.ToyGame(names, limit, seed), toy.make_bot, _play_hand,
                       args.records, ".toy.jsonl", None)
    d = stats.as_dict()
    return json.dumps(d) if args.json else f"{d['games']} games, {d['hands']} hands, game wins {d['game_wins']}"


TOLD = ReplayText("valid toy record", "valid toy record (a player's view)", "hand", None, "", "", ("scores",),
                  "losers", "highest")


def replay(text: str, as_json: bool) -> tuple[int, str]:
    return replay_answer(toy.REPLAYER.check, text, as_json, TOLD)

"""Whole games between bots, with statistics (``ahoy simulate``; issue 2).

Used by the CLI, the benchmarks and the bot-strength test. Bots act through
the engine's legal actions and their own views only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Sequence

from ahoy_tui.games.ahoy.bots import make_bot
from ahoy_tui.games.ahoy.engine import ahoy_actions, awaiting
from ahoy_tui.games.ahoy.game import Game
from ahoy_tui.games.ahoy.state import Settings
from ahoy_tui.games.kit.bot_games import SimStats as BotGameStats
from ahoy_tui.games.kit.bot_games import play_games, play_out, stats_table


@dataclass
class SimStats(BotGameStats):
    """Per-seat and overall counts of a simulation run (``games.kit.bot_games.SimStats``) with
    AHOY!! V2's own: AHOY! calls and HANDS UP! per seat, becalmed hands (R16) and reshuffles (R6)."""

    ahoy_calls: list[int] = field(default_factory=list)
    hands_up: list[int] = field(default_factory=list)
    becalmed: int = 0
    reshuffles: int = 0

    COUNTERS = ("ahoy_calls", "hands_up", "becalmed", "reshuffles")


COUNTED = {"turn": "turns", "hands_up": "hands_up", "reshuffled": "reshuffles", "ahoy": "ahoy_calls"}
"""The events a simulation counts, by counter."""


def _decision(game: Game, hand_no: int) -> tuple[int, list] | None:
    """Who acts now and their choices: a seat that can call AHOY! first (R12), else the awaited seat."""
    s = game.state
    if not s.hand_in_progress or s.hand_no != hand_no:
        return None
    caller = next((x for x in range(s.players) if ahoy_actions(s, x)), None)
    if caller is not None:
        return caller, ahoy_actions(s, caller)
    seat = awaiting(s)[0]
    return seat, game.legal(seat)


def play_hand(game: Game, bots: Sequence, stats: SimStats | None = None, max_actions: int = 20000) -> None:
    """Deal and play one hand to its end with ``bots`` (one per seat).

    Raises:
        RuntimeError: when the hand does not end within ``max_actions``.
    """
    game.deal()
    hand_no = game.state.hand_no
    play_out(game, bots, stats, lambda g: _decision(g, hand_no), COUNTED, max_actions, "hand")
    if stats is not None:
        stats.hands += 1
        stats.turns += 1
        r = game.state.results[-1]
        if r.winner is None:
            stats.becalmed += 1
        else:
            stats.hand_wins[r.winner] += 1


def simulate(players: int, games: int, seed: int, bots: Sequence[str], limit: int = 100,
             records_dir: str | None = None, max_reshuffles: int | None = 50,
             max_hands: int | None = None) -> SimStats:
    """Play ``games`` whole games (or ``max_hands`` hands in all) between bots.

    Args:
        players: Seats per game, 2..8.
        games: Number of games.
        seed: Base seed; game ``g`` uses ``seed + g``.
        bots: Bot kind per seat (cycled if shorter than ``players``).
        limit: Point limit (R15).
        records_dir: Write each game's record there as ``game-NNNN.ahoy.jsonl``.
        max_reshuffles: R16 safety valve for simulations.
        max_hands: Stop after this many hands in all (bench and tests).

    Raises:
        ValueError: for a bad bot kind; RuleError for bad settings.
    """
    kinds = [bots[i % len(bots)] for i in range(players)]
    settings = Settings(limit=limit, max_reshuffles=max_reshuffles)
    return play_games(SimStats(players, kinds), games, seed, lambda names, s: Game(names, settings, seed=s),
                      make_bot, play_hand, records_dir, ".ahoy.jsonl", max_hands)


def format_stats(stats: SimStats) -> str:
    """A plain-text table of ``stats`` for people."""
    d = stats.as_dict()
    return stats_table(stats, f"{d['games']} games, {d['hands']} hands, {d['turns_per_hand']} turns per hand, "
                              f"{d['becalmed']} becalmed, {d['reshuffles']} reshuffles",
                       [("hands won", 10, "hand_wins"), ("games won", 10, "game_wins"), ("AHOY!", 8, "ahoy_calls"),
                        ("HANDS UP!", 11, "hands_up")], "hands")


def to_json(stats: SimStats) -> str:
    return json.dumps(stats.as_dict())

"""Whole Ahoi games between bots, with statistics (``ahoy simulate --game ahoi``; issue 18).

Bots act through the engine's legal actions and their own views only (AH16).
A round is won by every seat that scores 0 in it (AH12).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ahoy_tui.games.ahoi.bots import make_bot
from ahoy_tui.games.ahoi.game import AhoiGame
from ahoy_tui.games.ahoi.record import FILE_SUFFIX
from ahoy_tui.games.ahoi.rules import awaiting
from ahoy_tui.games.kit.bot_games import SimStats, play_games, play_out, stats_table


@dataclass
class AhoiSimStats(SimStats):
    """Per-seat and overall counts of a simulation run (``games.kit.bot_games.SimStats``; ``hands``
    are rounds) with Ahoi's own: „Ahoi“ calls and penalties (a caller who scored, AH12) per seat."""

    ahoi_calls: list[int] = field(default_factory=list)
    penalties: list[int] = field(default_factory=list)

    GAME = "ahoi"
    COUNTERS = ("ahoi_calls", "penalties")


COUNTED = {"turn": "turns", "ahoi": "ahoi_calls"}
"""The events a simulation counts, by counter."""


def _decision(game: AhoiGame) -> tuple[int, list] | None:
    """The awaited seat and its choices, None once the round is over."""
    waiting = awaiting(game.state)
    return (waiting[0], game.legal(waiting[0])) if waiting else None


def play_round(game: AhoiGame, bots: Sequence, stats: AhoiSimStats | None = None, max_actions: int = 5000) -> None:
    """Deal and play one round to its end with ``bots`` (one per seat).

    Raises:
        RuntimeError: when the round does not end within ``max_actions``.
    """
    game.deal()
    play_out(game, bots, stats, _decision, COUNTED, max_actions, "round")
    if stats is not None:
        r = game.state.results[-1]
        stats.hands += 1
        for i, score in enumerate(r.scores):
            stats.hand_wins[i] += score == 0
        if r.caller is not None and r.scores[r.caller] > 0:
            stats.penalties[r.caller] += 1


def simulate(players: int, games: int, seed: int, bots: Sequence[str], memory_aid: bool = False,
             records_dir: str | None = None, max_hands: int | None = None) -> AhoiSimStats:
    """Play ``games`` whole games (or ``max_hands`` rounds in all) between bots.

    Args:
        players: Seats per game, 2..6.
        games: Number of games; game ``g`` uses seed ``seed + g``.
        bots: Bot kind per seat (cycled if shorter than ``players``).
        memory_aid: The AH15 option.
        records_dir: Write each game's record there as ``game-NNNN.ahoi.jsonl``.
        max_hands: Stop after this many rounds in all (bench and tests).

    Raises:
        ValueError: for a bad bot kind; IllegalAction AH1 for a bad seat count.
    """
    kinds = [bots[i % len(bots)] for i in range(players)]
    return play_games(AhoiSimStats(players, kinds), games, seed, lambda names, s: AhoiGame(names, memory_aid, seed=s),
                      make_bot, play_round, records_dir, FILE_SUFFIX, max_hands)  # type: ignore[return-value]


def format_stats(stats: AhoiSimStats) -> str:
    """A plain-text table of ``stats`` for people."""
    d = stats.as_dict()
    return stats_table(stats, f"{d['games']} games, {d['hands']} rounds, {d['turns_per_hand']} turns per round",
                       [("rounds won", 11, "hand_wins"), ("games won", 10, "game_wins"), ("Ahoi", 6, "ahoi_calls"),
                        ("penalties", 10, "penalties")], "rounds")

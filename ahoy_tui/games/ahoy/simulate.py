"""Whole games between bots, with statistics (``ahoy simulate``; issue 2).

Used by the CLI, the benchmarks and the bot-strength test. Bots act through
the engine's legal actions and their own views only.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from typing import Sequence

from ahoy_tui.games.ahoy.bots import make_bot
from ahoy_tui.games.ahoy.engine import ahoy_actions, awaiting
from ahoy_tui.games.ahoy.game import Game
from ahoy_tui.games.ahoy.state import Settings
from ahoy_tui.games.kit.records import dumps


@dataclass
class SimStats:
    """Per-seat and overall counts of a simulation run."""

    players: int
    bots: list[str]
    games: int = 0
    hands: int = 0
    hand_wins: list[int] = field(default_factory=list)
    game_wins: list[int] = field(default_factory=list)
    ahoy_calls: list[int] = field(default_factory=list)
    hands_up: list[int] = field(default_factory=list)
    becalmed: int = 0
    reshuffles: int = 0
    turns: int = 0
    actions: int = 0
    seconds: float = 0.0

    def __post_init__(self) -> None:
        n = self.players
        self.hand_wins = self.hand_wins or [0] * n
        self.game_wins = self.game_wins or [0] * n
        self.ahoy_calls = self.ahoy_calls or [0] * n
        self.hands_up = self.hands_up or [0] * n

    def as_dict(self) -> dict:
        return {
            "players": self.players, "bots": self.bots, "games": self.games, "hands": self.hands,
            "hand_wins": self.hand_wins, "game_wins": self.game_wins, "ahoy_calls": self.ahoy_calls,
            "hands_up": self.hands_up, "becalmed": self.becalmed, "reshuffles": self.reshuffles,
            "turns_per_hand": round(self.turns / self.hands, 2) if self.hands else 0.0,
            "actions": self.actions, "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands / self.seconds, 1) if self.seconds else 0.0,
        }


def play_hand(game: Game, bots: Sequence, stats: SimStats | None = None, max_actions: int = 20000) -> None:
    """Deal and play one hand to its end with ``bots`` (one per seat).

    Raises:
        RuntimeError: when the hand does not end within ``max_actions``.
    """
    game.deal()
    hand_no = game.state.hand_no
    for _ in range(max_actions):
        s = game.state
        if not s.hand_in_progress or s.hand_no != hand_no:
            break
        caller = next((x for x in range(s.players) if ahoy_actions(s, x)), None)
        if caller is not None:
            seat = caller
            action = bots[seat].choose(game.view(seat), ahoy_actions(s, seat))
        else:
            seat = awaiting(s)[0]
            action = bots[seat].choose(game.view(seat), game.legal(seat))
        events = game.act(seat, action)
        if stats is not None:
            stats.actions += 1
            for e in events:
                if e.kind == "turn":
                    stats.turns += 1
                elif e.kind == "hands_up":
                    stats.hands_up[e.data["seat"]] += 1
                elif e.kind == "reshuffled":
                    stats.reshuffles += 1
                elif e.kind == "ahoy":
                    stats.ahoy_calls[e.data["seat"]] += 1
    else:
        raise RuntimeError("hand did not end")
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
    stats = SimStats(players, kinds)
    settings = Settings(limit=limit, max_reshuffles=max_reshuffles)
    start = time.perf_counter()
    for g in range(games):
        game = Game([f"{k}{i}" for i, k in enumerate(kinds)], settings, seed=seed + g)
        seat_bots = [make_bot(k, seed=(seed + g) * 16 + i) for i, k in enumerate(kinds)]
        while not game.over:
            if max_hands is not None and stats.hands >= max_hands:
                break
            play_hand(game, seat_bots, stats)
        stats.games += 1
        if game.over:
            for w in game.state.winners:
                stats.game_wins[w] += 1
        if records_dir:
            os.makedirs(records_dir, exist_ok=True)
            with open(os.path.join(records_dir, f"game-{g + 1:04d}.ahoy.jsonl"), "w", encoding="utf-8") as f:
                f.write(dumps(game.record))
        if max_hands is not None and stats.hands >= max_hands:
            break
    stats.seconds = time.perf_counter() - start
    return stats


def format_stats(stats: SimStats) -> str:
    """A plain-text table of ``stats`` for people."""
    d = stats.as_dict()
    lines = [f"{d['games']} games, {d['hands']} hands, {d['turns_per_hand']} turns per hand, "
             f"{d['becalmed']} becalmed, {d['reshuffles']} reshuffles",
             f"{'seat':<6}{'bot':<10}{'hands won':>10}{'games won':>10}{'AHOY!':>8}{'HANDS UP!':>11}"]
    for i in range(stats.players):
        lines.append(f"{i:<6}{stats.bots[i]:<10}{stats.hand_wins[i]:>10}{stats.game_wins[i]:>10}"
                     f"{stats.ahoy_calls[i]:>8}{stats.hands_up[i]:>11}")
    lines.append(f"{d['hands_per_second']} hands per second ({d['seconds']} s)")
    return "\n".join(lines)


def to_json(stats: SimStats) -> str:
    return json.dumps(stats.as_dict())

"""Whole games between bots, with statistics (``ahoy simulate``; docs/bots.md).

What every game's simulator shares: the counts (:class:`SimStats`, the
``--json`` answer), the loop over games with their seeds and bots, and the
records written to a folder (:func:`play_games`). A game adds its own
counters and how one hand (round) is played between its bots.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping, Sequence

from ahoy_tui.games.kit.records import dumps


@dataclass
class SimStats:
    """Per-seat and overall counts of a simulation run (a game adds its own counters).

    Attributes:
        players: Seats per game.
        bots: Bot kind per seat.
        games, hands: Games and hands (rounds) played.
        hand_wins, game_wins: Per seat.
        turns, actions: In all.
        seconds: Wall time of the run.
    """

    players: int
    bots: list[str]
    games: int = 0
    hands: int = 0
    hand_wins: list[int] = field(default_factory=list)
    game_wins: list[int] = field(default_factory=list)
    turns: int = 0
    actions: int = 0
    seconds: float = 0.0

    GAME: ClassVar[str | None] = None
    """The ``game`` key of ``as_dict``, when the game writes one."""
    COUNTERS: ClassVar[tuple[str, ...]] = ()
    """The game's own counters (its fields), in ``as_dict`` order; a list field counts per seat."""

    def __post_init__(self) -> None:
        for name in ("hand_wins", "game_wins", *self.COUNTERS):
            if getattr(self, name) == []:
                setattr(self, name, [0] * self.players)

    def count(self, events: Sequence[Any], counted: Mapping[str, str]) -> None:
        """Count one action and its ``events``: each kind in ``counted`` adds one to the counter it
        names (a list counter: at the event's ``seat``)."""
        self.actions += 1
        for e in events:
            name = counted.get(e.kind)
            if name is not None:
                value = getattr(self, name)
                if isinstance(value, list):
                    value[e.data["seat"]] += 1
                else:
                    setattr(self, name, value + 1)

    def as_dict(self) -> dict:
        """The ``ahoy simulate --json`` answer."""
        d: dict[str, Any] = {} if self.GAME is None else {"game": self.GAME}
        d.update({"players": self.players, "bots": self.bots, "games": self.games, "hands": self.hands,
                  "hand_wins": self.hand_wins, "game_wins": self.game_wins})
        d.update({name: getattr(self, name) for name in self.COUNTERS})
        d.update({"turns_per_hand": round(self.turns / self.hands, 2) if self.hands else 0.0,
                  "actions": self.actions, "seconds": round(self.seconds, 3),
                  "hands_per_second": round(self.hands / self.seconds, 1) if self.seconds else 0.0})
        return d


def play_out(game: Any, bots: Sequence, stats: SimStats | None, decide: Callable[[Any], tuple[int, list] | None],
             counted: Mapping[str, str], max_actions: int, what: str) -> None:
    """Play a dealt hand (round) to its end between ``bots`` (one per seat).

    Args:
        decide: The seat to act now and its choices, or None once the hand is over.
        counted: Event kinds ``stats`` counts, by counter (``SimStats.count``).
        what: ``"hand"`` or ``"round"``, for the error.

    Raises:
        RuntimeError: "<what> did not end" within ``max_actions``.
    """
    for _ in range(max_actions):
        decision = decide(game)
        if decision is None:
            return
        seat, legal = decision
        events = game.act(seat, bots[seat].choose(game.view(seat), legal))
        if stats is not None:
            stats.count(events, counted)
    raise RuntimeError(f"{what} did not end")


def play_games(stats: SimStats, games: int, seed: int, new_game: Callable[[list[str], int], Any],
               make_bot: Callable[[str, int], Any], play_hand: Callable[[Any, Sequence, SimStats], None],
               records_dir: str | None, suffix: str, max_hands: int | None) -> SimStats:
    """Play ``games`` whole games (or ``max_hands`` hands in all) between the bots ``stats.bots``.

    Args:
        stats: Fresh counts; filled in and returned.
        games: Number of games; game ``g`` uses seed ``seed + g``, its seat ``i`` bot ``(seed + g) * 16 + i``.
        new_game: ``(seat names, seed) -> game`` (a ``kit.game.SeededGame``).
        make_bot: ``(kind, seed) -> bot``.
        play_hand: Deals and plays one hand of the game with the bots, counting into ``stats``.
        records_dir: Write each game's record there as ``game-NNNN`` + ``suffix``.
        max_hands: Stop after this many hands in all (bench and tests).
    """
    kinds = stats.bots
    start = time.perf_counter()
    for g in range(games):
        game = new_game([f"{k}{i}" for i, k in enumerate(kinds)], seed + g)
        seat_bots = [make_bot(k, (seed + g) * 16 + i) for i, k in enumerate(kinds)]
        while not game.over and not (max_hands is not None and stats.hands >= max_hands):
            play_hand(game, seat_bots, stats)
        stats.games += 1
        if game.over:
            for w in game.state.winners:
                stats.game_wins[w] += 1
        if records_dir:
            os.makedirs(records_dir, exist_ok=True)
            with open(os.path.join(records_dir, f"game-{g + 1:04d}{suffix}"), "w", encoding="utf-8") as f:
                f.write(dumps(game.record))
        if max_hands is not None and stats.hands >= max_hands:
            break
    stats.seconds = time.perf_counter() - start
    return stats


def stats_table(stats: SimStats, summary: str, columns: Sequence[tuple[str, int, str]], per: str) -> str:
    """A plain-text table of ``stats`` for people (``ahoy simulate`` without ``--json``).

    Args:
        summary: The first line.
        columns: ``(title, width, per-seat counter)`` after the seat and bot columns.
        per: What the speed counts (``"hands"``, ``"rounds"``).
    """
    d = stats.as_dict()
    lines = [summary, f"{'seat':<6}{'bot':<10}" + "".join(f"{title:>{width}}" for title, width, _ in columns)]
    for i in range(stats.players):
        lines.append(f"{i:<6}{stats.bots[i]:<10}"
                     + "".join(f"{getattr(stats, name)[i]:>{width}}" for _, width, name in columns))
    lines.append(f"{d['hands_per_second']} {per} per second ({d['seconds']} s)")
    return "\n".join(lines)

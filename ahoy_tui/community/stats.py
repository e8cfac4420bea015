"""Per-seat statistics of one finished game: the generic counts, and the game's own (docs/community.md).

Games, wins, places and games left come from the game's listing; hands,
hands won and points, and the game's own counters (AHOY! calls, „Ahoi“
calls, ...), from what the game reads in its record (``GameSpec.stats``,
``games.base.SeatTally``). Nothing here knows a game's rules: a game the
registry does not know, or a record its game cannot read, is counted by
its listing only (and logged).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, fields
from typing import Sequence

from ahoy_tui.games import GAMES
from ahoy_tui.games.base import SeatTally

log = logging.getLogger(__name__)


@dataclass(slots=True)
class SeatStats:
    """What one player did in one or more finished games of one game (sums).

    Attributes:
        games, wins: Games finished, and won (place 1, ties included).
        place_sum: Sum of places (average place = place_sum / games).
        hands, hands_won: Hands (rounds) played to the end, and won (as the game reports them).
        points: Points scored over those hands (lower is better).
        left: Games this player left during play or gave to a bot.
        counts: The game's own counters (``GameSpec.stat_lines``) by name; a missing one is 0.
    """

    games: int = 0
    wins: int = 0
    place_sum: int = 0
    hands: int = 0
    hands_won: int = 0
    points: int = 0
    left: int = 0
    counts: dict[str, int] = field(default_factory=dict)

    def add(self, other: "SeatStats") -> None:
        """Add ``other``'s counts to these."""
        for f in FIELDS:
            setattr(self, f, getattr(self, f) + getattr(other, f))
        for k, v in other.counts.items():
            self.counts[k] = self.counts.get(k, 0) + v

    def values(self) -> tuple[int, ...]:
        """The generic counts in ``FIELDS`` order."""
        return tuple(getattr(self, f) for f in FIELDS)

    def count(self, name: str) -> int:
        """The game's counter ``name`` (0 when never counted)."""
        return self.counts.get(name, 0)

    @property
    def points_per_hand(self) -> float | None:
        """Average points per hand played, or None before any hand."""
        return self.points / self.hands if self.hands else None

    @property
    def average_place(self) -> float | None:
        """Average place, or None before any game."""
        return self.place_sum / self.games if self.games else None


FIELDS: tuple[str, ...] = tuple(f.name for f in fields(SeatStats) if f.name != "counts")
"""The generic count names, in column order."""


def game_stats(game: str, record: Sequence[dict], places: Sequence[int],
               forfeited: Sequence[bool] = ()) -> list[SeatStats]:
    """Per seat (play order), what it did in one finished game.

    Args:
        game: The registry name of the game (``GameListing.game``).
        record: The full record (RECORDS.md lines, header first).
        places: Per seat, its place (1 = won).
        forfeited: Per seat, the person left or gave the seat away (counted in ``left``).

    Returns:
        One ``SeatStats`` per seat, each with ``games`` 1.
    """
    out = [SeatStats(games=1, wins=int(p == 1), place_sum=p) for p in places]
    for seat, gone in enumerate(forfeited):
        out[seat].left = int(bool(gone))
    for seat, tally in enumerate(_tallies(game, record, len(out))):
        s = out[seat]
        s.hands, s.hands_won, s.points = tally.hands, tally.hands_won, tally.points
        s.counts = {k: v for k, v in tally.counts.items() if v}
    return out


def _tallies(game: str, record: Sequence[dict], seats: int) -> list[SeatTally]:
    """The game's report of its record, or nothing when there is no game or report to read."""
    spec = GAMES.get(game)
    if spec is None:
        log.warning("no game %r here: its game is counted by its listing only", game)
        return []
    try:
        tallies = spec.stats(record)
    except (ValueError, KeyError, IndexError, TypeError) as e:
        log.error("%s record unreadable for stats (%s): counted by its listing only", game, e)
        return []
    if len(tallies) != seats:
        log.error("%s record has %d seats, its listing %d: counted by its listing only", game, len(tallies), seats)
        return []
    return tallies

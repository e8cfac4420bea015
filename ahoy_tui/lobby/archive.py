"""The finished games of one table: their full records and who played them (R18)."""

from __future__ import annotations

from ahoy_tui.games.base import GameSpec
from ahoy_tui.lobby.errors import Refused


class Archive:
    """Finished games of one table, oldest first.

    Attributes:
        records: Full records (hidden information included: give out
            ``record_for`` projections only, R18).
        identities: Per game, the identity at each seat (None for bots).
    """

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.records: list[list[dict]] = []
        self.identities: list[list[str | None]] = []

    def keep(self, record: list[dict], identities: list[str | None]) -> list[dict]:
        """Keep a copy of a finished game's record; returns the copy."""
        self.records.append([dict(line) for line in record])
        self.identities.append(list(identities))
        return self.records[-1]

    def record_for(self, seat: int | None, game: int = -1) -> list[dict]:
        """A finished game's record as ``seat`` (None: a spectator) may see it (R18).

        Args:
            seat: Seat index in that game, or None.
            game: Index among this table's finished games (-1: the last).

        Raises:
            LobbyError: when there is no such finished game.
        """
        try:
            record = self.records[game]
        except (IndexError, TypeError):
            raise Refused("no finished game to show") from None
        return self.spec.project(record, seat)

    def seat_of(self, identity: str, game: int = -1) -> int | None:
        """``identity``'s seat in a finished game, or None."""
        try:
            ids = self.identities[game]
        except (IndexError, TypeError):
            return None
        return ids.index(identity) if identity in ids else None

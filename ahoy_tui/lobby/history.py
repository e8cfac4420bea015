"""Finished games: archived when they end, listed and shown again later (docs/lobby.md, R18)."""

from __future__ import annotations

import logging
from collections import deque

from ahoy_tui import games
from ahoy_tui.community.service import Community
from ahoy_tui.lobby import tally
from ahoy_tui.lobby.errors import Refused, Unreadable
from ahoy_tui.store.base import ArchivedGame, GameListing, StoreError, TableStore

log = logging.getLogger(__name__)

FINISHED_KEPT = 1000
"""Full records of the newest finished games kept in memory (``GameHistory.records``)."""


class GameHistory:
    """The lobby's archive of finished games.

    Args:
        store: Where archived games are kept and read back.
        community: Where finished games are counted into ratings and stats; None: nowhere.

    Attributes:
        records: ``(table_id, full record)`` of the newest ``FINISHED_KEPT`` finished games
            (hidden information included: never sent, R18).
    """

    def __init__(self, store: TableStore, community: Community | None) -> None:
        self.store = store
        self.community = community
        self.records: deque[tuple[str, list[dict]]] = deque(maxlen=FINISHED_KEPT)

    def finished(self, table_id: str, game: ArchivedGame) -> None:
        """Archive a finished game (projections only go to players, R18) and count it."""
        tally.finished[game.listing.game] += 1
        self.records.append((table_id, list(game.record)))
        self.store.archive(game)
        if self.community is not None:
            self.community.record(game)

    def games_of(self, identity: str, limit: int = 50) -> list[GameListing]:
        """The newest ``limit`` (clamped to 1-200) archived games ``identity`` played in."""
        n = limit if isinstance(limit, int) and not isinstance(limit, bool) else 50
        return self.store.games_of(identity, max(1, min(200, n)))

    def record(self, identity: str, game_id: str) -> list[dict]:
        """An archived game as ``identity``'s seat saw it (R18: ``GameSpec.project``).

        Raises:
            LobbyError: no game with that id that this identity played in (one sentence for both).
        """
        try:
            game = self.store.archived(game_id) if isinstance(game_id, str) and len(game_id) <= 64 else None
        except StoreError as e:
            mine = any(g.game_id == game_id for g in self.store.games_of(identity, 200))
            log.error("archived game %r cannot be read: %s", game_id, e)
            if mine:
                raise Unreadable("that game's record is damaged and cannot be shown") from None
            raise Refused("you played no game with that id") from None
        seat = None if game is None else game.listing.seat_of(identity)
        if game is None or seat is None:
            raise Refused("you played no game with that id")
        return games.get(game.listing.game).project(list(game.record), seat)

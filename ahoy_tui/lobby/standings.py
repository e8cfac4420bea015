"""Leaderboards, profiles and rating changes as the lobby contract gives them (docs/community.md).

Thin async wrappers over :class:`ahoy_tui.community.service.Community`:
they turn its failures into :class:`~ahoy_tui.lobby.errors.LobbyError`
sentences and wait (without blocking the loop) for a game still queued.
Everything here is an aggregate over finished games: nothing hidden.
"""

from __future__ import annotations

import asyncio
import logging

from ahoy_tui.community.rating import Change
from ahoy_tui.community.service import BOARDS, BoardRow, Community, Profile
from ahoy_tui.community.tables import people_by_seat
from ahoy_tui.games import DEFAULT_GAME, GAMES
from ahoy_tui.lobby.errors import Refused, Unreadable
from ahoy_tui.lobby.lobby import Lobby
from ahoy_tui.store.base import GameListing, StoreError

log = logging.getLogger(__name__)

WAIT_FOR_RATING = 5.0
"""Seconds ``rating_changes`` waits for a game still being counted."""


def _community(core: Lobby) -> Community:
    if core.community is None:
        raise Refused("this server keeps no ratings or stats")
    return core.community


async def leaderboard(core: Lobby, board: str, players: int = 0, limit: int = 20,
                      game: str = DEFAULT_GAME) -> list[BoardRow]:
    """A leaderboard of ``game`` (``Community.leaderboard``, read on a worker thread: the loop never waits on it).

    Raises:
        LobbyError: an unknown game, board or seat count, no ratings kept, or unreadable tables.
    """
    spec = GAMES.get(game) if isinstance(game, str) else None
    if spec is None:
        raise Refused(f"there is no game {game!r}; the games are {', '.join(GAMES)}")
    if board not in BOARDS:
        raise Refused(f"no leaderboard {board!r}; boards: {', '.join(BOARDS)}")
    if board == "players" and not (isinstance(players, int) and spec.min_seats <= players <= spec.max_seats):
        raise Refused(f"a seat count is {spec.min_seats} to {spec.max_seats}")
    try:
        community = _community(core)
        return await asyncio.to_thread(community.leaderboard, board, players, limit, core.wall(), game)
    except StoreError as e:
        log.error("leaderboard: %s", e)
        raise Unreadable("the leaderboard cannot be read right now") from None


async def profiles(core: Lobby, name: str) -> list[Profile]:
    """The profiles of players last seen as ``name`` (keyed ones first; empty: none; read on a
    worker thread).

    Raises:
        LobbyError: no ratings kept, or unreadable tables.
    """
    if not isinstance(name, str) or not name.strip() or len(name) > 64:
        raise Refused("give a player's name")
    try:
        community = _community(core)
        return await asyncio.to_thread(community.profiles, name.strip())
    except StoreError as e:
        log.error("profile %r: %s", name, e)
        raise Unreadable("that player's stats cannot be read right now") from None


async def rating_changes(core: Lobby, table_id: str,
                         listing: GameListing | None = None) -> list[Change | None]:
    """Per seat of the table's newest finished game, the shown rating (before, after), or None
    (a bot, a keyless name, an unrated game). Empty when no game finished there or nothing is kept.

    Args:
        listing: That game, when the table is another worker's (else read from ``core``'s table).
    """
    if listing is None:
        table = core.tables.get(table_id)
        listing = None if table is None else table.last_listing
    if listing is None or core.community is None:
        return []
    fut = core.community.pending(listing.game_id)
    if fut is not None:
        try:
            await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(fut)), WAIT_FOR_RATING)
        except Exception:  # noqa: BLE001 - a failed or slow count shows no change; the writer logged it
            return []
    try:
        changes = await asyncio.to_thread(core.community.changes, listing.game_id)
    except StoreError as e:
        log.error("rating changes of %s: %s", listing.game_id, e)
        return []
    return [None if s is None else changes.get(s[0]) for s in people_by_seat(listing)]

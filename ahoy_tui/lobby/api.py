"""The lobby contract: what sessions and the front door may ask of a lobby (docs/lobby-api.md).

:class:`LobbyAPI` is the whole surface the UI (``ahoy_tui/ui``) and the
server (``server/``) use. Every command is a coroutine, so a lobby shared by
several processes can satisfy it. Two implementations pass the same contract
tests (``tests/lobby/contract``): :class:`ahoy_tui.lobby.in_memory.InMemoryLobby`
(one process, the embedded default) and :class:`ahoy_tui.cluster.lobby.ClusterLobby`
(one worker of several sharing Redis, ``--redis``), both over the synchronous
single writer :class:`ahoy_tui.lobby.lobby.Lobby`. What the front door needs
beyond these commands (limits, addresses, moderation between processes, the
stores) is the host contract, :class:`ahoy_tui.lobby.hosted.LobbyHost`.

Commands either return their result or raise a :class:`~ahoy_tui.lobby.errors.LobbyError`
whose ``reason`` is a sentence a player can read:

* :class:`~ahoy_tui.lobby.errors.Stale`: an action made against an old version;
* :class:`~ahoy_tui.lobby.errors.RuleBroken`: the engine refused the action (``rule_id``);
* any other ``LobbyError`` (:class:`~ahoy_tui.lobby.errors.Refused` and the base class): a
  plain refusal (no such table, not the host, table full, wrong code...).

Anything else a command raises is a bug. What a session sees of the lobby
between commands arrives as messages (``ahoy_tui.lobby.messages``) through
the callbacks given to ``PlayerHandle.subscribe``.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ahoy_tui.community.rating import Change
from ahoy_tui.community.service import BoardRow, Profile
from ahoy_tui.games.base import Action
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.messages import LobbyChanged, TableConfig, TableSummary
from ahoy_tui.store.base import GameListing

BotKind = str
"""A bot the host can seat: one of the table's game's ``GameSpec.bot_kinds`` (AHOY!! V2: baseline, random, hard)."""


@runtime_checkable
class LobbyAPI(Protocol):
    """Every command of a lobby, as coroutines (docs/lobby-api.md).

    ``handle`` is the caller's :class:`PlayerHandle` from :meth:`connect`.
    ``table_id`` is a ``TableSummary.table_id`` / ``TableSnapshot.table_id``.
    Unless stated otherwise a command returns None once the change is made
    (its messages are delivered to every subscriber before it returns, in
    the in-memory lobby) and raises ``LobbyError`` when refused; "no such
    table" (closed, never existed) is a refusal of every table command.
    """

    # -- presence (the front door) -----------------------------------------------------

    async def connect(self, identity: str, wanted_name: str) -> PlayerHandle:
        """Register a session; returns its handle (``.identity``, ``.name``: lobby-unique, <= 16 characters).

        Another session of the same identity keeps its name. The handle gets
        messages once a callback is given to ``handle.subscribe``: at once a
        ``LobbyChanged``, the lobby ``ChatHistory`` and, when the identity
        holds a seat, that table's ``TableUpdate`` (``catch_up``) and chat (R17).
        """
        ...

    async def disconnect(self, handle: PlayerHandle) -> None:
        """Forget a session (idempotent). Its seats in play go to the autopilot (R17);
        before the start its seats are freed unless a newer session of the identity replaced it."""
        ...

    async def online_names(self) -> list[str]:
        """Display names of every connected identity, sorted."""
        ...

    async def table_summaries(self) -> list[TableSummary]:
        """Open tables, public information only (a private table shows no code)."""
        ...

    async def lobby_state(self) -> LobbyChanged:
        """The table list and players online now, as the ``LobbyChanged`` a subscriber gets
        (its lists are shared: do not mutate them)."""
        ...

    async def seated_tables(self, identity: str) -> frozenset[str]:
        """Ids of the open tables where ``identity`` holds a seat (the lobby list marks them)."""
        ...

    # -- tables ------------------------------------------------------------------------

    async def create_table(self, handle: PlayerHandle, config: TableConfig) -> str:
        """Open a table; returns its id. The creator is its host and takes seat 0.

        A name another open table has gets `` (2)``, `` (3)``...; a private
        table gets a 6-character code (shown in the host's ``TableSnapshot.code``).

        Raises:
            LobbyError: invalid settings (2-8 seats, limit 20-1000, clock
                profile), the harbour is full, or this player hosts 3 tables.
        """
        ...

    async def join(self, handle: PlayerHandle, table_id: str, code: str | None = None) -> int:
        """Take a free seat, or your own seat again (reconnect, R17); returns the seat index.

        Raises:
            LobbyError: a private table without its code (any case), the
                table is full or its game started ("... you can watch it").
        """
        ...

    async def join_by_code(self, handle: PlayerHandle, code: str) -> str:
        """Join the private table with this code; returns its id.

        When no seat is free for this player there, they watch it instead and
        get a ``Notice`` saying so.

        Raises:
            LobbyError: no table has that code.
        """
        ...

    async def spectate(self, handle: PlayerHandle, table_id: str, code: str | None = None) -> None:
        """Watch a table: public information only (R18); a seated player gets their seat's view.

        Raises:
            LobbyError: a private table without its code.
        """
        ...

    async def leave(self, handle: PlayerHandle, table_id: str) -> None:
        """Leave a table (every session of this identity). Before the start or after
        the end the seat is freed; in play the autopilot keeps it and ``join`` gives it back (R17)."""
        ...

    async def add_bot(self, handle: PlayerHandle, table_id: str, kind: BotKind = "baseline") -> int:
        """Host only, before the start or after game over: seat a bot; returns its seat.

        Raises:
            LobbyError: not the host, unknown kind, table full, game running.
        """
        ...

    async def remove_seat(self, handle: PlayerHandle, table_id: str, seat: int) -> None:
        """Host only, before the start: remove a bot or kick a person (who gets
        ``TableClosed(key="removed")``).

        Raises:
            LobbyError: not the host, game started, empty seat, the host's own seat.
        """
        ...

    async def set_ready(self, handle: PlayerHandle, table_id: str, ready: bool) -> None:
        """Press (or release) ready before the start; ``True`` after game over asks for a rematch.

        Raises:
            LobbyError: no seat at this table, the game already started.
        """
        ...

    async def start(self, handle: PlayerHandle, table_id: str) -> None:
        """Host: deal the first hand once >= 2 seats are filled and every person is ready.

        Raises:
            LobbyError: not the host, fewer than two seats filled, someone not ready.
        """
        ...

    async def give_to_bot(self, handle: PlayerHandle, table_id: str, seat: int) -> None:
        """Host: a person's seat goes to a baseline bot for good (R17).

        Raises:
            LobbyError: not the host, not a person's seat.
        """
        ...

    async def rematch(self, handle: PlayerHandle, table_id: str) -> None:
        """After game over: ask for a new game with the same seats; it starts once every
        seated person asked (people who left lose their seat).

        Raises:
            LobbyError: the game is not over.
        """
        ...

    async def set_autopilot(self, handle: PlayerHandle, table_id: str, on: bool) -> None:
        """Let the autopilot play your seat (``on``) or take it back (R17).

        Raises:
            LobbyError: no seat at this table.
        """
        ...

    async def set_auto_pass(self, handle: PlayerHandle, table_id: str, on: bool) -> None:
        """Always pass on step-in (R9.2): every step-in window that asks this seat is
        passed at once; ``False`` ends it.

        Raises:
            LobbyError: no seat at this table.
        """
        ...

    async def act(self, handle: PlayerHandle, table_id: str, action: Action, version: int) -> None:
        """Take a game action chosen from ``TableUpdate.legal`` of update ``version``.

        Raises:
            Stale: the seat's choices changed since ``version`` (a double
                press, overtaken by a clock or another player), or no hand is
                being played now.
            RuleBroken: the rules refuse the action (``rule_id`` e.g. ``"R9"``;
                ``reason`` is the sentence without it).
            LobbyError: no seat at this table.
        """
        ...

    async def record_for(self, handle: PlayerHandle, table_id: str, game: int = -1) -> list[dict]:
        """A finished game's record (default: the last) as this player may see it (R18):
        as their seat saw it, or as a spectator for anyone else. Lines are RECORDS.md dicts.

        Raises:
            LobbyError: no such table, no such finished game.
        """
        ...

    # -- history (finished games, issue 14) ---------------------------------------------

    async def my_games(self, handle: PlayerHandle, limit: int = 50) -> list[GameListing]:
        """The newest ``limit`` (1-200) archived games this identity played in, newest first
        (date, players, places; nothing hidden)."""
        ...

    async def game_record(self, handle: PlayerHandle, game_id: str) -> list[dict]:
        """An archived game's record as this identity's seat saw it (R18: its projection),
        RECORDS.md lines, ready for ``ahoy replay``.

        Raises:
            Unreadable: this identity played that game but its record is damaged.
            LobbyError: no archived game with that id that this identity played in
                (the same sentence for both: whether a game exists is not told).
        """
        ...

    async def close_table(self, table_id: str, reason: str, key: str = "") -> None:
        """For the server (e.g. shutdown): close a table now; every member gets
        ``TableClosed(table_id, reason, key)``. Closing a closed table does nothing."""
        ...

    # -- chat ----------------------------------------------------------------------------

    async def chat(self, handle: PlayerHandle, channel: str, text: str) -> None:
        """Say ``text`` in ``channel``: ``"lobby"`` or a table id you sit at or watch.

        At most 300 characters; control and bidi characters are removed. Over
        the rate limit (5 messages / 10 s per player) the line is dropped and
        the sender gets a ``Notice(key="slow_down")`` instead (no error).

        Raises:
            LobbyError: empty or too long, no such table, not at that table.
        """
        ...

    # -- ratings and stats (docs/community.md) --------------------------------------------

    async def leaderboard(self, board: str = "overall", players: int = 0, limit: int = 20,
                          game: str = "ahoy") -> list[BoardRow]:
        """A leaderboard of ``game`` (a registry name; ratings are per game), best first:
        ``overall`` (by rating), ``recent`` (rating gained in the last 30 days) or ``players``
        (wins at ``players``-seat games, within the game's seat range), these three people only, or
        ``bots`` (bot API programs by rating, rated apart: docs/bot-api.md); at most ``limit`` (1..200)
        lines. Raises ``LobbyError`` for an unknown game or board or when the server keeps no ratings."""
        ...

    async def profiles(self, name: str) -> list[Profile]:
        """Profile cards of the players last seen as ``name`` (any case; keyed players first;
        empty: nobody by that name finished a game); each card has one part per game played."""
        ...

    async def rating_changes(self, table_id: str) -> list[Change | None]:
        """Per seat of the table's newest finished game, the shown rating (before, after) and the
        rated games after it (``Change``: ``labels`` marks provisional ones), or None (a bot, a
        keyless name, an unrated game); empty when there is none yet."""
        ...

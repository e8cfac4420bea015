"""The lobby core: presence, tables, chat (docs/lobby.md, docs/lobby-api.md).

All commands are plain methods called on the event loop thread; each runs
to completion without awaiting, so a table has exactly one writer at a
time. Messages to sessions go through the ``Outbox`` (``batch``): queued
while a command or timer runs and delivered in order when it ends, once
what they tell is written. What differs between a lobby alone and a worker
of a cluster is given as strategies (``ahoy_tui.lobby.strategies``).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import deque
from dataclasses import replace
from typing import Callable, ContextManager

from ahoy_tui.community.service import Community
from ahoy_tui.games.base import Action
from ahoy_tui.lobby import limits, restoring
from ahoy_tui.lobby.chat import ChatLog, RateLimiter, clean_message
from ahoy_tui.lobby.clock import Clock, LoopClock
from ahoy_tui.lobby.code_guard import PRIVATE, CodeGuard, table_guard
from ahoy_tui.lobby.config import Timing, validate
from ahoy_tui.lobby.errors import LobbyError, Refused
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.history import GameHistory
from ahoy_tui.lobby.journal import to_json
from ahoy_tui.lobby.listing import Listing
from ahoy_tui.lobby.messages import ChatHistory, ChatMessage, LobbyChanged, Notice, TableConfig, TableSummary
from ahoy_tui.lobby.names import new_code, unique_name, unique_table_name
from ahoy_tui.lobby.outbox import Outbox
from ahoy_tui.lobby.returns import Returns
from ahoy_tui.lobby.strategies import (Failover, LocalPresence, LocalPublication, Neighbours, NoFailover, NoNeighbours,
                                       Numbered, Presence, Publication, TableIds)
from ahoy_tui.lobby.table import Table
from ahoy_tui.lobby.table_commands import SeatCommands
from ahoy_tui.store.base import LEASE_LOST, ArchivedGame, GameListing, StoreError, TableStore
from ahoy_tui.store.memory import MemoryStore

log = logging.getLogger(__name__)

LOBBY = "lobby"

__all__ = ["Lobby", "PlayerHandle", "TableSummary", "LobbyError", "LOBBY"]


class Lobby:
    """All players online and all tables of one process (of one worker, in a cluster).

    Args:
        clock: Time and timers (default: the running asyncio loop).
        timing: Pauses, grace periods and clock scale (default: production).
        seed: Seeds the lobby's RNG (game seeds, codes in tests, bot delays);
            None: from the OS. Game seeds never leave the lobby (R18).
        wall: Wall-clock time for chat timestamps.
        store: Where table logs and finished games are kept (default: a
            ``MemoryStore``, gone with the process).
        community: Where finished games are counted into ratings and stats
            (docs/community.md); None: nowhere.
        table_ids: Gives each new table its id (default: ``t1``, ``t2``...: ``Numbered``).
            Workers sharing one Redis give ids unique in the cluster, already leased
            (``ahoy_tui.cluster.failover.Ownership``).
        presence, publication, neighbours, failover: The other strategies
            (``ahoy_tui.lobby.strategies``; default: a lobby alone in its process).

    Attributes:
        outbox: Messages to sessions, delivered at the end of each batch once written.
        history: Finished games: archived, listed, shown again.
        returns: Where a new session of an identity is taken back to (its seat, its watch).
        chat_gate: Moderation's say on lobby chat: for a muted identity the ``Notice`` its sender
            gets instead of the line reaching anyone; None lets the line through (docs/moderation.md).
        table_gone: Told of every table this lobby forgot (closed, or let go to another worker),
            after it was told so: the server's garbage-collector policy frees what it held
            (``ahoy_tui.hosting.gc_policy``).
    """

    def __init__(self, clock: Clock | None = None, timing: Timing | None = None, seed: int | None = None,
                 wall: Callable[[], float] = time.time, store: TableStore | None = None,
                 community: Community | None = None, table_ids: TableIds | None = None,
                 presence: Presence | None = None, publication: Publication | None = None,
                 neighbours: Neighbours | None = None, failover: Failover | None = None) -> None:
        store = store if store is not None else MemoryStore()
        self.outbox = Outbox(store)
        self.history = GameHistory(store, community)
        self._store = store
        self.clock: Clock = clock or LoopClock()
        self.timing = timing or Timing()
        self.rng = random.Random(seed)
        self._seeded = seed is not None
        self.wall = wall
        self.table_ids: TableIds = table_ids if table_ids is not None else Numbered()
        self.presence: Presence = presence if presence is not None else LocalPresence()
        self.publication: Publication = publication if publication is not None else LocalPublication()
        self.neighbours: Neighbours = neighbours if neighbours is not None else NoNeighbours()
        self.failover: Failover = failover if failover is not None else NoFailover()
        self.players: dict[str, list[PlayerHandle]] = {}
        self.tables: dict[str, Table] = {}
        self.chat_log = ChatLog(LOBBY)
        self.rate = RateLimiter()
        self.codes = CodeGuard(self.clock.now)
        """Wrong private-table codes per identity (``code_guard``)."""
        self.new_tables = table_guard(self.clock.now)
        """New tables per identity and per address group (``code_guard``)."""
        self.frozen = False
        self._loop: asyncio.AbstractEventLoop | None = None
        store.listen(self._durable_from_writer, self._failed_from_writer)
        self.listing = Listing()
        self.returns = Returns()
        self.table_gone: Callable[[Table], None] = lambda table: None
        self.chat_gate: Callable[[str], Notice | None] = lambda identity: None

    @property
    def store(self) -> TableStore:
        """Where table logs and finished games are kept (settable: the outbox and the history follow)."""
        return self._store

    @store.setter
    def store(self, store: TableStore) -> None:
        self._store = self.outbox.store = self.history.store = store

    @property
    def community(self) -> Community | None:
        """Where finished games are counted (``history.community``)."""
        return self.history.community

    @community.setter
    def community(self, community: Community | None) -> None:
        self.history.community = community

    @property
    def finished_records(self) -> deque[tuple[str, list[dict]]]:
        """``(table_id, full record)`` of the newest finished games (``GameHistory.records``)."""
        return self.history.records

    # -- delivery (the outbox; ``TableHost``) -------------------------------------------------

    def batch(self) -> ContextManager[None]:
        """Queue messages while the body runs; deliver them in order afterwards (``Outbox.batch``)."""
        return self.outbox.batch()

    def post(self, handle: PlayerHandle, msg: object) -> None:
        """Queue ``msg`` for ``handle``: delivered at the end of the batch, once every log
        entry appended before it is written (``log``)."""
        self.outbox.post(handle, msg)

    # -- the log (written ahead; docs/durability.md) ----------------------------------------

    def log(self, table_id: str, entry: dict) -> int:
        """Append ``entry`` to ``table_id``'s log; later messages wait until it is written.

        Returns its sequence number; 0 once the lobby is ``frozen`` (stopping) or when
        the store refuses (closed: logged once, play goes on unrecorded).
        """
        if self.frozen:
            return 0
        try:
            return self._logged(self._store.append(table_id, entry))
        except StoreError as e:
            log.error("table %s: not logged: %s", table_id, e)
            return 0

    def restart_log(self, table_id: str) -> None:
        """Forget ``table_id``'s log (queued in order with its appends); nothing once frozen."""
        if not self.frozen:
            try:
                self._store.drop(table_id)
            except StoreError as e:
                log.error("table %s: log not restarted: %s", table_id, e)

    def _logged(self, seq: int) -> int:
        outbox = self.outbox
        if seq > outbox.seq:
            outbox.seq = seq
        if self._loop is None:
            try:
                self._loop = asyncio.get_running_loop()
            except RuntimeError:
                pass
        return seq

    def _durable_from_writer(self) -> None:
        """The store's writer thread: entries were written (wake the loop to deliver)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._written)

    def _failed_from_writer(self, table_id: str, reason: str) -> None:
        """The store's writer thread: entries could not be written (or, ``LEASE_LOST``, were
        refused because another worker owns the table now: its messages are withheld at once
        and ``failover`` lets it go)."""
        if reason == LEASE_LOST:
            self.outbox.withhold(table_id)
        loop = self._loop
        if loop is not None and not loop.is_closed():
            if reason == LEASE_LOST:
                loop.call_soon_threadsafe(self.failover.lease_lost, table_id)
            else:
                loop.call_soon_threadsafe(self._store_failed, reason)

    def _written(self) -> None:
        """On the loop: deliver what waited; once everything is written, paused tables play on."""
        outbox = self.outbox
        with self.batch():
            if outbox.failing and self._store.durable >= outbox.seq:
                log.warning("the store writes again: tables play on")
                outbox.failing = ""
                for t in self.tables.values():
                    if t.paused:
                        t.paused = ""
                        t.system("store_back")
                        t.changed()

    def _store_failed(self, reason: str) -> None:
        """On the loop: the disk refuses. Every table pauses (with a line to its players) rather
        than play on unrecorded; what waited is delivered; the store keeps trying."""
        outbox = self.outbox
        with self.batch():
            if not outbox.failing:
                log.error("the store cannot write (%s): every table pauses until it can", reason)
            outbox.failing = reason or "the disk refuses"
            for t in self.tables.values():
                if not t.paused and not t.closed:
                    t.paused = outbox.failing
                    t.system("store_failing")
                    t.changed()

    def resume(self, tables: bool = True) -> list[str]:
        """Rebuild every table the store holds and the lobby chat (at start, before anyone
        connects; ``restoring.resume``).

        Args:
            tables: False: the lobby chat only (a cluster worker adopts the tables it
                wins the leases of, ``ahoy_tui.cluster.handover``).

        Returns:
            One line per table that was not restored whole, for the host's log.
        """
        return restoring.resume(self, tables)

    def freeze(self) -> None:
        """The server is stopping: log nothing more and stop every clock, so the tables
        resume after a restart exactly as they are now (sessions may still disconnect)."""
        self.frozen = True
        for t in self.tables.values():
            t.held = True
            t.pilot.stop()
            t.check_timers()

    def handles(self) -> list[PlayerHandle]:
        """The sessions lobby-wide messages go to (``presence.sessions``)."""
        return self.presence.sessions(self.players)

    def tables_changed(self, table: Table | None = None) -> None:
        """Publish the own tables (``publication``), then broadcast ``LobbyChanged`` if the table
        list or presence changed (``Listing.changed``: receivers diff by ``(table_id, version)``;
        never mutate it).

        Args:
            table: The one table that changed (cheap check), or None to
                look at everything (presence, a table opened or closed).
        """
        publication = self.publication
        publication.publish(self.tables, table)
        msg = self.listing.changed(publication.listed(self.tables), self.presence.online(self.players), table)
        if msg is not None:
            for h in self.presence.sessions(self.players):
                if h.listeners:
                    self.outbox.post(h, msg)

    # -- finished games (``history``) -------------------------------------------------------

    def finished(self, table_id: str, game: ArchivedGame) -> None:
        """Archive a finished game (projections only go to players, R18; ``GameHistory.finished``)."""
        self.history.finished(table_id, game)

    def my_games(self, handle: PlayerHandle, limit: int = 50) -> list[GameListing]:
        """The newest ``limit`` (clamped to 1-200) archived games ``handle``'s identity played in."""
        return self.history.games_of(handle.identity, limit)

    def game_record(self, handle: PlayerHandle, game_id: str) -> list[dict]:
        """An archived game as ``handle``'s seat saw it (R18: ``GameSpec.project``).

        Raises:
            LobbyError: no game with that id that this identity played in (one sentence for both).
        """
        return self.history.record(handle.identity, game_id)

    # -- presence (used by server/) ------------------------------------------------------------

    def unique_name(self, identity: str, wanted: str) -> str:
        """Return ``wanted`` or ``wanted`` with a numeric suffix, unique among
        other identities online (``presence.online``; at most 16 characters)."""
        taken = {h.name for ident, hs in self.presence.online(self.players).items() if ident != identity for h in hs}
        return unique_name(wanted, taken)

    def connect(self, identity: str, wanted_name: str, claimed: str | None = None) -> PlayerHandle:
        """Register a session; returns its handle with a lobby-unique name: the name its
        identity's other sessions have, else ``claimed`` (a cluster claimed it in Redis,
        ``ahoy_tui.cluster.claims``), else ``unique_name``."""
        with self.batch():
            same = self.players.get(identity)
            name = same[0].name if same else claimed if claimed is not None else self.unique_name(identity, wanted_name)
            handle = PlayerHandle(identity, name, on_subscribe=self._subscribed)
            self.players.setdefault(identity, []).append(handle)
            self.tables_changed()
        return handle

    def enter(self, handle: PlayerHandle) -> None:
        """Hold a session made elsewhere (another worker's, ``ahoy_tui.cluster.owner``): it can sit
        and watch here, and ``disconnect`` forgets it; nobody is told it came."""
        self.players.setdefault(handle.identity, []).append(handle)

    def disconnect(self, handle: PlayerHandle, replaced: bool = False) -> None:
        """Forget a session; safe to call twice. Its seats go to the autopilot (R17).

        When a newer session of the same identity is connected, or ``replaced`` says one is
        elsewhere, no seat is freed, not even before the start: the newer session takes them
        (``subscribe``).
        """
        with self.batch():
            replaced = replaced or any(h is not handle for h in self.players.get(handle.identity, []))
            for table in list(self.tables.values()):
                SeatCommands(table).detach(handle, leaving=False, replaced=replaced)
            hs = self.players.get(handle.identity, [])
            if handle in hs:
                hs.remove(handle)
            if not hs:
                self.players.pop(handle.identity, None)
            handle.listeners.clear()
            self.presence.ended(handle)
            self.tables_changed()

    def online_names(self) -> list[str]:
        """Display names of every identity online (``presence.online``), sorted."""
        return sorted({h.name for hs in self.presence.online(self.players).values() for h in hs})

    def table_summaries(self) -> list[TableSummary]:
        """The tables of the lobby list (``publication.listed``), public information only (no join codes)."""
        return [t.summary() for t in self.publication.listed(self.tables).values()]

    def lobby_state(self) -> LobbyChanged:
        """The table list and the players online now, as ``LobbyChanged`` (shared lists: do not mutate)."""
        self.tables_changed()
        return self.listing.current()

    def _subscribed(self, handle: PlayerHandle) -> None:
        """A session subscribed: the lobby list, the lobby chat, and back to its seat (R17) or
        the table it watched, here or elsewhere (``neighbours``)."""
        with self.batch():
            self.post(handle, self.lobby_state())
            self.post(handle, ChatHistory(LOBBY, self.chat_log.recent()))
            table = self.reconnect_table(handle.identity)
            if table is None:
                if self.neighbours.seat_elsewhere(handle):
                    return
                table = self.watched_table(handle.identity)
                if table is None:
                    self.neighbours.watch_elsewhere(handle)
            if table is not None and handle not in table.members:
                SeatCommands(table).attach(handle, table.seat_of(handle.identity))

    def reconnect_table(self, identity: str) -> Table | None:
        """The table a new session of ``identity`` is taken back to (R17), or None.

        Among the tables where ``identity`` holds a seat (a game in play, or
        any table when a newer session replaced an older one): the one it was
        last at with that seat, else the oldest. Its other
        seats stay with the autopilot until it joins them again (docs/lobby.md).
        """
        return self.returns.seat_table(self.tables, identity)

    def watched_table(self, identity: str) -> Table | None:
        """The open table ``identity`` was watching (as a spectator) when its last session
        ended without leaving it, or None: a new session is taken back to watching it."""
        return self.returns.watched_table(self.tables, identity)

    def forget_table(self, table_id: str) -> None:
        """``table_id`` closed or moved away: no reconnect returns to it; its watches end."""
        for ident in self.returns.forget(table_id):
            self.neighbours.watching(ident, table_id, False)

    def seated_tables(self, identity: str) -> frozenset[str]:
        """Ids of the open tables where ``identity`` holds a seat, here or elsewhere
        (``publication.seated_elsewhere``; the lobby list marks them)."""
        return frozenset(tid for tid, t in self.tables.items()
                         if not t.closed and t.seat_of(identity) is not None) \
            | self.publication.seated_elsewhere(identity)

    def seated_at(self, identity: str, table_id: str) -> None:
        """Remember that ``identity`` is at ``table_id`` with its seat (see ``reconnect_table``)."""
        self.returns.seated_at(identity, table_id)

    # -- tables --------------------------------------------------------------------------------

    def table(self, table_id: str) -> Table:
        """The open table ``table_id``.

        Raises:
            LobbyError: when there is no such table.
        """
        t = self.tables.get(table_id) if isinstance(table_id, str) else None
        if t is None:
            self.failover.absent(table_id)
        if t is None or t.closed:
            raise Refused("there is no such table (it may have closed)")
        return t

    def _hosted(self, handle: PlayerHandle, table_id: str) -> SeatCommands:
        """The commands of table ``table_id``, whose host ``handle`` must be.

        Raises:
            LobbyError: no such table, or ``handle`` is not its host.
        """
        cmd = SeatCommands(self.table(table_id))
        cmd.require_host(handle)
        return cmd

    def create_table(self, handle: PlayerHandle, config: TableConfig) -> str:
        """Open a table; its creator is the host and takes seat 0.

        Raises:
            LobbyError: invalid settings (``config.validate``: the game, its
                seats and options, the clock profile), too many tables, or
                this player hosts too many.
            TooFast: this player or their address group made too many tables lately.
        """
        with self.batch():
            cfg = validate(config, handle.name)
            self.new_tables.check(handle)
            taken = {t.config.name for t in self.tables.values() if not t.closed}
            cfg = replace(cfg, name=unique_table_name(cfg.name, taken))
            limits.check_room(len(self.tables), sum(1 for t in self.tables.values() if t.host == handle.identity))
            table_id = self.table_ids.new_id()
            taken_codes = {t.code for t in self.tables.values()}
            code = new_code(taken_codes, self.rng if self._seeded else None) if cfg.private else None
            table = Table(self, table_id, cfg, code, random.Random(self.rng.getrandbits(64)))
            table.seating.host = handle.identity
            self.tables[table_id] = table
            SeatCommands(table).take_seat(handle)
            self.new_tables.count(handle)
            self.tables_changed()
            return table_id

    def join(self, handle: PlayerHandle, table_id: str, code: str | None = None) -> int:
        """Take a free seat (or your own seat again: reconnect, R17); returns the seat.

        Raises:
            LobbyError: wrong or missing code, table full or already playing.
        """
        with self.batch():
            table = self.table(table_id)
            self._code_needed(handle, table, table.seat_of(handle.identity), code)
            return SeatCommands(table).take_seat(handle)

    def join_by_code(self, handle: PlayerHandle, code: str) -> str:
        """Join the private table with this code; returns its id.

        When the table has no seat for this player (full, or its game has
        started) the code still lets them watch it: they become a spectator
        and get a ``Notice`` saying so.

        Raises:
            LobbyError: when no table has that code; when this player gave too
                many wrong codes lately (``code_guard``), even for a right one.
        """
        self.codes.check(handle)
        want = code.strip().upper() if isinstance(code, str) else ""
        for t in self.tables.values():
            if t.code is not None and t.code == want and not t.closed:
                with self.batch():
                    try:
                        self.join(handle, t.table_id, want)
                    except LobbyError as refused:
                        if "you can watch it" not in str(refused):
                            raise
                        self.spectate(handle, t.table_id, want)
                        self.post(handle, Notice("No seat is free for you there: you are watching the table.",
                                                 "info", key="no_free_seat"))
                return t.table_id
        self.codes.wrong(handle)
        raise Refused("no table has that code")

    def spectate(self, handle: PlayerHandle, table_id: str, code: str | None = None) -> None:
        """Watch a table: public information only (R18). A seated player gets their seat.

        A private table is watched with its code (``code``, any case).

        Raises:
            LobbyError: no such table; a private table without its code.
        """
        with self.batch():
            table = self.table(table_id)
            seat = table.seat_of(handle.identity)
            self._code_needed(handle, table, seat, code)
            SeatCommands(table).attach(handle, seat)
            if seat is None:
                self.returns.watch(handle.identity, table_id)
            if self.returns.watches(handle.identity, table_id):
                self.neighbours.watching(handle.identity, table_id, True)

    def _code_needed(self, handle: PlayerHandle, table: Table, seat: int | None, code: str | None) -> None:
        """Let a player without a seat (``seat`` None) at a private table in only with its code.

        A wrong code counts towards ``codes`` (none given does not: that is no guess).

        Raises:
            LobbyError: a wrong or missing code; too many wrong codes lately.
        """
        if seat is not None or table.code is None:
            return
        self.codes.check(handle)
        if not isinstance(code, str) or code.strip().upper() != table.code:
            if code is not None:
                self.codes.wrong(handle)
            raise Refused(PRIVATE)

    def leave(self, handle: PlayerHandle, table_id: str) -> None:
        """Leave a table. Before the start (or after the end) the seat is freed;
        in play the autopilot keeps it and ``join`` gives it back (R17). From a table that is
        only away (``failover.left``: between owners), the session is simply not taken back."""
        if table_id not in self.tables and self.failover.left(handle, table_id):
            return
        if self.returns.unwatch(handle.identity, table_id):
            self.neighbours.watching(handle.identity, table_id, False)
        with self.batch():
            table = self.table(table_id)
            cmd = SeatCommands(table)
            for h in [h for h in self.players.get(handle.identity, []) if h in table.members]:
                cmd.detach(h, leaving=True)
            if handle in table.members:
                cmd.detach(handle, leaving=True)
            seat = table.seat_of(handle.identity)
            if seat is not None and not table.present(seat):
                cmd.leave_seat(seat)
            self.tables_changed()

    def add_bot(self, handle: PlayerHandle, table_id: str, kind: str = "baseline") -> int:
        """Host only, before the start: seat a bot of one of the game's kinds; returns its seat."""
        with self.batch():
            cmd = self._hosted(handle, table_id)
            kinds = cmd.table.spec.bot_kinds
            if kind not in kinds:
                raise Refused(f"bots are {' or '.join(kinds)}")
            return cmd.add_bot(kind)

    def remove_seat(self, handle: PlayerHandle, table_id: str, seat: int) -> None:
        """Host only, before the start: kick a person or remove a bot."""
        with self.batch():
            self._hosted(handle, table_id).remove_seat(seat)

    def set_ready(self, handle: PlayerHandle, table_id: str, ready: bool) -> None:
        """Press (or release) ready before the start; after game over, ask for a rematch."""
        with self.batch():
            SeatCommands(self.table(table_id)).set_ready(handle, ready)

    def start(self, handle: PlayerHandle, table_id: str) -> None:
        """Host: start once at least two seats are filled and every person is ready."""
        with self.batch():
            self._hosted(handle, table_id).start()

    def give_to_bot(self, handle: PlayerHandle, table_id: str, seat: int) -> None:
        """Host: a person's seat goes to a baseline bot for good (R17)."""
        with self.batch():
            self._hosted(handle, table_id).give_to_bot(seat)

    def rematch(self, handle: PlayerHandle, table_id: str) -> None:
        """After game over: ask for a new game with the same seats. It starts
        once every seated person asked (people who left lose their seat)."""
        with self.batch():
            SeatCommands(self.table(table_id)).rematch(handle)

    def set_autopilot(self, handle: PlayerHandle, table_id: str, on: bool) -> None:
        """Let the autopilot play your seat (``on``) or take it back."""
        with self.batch():
            SeatCommands(self.table(table_id)).set_autopilot(handle, on)

    def set_auto_pass(self, handle: PlayerHandle, table_id: str, on: bool) -> None:
        """Always pass on step-in (``on``): every step-in window this seat is
        asked in is answered with a pass at once (R9.2); ``False`` ends it.

        Raises:
            LobbyError: no such table, or no seat at it.
        """
        with self.batch():
            SeatCommands(self.table(table_id)).set_auto_pass(handle, on)

    def act(self, handle: PlayerHandle, table_id: str, action: Action, version: int) -> None:
        """Take a game action made against state ``version``.

        Raises:
            Stale: when the seat's choices changed since ``version`` (double
                press, overtaken).
            RuleBroken: when the rules refuse it (``rule_id``).
            LobbyError: no seat at this table.
        """
        with self.batch():
            self.table(table_id).act(handle, action, version)

    def record_for(self, handle: PlayerHandle, table_id: str, game: int = -1) -> list[dict]:
        """A finished game of a table (default: the last) as this player may see it (R18).

        Players see it as their seat saw it; anyone else as a spectator.

        Raises:
            LobbyError: no such table or no finished game.
        """
        table = self.table(table_id)
        return table.record_for(table.record_seat(handle.identity, game), game)

    def close_table(self, table_id: str, reason: str, key: str = "") -> None:
        """Close a table now: members get ``TableClosed`` (``key`` names ``reason``, see messages)."""
        with self.batch():
            table = self.tables.pop(table_id, None)
            if table is not None:
                log.info("table %s (%s) closed: %s", table_id, table.config.name, reason)
                table.close(reason, key)
                if not self.frozen:
                    self.store.drop(table_id)
                self.forget_table(table_id)
                self.table_gone(table)
            self.tables_changed()

    # -- chat ------------------------------------------------------------------------------------

    def chat(self, handle: PlayerHandle, channel: str, text: str) -> None:
        """Post to the lobby (``"lobby"``) or a table you sit at or watch.

        At most 300 characters; control and bidi characters are removed. Over
        the rate limit (5 messages / 10 s per player), or from a player muted
        in the lobby (``chat_gate``), the message is dropped and the sender
        gets a ``Notice`` instead.

        Raises:
            LobbyError: empty or too long, unknown channel, not at that table.
        """
        with self.batch():
            body = clean_message(text)
            held = self.chat_gate(handle.identity) if channel == LOBBY else None
            if held is not None:
                self.post(handle, held)
                return
            if channel == LOBBY:
                targets = self.handles()
            else:
                table = self.table(channel)
                if handle not in table.members:
                    raise Refused("join or watch the table to talk there")
                targets = list(table.members)
            if not self.rate.allow(handle.identity, self.clock.now()):
                wait = self.rate.wait(handle.identity, self.clock.now())
                self.post(handle, Notice(f"Slow down, matey: wait {wait:.0f} s before the next message.",
                                         "warning", key="slow_down", args=(("s", f"{wait:.0f}"),)))
                return
            msg = ChatMessage(channel, handle.name, body, self.wall())
            if channel == LOBBY:
                self.chat_log.add(msg)
                self._logged(self._store.add_chat(to_json(msg)))
                self.neighbours.said(msg)
            else:
                table.add_chat(msg)
            for h in targets:
                self.post(h, msg)

    def heard_chat(self, msg: ChatMessage) -> None:
        """A lobby chat line said elsewhere (another worker): keep it and deliver it here."""
        with self.batch():
            self.chat_log.add(msg)
            for h in self.handles():
                self.post(h, msg)

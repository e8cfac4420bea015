"""The process-wide lobby: presence, tables, chat (docs/lobby-api.md).

All commands are plain methods called on the event loop thread; each runs
to completion without awaiting, so a table has exactly one writer at a
time. Messages to sessions are queued while a command or timer runs and
delivered in order when it ends (``batch``), so a session callback that
issues a command of its own never interleaves with a half-finished change.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import deque
from contextlib import contextmanager
from dataclasses import replace
from typing import Callable, Iterator

from ahoy_tui import games
from ahoy_tui.community.service import Community
from ahoy_tui.games.base import Action
from ahoy_tui.lobby import tally
from ahoy_tui.lobby.chat import ChatLog, RateLimiter, clean_message
from ahoy_tui.lobby.clock import Clock, LoopClock
from ahoy_tui.lobby.code_guard import PRIVATE, CodeGuard, table_guard
from ahoy_tui.lobby.config import Timing, validate
from ahoy_tui.lobby.errors import LobbyError, Refused, Unreadable
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.listing import Listing
from ahoy_tui.lobby.messages import (ChatHistory, ChatMessage, LobbyChanged, Notice, TableConfig,
                                     TableSummary, table_of)
from ahoy_tui.lobby import regain
from ahoy_tui.lobby.journal import from_json, to_json
from ahoy_tui.lobby.names import new_code, unique_name, unique_table_name
from ahoy_tui.lobby.resume import rebuild
from ahoy_tui.lobby.table import Table
from ahoy_tui.lobby.table_commands import SeatCommands
from ahoy_tui.store.base import LEASE_LOST, ArchivedGame, GameListing, StoreError, TableLog, TableStore
from ahoy_tui.store.memory import MemoryStore

log = logging.getLogger(__name__)

LOBBY = "lobby"
MAX_TABLES = 500
"""Open tables at most (with ``--redis``: of the whole cluster, ``cluster.claims.claim_table``)."""
HARBOUR_FULL = "the harbour is full: no more tables can open right now"
MAX_TABLES_PER_HOST = 3
FINISHED_KEPT = 1000


__all__ = ["Lobby", "PlayerHandle", "TableSummary", "LobbyError", "LOBBY"]


class Lobby:
    """All players online and all tables of one process.

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
        table_ids: Gives each new table its id (default: ``t1``, ``t2``...). Workers sharing
            one Redis give ids unique in the cluster, already leased (``ahoy_tui.cluster``);
            it may raise ``LobbyError`` when it has none ready.
    """

    def __init__(self, clock: Clock | None = None, timing: Timing | None = None, seed: int | None = None,
                 wall: Callable[[], float] = time.time, store: TableStore | None = None,
                 community: Community | None = None, table_ids: Callable[[], str] | None = None) -> None:
        self.store: TableStore = store if store is not None else MemoryStore()
        self.community = community
        self.clock: Clock = clock or LoopClock()
        self.timing = timing or Timing()
        self.rng = random.Random(seed)
        self._seeded = seed is not None
        self.wall = wall
        self.players: dict[str, list[PlayerHandle]] = {}
        self.tables: dict[str, Table] = {}
        self.chat_log = ChatLog(LOBBY)
        self.rate = RateLimiter()
        self.codes = CodeGuard(self.clock.now)
        """Wrong private-table codes per identity (``code_guard``)."""
        self.new_tables = table_guard(self.clock.now)
        """New tables per identity and per address group (``code_guard``)."""
        self.finished_records: deque[tuple[str, list[dict]]] = deque(maxlen=FINISHED_KEPT)
        self._next_id = 1
        self._table_ids = table_ids
        self._outbox: deque[tuple[PlayerHandle, object, int]] = deque()
        self._seq = 0
        """Sequence number of the newest log entry this lobby appended."""
        self._failing = ""
        """Why the store cannot write now ("": it can); meanwhile tables are paused and messages
        are not held for the log."""
        self._refused: set[str] = set()
        """Tables whose writes the store refused (``LEASE_LOST``; set from the writer thread before
        ``durable`` passes them): their waiting messages are never delivered."""
        self.frozen = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self.store.listen(self._durable_from_writer, self._failed_from_writer)
        self._depth = 0
        self._flushing = False
        self.listing = Listing()
        self._last_table: dict[str, str] = {}
        """Per identity, the table it was last at with its seat (where a reconnect returns)."""
        self._watched: dict[str, str] = {}
        """Per identity, the table it watches (spectator) and has not left on purpose: where a
        reconnect without a seat returns (issue 24)."""
        self.waiting: dict[str, regain.Members] = {}
        """Per table let go while its store was out of reach: who was at it (``let_go``), to
        attach again when this lobby adopts it back, or to send after it (another worker's)."""
        self.table_gone: Callable[[Table], None] = lambda table: None
        """Told of every table this lobby forgot (closed, or let go to another worker), after it
        was told so: the server's garbage-collector policy frees what it held (``ahoy_tui.hosting.gc_policy``)."""
        self._lost_at: dict[str, float] = {}
        """Per table in ``waiting``: when it was let go (wall s), the time of its ``db_lost`` line."""
        self.chat_gate: Callable[[str], Notice | None] = lambda identity: None
        """Moderation's say on lobby chat: for a muted identity the ``Notice`` its sender gets
        instead of the line reaching anyone; None lets the line through (docs/moderation.md)."""

    # -- delivery ------------------------------------------------------------------------

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Queue messages while the body runs; deliver them in order afterwards."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if self._depth == 0:
                self._flush()

    def post(self, handle: PlayerHandle, msg: object) -> None:
        """Queue ``msg`` for ``handle``: delivered at the end of the batch, once every log
        entry appended before it is written (``log``)."""
        if handle.listeners:
            self._outbox.append((handle, msg, self._seq))
        if self._depth == 0:
            self._flush()

    def _flush(self) -> None:
        if self._flushing:
            return
        self._flushing = True
        try:
            written = self._seq if self._failing else self.store.durable
            while self._outbox and self._outbox[0][2] <= written:
                handle, msg, _ = self._outbox.popleft()
                if not (self._refused and table_of(msg) in self._refused):
                    handle.deliver(msg)
        finally:
            self._flushing = False

    # -- the log (written ahead; docs/durability.md) ----------------------------------------

    def log(self, table_id: str, entry: dict) -> int:
        """Append ``entry`` to ``table_id``'s log; later messages wait until it is written.

        Returns its sequence number; 0 once the lobby is ``frozen`` (stopping) or when
        the store refuses (closed: logged once, play goes on unrecorded).
        """
        if self.frozen:
            return 0
        try:
            return self._logged(self.store.append(table_id, entry))
        except StoreError as e:
            log.error("table %s: not logged: %s", table_id, e)
            return 0

    def restart_log(self, table_id: str) -> None:
        """Forget ``table_id``'s log (queued in order with its appends); nothing once frozen."""
        if not self.frozen:
            try:
                self.store.drop(table_id)
            except StoreError as e:
                log.error("table %s: log not restarted: %s", table_id, e)

    def _logged(self, seq: int) -> int:
        self._seq = max(self._seq, seq)
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
        refused because another worker owns the table now: it is let go)."""
        if reason == LEASE_LOST:
            self._refused.add(table_id)
        loop = self._loop
        if loop is not None and not loop.is_closed():
            if reason == LEASE_LOST:
                loop.call_soon_threadsafe(self.let_go, table_id)
            else:
                loop.call_soon_threadsafe(self._store_failed, reason)

    def _written(self) -> None:
        """On the loop: deliver what waited; once everything is written, paused tables play on."""
        with self.batch():
            if self._failing and self.store.durable >= self._seq:
                log.warning("the store writes again: tables play on")
                self._failing = ""
                for t in self.tables.values():
                    if t.paused:
                        t.paused = ""
                        t.system("store_back")
                        t.changed()

    def _store_failed(self, reason: str) -> None:
        """On the loop: the disk refuses. Every table pauses (with a line to its players) rather
        than play on unrecorded; what waited is delivered; the store keeps trying."""
        with self.batch():
            if not self._failing:
                log.error("the store cannot write (%s): every table pauses until it can", reason)
            self._failing = reason or "the disk refuses"
            for t in self.tables.values():
                if not t.paused and not t.closed:
                    t.paused = self._failing
                    t.system("store_failing")
                    t.changed()

    def resume(self, tables: bool = True) -> list[str]:
        """Rebuild every table the store holds and the lobby chat (at start, before anyone
        connects). A damaged log restores its table up to the last good entry (the log is
        rewritten to that) or, when not even its header is readable, drops it.

        Args:
            tables: False: the lobby chat only (a cluster worker adopts the tables it
                wins the leases of, ``adopt``).

        Returns:
            One line per table that was not restored whole, for the host's log.
        """
        problems: list[str] = []
        with self.batch():
            for line in self.store.lobby_chat():
                try:
                    self.chat_log.add(from_json(line))
                except Exception as e:  # noqa: BLE001 - a bad chat line is skipped
                    problems.append(f"lobby chat: a line was skipped ({e})")
            for tl in self.store.open_tables() if tables else []:
                problem = self._restore(tl)
                if problem:
                    problems.append(problem)
            self.tables_changed()
        for p in problems:
            log.warning("%s", p)
        return problems

    def _restore(self, tl: TableLog, line: str = "resumed", kept: ChatMessage | None = None) -> str | None:
        """Rebuild one table from its log into ``tables`` (see ``resume``); the problem line or None.
        ``line``: the system line its chat gets (``"resumed"``, or ``"adopted"`` after a failover),
        ``line + "_partly"`` when its last entries were lost; ``kept``: a line its chat keeps (and
        logs) just before it (``regain.lost_line``)."""
        done = rebuild(self, tl, random.Random(self.rng.getrandbits(64)), Table)
        if done.table is None:
            self.store.drop(tl.table_id)
            return f"table {tl.table_id}: closed, its log is unreadable ({done.problem})"
        table = done.table
        problem = None
        if done.problem:
            lost = (f"{len(tl.entries) - done.good} later entries dropped" if done.good < len(tl.entries)
                    else "the log is damaged after it; what followed is lost")
            problem = (f"table {tl.table_id} ({table.config.name}): restored up to entry "
                       f"{done.good} ({lost}): {done.problem}")
            self.store.drop(tl.table_id)
            for entry in tl.entries[:done.good]:
                self.store.append(tl.table_id, entry)
        self.tables[tl.table_id] = table
        digits = tl.table_id[1:]
        if digits.isdigit():
            self._next_id = max(self._next_id, int(digits) + 1)
        if kept is not None:
            table.add_chat(kept)
        table.system(f"{line}_partly" if done.problem else line)
        table.check_empty()
        return problem

    def adopt(self, tl: TableLog, line: str = "adopted") -> str | None:
        """Resume one table from its log into this running lobby: another worker owned it and
        died, and this one took its lease (``ahoy_tui.cluster.failover``). The table is held,
        as after a restart, until a seated person comes back (R17); its chat says the table moved
        (system line ``adopted``), not that the server restarted; a table no person sits at keeps
        the deadline it had where its last person left (``Table.keep_deadline``). ``line``
        ``"regained"``: this
        lobby let it go while its store was out of reach and takes it back; its members then
        (``waiting``) are attached again (``regain.reattach``), and its chat keeps the ``db_lost``
        line they were sent when it was let go (the log could not take it then).

        Returns:
            One line when the table was not restored whole (logged here), else None.
        """
        self._refused.discard(tl.table_id)
        lost_at = self._lost_at.pop(tl.table_id, None)
        kept = regain.lost_line(tl.table_id, lost_at) if line == "regained" and lost_at is not None else None
        with self.batch():
            problem = self._restore(tl, line, kept)
            table = self.tables.get(tl.table_id)
            members = self.waiting.pop(tl.table_id, {})
            if table is not None:
                table.keep_deadline()
                regain.reattach(table, members, lambda h: h in self.players.get(h.identity, ()))
            self.tables_changed()
        if problem:
            log.warning("%s", problem)
        return problem

    def let_go(self, table_id: str, unreachable: bool = False) -> None:
        """Another worker owns ``table_id`` now (this one lost its lease): stop writing it at once
        and forget it here. Its clocks and bots stop, messages not yet delivered about it are
        dropped (their entries were refused), and its members here get ``TableClosed``
        (key ``moved``); nothing is logged. Safe for an unknown table.

        ``unreachable``: the lease ran out because the store could not be reached (nobody is
        known to own the table): its members stay on it with the system line ``db_lost`` and
        wait in ``waiting`` until this lobby adopts it back (``regain``) or another worker does.
        """
        table = self.tables.pop(table_id, None)
        if table is None:
            return
        log.warning("table %s (%s) let go: %s", table_id, table.config.name,
                    "its store cannot be reached (its lease ran out); taken back when it can" if unreachable
                    else "another worker owns it now")
        with self.batch():
            self._outbox = deque(x for x in self._outbox if table_of(x[1]) != table_id)
            if unreachable:
                self._lost_at = {t: at for t, at in self._lost_at.items() if t in self.waiting}  # others took theirs
                self._lost_at[table_id] = self.wall()
                self.waiting[table_id] = regain.pause_members(table, self._lost_at[table_id])
            else:
                table.close("the table moved to another server: join it again from the lobby", "moved")
                self._forget_table(table_id)
            self.table_gone(table)
            self.tables_changed()

    def freeze(self) -> None:
        """The server is stopping: log nothing more and stop every clock, so the tables
        resume after a restart exactly as they are now (sessions may still disconnect)."""
        self.frozen = True
        for t in self.tables.values():
            t.held = True
            t.pilot.stop()
            t.check_timers()

    def handles(self) -> list[PlayerHandle]:
        return [h for hs in self.players.values() for h in hs]

    def tables_changed(self, table: Table | None = None) -> None:
        """Broadcast ``LobbyChanged`` if the table list or presence changed (``Listing.changed``:
        receivers diff by ``(table_id, version)``; never mutate it).

        Args:
            table: The one table that changed (cheap check), or None to
                look at everything (presence, a table opened or closed).
        """
        msg = self.listing.changed(self.tables, self.players, table)
        if msg is not None:
            for h in self.handles():
                if h.listeners:
                    self.post(h, msg)


    def finished(self, table_id: str, game: ArchivedGame) -> None:
        """Archive a finished game (projections only go to players, R18)."""
        tally.finished[game.listing.game] += 1
        self.finished_records.append((table_id, list(game.record)))
        self.store.archive(game)
        if self.community is not None:
            self.community.record(game)

    # -- history (finished games) ---------------------------------------------------------------

    def my_games(self, handle: PlayerHandle, limit: int = 50) -> list[GameListing]:
        """The newest ``limit`` (clamped to 1-200) archived games ``handle``'s identity played in."""
        n = limit if isinstance(limit, int) and not isinstance(limit, bool) else 50
        return self.store.games_of(handle.identity, max(1, min(200, n)))

    def game_record(self, handle: PlayerHandle, game_id: str) -> list[dict]:
        """An archived game as ``handle``'s seat saw it (R18: ``GameSpec.project``).

        Raises:
            LobbyError: no game with that id that this identity played in (one sentence for both).
        """
        try:
            game = self.store.archived(game_id) if isinstance(game_id, str) and len(game_id) <= 64 else None
        except StoreError as e:
            mine = any(g.game_id == game_id for g in self.store.games_of(handle.identity, 200))
            log.error("archived game %r cannot be read: %s", game_id, e)
            if mine:
                raise Unreadable("that game's record is damaged and cannot be shown") from None
            raise Refused("you played no game with that id") from None
        seat = None if game is None else game.listing.seat_of(handle.identity)
        if game is None or seat is None:
            raise Refused("you played no game with that id")
        return games.get(game.listing.game).project(list(game.record), seat)

    # -- presence (used by server/) ------------------------------------------------------------

    def unique_name(self, identity: str, wanted: str) -> str:
        """Return ``wanted`` or ``wanted`` with a numeric suffix, unique among
        other identities online (at most 16 characters)."""
        taken = {h.name for ident, hs in self.players.items() if ident != identity for h in hs}
        return unique_name(wanted, taken)

    def connect(self, identity: str, wanted_name: str) -> PlayerHandle:
        """Register a session; returns its handle with a lobby-unique name."""
        with self.batch():
            same = self.players.get(identity)
            name = same[0].name if same else self.unique_name(identity, wanted_name)
            handle = PlayerHandle(identity, name, on_subscribe=self._subscribed)
            self.players.setdefault(identity, []).append(handle)
            self.tables_changed()
        return handle

    def disconnect(self, handle: PlayerHandle) -> None:
        """Forget a session; safe to call twice. Its seats go to the autopilot (R17).

        When a newer session of the same identity is connected (it replaced
        this one) no seat is freed, not even before the start: the newer
        session takes them (``subscribe``).
        """
        with self.batch():
            replaced = any(h is not handle for h in self.players.get(handle.identity, []))
            for table in list(self.tables.values()):
                SeatCommands(table).detach(handle, leaving=False, replaced=replaced)
            hs = self.players.get(handle.identity, [])
            if handle in hs:
                hs.remove(handle)
            if not hs:
                self.players.pop(handle.identity, None)
            handle.listeners.clear()
            self.tables_changed()

    def online_names(self) -> list[str]:
        """Display names of every connected identity, sorted."""
        return sorted({h.name for hs in self.players.values() for h in hs})

    def table_summaries(self) -> list[TableSummary]:
        """Open tables, public information only (no join codes)."""
        return [t.summary() for t in self.tables.values()]

    def lobby_state(self) -> LobbyChanged:
        """The table list and the players online now, as ``LobbyChanged`` (shared lists: do not mutate)."""
        self.tables_changed()
        return self.listing.current()

    def _subscribed(self, handle: PlayerHandle) -> None:
        with self.batch():
            self.post(handle, self.lobby_state())
            self.post(handle, ChatHistory(LOBBY, self.chat_log.recent()))
            table = self.reconnect_table(handle.identity) or self.watched_table(handle.identity)
            if table is not None and handle not in table.members:
                SeatCommands(table).attach(handle, table.seat_of(handle.identity))

    def reconnect_table(self, identity: str) -> Table | None:
        """The table a new session of ``identity`` is taken back to (R17), or None.

        Among the tables where ``identity`` holds a seat (a game in play, or
        any table when a newer session replaced an older one): the one it was
        last at with that seat, else the oldest. Its other
        seats stay with the autopilot until it joins them again (docs/lobby.md).
        """
        mine = [t for t in self.tables.values() if not t.closed and t.seat_of(identity) is not None]
        last = self._last_table.get(identity)
        return next((t for t in mine if t.table_id == last), mine[0] if mine else None)

    def watched_table(self, identity: str) -> Table | None:
        """The open table ``identity`` was watching (as a spectator) when its last session
        ended without leaving it, or None: a new session is taken back to watching it."""
        table = self.tables.get(self._watched.get(identity, ""))
        return table if table is not None and not table.closed else None

    def _forget_table(self, table_id: str) -> None:
        """``table_id`` closed or moved away: no reconnect returns to it."""
        for known in (self._last_table, self._watched):
            for ident in [i for i, tid in known.items() if tid == table_id]:
                del known[ident]

    def seated_tables(self, identity: str) -> frozenset[str]:
        """Ids of the open tables where ``identity`` holds a seat (the lobby list marks them)."""
        return frozenset(tid for tid, t in self.tables.items()
                         if not t.closed and t.seat_of(identity) is not None)

    def seated_at(self, identity: str, table_id: str) -> None:
        """Remember that ``identity`` is at ``table_id`` with its seat (see ``reconnect_table``)."""
        self._last_table[identity] = table_id

    # -- tables --------------------------------------------------------------------------------

    def table(self, table_id: str) -> Table:
        """The open table ``table_id``.

        Raises:
            LobbyError: when there is no such table.
        """
        t = self.tables.get(table_id) if isinstance(table_id, str) else None
        if t is None and table_id in self.waiting:
            raise Refused("not done: the server lost touch with its database; this table will be back "
                          "shortly, try again then")
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
            if len(self.tables) >= MAX_TABLES:
                raise Refused(HARBOUR_FULL)
            hosted = sum(1 for t in self.tables.values() if t.host == handle.identity)
            if hosted >= MAX_TABLES_PER_HOST:
                raise Refused(f"you already host {hosted} tables")
            table_id = self._new_table_id()
            taken_codes = {t.code for t in self.tables.values()}
            code = new_code(taken_codes, self.rng if self._seeded else None) if cfg.private else None
            table = Table(self, table_id, cfg, code, random.Random(self.rng.getrandbits(64)))
            table.seating.host = handle.identity
            self.tables[table_id] = table
            SeatCommands(table).take_seat(handle)
            self.new_tables.count(handle)
            self.tables_changed()
            return table_id

    def _new_table_id(self) -> str:
        if self._table_ids is not None:
            return self._table_ids()
        self._next_id += 1
        return f"t{self._next_id - 1}"

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
                self._watched[handle.identity] = table_id

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
        in play the autopilot keeps it and ``join`` gives it back (R17). From a table let go
        while the store was out of reach (``waiting``), the session is simply not taken back."""
        if table_id not in self.tables and table_id in self.waiting:
            for h in [h for h in self.waiting[table_id] if h.identity == handle.identity]:
                del self.waiting[table_id][h]
            return
        if self._watched.get(handle.identity) == table_id:
            del self._watched[handle.identity]
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
                self._forget_table(table_id)
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
                self._logged(self.store.add_chat(to_json(msg)))
            else:
                table.add_chat(msg)
            for h in targets:
                self.post(h, msg)

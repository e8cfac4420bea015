"""The process-wide lobby: presence, tables, chat (docs/lobby-api.md).

All commands are plain methods called on the event loop thread; each runs
to completion without awaiting, so a table has exactly one writer at a
time. Messages to sessions are queued while a command or timer runs and
delivered in order when it ends (``batch``), so a session callback that
issues a command of its own never interleaves with a half-finished change.
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Callable, Iterator

from ahoy_tui.bots import BOT_KINDS
from ahoy_tui.game.actions import Action
from ahoy_tui.lobby.chat import ChatLog, RateLimiter, clean_message
from ahoy_tui.lobby.clock import Clock, LoopClock
from ahoy_tui.lobby.config import Timing, validate
from ahoy_tui.lobby.errors import LobbyError, Refused
from ahoy_tui.lobby.messages import (ChatHistory, ChatMessage, LobbyChanged, Notice, TableConfig,
                                     TableSummary)
from ahoy_tui.lobby.table import Table

log = logging.getLogger(__name__)

LOBBY = "lobby"
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_TABLES = 500
MAX_TABLES_PER_HOST = 3
FINISHED_KEPT = 1000



def is_keyed(identity: str) -> bool:
    """The identity is an SSH key (``key:SHA256:...``): its name is its own, not a nickname."""
    return identity.startswith("key:")


def unique_table_name(name: str, taken: set[str], limit: int = 24) -> str:
    """``name``, or ``name (2)``, ``name (3)``... : the first not in ``taken`` (at most ``limit`` characters)."""
    if name not in taken:
        return name
    for n in range(2, 10_000):
        suffix = f" ({n})"
        cand = name[: limit - len(suffix)].rstrip() + suffix
        if cand not in taken:
            return cand
    raise Refused("too many tables have that name")


__all__ = ["Lobby", "PlayerHandle", "TableSummary", "LobbyError", "LOBBY"]


@dataclass(eq=False)
class PlayerHandle:
    """One connected session as the lobby knows it.

    Attributes:
        identity: Stable identity (SSH key fingerprint or ``user:NAME``).
        name: Lobby-unique display name.
        listeners: Callbacks given to ``subscribe``.
    """

    identity: str
    name: str
    listeners: list[Callable[[object], None]] = field(default_factory=list)
    lobby: "Lobby | None" = field(default=None, repr=False)

    def subscribe(self, callback: Callable[[object], None]) -> None:
        """Receive every message for this session through ``callback`` (on the loop).

        Immediately sends ``LobbyChanged``, the lobby ``ChatHistory`` and, when
        this identity holds a seat, the full ``TableUpdate`` and chat of one
        table: the one it was last at (reconnect, R17; ``Lobby.reconnect_table``).
        """
        self.listeners.append(callback)
        if self.lobby is not None:
            self.lobby._subscribed(self)

    def unsubscribe(self, callback: Callable[[object], None]) -> None:
        """Stop sending to ``callback``; safe to call twice."""
        if callback in self.listeners:
            self.listeners.remove(callback)

    def deliver(self, msg: object) -> None:
        """Call every listener with ``msg``; a failing listener is logged, not fatal."""
        for cb in list(self.listeners):
            try:
                cb(msg)
            except Exception:
                log.exception("session callback of %s failed", self.name)


class Lobby:
    """All players online and all tables of one process.

    Args:
        clock: Time and timers (default: the running asyncio loop).
        timing: Pauses, grace periods and clock scale (default: production).
        seed: Seeds the lobby's RNG (game seeds, codes in tests, bot delays);
            None: from the OS. Game seeds never leave the lobby (R18).
        wall: Wall-clock time for chat timestamps.
    """

    def __init__(self, clock: Clock | None = None, timing: Timing | None = None, seed: int | None = None,
                 wall: Callable[[], float] = time.time) -> None:
        self.clock: Clock = clock or LoopClock()
        self.timing = timing or Timing()
        self.rng = random.Random(seed)
        self._seeded = seed is not None
        self.wall = wall
        self.players: dict[str, list[PlayerHandle]] = {}
        self.tables: dict[str, Table] = {}
        self.chat_log = ChatLog(LOBBY)
        self.rate = RateLimiter()
        self.finished_records: deque[tuple[str, list[dict]]] = deque(maxlen=FINISHED_KEPT)
        self._next_id = 1
        self._outbox: deque[tuple[PlayerHandle, object]] = deque()
        self._depth = 0
        self._flushing = False
        self._summaries: dict[str, TableSummary] = {}
        self._table_list: list[TableSummary] | None = None
        self._online: list[str] = []
        self._keyed: frozenset[str] = frozenset()
        self._last_table: dict[str, str] = {}
        """Per identity, the table it was last at with its seat (where a reconnect returns)."""
        self._last_published: tuple[list[TableSummary] | None, list[str]] | None = None
        self._version = 0
        """``LobbyChanged.version``: grows with each change of the table list or the names online."""
        self._tables_version = 0
        """``LobbyChanged.tables_version``: ``_version`` when the table list last changed."""

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
        """Queue ``msg`` for ``handle`` (delivered at the end of the batch)."""
        if handle.listeners:
            self._outbox.append((handle, msg))
        if self._depth == 0:
            self._flush()

    def _flush(self) -> None:
        if self._flushing:
            return
        self._flushing = True
        try:
            while self._outbox:
                handle, msg = self._outbox.popleft()
                handle.deliver(msg)
        finally:
            self._flushing = False

    def handles(self) -> list[PlayerHandle]:
        return [h for hs in self.players.values() for h in hs]

    def tables_changed(self, table: Table | None = None) -> None:
        """Broadcast ``LobbyChanged`` if the table list or presence changed.

        Every session gets the same message (shared lists: not to be
        mutated). A summary that did not change is kept with its
        ``version``; one that changed gets the table's version (or one more
        than before, should the table not have moved on), and
        ``LobbyChanged.version``/``tables_version`` grow with each change,
        so receivers tell what changed by ``(table_id, version)`` (the lobby
        screen updates only those rows).

        Args:
            table: The one table that changed (cheap check), or None to
                look at everything (presence, a table opened or closed).
        """
        old = self._summaries
        if table is not None:
            kept = old.get(table.table_id)
            if table.table_id in self.tables:
                if kept is not None and self._summary(table, kept) is kept:
                    return
            elif kept is None:
                return
        fresh: dict[str, TableSummary] = {}
        for tid, t in self.tables.items():
            fresh[tid] = self._summary(t, old.get(tid))
        if (self._table_list is None or len(fresh) != len(old)
                or any(old.get(tid) is not s for tid, s in fresh.items())):
            self._table_list = list(fresh.values())
        self._summaries = fresh
        online = self.online_names()
        if online == self._online:
            online = self._online
        last = self._last_published
        if last is not None and last[0] is self._table_list and last[1] is online:
            return
        self._version += 1
        if last is None or last[0] is not self._table_list:
            self._tables_version = self._version
        if online is not self._online:
            self._keyed = frozenset(h.name for ident, hs in self.players.items() if is_keyed(ident) for h in hs)
        self._online = online
        self._last_published = (self._table_list, online)
        listeners = [h for h in self.handles() if h.listeners]
        if listeners:
            msg = self._lobby_changed()
            for h in listeners:
                self.post(h, msg)

    @staticmethod
    def _summary(table: Table, kept: TableSummary | None) -> TableSummary:
        """``table``'s summary now: ``kept`` itself when nothing but the version would differ."""
        summary = table.summary()
        if kept is not None and replace(kept, version=summary.version) == summary:
            return kept
        version = table.version if kept is None or table.version > kept.version else kept.version + 1
        return replace(summary, version=version)

    def _lobby_changed(self) -> LobbyChanged:
        return LobbyChanged(self._table_list if self._table_list is not None else [], self._online, self._keyed,
                            self._version, self._tables_version)

    def finished(self, table_id: str, record: list[dict]) -> None:
        """Keep a finished game's full record (projections only go to players, R18)."""
        self.finished_records.append((table_id, record))

    # -- presence (used by server/) ------------------------------------------------------------

    def unique_name(self, identity: str, wanted: str) -> str:
        """Return ``wanted`` or ``wanted`` with a numeric suffix, unique among
        other identities online (at most 16 characters)."""
        taken = {h.name for ident, hs in self.players.items() if ident != identity for h in hs}
        if wanted not in taken:
            return wanted
        for n in range(2, 10_000):
            suffix = f"~{n}"
            cand = wanted[: 16 - len(suffix)] + suffix
            if cand not in taken:
                return cand
        raise RuntimeError("no free name")

    def connect(self, identity: str, wanted_name: str) -> PlayerHandle:
        """Register a session; returns its handle with a lobby-unique name."""
        with self.batch():
            same = self.players.get(identity)
            name = same[0].name if same else self.unique_name(identity, wanted_name)
            handle = PlayerHandle(identity, name, lobby=self)
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
                table.detach(handle, leaving=False, replaced=replaced)
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
        return self._lobby_changed()

    def _subscribed(self, handle: PlayerHandle) -> None:
        with self.batch():
            self.post(handle, self.lobby_state())
            self.post(handle, ChatHistory(LOBBY, self.chat_log.recent()))
            table = self.reconnect_table(handle.identity)
            if table is not None and handle not in table.members:
                table.attach(handle, table.seat_of(handle.identity))

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
        if t is None or t.closed:
            raise Refused("there is no such table (it may have closed)")
        return t

    def _new_code(self) -> str:
        taken = {t.code for t in self.tables.values()}
        while True:
            if self._seeded:
                code = "".join(self.rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            else:
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in taken:
                return code

    def create_table(self, handle: PlayerHandle, config: TableConfig) -> str:
        """Open a table; its creator is the host and takes seat 0.

        Raises:
            LobbyError: invalid settings (2–8 seats, limit 20–1000, clock
                profile), too many tables, or this player hosts too many.
        """
        with self.batch():
            cfg = validate(config, handle.name)
            taken = {t.config.name for t in self.tables.values() if not t.closed}
            cfg = replace(cfg, name=unique_table_name(cfg.name, taken))
            if len(self.tables) >= MAX_TABLES:
                raise Refused("the harbour is full: no more tables can open right now")
            hosted = sum(1 for t in self.tables.values() if t.host == handle.identity)
            if hosted >= MAX_TABLES_PER_HOST:
                raise Refused(f"you already host {hosted} tables")
            table_id = f"t{self._next_id}"
            self._next_id += 1
            code = self._new_code() if cfg.private else None
            table = Table(self, table_id, cfg, code, random.Random(self.rng.getrandbits(64)))
            table.host = handle.identity
            self.tables[table_id] = table
            table.take_seat(handle)
            self.tables_changed()
            return table_id

    def join(self, handle: PlayerHandle, table_id: str, code: str | None = None) -> int:
        """Take a free seat (or your own seat again: reconnect, R17); returns the seat.

        Raises:
            LobbyError: wrong or missing code, table full or already playing.
        """
        with self.batch():
            table = self.table(table_id)
            if table.seat_of(handle.identity) is None and table.code is not None:
                if not isinstance(code, str) or code.strip().upper() != table.code:
                    raise Refused("this table is private: ask the host for its code")
            return table.take_seat(handle)

    def join_by_code(self, handle: PlayerHandle, code: str) -> str:
        """Join the private table with this code; returns its id.

        When the table has no seat for this player (full, or its game has
        started) the code still lets them watch it: they become a spectator
        and get a ``Notice`` saying so.

        Raises:
            LobbyError: when no table has that code.
        """
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
                                                 "info"))
                return t.table_id
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
            if seat is None and table.code is not None:
                if not isinstance(code, str) or code.strip().upper() != table.code:
                    raise Refused("this table is private: ask the host for its code")
            table.attach(handle, seat)

    def leave(self, handle: PlayerHandle, table_id: str) -> None:
        """Leave a table. Before the start (or after the end) the seat is freed;
        in play the autopilot keeps it and ``join`` gives it back (R17)."""
        with self.batch():
            table = self.table(table_id)
            for h in [h for h in self.players.get(handle.identity, []) if h in table.members]:
                table.detach(h, leaving=True)
            if handle in table.members:
                table.detach(handle, leaving=True)
            seat = table.seat_of(handle.identity)
            if seat is not None and not table.present(seat):
                table.leave_seat(seat)
            self.tables_changed()

    def add_bot(self, handle: PlayerHandle, table_id: str, kind: str = "baseline") -> int:
        """Host only, before the start: seat a bot; returns its seat."""
        with self.batch():
            table = self.table(table_id)
            table.require_host(handle)
            if kind not in BOT_KINDS:
                raise Refused(f"bots are {' or '.join(BOT_KINDS)}")
            return table.add_bot(kind)

    def remove_seat(self, handle: PlayerHandle, table_id: str, seat: int) -> None:
        """Host only, before the start: kick a person or remove a bot."""
        with self.batch():
            table = self.table(table_id)
            table.require_host(handle)
            table.remove_seat(seat)

    def set_ready(self, handle: PlayerHandle, table_id: str, ready: bool) -> None:
        """Press (or release) ready before the start; after game over, ask for a rematch."""
        with self.batch():
            self.table(table_id).set_ready(handle, ready)

    def start(self, handle: PlayerHandle, table_id: str) -> None:
        """Host: start once at least two seats are filled and every person is ready."""
        with self.batch():
            table = self.table(table_id)
            table.require_host(handle)
            table.start()

    def give_to_bot(self, handle: PlayerHandle, table_id: str, seat: int) -> None:
        """Host: a person's seat goes to a baseline bot for good (R17)."""
        with self.batch():
            table = self.table(table_id)
            table.require_host(handle)
            table.give_to_bot(seat)

    def rematch(self, handle: PlayerHandle, table_id: str) -> None:
        """After game over: ask for a new game with the same seats. It starts
        once every seated person asked (people who left lose their seat)."""
        with self.batch():
            self.table(table_id).rematch(handle)

    def set_autopilot(self, handle: PlayerHandle, table_id: str, on: bool) -> None:
        """Let the autopilot play your seat (``on``) or take it back."""
        with self.batch():
            self.table(table_id).set_autopilot(handle, on)

    def set_auto_pass(self, handle: PlayerHandle, table_id: str, on: bool) -> None:
        """Always pass on step-in (``on``): every step-in window this seat is
        asked in is answered with a pass at once (R9.2); ``False`` ends it.

        Raises:
            LobbyError: no such table, or no seat at it.
        """
        with self.batch():
            self.table(table_id).set_auto_pass(handle, on)

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
                table.close(reason, key)
                for ident in [i for i, tid in self._last_table.items() if tid == table_id]:
                    del self._last_table[ident]
            self.tables_changed()

    # -- chat ------------------------------------------------------------------------------------

    def chat(self, handle: PlayerHandle, channel: str, text: str) -> None:
        """Post to the lobby (``"lobby"``) or a table you sit at or watch.

        At most 300 characters; control and bidi characters are removed. Over
        the rate limit (5 messages / 10 s per player) the message is dropped
        and the sender gets a ``Notice`` instead.

        Raises:
            LobbyError: empty or too long, unknown channel, not at that table.
        """
        with self.batch():
            body = clean_message(text)
            if channel == LOBBY:
                targets = self.handles()
                log_ = self.chat_log
            else:
                table = self.table(channel)
                if handle not in table.members:
                    raise Refused("join or watch the table to talk there")
                targets = list(table.members)
                log_ = table.chat
            if not self.rate.allow(handle.identity, self.clock.now()):
                wait = self.rate.wait(handle.identity, self.clock.now())
                self.post(handle, Notice(f"Slow down, matey: wait {wait:.0f} s before the next message.",
                                         "warning", key="slow_down", args=(("s", f"{wait:.0f}"),)))
                return
            msg = ChatMessage(channel, handle.name, body, self.wall())
            log_.add(msg)
            for h in targets:
                self.post(h, msg)

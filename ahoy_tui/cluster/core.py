"""``ClusterCore``: one worker's single-writer ``Lobby``, seeing the whole cluster's list.

It writes only the tables this worker owns (created here, or taken over)
and delivers only to this worker's sessions; sessions of other workers are
present at its tables as proxy handles (:mod:`ahoy_tui.cluster.owner`),
whose listeners forward their own projected messages (R18). What it adds
to ``Lobby``:

* the lobby list (``LobbyChanged``) holds every table and name of the
  cluster (:class:`~ahoy_tui.cluster.directory.Directory`), and each change
  to an owned table's public summary is handed to ``publish_row``;
* names are unique in the cluster; ``online_names``, ``table_summaries`` and
  ``seated_tables`` answer for the cluster;
* a lobby chat line said here is handed to ``publish_chat``; one heard from
  another worker is kept and delivered with :meth:`heard_chat`;
* a new session whose identity holds a seat at another worker's table is
  taken back to it through ``attach_remote`` (R17);
* a watch (``Lobby._watched``) of an owned table is told to ``watch_kept`` when it starts and
  ends, so the cluster remembers it (:mod:`ahoy_tui.cluster.spectating`); a new session with no
  seat and no watch here goes to ``rewatch_remote``, and :meth:`ClusterCore.rewatch` attaches
  a session of another worker to the table its identity watches here (issue 24, 13).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ahoy_tui.cluster.directory import Directory, Row
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.lobby import LOBBY, Lobby
from ahoy_tui.lobby.names import unique_name
from ahoy_tui.lobby.messages import ChatHistory, ChatMessage, LobbyChanged, TableSummary
from ahoy_tui.lobby.table import Table
from ahoy_tui.lobby.table_commands import SeatCommands

PublishRow = Callable[[str, TableSummary | None, frozenset[str], str | None, str | None], None]
"""``(table_id, summary or None once closed, seated identities, private code, host identity)``."""


def _order(table_id: str) -> tuple[int, str]:
    digits = table_id[1:]
    return (int(digits), table_id) if digits.isdigit() else (1 << 62, table_id)


class ClusterCore(Lobby):
    """The ``Lobby`` of worker ``worker_id`` in a cluster (see the module docstring).

    Args:
        worker_id: This worker.
        directory: The cluster's tables and sessions as this worker knows them.
        publish_row: Called when an owned table's public row changed or it closed.
        publish_chat: Called with each lobby chat line said on this worker.
        attach_remote: Called with ``(handle, row)`` when a new session belongs
            at a table another worker owns.
        adopted: Called with a table's id when this worker starts owning it:
            created here, or taken over from another worker (``Lobby.adopt``).
        watch_kept: Called with ``(identity, table_id, True)`` when ``identity`` starts watching
            an owned table as a spectator, ``(..., False)`` when that watch ends (it left the
            table, or the table closed or moved away).
        rewatch_remote: Called with a new session that holds no seat anywhere and watched no
            table here: it may have watched one of another worker (issue 24, 13).
        **lobby: ``Lobby`` arguments (clock, timing, seed, wall, store).
    """

    def __init__(self, worker_id: str, directory: Directory, publish_row: PublishRow,
                 publish_chat: Callable[[ChatMessage], None],
                 attach_remote: Callable[[PlayerHandle, Row], None],
                 adopted: Callable[[str], None] = lambda table_id: None,
                 watch_kept: Callable[[str, str, bool], None] = lambda identity, table_id, on: None,
                 rewatch_remote: Callable[[PlayerHandle], None] = lambda handle: None, **lobby: Any) -> None:
        self.worker_id = worker_id
        self.directory = directory
        self.proxies: set[PlayerHandle] = set()
        self._published: dict[str, tuple[TableSummary, frozenset[str], str | None]] = {}
        self._claimed: str | None = None
        self._publish_row = publish_row
        self._publish_chat = publish_chat
        self._attach_remote = attach_remote
        self._adopted = adopted
        self._watch_kept = watch_kept
        self._rewatch_remote = rewatch_remote
        super().__init__(**lobby)

    @property
    def table_ids(self) -> Callable[[], str] | None:
        """The hook giving new tables their ids (leased ids from ``start_node``), or None."""
        return self._table_ids

    @property
    def next_number(self) -> int:
        """The number of the next table's id ``t{n}`` when there is no ``table_ids`` hook."""
        return self._next_id

    @next_number.setter
    def next_number(self, n: int) -> None:
        self._next_id = n

    # -- proxies (sessions of other workers at tables owned here) -------------------------

    def add_proxy(self, identity: str, name: str, listener: Callable[[object], None]) -> PlayerHandle:
        """A handle for a session on another worker; ``listener`` gets its messages."""
        handle = PlayerHandle(identity, name)
        handle.listeners.append(listener)
        self.players.setdefault(identity, []).append(handle)
        self.proxies.add(handle)
        return handle

    def drop(self, handle: PlayerHandle, replaced: bool) -> None:
        """Forget a session (``replaced``: a newer session of its identity keeps its seats, R17)."""
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
            self.proxies.discard(handle)
            self.tables_changed()

    def handles(self) -> list[PlayerHandle]:
        """This worker's own sessions (not proxies)."""
        return [h for hs in self.players.values() for h in hs if h not in self.proxies]

    # -- the cluster's list ----------------------------------------------------------------

    def _players(self) -> dict[str, list]:
        players: dict[str, list] = self.directory.remote_players(self.worker_id)
        for h in self.handles():
            players.setdefault(h.identity, []).append(h)
        return players

    def _listed(self) -> dict[str, Any]:
        rows: dict[str, Any] = {tid: r for tid, r in self.directory.tables.items() if r.owner != self.worker_id}
        rows.update(self.tables)
        return {tid: rows[tid] for tid in sorted(rows, key=_order)}

    def tables_changed(self, table: Table | None = None) -> None:  # type: ignore[override]
        """Publish owned rows that changed, then send ``LobbyChanged`` here if the list changed."""
        self._publish_owned(table)
        msg = self.listing.changed(self._listed(), self._players(), table)
        if msg is not None:
            for h in self.handles():
                if h.listeners:
                    self.post(h, msg)

    def _publish_owned(self, table: Table | None) -> None:
        for t in ([table] if table is not None else list(self.tables.values())):
            if t.closed or self.tables.get(t.table_id) is not t:
                continue
            summary = t.summary()
            seated = frozenset(s.identity for s in t.seats if s.kind == "person" and s.identity)
            key = (replace(summary, version=0), seated, t.host)
            if self._published.get(t.table_id) != key:
                if t.table_id not in self._published:
                    self._adopted(t.table_id)
                self._published[t.table_id] = key
                self._publish_row(t.table_id, summary, seated, t.code, t.host)
        for tid in [tid for tid in self._published if tid not in self.tables or self.tables[tid].closed]:
            del self._published[tid]
            if self.directory.owner(tid) in (None, self.worker_id):  # not let go to a new owner
                self._publish_row(tid, None, frozenset(), None, None)

    def republish(self) -> None:
        """Publish every owned row again (Redis came back, maybe without them), except those of
        tables another worker has announced since (this worker was paused or cut off: it is
        about to lose their leases and let them go, and must not claim them meanwhile)."""
        self._published = {tid: key for tid, key in self._published.items()
                           if self.directory.owner(tid) not in (None, self.worker_id)}
        self.tables_changed()

    def online_names(self) -> list[str]:
        return sorted({h.name for hs in self._players().values() for h in hs})

    def connect_claimed(self, identity: str, wanted: str, claimed: str | None) -> PlayerHandle:
        """``Lobby.connect`` with the name the cluster claimed for the session in Redis
        (:func:`ahoy_tui.cluster.claims.claim_name`); None (Redis away): checked against
        the names this worker knows of."""
        self._claimed = claimed
        try:
            return self.connect(identity, wanted)
        finally:
            self._claimed = None

    def unique_name(self, identity: str, wanted: str) -> str:
        if self._claimed is not None:
            return self._claimed
        taken = {h.name for ident, hs in self._players().items() if ident != identity for h in hs}
        return unique_name(wanted, taken)

    def table_summaries(self) -> list[TableSummary]:
        return [t.summary() for t in self._listed().values()]

    def lobby_state(self) -> LobbyChanged:
        self.tables_changed()
        return self.listing.current()

    def seated_tables(self, identity: str) -> frozenset[str]:
        return super().seated_tables(identity) | {r.table_id for r in self.directory.seated(identity)
                                                  if r.owner != self.worker_id}

    def _subscribed(self, handle: PlayerHandle) -> None:
        with self.batch():
            self.post(handle, self.lobby_state())
            self.post(handle, ChatHistory(LOBBY, self.chat_log.recent()))
            table = self.reconnect_table(handle.identity)
            if table is not None:
                if handle not in table.members:
                    SeatCommands(table).attach(handle, table.seat_of(handle.identity))
                return
            rows = [r for r in self.directory.seated(handle.identity) if r.owner != self.worker_id]
            if rows:
                self._attach_remote(handle, min(rows, key=lambda r: _order(r.table_id)))
                return
            table = self.watched_table(handle.identity)  # a spectator of a table here
            if table is None:
                self._rewatch_remote(handle)  # ... or maybe of another worker's
            elif handle not in table.members:
                SeatCommands(table).attach(handle, None)

    # -- spectators (issue 24, 13) ------------------------------------------------------------

    def spectate(self, handle: PlayerHandle, table_id: str, code: str | None = None) -> None:
        """``Lobby.spectate``; a new watch is also told to ``watch_kept``."""
        super().spectate(handle, table_id, code)
        if self._watched.get(handle.identity) == table_id:
            self._watch_kept(handle.identity, table_id, True)

    def leave(self, handle: PlayerHandle, table_id: str) -> None:
        """``Lobby.leave``; a watch it ends is also told to ``watch_kept``."""
        watched = self._watched.get(handle.identity) == table_id
        try:
            super().leave(handle, table_id)
        finally:
            if watched and self._watched.get(handle.identity) != table_id:
                self._watch_kept(handle.identity, table_id, False)

    def _forget_table(self, table_id: str) -> None:
        for identity in [i for i, tid in self._watched.items() if tid == table_id]:
            self._watch_kept(identity, table_id, False)
        super()._forget_table(table_id)

    def rewatch(self, handle: PlayerHandle, table_id: str) -> bool:
        """Attach ``handle`` (a new session, usually another worker's proxy) as a spectator of
        ``table_id`` if its identity was watching that table here and holds no seat at it; no
        code is asked (it was given when the watch began). R18: a spectator's updates only.

        Returns:
            True when ``handle`` is at the table now; False (nothing done) otherwise: no such
            open table, not watched by that identity, or it holds a seat there.
        """
        with self.batch():
            table = self.watched_table(handle.identity)
            if table is None or table.table_id != table_id or table.seat_of(handle.identity) is not None:
                return False
            if handle not in table.members:
                SeatCommands(table).attach(handle, None)
            return True

    # -- lobby chat ---------------------------------------------------------------------------

    def chat(self, handle: PlayerHandle, channel: str, text: str) -> None:
        """``Lobby.chat``; a lobby line said here also goes to ``publish_chat``."""
        before = self.chat_log.recent()[-1:]
        super().chat(handle, channel, text)
        if channel == LOBBY:
            after = self.chat_log.recent()[-1:]
            if after and (not before or after[0] is not before[0]):
                self._publish_chat(after[0])

    def heard_chat(self, msg: ChatMessage) -> None:
        """A lobby chat line said on another worker: keep it and deliver it here."""
        with self.batch():
            self.chat_log.add(msg)
            for h in self.handles():
                self.post(h, msg)

"""The cluster's strategies for a worker's ``Lobby``: it sees the whole cluster's list and names.

A worker's ``Lobby`` (``ClusterLobby.core``) writes only the tables this
worker owns (created here, or taken over) and delivers only to this worker's
sessions; sessions of other workers are present at its tables as proxy
handles (:mod:`ahoy_tui.cluster.owner`), whose listeners forward their own
projected messages (R18). What the strategies (``ahoy_tui.lobby.strategies``)
make of it:

* :class:`ClusterPresence` — lobby-wide messages go to this worker's own
  sessions, not to proxies; names online (and unique names) are those of the
  whole cluster (:class:`~ahoy_tui.cluster.directory.Directory`).
* :class:`ClusterPublication` — the lobby list holds every table of the
  cluster, and each change to an owned table's public row is handed to
  ``publish_row``; the first publication of a table tells ``adopted``.
* :class:`ClusterNeighbours` — a lobby chat line said here is handed to
  ``publish_chat`` (one heard from another worker: ``Lobby.heard_chat``); a
  new session whose identity holds a seat at another worker's table is taken
  back to it through ``attach_remote`` (R17); a watch of an owned table is
  told to ``watch_kept`` when it starts and ends, so the cluster remembers it
  (:mod:`ahoy_tui.cluster.spectating`), and a new session with no seat and no
  watch here goes to ``rewatch_remote`` (issue 24, 13).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Mapping

from ahoy_tui.cluster.directory import Directory, Row
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.listing import Listed
from ahoy_tui.lobby.messages import ChatMessage, TableSummary
from ahoy_tui.lobby.strategies import Online, Sessions
from ahoy_tui.lobby.table import Table

PublishRow = Callable[[str, TableSummary | None, frozenset[str], str | None, str | None], None]
"""``(table_id, summary or None once closed, seated identities, private code, host identity)``."""


def table_order(table_id: str) -> tuple[int, str]:
    """Sort key of table ids in the cluster's list: ``t{n}`` by ``n``, then the others by id."""
    digits = table_id[1:]
    return (int(digits), table_id) if digits.isdigit() else (1 << 62, table_id)


class ClusterPresence:
    """Presence of worker ``worker_id``: its own sessions, every name of the cluster.

    Attributes:
        proxies: Handles of other workers' sessions at tables owned here (:meth:`proxy`).
    """

    def __init__(self, worker_id: str, directory: Directory) -> None:
        self.worker_id = worker_id
        self.directory = directory
        self.proxies: set[PlayerHandle] = set()

    def proxy(self, identity: str, name: str, listener: Callable[[object], None]) -> PlayerHandle:
        """A handle for a session on another worker; ``listener`` gets its messages (hand it to
        ``Lobby.enter``)."""
        handle = PlayerHandle(identity, name)
        handle.listeners.append(listener)
        self.proxies.add(handle)
        return handle

    def sessions(self, players: Sessions) -> list[PlayerHandle]:
        """This worker's own sessions (not proxies)."""
        return [h for hs in players.values() for h in hs if h not in self.proxies]

    def online(self, players: Sessions) -> Online:
        online: dict = self.directory.remote_players(self.worker_id)
        for h in self.sessions(players):
            online.setdefault(h.identity, []).append(h)
        return online

    def ended(self, handle: PlayerHandle) -> None:
        self.proxies.discard(handle)


class ClusterPublication:
    """The cluster's table list, and this worker's rows told to the others.

    Args:
        publish_row: Called when an owned table's public row changed or it closed.
        adopted: Called with a table's id when this worker starts owning it (its first row):
            created here, or taken over from another worker (``ahoy_tui.cluster.handover``).
    """

    def __init__(self, worker_id: str, directory: Directory, publish_row: PublishRow,
                 adopted: Callable[[str], None] = lambda table_id: None) -> None:
        self.worker_id = worker_id
        self.directory = directory
        self._publish_row = publish_row
        self._adopted = adopted
        self._published: dict[str, tuple[TableSummary, frozenset[str], str | None]] = {}

    def listed(self, tables: dict[str, Table]) -> Mapping[str, Listed]:
        rows: dict[str, Listed] = {tid: r for tid, r in self.directory.tables.items() if r.owner != self.worker_id}
        rows.update(tables)
        return {tid: rows[tid] for tid in sorted(rows, key=table_order)}

    def seated_elsewhere(self, identity: str) -> frozenset[str]:
        return frozenset(r.table_id for r in self.directory.seated(identity) if r.owner != self.worker_id)

    def seated_rows(self, identity: str) -> list[Row]:
        """Rows of other workers' tables where ``identity`` holds a seat."""
        return [r for r in self.directory.seated(identity) if r.owner != self.worker_id]

    def publish(self, tables: dict[str, Table], table: Table | None) -> None:
        for t in ([table] if table is not None else list(tables.values())):
            if t.closed or tables.get(t.table_id) is not t:
                continue
            summary = t.summary()
            seated = frozenset(s.identity for s in t.seats if s.kind == "person" and s.identity)
            key = (replace(summary, version=0), seated, t.host)
            if self._published.get(t.table_id) != key:
                if t.table_id not in self._published:
                    self._adopted(t.table_id)
                self._published[t.table_id] = key
                self._publish_row(t.table_id, summary, seated, t.code, t.host)
        for tid in [tid for tid in self._published if tid not in tables or tables[tid].closed]:
            del self._published[tid]
            if self.directory.owner(tid) in (None, self.worker_id):  # not let go to a new owner
                self._publish_row(tid, None, frozenset(), None, None)

    def forget_announced(self) -> None:
        """Before every owned row is published again (Redis came back, maybe without them): forget
        what was published, except the rows of tables another worker has announced since (this
        worker was paused or cut off: it is about to lose their leases and let them go, and must
        not claim them meanwhile). The next ``Lobby.tables_changed`` publishes."""
        self._published = {tid: key for tid, key in self._published.items()
                           if self.directory.owner(tid) not in (None, self.worker_id)}


class ClusterNeighbours:
    """What worker ``worker_id``'s lobby tells the other workers and asks of them.

    Args:
        publish_chat: Called with each lobby chat line said on this worker.
        attach_remote: Called with ``(handle, row)`` when a new session belongs at a table
            another worker owns.
        watch_kept: Called with ``(identity, table_id, True)`` when ``identity`` starts watching
            an owned table as a spectator, ``(..., False)`` when that watch ends (it left the
            table, or the table closed or moved away).
        rewatch_remote: Called with a new session that holds no seat anywhere and watched no
            table here: it may have watched one of another worker (issue 24, 13).
    """

    def __init__(self, publication: ClusterPublication, publish_chat: Callable[[ChatMessage], None],
                 attach_remote: Callable[[PlayerHandle, Row], None],
                 watch_kept: Callable[[str, str, bool], None] = lambda identity, table_id, on: None,
                 rewatch_remote: Callable[[PlayerHandle], None] = lambda handle: None) -> None:
        self._publication = publication
        self._publish_chat = publish_chat
        self._attach_remote = attach_remote
        self._watch_kept = watch_kept
        self._rewatch_remote = rewatch_remote

    def said(self, msg: ChatMessage) -> None:
        self._publish_chat(msg)

    def watching(self, identity: str, table_id: str, on: bool) -> None:
        self._watch_kept(identity, table_id, on)

    def seat_elsewhere(self, handle: PlayerHandle) -> bool:
        rows = self._publication.seated_rows(handle.identity)
        if rows:
            self._attach_remote(handle, min(rows, key=lambda r: table_order(r.table_id)))
        return bool(rows)

    def watch_elsewhere(self, handle: PlayerHandle) -> None:
        self._rewatch_remote(handle)

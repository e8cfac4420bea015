"""The lobby list: table summaries and the players online, as one shared ``LobbyChanged``."""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Protocol, Sequence

from ahoy_tui.lobby.messages import LobbyChanged, TableSummary


class Named(Protocol):
    """A session as the lobby list counts it: its display name."""

    @property
    def name(self) -> str: ...


class Listed(Protocol):
    """A table as the lobby list sees it."""

    table_id: str
    version: int

    def summary(self) -> TableSummary: ...


def is_keyed(identity: str) -> bool:
    """The identity is an SSH key (``key:SHA256:...``): its name is its own, not a nickname."""
    return identity.startswith("key:")


def versioned(table: Listed, kept: TableSummary | None) -> TableSummary:
    """``table``'s summary now: ``kept`` itself when nothing but the version would differ.

    A summary that changed gets the table's version, or one more than
    ``kept``'s should the table not have moved on (a member came or went).
    """
    summary = table.summary()
    if kept is not None and replace(kept, version=summary.version) == summary:
        return kept
    version = table.version if kept is None or table.version > kept.version else kept.version + 1
    return replace(summary, version=version)


class Listing:
    """What the lobby last published: summaries, the table list, names online.

    Every session gets the same message (shared lists: never mutate them).
    A summary that did not change is kept with its ``version``; one that
    changed gets a greater one (:func:`versioned`), and
    ``LobbyChanged.version``/``tables_version`` grow with each change, so
    receivers tell what changed by ``(table_id, version)`` (the lobby screen
    updates only those rows), also after the message crossed a process.
    """

    def __init__(self) -> None:
        self._summaries: dict[str, TableSummary] = {}
        self._table_list: list[TableSummary] | None = None
        self._online: list[str] = []
        self._keyed: frozenset[str] = frozenset()
        self._last_published: tuple[list[TableSummary] | None, list[str]] | None = None
        self._version = 0
        """``LobbyChanged.version``: grows with each change of the table list or the names online."""
        self._tables_version = 0
        """``LobbyChanged.tables_version``: ``_version`` when the table list last changed."""

    def changed(self, tables: Mapping[str, Listed], players: Mapping[str, Sequence[Named]],
                table: Listed | None = None) -> LobbyChanged | None:
        """The ``LobbyChanged`` to broadcast, or None when nothing in it changed.

        Args:
            tables: The open tables by id.
            players: Sessions online (their names) by identity.
            table: The one table that changed (cheap check), or None to
                look at everything (presence, a table opened or closed).
        """
        old = self._summaries
        if table is not None:
            kept = old.get(table.table_id)
            if table.table_id in tables:
                if kept is not None and versioned(table, kept) is kept:
                    return None
            elif kept is None:
                return None
        fresh: dict[str, TableSummary] = {tid: versioned(t, old.get(tid)) for tid, t in tables.items()}
        if (self._table_list is None or len(fresh) != len(old)
                or any(old.get(tid) is not s for tid, s in fresh.items())):
            self._table_list = list(fresh.values())
        self._summaries = fresh
        online = sorted({h.name for hs in players.values() for h in hs})
        if online == self._online:
            online = self._online
        last = self._last_published
        if last is not None and last[0] is self._table_list and last[1] is online:
            return None
        self._version += 1
        if last is None or last[0] is not self._table_list:
            self._tables_version = self._version
        if online is not self._online:
            self._keyed = frozenset(h.name for ident, hs in players.items() if is_keyed(ident) for h in hs)
        self._online = online
        self._last_published = (self._table_list, online)
        return self.current()

    def current(self) -> LobbyChanged:
        """The last table list and players online (shared lists: do not mutate)."""
        return LobbyChanged(self._table_list if self._table_list is not None else [], self._online, self._keyed,
                            self._version, self._tables_version)

"""The lobby list: table summaries and the players online, as one shared ``LobbyChanged``."""

from __future__ import annotations

from typing import Mapping, Protocol, Sequence

from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.messages import LobbyChanged, TableSummary


class Listed(Protocol):
    """A table as the lobby list sees it."""

    table_id: str

    def summary(self) -> TableSummary: ...


def is_keyed(identity: str) -> bool:
    """The identity is an SSH key (``key:SHA256:...``): its name is its own, not a nickname."""
    return identity.startswith("key:")


class Listing:
    """What the lobby last published: summaries, the table list, names online.

    Every session gets the same message, and its ``tables`` list is the same
    object until a table's summary changes; a summary that did not change
    stays the same object. Sessions can therefore tell what changed with
    ``is`` (the lobby screen updates only those rows) and must not mutate
    what they receive.
    """

    def __init__(self) -> None:
        self._summaries: dict[str, TableSummary] = {}
        self._table_list: list[TableSummary] | None = None
        self._online: list[str] = []
        self._keyed: frozenset[str] = frozenset()
        self._last_published: tuple[list[TableSummary] | None, list[str]] | None = None

    def changed(self, tables: Mapping[str, Listed], players: Mapping[str, Sequence[PlayerHandle]],
                table: Listed | None = None) -> LobbyChanged | None:
        """The ``LobbyChanged`` to broadcast, or None when nothing in it changed.

        Args:
            tables: The open tables by id.
            players: Connected handles by identity.
            table: The one table that changed (cheap check), or None to
                look at everything (presence, a table opened or closed).
        """
        old = self._summaries
        if table is not None:
            summary = table.summary() if table.table_id in tables else None
            if old.get(table.table_id) == summary:
                return None
        fresh: dict[str, TableSummary] = {}
        for tid, t in tables.items():
            summary = t.summary()
            kept = old.get(tid)
            fresh[tid] = kept if kept == summary else summary
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
        if online is not self._online:
            self._keyed = frozenset(h.name for ident, hs in players.items() if is_keyed(ident) for h in hs)
        self._online = online
        self._last_published = (self._table_list, online)
        return self.current()

    def current(self) -> LobbyChanged:
        """The last table list and players online (shared lists: do not mutate)."""
        return LobbyChanged(self._table_list if self._table_list is not None else [], self._online, self._keyed)

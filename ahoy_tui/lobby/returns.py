"""Where a new session of an identity is taken back to (R17; issue 24): its seat, or its watch.

The lobby tells :class:`Returns` where each identity sits (the table it was
last at with a seat) and which table it watches as a spectator and has not
left on purpose; a new session of that identity is taken back there
(``Lobby._subscribed``). A table that closes or moves away is forgotten.
Bookkeeping only: it sends nothing and tells nobody.
"""

from __future__ import annotations

from typing import Mapping

from ahoy_tui.lobby.table import Table


class Returns:
    """Per identity, the table a new session returns to."""

    def __init__(self) -> None:
        self._last: dict[str, str] = {}
        """Per identity, the table it was last at with its seat."""
        self._watched: dict[str, str] = {}
        """Per identity, the table it watches (spectator) and has not left on purpose."""

    def seated_at(self, identity: str, table_id: str) -> None:
        """``identity`` is at ``table_id`` with its seat."""
        self._last[identity] = table_id

    def watch(self, identity: str, table_id: str) -> None:
        """``identity`` watches ``table_id`` as a spectator now."""
        self._watched[identity] = table_id

    def watches(self, identity: str, table_id: str) -> bool:
        """``identity`` watches ``table_id`` (and has not left it)."""
        return self._watched.get(identity) == table_id

    def unwatch(self, identity: str, table_id: str) -> bool:
        """``identity`` left ``table_id`` on purpose: True when that ended its watch."""
        if self._watched.get(identity) != table_id:
            return False
        del self._watched[identity]
        return True

    def forget(self, table_id: str) -> list[str]:
        """``table_id`` closed or moved away: nobody returns to it. Returns the identities whose
        watch of it ended."""
        ended = [i for i, tid in self._watched.items() if tid == table_id]
        for known in (self._last, self._watched):
            for ident in [i for i, tid in known.items() if tid == table_id]:
                del known[ident]
        return ended

    def seat_table(self, tables: Mapping[str, Table], identity: str) -> Table | None:
        """Among the open ``tables`` where ``identity`` holds a seat, the one it was last at with
        that seat, else the oldest; None when it holds none."""
        mine = [t for t in tables.values() if not t.closed and t.seat_of(identity) is not None]
        last = self._last.get(identity)
        return next((t for t in mine if t.table_id == last), mine[0] if mine else None)

    def watched_table(self, tables: Mapping[str, Table], identity: str) -> Table | None:
        """The open table of ``tables`` ``identity`` watches, or None."""
        table = tables.get(self._watched.get(identity, ""))
        return table if table is not None and not table.closed else None

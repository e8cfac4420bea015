"""What a table needs of the lobby that holds it (``Table`` talks to nothing else).

``Lobby`` implements :class:`TableHost`; a test or another host can give a
table any object with these members.
"""

from __future__ import annotations

from typing import Callable, ContextManager, Protocol

from ahoy_tui.lobby.clock import Clock
from ahoy_tui.lobby.config import Timing
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.listing import Listed
from ahoy_tui.store.base import ArchivedGame


class TableHost(Protocol):
    """The lobby as one of its tables sees it.

    Attributes:
        clock: Time and timers of every table (seconds, monotonic).
        timing: Pauses, grace periods and clock scale.
        wall: Wall-clock seconds (``time.time``) for chat timestamps.
        frozen: The server is stopping: nothing more is logged and no table closes.
    """

    clock: Clock
    timing: Timing
    wall: Callable[[], float]
    frozen: bool

    def post(self, handle: PlayerHandle, msg: object) -> None:
        """Queue ``msg`` for ``handle`` (delivered at the end of the batch)."""
        ...

    def log(self, table_id: str, entry: dict) -> int:
        """Append ``entry`` to the table's log (``ahoy_tui.lobby.journal``); messages posted
        after it are held until it is written. Returns its sequence number (0: not logged)."""
        ...

    def restart_log(self, table_id: str) -> None:
        """Forget the table's log: the entries appended next start it again (a new game)."""
        ...

    def batch(self) -> ContextManager[None]:
        """Queue messages while the body runs; deliver them in order afterwards."""
        ...

    def tables_changed(self, table: Listed | None = None) -> None:
        """The table's summary may have changed: tell the lobby's sessions if it did."""
        ...

    def finished(self, table_id: str, game: ArchivedGame) -> None:
        """A game at ``table_id`` ended: archive it (its full record is kept, never sent: R18)."""
        ...

    def seated_at(self, identity: str, table_id: str) -> None:
        """``identity`` is at ``table_id`` with its seat (where a reconnect returns, R17)."""
        ...

    def close_table(self, table_id: str, reason: str, key: str = "") -> None:
        """Close the table now (members get ``TableClosed``)."""
        ...

"""Durable state: table logs, lobby chat and the archive of finished games (docs/durability.md).

``base`` holds the contract (:class:`TableStore`, :class:`TableLog`,
:class:`ArchivedGame`); ``memory`` keeps everything in this process (tests,
``--no-store``); ``sqlite`` is the embedded default, a file in the state
directory; ``redis_store`` shares tables between worker processes (fenced
by lease epoch); ``queued`` is the writer thread both of those use. The store knows no game and no lobby: entries are JSON objects.
"""

from ahoy_tui.store.base import ArchivedGame, GameListing, StoreError, TableLog, TableStore
from ahoy_tui.store.memory import MemoryStore
from ahoy_tui.store.sqlite import SQLiteStore

__all__ = ["ArchivedGame", "GameListing", "MemoryStore", "SQLiteStore", "StoreError", "TableLog", "TableStore"]

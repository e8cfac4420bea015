"""Players' preferences kept across restarts (issue 24.13): one JSON text per identity.

The UI (``ahoy_tui.ui.prefs``) reads an identity's text when its first
session starts and writes it when the player changes a preference or is
shown a first-game hint; the text is opaque here. Two places, as the table
store: the server's SQLite file (``STATE_DIR/ahoy.db``, its own table, its
own connection) or, with ``--redis``, the cluster's Redis (so every worker
sees it). Calls are synchronous and short: they happen on the event loop,
once per session start and once per change (never per table update). Any
failure is a :class:`~ahoy_tui.store.base.StoreError` and changes nothing.

SQLite::

    player_prefs(identity TEXT PRIMARY KEY, prefs TEXT)

Redis (``ahoy_tui.store.redis_keys.PREFS``)::

    ahoy:prefs   Hash  identity -> prefs (JSON)
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Protocol

import redis

from ahoy_tui.store import redis_keys as keys
from ahoy_tui.store.base import StoreError

SOCKET_TIMEOUT = 2.0
"""Seconds a read or write may wait for Redis (it runs on the event loop)."""
BUSY_TIMEOUT_MS = 2000
"""How long a SQLite write waits for the table store's writer (ms)."""


class PrefsBackend(Protocol):
    """Where preferences outlive the process."""

    def load(self, identity: str) -> str | None:
        """The text kept for ``identity``, or None. Raises ``StoreError``."""

    def save(self, identity: str, text: str) -> None:
        """Keep ``text`` for ``identity`` (replacing any). Raises ``StoreError``."""

    def close(self) -> None:
        """Let go of the connection."""


class SQLitePrefs:
    """Preferences in the SQLite file ``path`` (table ``player_prefs``, created when missing).

    Raises:
        StoreError: the file cannot be opened or its table created.
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        try:
            self._conn = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
            self._conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self._conn.execute("CREATE TABLE IF NOT EXISTS player_prefs(identity TEXT PRIMARY KEY,"
                               " prefs TEXT NOT NULL) WITHOUT ROWID")
        except sqlite3.Error as e:
            raise StoreError(f"prefs store {self.path}: {e}") from None

    def load(self, identity: str) -> str | None:
        with self._lock:
            try:
                row = self._conn.execute("SELECT prefs FROM player_prefs WHERE identity = ?",
                                         (identity,)).fetchone()
            except sqlite3.Error as e:
                raise StoreError(f"prefs store {self.path}: {e}") from None
        return None if row is None else str(row[0])

    def save(self, identity: str, text: str) -> None:
        with self._lock:
            try:
                self._conn.execute("INSERT OR REPLACE INTO player_prefs(identity, prefs) VALUES (?, ?)",
                                   (identity, text))
            except sqlite3.Error as e:
                raise StoreError(f"prefs store {self.path}: {e}") from None

    def close(self) -> None:
        with self._lock:
            self._conn.close()


class RedisPrefs:
    """Preferences in the Redis at ``url`` (hash ``ahoy:prefs``), shared by every worker.

    Raises:
        StoreError: Redis cannot be reached.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        try:
            self._r = redis.Redis.from_url(url, socket_timeout=SOCKET_TIMEOUT, socket_connect_timeout=SOCKET_TIMEOUT)
            self._r.ping()
        except (redis.RedisError, OSError, ValueError) as e:
            raise StoreError(f"prefs store redis {url}: cannot connect ({e})") from None

    def load(self, identity: str) -> str | None:
        try:
            raw = self._r.hget(keys.PREFS, identity)
        except (redis.RedisError, OSError) as e:
            raise StoreError(f"prefs store redis {self.url}: {e}") from None
        return None if raw is None else raw.decode("utf-8", "replace")

    def save(self, identity: str, text: str) -> None:
        try:
            self._r.hset(keys.PREFS, identity, text)
        except (redis.RedisError, OSError) as e:
            raise StoreError(f"prefs store redis {self.url}: {e}") from None

    def close(self) -> None:
        self._r.close()

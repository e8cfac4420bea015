"""The server's store: where tables, lobby chat and finished games survive a restart (docs/durability.md).

The embedded default is one SQLite file in the state directory
(``STATE_DIR/ahoy.db``). A store that cannot be opened (a read-only
directory, a file of a newer schema, a file that is not a database) does
not stop the server: the host gets one clear log line and the server runs
with nothing saved.
"""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path

from ahoy_tui.community.service import Community
from ahoy_tui.lobby.lobby import Lobby
from ahoy_tui.store import MemoryStore, StoreError, TableStore
from ahoy_tui.store.moderation import MemoryModerationStore, ModerationStore
from ahoy_tui.store.moderation_redis import RedisModerationStore
from ahoy_tui.store.moderation_sqlite import SQLiteModerationStore
from ahoy_tui.store.prefs import PrefsBackend, RedisPrefs, SQLitePrefs
from ahoy_tui.store.sqlite import SQLiteStore

log = logging.getLogger("ahoy.server")

DB_NAME = "ahoy.db"
KEEP_GAMES_DAYS = 365.0
"""Default: archived games are kept this many days."""
KEEP_GAMES = 100_000
"""Default: at most this many archived games are kept (the newest)."""


def open_store(path: Path | None) -> TableStore:
    """The SQLite store at ``path`` (None: in memory, nothing kept), or an in-memory one with
    one error line in the log when the file cannot be used."""
    if path is None:
        return MemoryStore()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return SQLiteStore(path)
    except (StoreError, OSError) as e:
        log.error("cannot keep tables in %s: %s; nothing will survive a restart", path, e)
        return MemoryStore()


def open_moderation_store(path: Path | None, redis_url: str | None = None) -> ModerationStore:
    """Bans, mutes, MOTD and audit log in the cluster's Redis at ``redis_url``, else in the SQLite
    file at ``path`` (None: in memory for the process's life), or in memory with one error line
    in the log when neither can be used."""
    if redis_url:
        try:
            return RedisModerationStore(redis_url)
        except StoreError as e:
            log.error("cannot keep bans in redis: %s; bans and mutes last until this worker stops", e)
            return MemoryModerationStore()
    if path is None:
        return MemoryModerationStore()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return SQLiteModerationStore(path)
    except (StoreError, OSError) as e:
        log.error("cannot keep bans in %s: %s; bans and mutes last until the server stops", path, e)
        return MemoryModerationStore()


def open_prefs_backend(path: Path | None, redis_url: str | None = None) -> PrefsBackend | None:
    """Players' preferences (theme, language, hints shown, ...) in the cluster's Redis at ``redis_url``,
    else in the SQLite file at ``path``; None (memory only, one error line in the log when a store
    was named but cannot be used)."""
    try:
        if redis_url:
            return RedisPrefs(redis_url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            return SQLitePrefs(path)
    except (StoreError, OSError) as e:
        log.error("cannot keep players' preferences: %s; they last until this server stops", e)
    return None


PRUNE_EVERY = 86400.0
"""Seconds between two prunes of the archive while the server runs (one at start)."""


def prune(store: TableStore, keep_days: float | None, keep_games: int | None) -> int:
    """Forget archived games past retention now; returns how many went."""
    return store.prune(time.time(), None if keep_days is None else keep_days * 86400.0, keep_games)


async def prune_daily(store: TableStore, keep_days: float | None, keep_games: int | None,
                      every: float = PRUNE_EVERY) -> None:
    """Prune the archive every ``every`` seconds until cancelled (a failure is logged, not fatal)."""
    while True:
        await asyncio.sleep(every)
        try:
            gone = prune(store, keep_days, keep_games)
        except Exception as e:  # noqa: BLE001 - retention must never stop the server
            log.error("pruning the archive failed: %s", e)
        else:
            if gone:
                log.info("%d archived games past retention removed", gone)


def open_community(store: TableStore) -> Community | None:
    """Ratings and stats beside ``store`` (in its SQLite file; in memory for any other store);
    archived games not counted yet are counted on its writer thread, after start-up; None
    (one error line) when they cannot be opened (docs/community.md)."""
    path = store.path if isinstance(store, SQLiteStore) else None
    try:
        community = Community(path)
    except StoreError as e:
        log.error("ratings and stats are off: %s", e)
        return None
    community.catch_up_later()
    return community


def start_lobby(store: TableStore, keep_days: float | None, keep_games: int | None) -> Lobby:
    """A lobby over ``store`` with every saved table rebuilt, old games pruned and
    ratings and stats caught up."""
    lobby = Lobby(store=store, community=open_community(store))
    started = time.monotonic()
    problems = lobby.resume()
    gone = prune(store, keep_days, keep_games)
    log.info("resumed %d tables in %.3f s (%d problems, each logged above); "
             "%d archived games past retention removed", len(lobby.tables), time.monotonic() - started,
             len(problems), gone)
    return lobby

"""The embedded lobby host: one process, the lobby in memory over the SQLite store (the default).

:class:`EmbeddedHost` implements :class:`ahoy_tui.lobby.hosted.LobbyHost`:
the players' commands are an :class:`~ahoy_tui.lobby.in_memory.InMemoryLobby`
over this process's :class:`~ahoy_tui.lobby.lobby.Lobby`; limits are counted
here (``LocalRates``, ``LocalSessions``); bans and preferences are kept in the
SQLite file beside the tables; there is no other process, so the
cluster's parts of the contract do nothing.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Callable, TypeVar

from ahoy_tui.community.service import Community
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.hosted import Change, SharedCounts
from ahoy_tui.lobby.in_memory import InMemoryLobby
from ahoy_tui.lobby.gate import Gate, LocalRates, LocalSessions
from ahoy_tui.lobby.lobby import Lobby
from ahoy_tui.store.base import StoreError, TableStore
from ahoy_tui.store.memory import MemoryStore
from ahoy_tui.store.moderation import MemoryModerationStore, ModerationStore
from ahoy_tui.store.moderation_sqlite import SQLiteModerationStore
from ahoy_tui.store.prefs import PrefsBackend, SQLitePrefs
from ahoy_tui.store.sqlite import SQLiteStore

log = logging.getLogger("ahoy.server")

T = TypeVar("T")


def prune(store: TableStore, keep_days: float | None, keep_games: int | None) -> int:
    """Forget archived games past retention (``keep_days`` days, the newest ``keep_games``; None:
    no limit) now; returns how many went."""
    return store.prune(time.time(), None if keep_days is None else keep_days * 86400.0, keep_games)


def _in_file(path: Path | None, opener: Callable[[Path], T], fallback: Callable[[], T], what: str, lost: str) -> T:
    """``opener(path)`` (its directory made first), or ``fallback()`` when ``path`` is None or the file
    cannot be used; then one error line: ``cannot keep WHAT in PATH: WHY; LOST``."""
    if path is None:
        return fallback()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return opener(path)
    except (StoreError, OSError) as e:
        log.error("cannot keep %s in %s: %s; %s", what, path, e, lost)
        return fallback()


def open_store(path: Path | None) -> TableStore:
    """The SQLite store at ``path`` (None: in memory, nothing kept), or an in-memory one with
    one error line in the log when the file cannot be used."""
    return _in_file(path, SQLiteStore, MemoryStore, "tables", "nothing will survive a restart")


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


class EmbeddedHost:
    """:class:`~ahoy_tui.lobby.hosted.LobbyHost` of a lobby of one process.

    Args:
        core: The lobby (default: a new ``Lobby()`` in memory).
        db_path: The SQLite file its tables are kept in, where bans and preferences are kept too
            (None: they live in memory).

    Attributes:
        lobby: The players' commands over ``core``.
        core: The lobby of this process.
        store: ``core``'s table store.
        on_replaced: Never called (one process replaces sessions itself: ``Session.replace``).
        on_moderation: Never called (no other process keeps changes).
    """

    def __init__(self, core: Lobby | None = None, db_path: Path | None = None) -> None:
        self.db_path = db_path
        self.lobby = InMemoryLobby(core)
        self.core = self.lobby.core
        self.store = self.core.store
        self.on_replaced = _ignore_replaced
        self.on_moderation = _ignore_change

    @classmethod
    def open(cls, store_path: Path | None, keep_days: float | None = None,
             keep_games: int | None = None) -> "EmbeddedHost":
        """The host over the SQLite file ``store_path`` (None: memory) with its tables resumed
        (``start_lobby``). Never raises for the store: one that cannot be used is logged."""
        store = open_store(store_path)
        kept = store_path if isinstance(store, SQLiteStore) else None  # a file that failed: memory for all
        return cls(start_lobby(store, keep_days, keep_games), kept)

    async def close(self) -> None:
        self.store.close()
        if self.core.community is not None:
            self.core.community.close()

    def set_address(self, handle: PlayerHandle, address: str) -> None:
        handle.address = address

    def connection_rates(self, gate: Gate) -> LocalRates:
        return LocalRates(gate)

    def session_limits(self, gate: Gate) -> LocalSessions:
        return LocalSessions(gate)

    def sessions_elsewhere(self) -> list[tuple[str, str, str]]:
        return []

    def publish_moderation(self, change: Change) -> None:
        pass

    def moderation_store(self) -> ModerationStore:
        return _in_file(self.db_path, SQLiteModerationStore, MemoryModerationStore,
                        "bans", "bans and mutes last until the server stops")

    def prefs_backend(self) -> PrefsBackend | None:
        return _in_file(self.db_path, SQLitePrefs, _no_prefs,
                        "players' preferences", "they last until this server stops")

    def shared_counts(self) -> SharedCounts:
        return SharedCounts()


def _no_prefs() -> None:
    return None


def _ignore_replaced(handle: PlayerHandle, name: str) -> None:
    pass


def _ignore_change(change: Change) -> None:
    pass

"""The server's store at start (issue 14): a file it cannot use costs one log line, not the server."""

from __future__ import annotations

import logging
import sqlite3

from ahoy_tui.lobby import TableConfig
from ahoy_tui.store import MemoryStore
from ahoy_tui.store.sqlite import SQLiteStore
from ahoy_tui.lobby.embedded import EmbeddedHost, open_store, start_lobby


def test_a_database_of_a_newer_schema_costs_one_line_and_the_server_runs_in_memory(tmp_path, caplog):
    db = tmp_path / "ahoy.db"
    with sqlite3.connect(db) as c:
        c.execute("PRAGMA user_version = 99")
    c.close()
    with caplog.at_level(logging.ERROR, logger="ahoy.server"):
        store = open_store(db)
    assert isinstance(store, MemoryStore)
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(lines) == 1 and str(db) in lines[0] and "restart" in lines[0]


def test_a_file_that_is_not_a_database_costs_one_line(tmp_path, caplog):
    db = tmp_path / "ahoy.db"
    db.write_bytes(b"ahoy matey " * 100)
    with caplog.at_level(logging.ERROR, logger="ahoy.server"):
        assert isinstance(open_store(db), MemoryStore)
    assert len([r for r in caplog.records if r.levelno >= logging.ERROR]) == 1


def test_a_state_dir_that_cannot_be_made_costs_one_line(tmp_path, caplog):
    (tmp_path / "file").write_text("not a directory")
    with caplog.at_level(logging.ERROR, logger="ahoy.server"):
        assert isinstance(open_store(tmp_path / "file" / "state" / "ahoy.db"), MemoryStore)
    assert len([r for r in caplog.records if r.levelno >= logging.ERROR]) == 1


async def test_a_deleted_database_starts_empty_and_the_next_restart_keeps_tables(tmp_path):
    db = tmp_path / "ahoy.db"
    store = open_store(db)
    lobby = start_lobby(store, 365, 1000)
    anna = lobby.connect("user:anna", "anna")
    lobby.create_table(anna, TableConfig.make(name="Kept", seats=2))
    store.close()
    for f in tmp_path.glob("ahoy.db*"):
        f.unlink()
    store = open_store(db)
    assert isinstance(store, SQLiteStore)
    assert start_lobby(store, 365, 1000).tables == {}
    lobby = start_lobby(store, 365, 1000)
    lobby.create_table(lobby.connect("user:bo", "bo"), TableConfig.make(name="New", seats=2))
    store.close()
    store = open_store(db)
    assert [t.config.name for t in start_lobby(store, 365, 1000).tables.values()] == ["New"]
    store.close()


async def test_the_archive_is_pruned_while_the_server_runs(tmp_path):
    import asyncio
    import time

    from ahoy_tui.store import ArchivedGame, GameListing
    from server.durable import prune_daily

    store = MemoryStore()
    old = GameListing("gold", "ahoy", "Old", time.time() - 400 * 86400, ("a", "b"), ("user:a", None), (1, 2), (0, 9))
    new = GameListing("gnew", "ahoy", "New", time.time(), ("a", "b"), ("user:a", None), (1, 2), (0, 9))
    for g in (old, new):
        store.archive(ArchivedGame(g, ({"format": "ahoy-record"},)))
    task = asyncio.ensure_future(prune_daily(store, 365, None, every=0.01))
    try:
        for _ in range(500):
            if store.archived("gold") is None:
                break
            await asyncio.sleep(0.01)
    finally:
        task.cancel()
    assert store.archived("gold") is None and store.archived("gnew") is not None


def test_preferences_are_kept_beside_the_tables_and_survive_a_restart(tmp_path, caplog):
    """Issue 24.13: the server keeps players' preferences (and the hints they were shown) in its SQLite file;
    a file it cannot use costs one log line and preferences live in memory."""
    from ahoy_tui.ui.prefs import Prefs, PrefsStore

    db = tmp_path / "ahoy.db"
    store = open_store(db)
    backend = EmbeddedHost(db_path=db).prefs_backend()
    PrefsStore(backend).put("key:SHA256:anna", Prefs("pirate", False, "de", hints_seen=("star",)))
    backend.close()
    store.close()
    again = EmbeddedHost(db_path=db).prefs_backend()           # the server started again
    assert PrefsStore(again).get("key:SHA256:anna") == Prefs("pirate", False, "de", hints_seen=("star",))
    again.close()
    (tmp_path / "file").write_text("x")
    with caplog.at_level(logging.ERROR, logger="ahoy.server"):
        assert EmbeddedHost(db_path=tmp_path / "file" / "ahoy.db").prefs_backend() is None
    assert len([r for r in caplog.records if "preferences" in r.getMessage()]) == 1
    assert EmbeddedHost().prefs_backend() is None

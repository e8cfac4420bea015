"""The ModerationStore contract, run against memory, SQLite and Redis (bans, mutes, MOTD, audit log)."""

from __future__ import annotations

import sqlite3

import pytest

from ahoy_tui.store.moderation import AuditEntry, MemoryModerationStore, ModerationStore, Mute
from ahoy_tui.store.moderation_sqlite import SQLiteModerationStore
from ahoy_tui.store.sqlite import SQLiteStore


@pytest.fixture(params=["memory", "sqlite", "redis"])
def reopen(request, tmp_path):
    """Opens the store; called again, it is the store a restarted server sees (for Redis: a
    restarted redis-server too, its append-only file kept)."""
    stores: list[ModerationStore] = []
    memory = MemoryModerationStore()

    def open_store() -> ModerationStore:
        if request.param == "memory":
            return memory
        if stores:
            stores[-1].close()
        if request.param == "redis":
            from ahoy_tui.store.moderation_redis import RedisModerationStore

            server = request.getfixturevalue("redis_server")
            if stores:
                server.restart()
            stores.append(RedisModerationStore(server.url))
        else:
            stores.append(SQLiteModerationStore(tmp_path / "ahoy.db"))
        return stores[-1]

    yield open_store
    if stores:
        stores[-1].close()


def test_bans_are_numbered_listed_while_in_force_and_lifted(reopen):
    store = reopen()
    assert isinstance(store, ModerationStore)
    a = store.add_ban("key", "SHA256:" + "a" * 43, "spam", "op", 100.0, None)
    b = store.add_ban("address", "2001:db8:1:2::/64", "flood", "op", 100.0, 200.0)
    assert (a.ban_id, b.ban_id) == (1, 2)
    store = reopen()
    assert store.bans(150.0) == [a, b]
    assert store.bans(200.0) == [a]                      # b ran out
    assert store.lift_ban(1) == a and store.lift_ban(1) is None
    assert store.bans(0.0) == [b]
    assert store.add_ban("key", "SHA256:x", "again", "op", 300.0, None).ban_id == 3


def test_ban_ids_are_never_reused_even_after_the_newest_is_lifted_and_a_restart(reopen):
    store = reopen()
    first = store.add_ban("key", "SHA256:" + "a" * 43, "spam", "op", 100.0, None)
    second = store.add_ban("address", "192.0.2.9", "flood", "op", 100.0, None)
    assert store.lift_ban(second.ban_id) == second
    store = reopen()
    third = store.add_ban("address", "192.0.2.10", "flood", "op", 110.0, None)
    assert store.lift_ban(third.ban_id) == third and store.lift_ban(first.ban_id) == first
    store = reopen()
    fourth = store.add_ban("key", "SHA256:x", "again", "op", 120.0, None)
    assert [b.ban_id for b in (first, second, third, fourth)] == [1, 2, 3, 4]


def test_mutes_motd_and_audit_survive_a_restart(reopen):
    store = reopen()
    store.set_mute(Mute("user:ben", "ben", "shouting", "op", 10.0, 70.0))
    store.set_mute(Mute("user:ben", "ben", "again", "op", 20.0, None))     # replaces the first
    store.set_motd("Fair winds ☠")
    for i in range(5):
        store.add_audit(AuditEntry(float(i), "op", "kick", f"p{i}", "rude"))
    store = reopen()
    assert store.mutes(1e9) == [Mute("user:ben", "ben", "again", "op", 20.0, None)]
    assert store.motd() == "Fair winds ☠"
    assert [e.target for e in store.audit(3)] == ["p2", "p3", "p4"]
    assert store.lift_mute("user:ben") is not None and store.mutes(0.0) == []
    store.set_motd(None)
    assert reopen().motd() is None


def test_the_tables_live_beside_the_table_store_in_one_file(tmp_path):
    path = tmp_path / "ahoy.db"
    tables = SQLiteStore(path)
    moderation = SQLiteModerationStore(path)
    tables.append("t1", {"n": 1})
    moderation.add_ban("key", "SHA256:k", "spam", "op", 1.0, None)
    assert tables.flush()
    tables.close()
    moderation.close()
    tables, moderation = SQLiteStore(path), SQLiteModerationStore(path)
    assert [log.table_id for log in tables.open_tables()] == ["t1"]
    assert [b.target for b in moderation.bans(2.0)] == ["SHA256:k"]
    tables.close()
    moderation.close()
    names = {r[0] for r in sqlite3.connect(path).execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"mod_bans", "mod_mutes", "mod_settings", "mod_audit", "entries", "games"} <= names

"""The TableStore contract, run against every implementation (``backend`` fixture).

These tests use only the Protocol in ``ahoy_tui.store.base``.
"""

from __future__ import annotations

import pytest

from ahoy_tui.store import ArchivedGame, GameListing, StoreError, TableStore
from ahoy_tui.store.base import LOBBY_CHAT_KEPT


def game(game_id: str, finished: float, identities=("ann", "bob", None)) -> ArchivedGame:
    n = len(identities)
    listing = GameListing(game_id, "ahoy", f"table {game_id}", finished,
                          tuple(f"seat{i}" for i in range(n)), tuple(identities),
                          tuple(range(1, n + 1)), tuple(10 * i for i in range(n)))
    record = ({"format": "ahoy-record", "version": 1, "seats": list(listing.names)},
              {"chance": "deal", "hand": 1, "deck": ["2D", "JK", "4C"]},
              {"seat": 0, "act": "offer", "want": "6H", "give": "5D"})
    return ArchivedGame(listing, record)


def test_is_a_table_store(store_factory):
    assert isinstance(store_factory(), TableStore)


def test_sequence_numbers_increase_across_tables(store_factory):
    store = store_factory()
    seqs = [store.append(t, {"n": i}) for i in range(10) for t in ("a", "b", "c")]
    assert seqs[0] >= 1
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    chat = store.add_chat({"text": "hi"})
    assert chat > seqs[-1]
    assert store.append("a", {}) > chat


def test_durable_reaches_the_last_seq_after_flush(store_factory):
    store = store_factory()
    last = 0
    for i in range(50):
        last = store.append(f"t{i % 3}", {"n": i})
    assert store.flush(10.0)
    assert store.durable >= last


def test_open_tables_after_restart(backend):
    store = backend.new()
    for i in range(5):
        store.append("first", {"n": i, "text": "ünïcode ☠"})
        store.append("second", {"n": -i})
    store = backend.restart(store)
    logs = store.open_tables()
    assert [log.table_id for log in logs] == ["first", "second"]
    assert logs[0].entries == [{"n": i, "text": "ünïcode ☠"} for i in range(5)]
    assert logs[1].entries == [{"n": -i} for i in range(5)]
    assert all(log.damage is None for log in logs)


def test_seqs_keep_increasing_after_restart(backend):
    store = backend.new()
    before = [store.append("a", {"n": i}) for i in range(3)]
    store.drop("a")
    store = backend.restart(store)
    assert store.append("b", {}) > before[-1]


def test_drop_forgets_the_table(backend):
    store = backend.new()
    store.append("gone", {"n": 1})
    store.append("kept", {"n": 2})
    store.drop("gone")
    store.drop("never-logged")
    store = backend.restart(store)
    assert [(log.table_id, log.entries) for log in store.open_tables()] == [("kept", [{"n": 2}])]


def test_a_dropped_table_id_can_start_again(backend):
    store = backend.new()
    store.append("t", {"old": True})
    store.drop("t")
    store.append("t", {"new": True})
    store = backend.restart(store)
    assert [(log.table_id, log.entries) for log in store.open_tables()] == [("t", [{"new": True}])]


def test_lobby_chat_keeps_the_last_lines_in_order(backend):
    store = backend.new()
    for i in range(LOBBY_CHAT_KEPT + 50):
        store.add_chat({"from": "ann", "text": f"line {i}"})
    store = backend.restart(store)
    chat = store.lobby_chat()
    assert [c["text"] for c in chat] == [f"line {i}" for i in range(50, LOBBY_CHAT_KEPT + 50)]


def test_entries_are_copied(backend):
    store = backend.new()
    entry = {"cards": ["2D"], "n": 1}
    store.append("t", entry)
    entry["cards"].append("JK")
    entry["n"] = 2
    g = game("g1", 100.0)
    line = {"seat": 0, "act": "draw"}
    store.archive(ArchivedGame(g.listing, (line,)))
    line["act"] = "changed"
    store = backend.restart(store)
    assert store.open_tables()[0].entries == [{"cards": ["2D"], "n": 1}]
    assert store.archived("g1").record == ({"seat": 0, "act": "draw"},)


def test_a_non_json_entry_fails_on_the_callers_thread(store_factory):
    store = store_factory()
    first = store.append("t", {"ok": 1})
    with pytest.raises(TypeError):
        store.append("t", {"bad": object()})
    with pytest.raises(TypeError):
        store.add_chat({"bad": {1, 2}})
    assert store.append("t", {"ok": 2}) > first
    assert store.flush()
    assert store.open_tables()[0].entries == [{"ok": 1}, {"ok": 2}]


def test_archive_is_readable_at_once(store_factory):
    store = store_factory()
    g = game("g1", 1000.0)
    store.archive(g)
    got = store.archived("g1")
    assert got is not None and got.listing == g.listing and got.record == g.record
    assert [x.game_id for x in store.games_of("ann")] == ["g1"]
    assert store.archived("nope") is None


def test_archive_survives_a_restart(backend):
    store = backend.new()
    g = game("g7", 1234.5, ("ann", None))
    store.archive(g)
    store = backend.restart(store)
    got = store.archived("g7")
    assert got == g


def test_games_of_newest_first_only_mine_with_limit(backend):
    store = backend.new()
    for i in range(10):
        store.archive(game(f"g{i}", 1000.0 + i, ("ann", "bob") if i % 2 else ("bob", "cat", None)))
    store = backend.restart(store)
    assert [x.game_id for x in store.games_of("ann")] == ["g9", "g7", "g5", "g3", "g1"]
    assert [x.game_id for x in store.games_of("bob", limit=3)] == ["g9", "g8", "g7"]
    assert [x.game_id for x in store.games_of("cat", limit=50)] == ["g8", "g6", "g4", "g2", "g0"]
    assert store.games_of("nobody") == []
    assert store.games_of("ann", limit=0) == []


def test_archiving_the_same_id_replaces(backend):
    store = backend.new()
    store.archive(game("g1", 100.0, ("ann", "bob")))
    store.archive(game("g1", 200.0, ("bob", "cat")))
    assert store.games_of("ann") == []
    store = backend.restart(store)
    assert store.games_of("ann") == []
    assert [(x.game_id, x.finished) for x in store.games_of("cat")] == [("g1", 200.0)]


def test_prune_by_count(backend):
    store = backend.new()
    for i in range(10):
        store.archive(game(f"g{i}", 1000.0 + i))
    assert store.prune(now=2000.0, keep_seconds=None, keep_count=4) == 6
    assert [x.game_id for x in store.games_of("ann")] == ["g9", "g8", "g7", "g6"]
    store = backend.restart(store)
    assert [x.game_id for x in store.games_of("ann")] == ["g9", "g8", "g7", "g6"]
    assert store.archived("g0") is None
    assert store.prune(now=2000.0, keep_seconds=None, keep_count=4) == 0


def test_prune_by_age(backend):
    store = backend.new()
    for i in range(10):
        store.archive(game(f"g{i}", 1000.0 + 100 * i))
    # keep what finished at or after 1950 - 500 = 1450: g5 .. g9
    assert store.prune(now=1950.0, keep_seconds=500.0, keep_count=None) == 5
    store = backend.restart(store)
    assert [x.game_id for x in store.games_of("bob")] == ["g9", "g8", "g7", "g6", "g5"]
    assert store.prune(now=1950.0, keep_seconds=None, keep_count=None) == 0
    assert store.prune(now=1950.0, keep_seconds=500.0, keep_count=2) == 3
    assert [x.game_id for x in store.games_of("bob")] == ["g9", "g8"]


def test_a_pruned_game_can_be_archived_again(store_factory):
    store = store_factory()
    store.archive(game("g1", 100.0))
    assert store.prune(now=1e9, keep_seconds=1.0, keep_count=None) == 1
    assert store.archived("g1") is None
    store.archive(game("g1", 1e9))
    assert store.archived("g1") is not None
    assert store.flush()
    assert [x.game_id for x in store.games_of("ann")] == ["g1"]


def test_close_twice_and_append_after_close(store_factory):
    store = store_factory()
    store.append("t", {})
    store.close()
    store.close()
    with pytest.raises(StoreError):
        store.append("t", {})
    with pytest.raises(StoreError):
        store.add_chat({})

"""What only the SQLite store does: damage, refusing files, disk errors, group commit, kill -9."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from ahoy_tui.store import StoreError
from ahoy_tui.store.sqlite import SQLiteStore
from ahoy_tui.store.sqlite_schema import default_connect
from tests.store.conftest import wait_until
from tests.store.test_contract import game


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "state.db"


class Faulty:
    """A connection factory that keeps the write connection, so a test can break it
    with real SQLite limits (``max_page_count`` for "disk full", ``query_only`` for read-only)."""

    def __init__(self) -> None:
        self.conn: sqlite3.Connection | None = None
        self.attempts = 0
        """Transactions the writer has begun (each write or retry of a batch is one)."""

    def __call__(self, path: Path) -> sqlite3.Connection:
        self.conn = default_connect(path)
        self.conn.set_trace_callback(self._trace)
        return self.conn

    def _trace(self, statement: str) -> None:
        if statement.startswith("BEGIN"):
            self.attempts += 1

    def fill_up(self) -> None:
        pages = self.conn.execute("PRAGMA page_count").fetchone()[0]
        self.conn.execute(f"PRAGMA max_page_count = {pages}")

    def make_room(self) -> None:
        self.conn.execute("PRAGMA max_page_count = 1073741823")


class Calls:
    """Records the store's callbacks (called from the writer thread)."""

    def __init__(self, store: SQLiteStore) -> None:
        self.durable: list[int] = []
        self.errors: list[tuple[str, str]] = []
        self._lock = threading.Lock()
        store.listen(lambda: self._add(self.durable, store.durable),
                     lambda table_id, reason: self._add(self.errors, (table_id, reason)))

    def _add(self, to: list, item) -> None:
        with self._lock:
            to.append(item)


def corrupt(path: Path, seq: int, body: bytes | str) -> None:
    with sqlite3.connect(path) as c:
        c.execute("UPDATE entries SET body = ? WHERE seq = ?", (body, seq))
    c.close()


# -- damage ------------------------------------------------------------------

def test_a_cut_last_entry_is_damage_and_earlier_entries_are_kept(db):
    store = SQLiteStore(db)
    for i in range(3):
        store.append("a", {"n": i})
        store.append("b", {"n": i})
    last_a = store.append("a", {"n": 3})
    store.close()
    corrupt(db, last_a, '{"n": 3, "cards": ["2D", "J')
    store = SQLiteStore(db)
    logs = {log.table_id: log for log in store.open_tables()}
    store.close()
    assert logs["a"].entries == [{"n": i} for i in range(3)]
    assert logs["a"].damage is not None and "\n" not in logs["a"].damage
    assert f"seq {last_a}" in logs["a"].damage
    assert logs["b"].entries == [{"n": i} for i in range(3)] and logs["b"].damage is None


def test_the_log_stops_at_a_corrupt_middle_entry(db):
    store = SQLiteStore(db)
    seqs = [store.append("a", {"n": i}) for i in range(5)]
    store.close()
    corrupt(db, seqs[2], b"\xff\xfe not utf-8")
    store = SQLiteStore(db)
    (log,) = store.open_tables()
    store.close()
    assert log.entries == [{"n": 0}, {"n": 1}] and "entry 3" in log.damage


# -- files the store refuses ---------------------------------------------------

def one_line(error: pytest.ExceptionInfo) -> str:
    text = str(error.value)
    assert text and "\n" not in text
    return text


def test_a_newer_schema_is_refused(db):
    c = sqlite3.connect(db)
    c.execute("PRAGMA user_version = 2")
    c.close()
    with pytest.raises(StoreError) as e:
        SQLiteStore(db)
    assert "schema version 2" in one_line(e)


def test_a_file_that_is_not_a_database_is_refused(db):
    db.write_bytes(b"ahoy! this is a text file, not a database\n" * 100)
    with pytest.raises(StoreError) as e:
        SQLiteStore(db)
    assert "not an SQLite database" in one_line(e)


def test_a_path_in_no_directory_is_refused(tmp_path):
    (tmp_path / "file").write_text("x")
    for path in (tmp_path / "file" / "state.db", tmp_path / "missing" / "state.db"):
        with pytest.raises(StoreError) as e:
            SQLiteStore(path)
        assert "not a directory" in one_line(e)


def read_only(path: Path) -> sqlite3.Connection:
    """Opens as a read-only file system would let us (tests run as root: chmod stops nothing)."""
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)


def test_a_read_only_store_is_refused_at_start(db):
    with pytest.raises(StoreError) as e:  # cannot even be created
        SQLiteStore(db, connect=read_only)
    assert "cannot open" in one_line(e)
    SQLiteStore(db).close()
    with pytest.raises(StoreError) as e:  # exists, cannot be written
        SQLiteStore(db, connect=read_only)
    assert "readonly" in one_line(e)


# -- threading and group commit -------------------------------------------------

def test_append_does_not_wait_for_the_disk_and_the_writer_groups_commits(db):
    store = SQLiteStore(db)
    calls = Calls(store)
    blocker = sqlite3.connect(db, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")  # the writer cannot write until this ends
    started = time.perf_counter()
    seqs = [store.append(f"t{i % 4}", {"n": i, "pad": "x" * 200}) for i in range(200)]
    spent = time.perf_counter() - started
    assert store.durable < seqs[0]
    blocker.execute("ROLLBACK")
    blocker.close()
    wait_until(lambda: store.durable >= seqs[-1])
    store.close()
    assert spent < 0.5  # 200 appends while the file is locked
    assert calls.errors == []
    assert len(calls.durable) <= 2  # the first append's batch, then all the others at once
    assert calls.durable[-1] == seqs[-1]


def test_archived_games_are_readable_before_they_are_written(db):
    store = SQLiteStore(db)
    blocker = sqlite3.connect(db, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    store.archive(game("g1", 100.0))
    store.archive(game("g2", 200.0))
    assert store.prune(now=1000.0, keep_seconds=None, keep_count=1) == 1
    assert store.archived("g1") is None and store.archived("g2") is not None
    assert [x.game_id for x in store.games_of("ann")] == ["g2"]
    assert store.durable == 0
    blocker.execute("ROLLBACK")
    blocker.close()
    assert store.flush()
    assert [x.game_id for x in store.games_of("ann")] == ["g2"]
    store.close()


# -- disk errors while running --------------------------------------------------

@pytest.mark.parametrize("fault", ["disk full", "read-only"])
def test_a_failing_disk_holds_writes_back_and_retries(db, fault):
    faulty = Faulty()
    store = SQLiteStore(db, connect=faulty, retry_interval=0.02)
    calls = Calls(store)
    before = store.append("a", {"n": 0})
    assert store.flush()
    if fault == "disk full":
        faulty.fill_up()
    else:
        faulty.conn.execute("PRAGMA query_only = ON")
    seqs = [store.append(t, {"n": i, "pad": "x" * 3000}) for i in range(1, 20) for t in ("a", "b")]
    chat = store.add_chat({"text": "anyone?"})
    wait_until(lambda: len(calls.errors) >= 3)
    tried = faulty.attempts
    wait_until(lambda: faulty.attempts >= tried + 3)  # several retries: each table is still reported once
    assert sorted(t for t, _ in calls.errors) == ["", "a", "b"]
    assert all(("full" if fault == "disk full" else "readonly") in r for _, r in calls.errors)
    assert store.durable == before
    assert not store.flush(0.5)
    if fault == "disk full":
        faulty.make_room()
    else:
        faulty.conn.execute("PRAGMA query_only = OFF")
    wait_until(lambda: store.durable >= chat)
    assert calls.durable[-1] == chat and store.flush()
    store.close()
    store = SQLiteStore(db)
    logs = {log.table_id: log.entries for log in store.open_tables()}
    assert [e["n"] for e in logs["a"]] == list(range(20)) and len(logs["b"]) == 19
    assert store.lobby_chat() == [{"text": "anyone?"}]
    assert store.append("a", {}) > max(seqs)
    store.close()


def test_close_gives_up_on_a_failing_disk_after_its_timeout(db):
    faulty = Faulty()
    store = SQLiteStore(db, connect=faulty, retry_interval=0.02, close_timeout=0.3)
    faulty.fill_up()
    for i in range(10):
        store.append("a", {"pad": "x" * 5000})
    started = time.monotonic()
    store.close()
    assert time.monotonic() - started < 5
    with pytest.raises(StoreError):
        store.append("a", {})
    with pytest.raises(StoreError):
        store.open_tables()


# -- a killed process -------------------------------------------------------------

CHILD = textwrap.dedent("""
    import sys, time
    from ahoy_tui.store.sqlite import SQLiteStore
    store = SQLiteStore(sys.argv[1])
    last = 0
    for i in range(int(sys.argv[2])):
        last = store.append(f"t{i % 7}", {"n": i, "pad": "x" * 300})
        if i % 100 == 0:
            store.add_chat({"n": i})
    while store.durable < last:
        time.sleep(0.001)
    print("ok", flush=True)
    time.sleep(60)
""")


def test_what_is_durable_survives_kill_9(db):
    n = 2000
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(db), str(n)], stdout=subprocess.PIPE,
                             text=True, cwd=Path(__file__).resolve().parents[2])
    try:
        assert child.stdout.readline().strip() == "ok"
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    store = SQLiteStore(db)
    logs = store.open_tables()
    got = sorted(e["n"] for log in logs for e in log.entries)
    assert got == list(range(n)) and all(log.damage is None for log in logs)
    assert len(store.lobby_chat()) == n // 100
    store.close()

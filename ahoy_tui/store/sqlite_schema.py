"""The SQLite store's file: opening it, its schema (version 1) and how rows encode (docs/durability.md).

Tables::

    meta(key TEXT PRIMARY KEY, value)              -- "last_seq": highest sequence number written
    entries(seq INTEGER PRIMARY KEY, table_id, body)   -- one JSON object per table-log entry
    lobby_chat(seq INTEGER PRIMARY KEY, body)          -- the last LOBBY_CHAT_KEPT chat lines
    games(game_id PRIMARY KEY, finished, listing, record)  -- listing JSON; record zlib(JSONL)
    game_players(identity, finished, game_id)          -- who played what, for ``games_of``

``PRAGMA user_version`` holds the schema version; a newer one is refused.
Every function here raises ``sqlite3.Error`` as sqlite3 does unless it says
otherwise; :func:`open_writer` turns opening failures into ``StoreError``.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from pathlib import Path
from typing import Callable

from ahoy_tui.store.base import GameListing, StoreError, TableLog

SCHEMA_VERSION = 1
"""The ``PRAGMA user_version`` this code writes and reads."""

BUSY_TIMEOUT_MS = 5000
"""How long a connection waits for a lock held by another connection (ms)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS entries(seq INTEGER PRIMARY KEY, table_id TEXT NOT NULL, body TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS entries_by_table ON entries(table_id, seq);
CREATE TABLE IF NOT EXISTS lobby_chat(seq INTEGER PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games(game_id TEXT PRIMARY KEY, finished REAL NOT NULL,
                                 listing TEXT NOT NULL, record BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS games_by_finished ON games(finished);
CREATE TABLE IF NOT EXISTS game_players(identity TEXT NOT NULL, finished REAL NOT NULL,
                                        game_id TEXT NOT NULL,
                                        PRIMARY KEY(identity, finished, game_id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS game_players_by_game ON game_players(game_id);
"""

Connect = Callable[[Path], sqlite3.Connection]
"""Opens a connection to a path (tests pass one that opens read-only)."""


def default_connect(path: Path) -> sqlite3.Connection:
    """A connection in autocommit mode usable from any thread (callers serialise their use)."""
    return sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)


def open_writer(path: Path, connect: Connect = default_connect) -> sqlite3.Connection:
    """Open (creating if needed) the store at ``path`` for writing: WAL, synchronous=NORMAL, schema 1.

    A write is made here (the "opened" mark in ``meta``) so that a read-only
    file or directory fails now rather than at the first append.

    Raises:
        StoreError: the directory is missing, the file cannot be opened or
            written, it is not an SQLite database, or its schema is newer.
    """
    if not path.parent.is_dir():
        raise StoreError(f"store {path}: {path.parent} is not a directory")
    try:
        conn = connect(path)
    except sqlite3.Error as e:
        raise StoreError(f"store {path}: cannot open it ({e})") from None
    try:
        _prepare(conn, path)
    except BaseException:
        conn.close()
        raise
    return conn


def _prepare(conn: sqlite3.Connection, path: Path) -> None:
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.DatabaseError as e:
        raise StoreError(f"store {path}: not an SQLite database ({e})") from None
    if version > SCHEMA_VERSION:
        raise StoreError(f"store {path}: schema version {version} is newer than this Ahoy "
                         f"understands ({SCHEMA_VERSION}); use a newer Ahoy or another file")
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() != "wal":
            raise StoreError(f"store {path}: cannot use write-ahead logging (journal mode {mode})")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute("BEGIN IMMEDIATE")
        for statement in filter(str.strip, _SCHEMA.split(";")):
            conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("INSERT OR REPLACE INTO meta VALUES ('opened', julianday('now'))")
        conn.execute("COMMIT")
    except sqlite3.Error as e:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise StoreError(f"store {path}: cannot write to it ({e})") from None


def open_reader(path: Path) -> sqlite3.Connection:
    """A second, query-only connection for reads (the caller guards it with a lock).

    Raises:
        StoreError: it cannot be opened.
    """
    try:
        conn = default_connect(path)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA query_only = ON")
    except sqlite3.Error as e:
        raise StoreError(f"store {path}: cannot open it for reading ({e})") from None
    return conn


def last_seq(conn: sqlite3.Connection) -> int:
    """The highest sequence number ever written (0 for a new store)."""
    row = conn.execute(
        "SELECT max(coalesce((SELECT value FROM meta WHERE key = 'last_seq'), 0),"
        " coalesce((SELECT max(seq) FROM entries), 0),"
        " coalesce((SELECT max(seq) FROM lobby_chat), 0))").fetchone()
    return int(row[0])


def dumps(obj: object) -> str:
    """Compact JSON text of ``obj``.

    Raises:
        TypeError: ``obj`` holds something JSON cannot represent.
        ValueError: ``obj`` is circular.
    """
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def _decode(raw: bytes | str) -> object:
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    return json.loads(text)


def read_tables(conn: sqlite3.Connection) -> list[TableLog]:
    """Every logged table, oldest first, each up to its first entry that is not a JSON object."""
    logs: dict[str, list[dict]] = {}
    damage: dict[str, str] = {}
    rows = conn.execute("SELECT seq, table_id, CAST(body AS BLOB) FROM entries ORDER BY seq")
    for seq, table_id, raw in rows:
        entries = logs.setdefault(table_id, [])
        if table_id in damage:
            continue
        try:
            entry = _decode(raw)
        except (UnicodeDecodeError, ValueError) as e:
            damage[table_id] = f"entry {len(entries) + 1} (seq {seq}) is not JSON: {e}"
            continue
        if not isinstance(entry, dict):
            damage[table_id] = f"entry {len(entries) + 1} (seq {seq}) is not a JSON object"
            continue
        entries.append(entry)
    return [TableLog(tid, entries, damage.get(tid)) for tid, entries in logs.items()]


def read_chat(conn: sqlite3.Connection) -> list[dict]:
    """The kept lobby chat lines, oldest first; a line that is not a JSON object is left out."""
    lines = []
    for (raw,) in conn.execute("SELECT CAST(body AS BLOB) FROM lobby_chat ORDER BY seq"):
        try:
            line = _decode(raw)
        except (UnicodeDecodeError, ValueError):
            continue
        if isinstance(line, dict):
            lines.append(line)
    return lines


def listing_text(listing: GameListing) -> str:
    """``listing`` as the JSON kept in ``games.listing``."""
    d = {"game_id": listing.game_id, "game": listing.game, "table_name": listing.table_name,
         "finished": listing.finished, "names": listing.names,
         "identities": listing.identities, "places": listing.places, "totals": listing.totals}
    if any(listing.forfeits):
        d["forfeits"] = listing.forfeits
    return dumps(d)


def listing_of(text: str) -> GameListing:
    """The listing kept as ``text``.

    Raises:
        ValueError, KeyError, TypeError: the text is not a listing.
    """
    d = json.loads(text)
    return GameListing(d["game_id"], d["game"], d["table_name"], float(d["finished"]),
                       tuple(d["names"]), tuple(d["identities"]), tuple(d["places"]), tuple(d["totals"]),
                       tuple(d.get("forfeits", ())))


def pack_record(lines: str) -> bytes:
    """A record's JSONL text as kept in ``games.record`` (zlib, level 9)."""
    return zlib.compress(lines.encode("utf-8"), 9)


def unpack_record(blob: bytes) -> tuple[dict, ...]:
    """The record lines kept as ``blob``.

    Raises:
        zlib.error, ValueError: the blob is damaged.
    """
    return record_lines(zlib.decompress(blob).decode("utf-8"))


def record_lines(text: str) -> tuple[dict, ...]:
    """The record lines of JSONL ``text`` (fresh objects).

    Raises:
        ValueError: a line is not JSON.
    """
    return tuple(json.loads(line) for line in text.split("\n") if line)

"""``SQLiteStore``: the store contract in one SQLite file, written by one thread (docs/durability.md).

The queue, the writer thread and group commit are ``QueuedStore``'s
(``ahoy_tui.store.queued``): the writer owns the write connection and
writes each batch in one transaction. Reads use a second connection behind
a lock. :meth:`SQLiteStore.open_tables` and :meth:`SQLiteStore.lobby_chat`
are start-up reads: they flush first.
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Callable

from ahoy_tui.store import sqlite_schema as schema
from ahoy_tui.store.base import LOBBY_CHAT_KEPT, StoreError, TableLog
from ahoy_tui.store.queued import CLOSE_TIMEOUT, Op, QueuedStore


class SQLiteStore(QueuedStore):
    """A :class:`~ahoy_tui.store.base.TableStore` in the SQLite file ``path`` (see the module docstring).

    Args:
        path: The database file; its directory must exist. Created when missing.
        retry_interval: Seconds between attempts to write a batch that failed.
        close_timeout: Seconds :meth:`close` waits for queued writes.
        connect: Opens the write connection (tests inject faults through it).

    Raises:
        StoreError: the file cannot be opened or written, is not an SQLite
            database, or has a newer schema (one line, naming the file).
    """

    def __init__(self, path: Path | str, *, retry_interval: float = 1.0,
                 close_timeout: float = CLOSE_TIMEOUT,
                 connect: schema.Connect = schema.default_connect) -> None:
        self.path = Path(path)
        wconn = schema.open_writer(self.path, connect)
        try:
            self._rconn = schema.open_reader(self.path)
        except StoreError:
            wconn.close()
            raise
        self._wconn = wconn
        self._rlock = threading.Lock()
        self._closed = False
        super().__init__(str(self.path), schema.last_seq(wconn), retry_interval, close_timeout)
        self._writer.name = f"store-writer {self.path.name}"
        self._start_writer()

    # -- reads -------------------------------------------------------------

    def _read(self, fn: Callable[[sqlite3.Connection], object]) -> object:
        with self._rlock:
            if self._closed:
                raise StoreError(f"store {self.path}: it is closed")
            try:
                return fn(self._rconn)
            except sqlite3.Error as e:
                raise StoreError(f"store {self.path}: cannot read it ({e})") from None

    def open_tables(self) -> list[TableLog]:
        """Every table logged and not dropped, oldest first (a start-up read: flushes first).

        Raises:
            StoreError: the file cannot be read or the store is closed.
        """
        self.flush()
        return self._read(schema.read_tables)  # type: ignore[return-value]

    def lobby_chat(self) -> list[dict]:
        """The kept lobby chat lines, oldest first (a start-up read: flushes first).

        Raises:
            StoreError: the file cannot be read or the store is closed.
        """
        self.flush()
        return self._read(schema.read_chat)  # type: ignore[return-value]

    def _listing_texts(self, identity: str, limit: int) -> list[str]:
        rows = self._read(lambda c: c.execute(
            "SELECT g.listing FROM game_players p JOIN games g ON g.game_id = p.game_id"
            " WHERE p.identity = ? ORDER BY p.finished DESC LIMIT ?", (identity, limit)).fetchall())
        return [text for (text,) in rows]  # type: ignore[union-attr]

    def _read_archived(self, game_id: str) -> tuple[str, bytes] | None:
        return self._read(lambda c: c.execute(  # type: ignore[return-value]
            "SELECT listing, record FROM games WHERE game_id = ?", (game_id,)).fetchone())

    def _read_finished(self) -> list[tuple[str, float]]:
        return self._read(lambda c: c.execute("SELECT game_id, finished FROM games").fetchall())  # type: ignore[return-value]

    def _release(self) -> None:
        self._wconn.close()
        with self._rlock:
            self._closed = True
            self._rconn.close()

    # -- the writer thread -------------------------------------------------

    def _write(self, batch: list[Op], retry: bool) -> set[str]:
        """Write ``batch`` in one transaction (all or nothing); SQLite refuses no table."""
        c = self._wconn
        c.execute("BEGIN IMMEDIATE")
        try:
            chat = False
            rows: list[tuple[int, str, str]] = []  # a run of entries, written with one executemany
            for op in batch:
                if op.kind == "entry":
                    rows.append((op.seq, op.table_id, op.text))
                    continue
                if rows:
                    c.executemany("INSERT INTO entries VALUES (?, ?, ?)", rows)
                    rows = []
                if op.kind == "drop":
                    c.execute("DELETE FROM entries WHERE table_id = ?", (op.table_id,))
                elif op.kind == "chat":
                    c.execute("INSERT INTO lobby_chat VALUES (?, ?)", (op.seq, op.text))
                    chat = True
                elif op.kind == "game":
                    self._write_game(op)
                elif op.kind == "forget":
                    for game_id in op.game_ids:
                        c.execute("DELETE FROM games WHERE game_id = ?", (game_id,))
                        c.execute("DELETE FROM game_players WHERE game_id = ?", (game_id,))
            if rows:
                c.executemany("INSERT INTO entries VALUES (?, ?, ?)", rows)
            if chat:
                c.execute("DELETE FROM lobby_chat WHERE seq <= (SELECT seq FROM lobby_chat"
                          " ORDER BY seq DESC LIMIT 1 OFFSET ?)", (LOBBY_CHAT_KEPT,))
            c.execute("INSERT OR REPLACE INTO meta VALUES ('last_seq', ?)", (batch[-1].seq,))
            c.execute("COMMIT")
            return set()
        except BaseException:
            if c.in_transaction:
                try:
                    c.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            raise

    def _write_game(self, op: Op) -> None:
        c, g = self._wconn, op.game
        c.execute("DELETE FROM game_players WHERE game_id = ?", (g.game_id,))
        c.execute("INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?)",
                  (g.game_id, g.finished, schema.listing_text(g), schema.pack_record(op.text)))
        c.executemany("INSERT OR IGNORE INTO game_players VALUES (?, ?, ?)",
                      [(i, g.finished, g.game_id) for i in set(g.identities) if i is not None])

"""``SQLiteStore``: the store contract in one SQLite file, written by one thread (docs/durability.md).

The caller's thread (the lobby's event loop) never touches the disk to
write: :meth:`SQLiteStore.append` turns the entry into JSON text, gives it
the next sequence number and queues it. One writer thread owns the write
connection; each time it wakes it takes *everything* queued and writes it
in one transaction (group commit), then advances :attr:`durable` and calls
``on_durable`` once. When a write fails (disk full, read-only, I/O error)
the writer keeps the batch, calls ``on_error`` once per table it holds,
and tries the same batch again every ``retry_interval`` seconds;
:attr:`durable` never passes a sequence number that is not written.

Reads use a second connection behind a lock. Finished games are
read-your-writes: :meth:`archived` and :meth:`games_of` see games queued
but not yet written (and not those pruned). :meth:`open_tables` and
:meth:`lobby_chat` are start-up reads: they flush first.
"""

from __future__ import annotations

import sqlite3
import threading
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ahoy_tui.store import sqlite_schema as schema
from ahoy_tui.store.base import LOBBY_CHAT_KEPT, ArchivedGame, GameListing, StoreError, TableLog
from ahoy_tui.store.sqlite_schema import dumps

CLOSE_TIMEOUT = 10.0
"""Seconds :meth:`SQLiteStore.close` waits for queued writes before giving them up."""


@dataclass(slots=True)
class _Op:
    """One queued write. ``kind``: entry, drop, chat, game or forget."""

    kind: str
    seq: int
    table_id: str = ""
    text: str = ""
    game: GameListing | None = None
    game_ids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class _Pending:
    """A game queued to be archived (``listing`` set) or forgotten (None), by the op ``seq``."""

    seq: int
    listing: GameListing | None
    record: str = ""


class SQLiteStore:
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
        self.retry_interval = retry_interval
        self.close_timeout = close_timeout
        self._wconn = schema.open_writer(self.path, connect)
        try:
            self._rconn = schema.open_reader(self.path)
        except StoreError:
            self._wconn.close()
            raise
        self._rlock = threading.Lock()
        self._cond = threading.Condition()
        self._queue: deque[_Op] = deque()
        self._games: dict[str, _Pending] = {}
        self._seq = schema.last_seq(self._wconn)
        self._durable = self._seq
        self._failing: set[str] = set()
        self._stalled = False
        self._closing = False
        self._abandon = False
        self._closed = False
        self._on_durable: Callable[[], None] = lambda: None
        self._on_error: Callable[[str, str], None] = lambda table_id, reason: None
        self._writer = threading.Thread(target=self._run, name=f"store-writer {self.path.name}", daemon=True)
        self._writer.start()

    # -- the caller's side -------------------------------------------------

    def listen(self, on_durable: Callable[[], None], on_error: Callable[[str, str], None]) -> None:
        """Set the callbacks (called from the writer thread; see ``TableStore.listen``)."""
        self._on_durable = on_durable
        self._on_error = on_error

    @property
    def durable(self) -> int:
        """The highest sequence number written for good (every lower one is too)."""
        return self._durable

    def _queue_op(self, op: _Op) -> int:
        """Give ``op`` the next sequence number and queue it (under the lock, so the queue is in order)."""
        with self._cond:
            if self._closing:
                raise StoreError(f"store {self.path}: it is closed")
            self._seq += 1
            op.seq = self._seq
            if op.kind == "game":
                self._games[op.game.game_id] = _Pending(op.seq, op.game, op.text)
            elif op.kind == "forget":
                for game_id in op.game_ids:
                    self._games[game_id] = _Pending(op.seq, None)
            self._queue.append(op)
            self._cond.notify_all()
            return op.seq

    def append(self, table_id: str, entry: dict) -> int:
        """Queue ``entry`` on ``table_id``'s log; returns its sequence number. Never blocks on the disk.

        Raises:
            TypeError: ``entry`` is not JSON-serialisable (raised here, on the caller's thread).
            StoreError: the store is closed.
        """
        return self._queue_op(_Op("entry", 0, table_id, dumps(entry)))

    def drop(self, table_id: str) -> None:
        """Queue forgetting ``table_id``'s log (its entries go in the same transaction order).

        Raises:
            StoreError: the store is closed.
        """
        self._queue_op(_Op("drop", 0, table_id))

    def add_chat(self, entry: dict) -> int:
        """Queue one lobby chat line; the last ``LOBBY_CHAT_KEPT`` are kept.

        Raises:
            TypeError: ``entry`` is not JSON-serialisable.
            StoreError: the store is closed.
        """
        return self._queue_op(_Op("chat", 0, "", dumps(entry)))

    def archive(self, game: ArchivedGame) -> None:
        """Queue keeping ``game`` (replacing one with the same id); readable at once.

        Raises:
            TypeError: a record line is not JSON-serialisable.
            StoreError: the store is closed.
        """
        record = "\n".join(dumps(line) for line in game.record)
        self._queue_op(_Op("game", 0, "", record, game=game.listing))

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

    def _pending_games(self) -> dict[str, _Pending]:
        with self._cond:
            return dict(self._games)

    def games_of(self, identity: str, limit: int = 50) -> list[GameListing]:
        """The newest ``limit`` archived games ``identity`` played in, newest first.

        A listing that cannot be decoded is left out.

        Raises:
            StoreError: the file cannot be read or the store is closed.
        """
        if limit <= 0:
            return []
        pending = self._pending_games()  # before the read: a game the writer moves is seen twice, not lost
        rows = self._read(lambda c: c.execute(
            "SELECT g.listing FROM game_players p JOIN games g ON g.game_id = p.game_id"
            " WHERE p.identity = ? ORDER BY p.finished DESC LIMIT ?",
            (identity, limit + len(pending))).fetchall())
        found: dict[str, GameListing] = {}
        for (text,) in rows:
            try:
                listing = schema.listing_of(text)
            except (ValueError, KeyError, TypeError):
                continue
            if listing.game_id not in pending:
                found[listing.game_id] = listing
        for game_id, p in pending.items():
            if p.listing is not None and identity in p.listing.identities:
                found[game_id] = p.listing
        return sorted(found.values(), key=lambda g: g.finished, reverse=True)[:limit]

    def archived(self, game_id: str) -> ArchivedGame | None:
        """One archived game (queued ones included), or None.

        Raises:
            StoreError: the file cannot be read, the game's row is damaged, or the store is closed.
        """
        p = self._pending_games().get(game_id)
        if p is not None:
            if p.listing is None:
                return None
            return ArchivedGame(p.listing, schema.record_lines(p.record))
        row = self._read(lambda c: c.execute(
            "SELECT listing, record FROM games WHERE game_id = ?", (game_id,)).fetchone())
        if row is None:
            return None
        try:
            return ArchivedGame(schema.listing_of(row[0]), schema.unpack_record(row[1]))
        except Exception as e:  # zlib.error, ValueError, KeyError, TypeError
            raise StoreError(f"store {self.path}: archived game {game_id} is damaged ({e})") from None

    def prune(self, now: float, keep_seconds: float | None, keep_count: int | None) -> int:
        """Forget archived games finished before ``now - keep_seconds`` (wall-clock s) or beyond
        the newest ``keep_count`` (None: no such limit); returns how many went.

        Decided here from what is written and queued; the deletion is queued like an append.

        Raises:
            StoreError: the file cannot be read or the store is closed.
        """
        pending = self._pending_games()
        rows = self._read(lambda c: c.execute("SELECT game_id, finished FROM games").fetchall())
        finished = {gid: f for gid, f in rows if gid not in pending}  # type: ignore[union-attr]
        finished.update({gid: p.listing.finished for gid, p in pending.items() if p.listing is not None})
        newest = sorted(finished.items(), key=lambda kv: kv[1], reverse=True)
        gone = tuple(gid for i, (gid, f) in enumerate(newest)
                     if (keep_count is not None and i >= keep_count)
                     or (keep_seconds is not None and f < now - keep_seconds))
        if gone:
            self._queue_op(_Op("forget", 0, game_ids=gone))
        return len(gone)

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait up to ``timeout`` s until everything queued is written or a write has failed;
        True when nothing is pending."""
        with self._cond:
            self._cond.wait_for(lambda: self._durable >= self._seq or self._stalled or self._abandon,
                                timeout=timeout)
            return self._durable >= self._seq

    def close(self) -> None:
        """Write what is queued (waiting up to ``close_timeout`` s), stop the writer and close the
        file. Later writes and reads raise ``StoreError``; a second call does nothing."""
        with self._cond:
            if self._closing:
                return
            self._closing = True
            self._cond.notify_all()
        self._writer.join(self.close_timeout)
        with self._cond:
            self._abandon = True
            self._cond.notify_all()
        self._writer.join()
        with self._rlock:
            self._closed = True
            self._rconn.close()

    # -- the writer thread -------------------------------------------------

    def _run(self) -> None:
        held: list[_Op] = []
        while True:
            with self._cond:
                if held:
                    self._cond.wait_for(lambda: self._abandon, timeout=self.retry_interval)
                else:
                    self._cond.wait_for(lambda: self._queue or self._closing)
                if self._abandon or (self._closing and not held and not self._queue):
                    break
                batch = held + list(self._queue)
                self._queue.clear()
            try:
                self._write(batch)
            except Exception as e:  # sqlite3.Error mostly; the writer must not die
                held = batch
                self._failed(batch, e)
                continue
            held = []
            self._written(batch)
        self._wconn.close()

    def _write(self, batch: list[_Op]) -> None:
        """Write ``batch`` in one transaction (all or nothing)."""
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
        except BaseException:
            if c.in_transaction:
                try:
                    c.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            raise

    def _write_game(self, op: _Op) -> None:
        c, g = self._wconn, op.game
        c.execute("DELETE FROM game_players WHERE game_id = ?", (g.game_id,))
        c.execute("INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?)",
                  (g.game_id, g.finished, schema.listing_text(g), schema.pack_record(op.text)))
        c.executemany("INSERT OR IGNORE INTO game_players VALUES (?, ?, ?)",
                      [(i, g.finished, g.game_id) for i in set(g.identities) if i is not None])

    def _failed(self, batch: list[_Op], error: Exception) -> None:
        """Tell ``on_error`` once per table newly held back, and wake ``flush`` callers."""
        reason = f"store {self.path}: cannot write ({error}); retrying every {self.retry_interval:g} s"
        tables = dict.fromkeys(op.table_id if op.kind in ("entry", "drop") else "" for op in batch)
        new = [t for t in tables if t not in self._failing]
        with self._cond:
            self._failing.update(new)
            self._stalled = True
            self._cond.notify_all()
        for table_id in new:
            try:
                self._on_error(table_id, reason)
            except Exception:
                pass

    def _written(self, batch: list[_Op]) -> None:
        """Advance ``durable`` past ``batch``, drop its games from the pending ones, call ``on_durable``."""
        with self._cond:
            self._durable = batch[-1].seq
            self._failing.clear()
            self._stalled = False
            for op in batch:
                for game_id in (op.game.game_id,) if op.kind == "game" else op.game_ids:
                    p = self._games.get(game_id)
                    if p is not None and p.seq == op.seq:
                        del self._games[game_id]
            self._cond.notify_all()
        try:
            self._on_durable()
        except Exception:
            pass

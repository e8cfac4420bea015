"""``QueuedStore``: the caller's side and the writer thread shared by the SQLite and Redis stores.

The caller's thread (the lobby's event loop) never waits for a write:
:meth:`QueuedStore.append` turns the entry into JSON text, gives it the next
sequence number and queues it. One writer thread takes *everything* queued
each time it wakes and hands it to the subclass's ``_write`` as one batch
(group commit), then advances :attr:`durable` and calls ``on_durable`` once.
When a write fails the writer keeps the batch, calls ``on_error`` once per
table it holds, and tries again every ``retry_interval`` seconds;
:attr:`durable` never passes a sequence number that is not written.

A batch's write may also *refuse* some tables (the Redis store's fencing:
another worker owns them now). Their entries are not written and not
retried; ``on_error(table_id, LEASE_LOST)`` is called once and
:attr:`durable` moves past them.

Finished games are read-your-writes: :meth:`archived` and :meth:`games_of`
see games queued but not yet written (and not those pruned).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Callable

from ahoy_tui.store import sqlite_schema as codec
from ahoy_tui.store.base import LEASE_LOST, ArchivedGame, GameListing, StoreError

CLOSE_TIMEOUT = 10.0
"""Seconds ``close`` waits for queued writes before giving them up."""


@dataclass(slots=True)
class Op:
    """One queued write. ``kind``: entry, drop, chat, game or forget; ``epoch``: the table's
    lease epoch when it was queued (0: not fenced)."""

    kind: str
    seq: int
    table_id: str = ""
    text: str = ""
    game: GameListing | None = None
    game_ids: tuple[str, ...] = ()
    epoch: int = 0


@dataclass(frozen=True, slots=True)
class _Pending:
    """A game queued to be archived (``listing`` set) or forgotten (None), by the op ``seq``."""

    seq: int
    listing: GameListing | None
    record: str = ""


class QueuedStore:
    """The queue, the writer thread and the archive's pending games (see the module docstring).

    Subclasses implement ``_write``, ``_listing_texts``, ``_read_archived``,
    ``_read_finished``, ``_release`` and the start-up reads, then call
    ``_start_writer``.

    Args:
        name: Names the store in error lines (``store {name}: ...``).
        last_seq: The highest sequence number already handed out.
        retry_interval: Seconds between attempts to write a batch that failed.
        close_timeout: Seconds :meth:`close` waits for queued writes.
    """

    def __init__(self, name: str, last_seq: int, retry_interval: float, close_timeout: float) -> None:
        self.name = name
        self.retry_interval = retry_interval
        self.close_timeout = close_timeout
        self._cond = threading.Condition()
        self._queue: deque[Op] = deque()
        self._games: dict[str, _Pending] = {}
        self._seq = last_seq
        self._durable = last_seq
        self._failing: set[str] = set()
        self._lost: set[str] = set()
        self._stalled = False
        self._closing = False
        self._abandon = False
        self._on_durable: Callable[[], None] = lambda: None
        self._on_error: Callable[[str, str], None] = lambda table_id, reason: None
        self._writer = threading.Thread(target=self._run, name=f"store-writer {name}", daemon=True)
        self.on_batch: Callable[[int, float], None] | None = None
        """Called by the writer thread after each batch written: ``(ops, seconds)`` (the host's metrics)."""
        self.write_errors = 0
        """Batches whose write failed (each is retried)."""

    def _start_writer(self) -> None:
        self._writer.start()

    # -- the caller's side -------------------------------------------------

    def listen(self, on_durable: Callable[[], None], on_error: Callable[[str, str], None]) -> None:
        """Set the callbacks (called from the writer thread; see ``TableStore.listen``)."""
        self._on_durable = on_durable
        self._on_error = on_error

    @property
    def queued(self) -> int:
        """Writes queued or being written, not yet written for good (ops; the host's metrics)."""
        return self._seq - self._durable

    @property
    def durable(self) -> int:
        """The highest sequence number written for good (every lower one is too)."""
        return self._durable

    def _epoch(self, table_id: str) -> int:
        """The lease epoch ``table_id``'s writes carry now (0: not fenced)."""
        return 0

    def _queue_op(self, op: Op) -> int:
        """Give ``op`` the next sequence number and queue it (under the lock, so the queue is in order)."""
        with self._cond:
            if self._closing:
                raise StoreError(f"store {self.name}: it is closed")
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
        """Queue ``entry`` on ``table_id``'s log; returns its sequence number. Never blocks.

        Raises:
            TypeError: ``entry`` is not JSON-serialisable (raised here, on the caller's thread).
            StoreError: the store is closed.
        """
        return self._queue_op(Op("entry", 0, table_id, codec.dumps(entry), epoch=self._epoch(table_id)))

    def drop(self, table_id: str) -> None:
        """Queue forgetting ``table_id``'s log (in order with its appends).

        Raises:
            StoreError: the store is closed.
        """
        self._queue_op(Op("drop", 0, table_id, epoch=self._epoch(table_id)))

    def add_chat(self, entry: dict) -> int:
        """Queue one lobby chat line; the last ``LOBBY_CHAT_KEPT`` are kept.

        Raises:
            TypeError: ``entry`` is not JSON-serialisable.
            StoreError: the store is closed.
        """
        return self._queue_op(Op("chat", 0, "", codec.dumps(entry)))

    def archive(self, game: ArchivedGame) -> None:
        """Queue keeping ``game`` (replacing one with the same id); readable at once.

        Raises:
            TypeError: a record line is not JSON-serialisable.
            StoreError: the store is closed.
        """
        record = "\n".join(codec.dumps(line) for line in game.record)
        self._queue_op(Op("game", 0, "", record, game=game.listing))

    # -- the archive (read-your-writes) --------------------------------------

    def _pending_games(self) -> dict[str, _Pending]:
        with self._cond:
            return dict(self._games)

    def _listing_texts(self, identity: str, limit: int) -> list[str]:
        """The written listings (JSON text) of ``identity``'s newest ``limit`` games."""
        raise NotImplementedError

    def _read_archived(self, game_id: str) -> tuple[str, bytes] | None:
        """The written listing text and packed record of ``game_id``, or None."""
        raise NotImplementedError

    def _read_finished(self) -> list[tuple[str, float]]:
        """Every written game's id and finish time."""
        raise NotImplementedError

    def games_of(self, identity: str, limit: int = 50) -> list[GameListing]:
        """The newest ``limit`` archived games ``identity`` played in, newest first.

        A listing that cannot be decoded is left out.

        Raises:
            StoreError: the store cannot be read or is closed.
        """
        if limit <= 0:
            return []
        pending = self._pending_games()  # before the read: a game the writer moves is seen twice, not lost
        found: dict[str, GameListing] = {}
        for text in self._listing_texts(identity, limit + len(pending)):
            try:
                listing = codec.listing_of(text)
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
            StoreError: the store cannot be read, the game is damaged, or the store is closed.
        """
        p = self._pending_games().get(game_id)
        if p is not None:
            if p.listing is None:
                return None
            return ArchivedGame(p.listing, codec.record_lines(p.record))
        row = self._read_archived(game_id)
        if row is None:
            return None
        try:
            return ArchivedGame(codec.listing_of(row[0]), codec.unpack_record(row[1]))
        except Exception as e:  # zlib.error, ValueError, KeyError, TypeError
            raise StoreError(f"store {self.name}: archived game {game_id} is damaged ({e})") from None

    def prune(self, now: float, keep_seconds: float | None, keep_count: int | None) -> int:
        """Forget archived games finished before ``now - keep_seconds`` (wall-clock s) or beyond
        the newest ``keep_count`` (None: no such limit); returns how many went.

        Decided here from what is written and queued; the deletion is queued like an append.

        Raises:
            StoreError: the store cannot be read or is closed.
        """
        pending = self._pending_games()
        finished = {gid: f for gid, f in self._read_finished() if gid not in pending}
        finished.update({gid: p.listing.finished for gid, p in pending.items() if p.listing is not None})
        newest = sorted(finished.items(), key=lambda kv: kv[1], reverse=True)
        gone = tuple(gid for i, (gid, f) in enumerate(newest)
                     if (keep_count is not None and i >= keep_count)
                     or (keep_seconds is not None and f < now - keep_seconds))
        if gone:
            self._queue_op(Op("forget", 0, game_ids=gone))
        return len(gone)

    # -- flush and close ------------------------------------------------------

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait up to ``timeout`` s until everything queued is written or a write has failed;
        True when nothing is pending."""
        with self._cond:
            self._cond.wait_for(lambda: self._durable >= self._seq or self._stalled or self._abandon,
                                timeout=timeout)
            return self._durable >= self._seq

    def _release(self) -> None:
        """Let go of the connections (after the writer stopped)."""
        raise NotImplementedError

    def close(self) -> None:
        """Write what is queued (waiting up to ``close_timeout`` s), stop the writer and let go of
        the connections. Later writes and reads raise ``StoreError``; a second call does nothing."""
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
        self._release()

    # -- the writer thread -------------------------------------------------

    def _write(self, batch: list[Op], retry: bool) -> set[str]:
        """Write ``batch`` all or nothing; returns the tables whose writes were refused (fenced).
        ``retry``: the batch (or its start) failed before and may have gone in."""
        raise NotImplementedError

    def _run(self) -> None:
        held: list[Op] = []
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
            started = time.perf_counter()
            try:
                refused = self._write(batch, bool(held))
            except Exception as e:  # the store's own errors mostly; the writer must not die
                held = batch
                self.write_errors += 1
                self._failed(batch, e)
                continue
            held = []
            if self.on_batch is not None:
                try:
                    self.on_batch(len(batch), time.perf_counter() - started)
                except Exception:  # noqa: BLE001 - a metric must not stop the writer
                    pass
            self._written(batch, refused)

    def _failed(self, batch: list[Op], error: Exception) -> None:
        """Tell ``on_error`` once per table newly held back, and wake ``flush`` callers."""
        reason = f"store {self.name}: cannot write ({error}); retrying every {self.retry_interval:g} s"
        tables = dict.fromkeys(op.table_id if op.kind in ("entry", "drop") else "" for op in batch)
        new = [t for t in tables if t not in self._failing]
        with self._cond:
            self._failing.update(new)
            self._stalled = True
            self._cond.notify_all()
        for table_id in new:
            self._tell_error(table_id, reason)

    def _tell_error(self, table_id: str, reason: str) -> None:
        try:
            self._on_error(table_id, reason)
        except Exception:
            pass

    def _written(self, batch: list[Op], refused: set[str]) -> None:
        """Report newly refused tables, advance ``durable`` past ``batch``, drop its games from
        the pending ones, call ``on_durable``."""
        for table_id in refused - self._lost:
            self._tell_error(table_id, LEASE_LOST)
        with self._cond:
            self._lost |= refused
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

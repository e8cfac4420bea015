"""``RedisStore``: the store contract in Redis, shared by every worker (docs/durability.md, "Redis").

Keys are named in ``ahoy_tui.store.redis_keys``: one Stream per table log, the
lobby chat a capped Stream, the archive in hashes and sorted sets. The
queue and the writer thread are ``QueuedStore``'s: ``append`` never waits
for Redis; the writer sends each batch as one ``MULTI``/``EXEC``
transaction (a pipeline, one round trip) through a synchronous redis-py
client of its own.

Fencing: :meth:`RedisStore.fence` sets the lease epoch a table's writes
carry; a Lua script refuses them when ``ahoy:epoch:{table_id}`` is higher
(another worker took the table), and the store calls ``on_error(table_id,
LEASE_LOST)`` once, without retrying.

Exactly once: every transaction also sets ``ahoy:written:{store_id}`` to
its last sequence number. When a write fails (Redis restarting, the
connection cut) the batch is kept and retried every ``retry_interval``
seconds; before a retry the writer reads that key and leaves out what
already went in, so a reply lost after ``EXEC`` never writes an entry twice.
Durability is Redis's: run it with ``appendonly yes`` (docs/deploy.md).
"""

from __future__ import annotations

import json
import threading
import uuid

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from ahoy_tui.store import redis_keys as keys
from ahoy_tui.store import redis_scripts as lua
from ahoy_tui.store import sqlite_schema as codec
from ahoy_tui.store.base import LOBBY_CHAT_KEPT, StoreError, TableLog
from ahoy_tui.store.queued import CLOSE_TIMEOUT, Op, QueuedStore

WRITTEN_TTL = 86400
"""Seconds ``ahoy:written:{store_id}`` outlives the store's last write."""

SOCKET_TIMEOUT = 5.0
"""Seconds a Redis command may take before the connection counts as lost."""


def connect(url: str, retries: bool = True) -> redis.Redis:
    """A synchronous client for ``url`` (``redis://``, ``rediss://``, ``unix://``), checked with PING.

    Args:
        retries: redis-py's own retries on a lost connection (off for the writer,
            which must know whether a transaction was sent once).

    Raises:
        StoreError: Redis cannot be reached or refuses (one line naming the URL).
    """
    extra = {} if retries else {"retry": Retry(NoBackoff(), 0)}
    try:
        client = redis.Redis.from_url(url, socket_timeout=SOCKET_TIMEOUT, socket_connect_timeout=SOCKET_TIMEOUT,
                                      **extra)
        client.ping()
    except (redis.RedisError, OSError, ValueError) as e:
        raise StoreError(f"redis {url}: cannot connect ({e})") from None
    return client


class RedisStore(QueuedStore):
    """A :class:`~ahoy_tui.store.base.TableStore` in the Redis at ``url`` (see the module docstring).

    Args:
        url: The Redis URL.
        retry_interval: Seconds between attempts to write a batch that failed.
        close_timeout: Seconds :meth:`close` waits for queued writes.

    Raises:
        StoreError: Redis cannot be reached.
    """

    def __init__(self, url: str, *, retry_interval: float = 0.5, close_timeout: float = CLOSE_TIMEOUT) -> None:
        self.url = url
        self.store_id = uuid.uuid4().hex
        self._reader = connect(url)
        self._wclient = connect(url, retries=False)
        self._epochs: dict[str, int] = {}
        self._elock = threading.Lock()
        self._closed = False
        try:
            last = int(self._reader.zscore(keys.SEQ, "max") or 0)
        except redis.RedisError as e:
            raise StoreError(f"redis {url}: cannot read ({e})") from None
        super().__init__(url, last, retry_interval, close_timeout)
        self._start_writer()

    # -- fencing -------------------------------------------------------------

    def fence(self, table_id: str, epoch: int) -> None:
        """From now on ``table_id``'s writes carry lease ``epoch`` (``ahoy_tui.cluster.lease``);
        Redis refuses them once another worker holds a higher one. Loop thread only."""
        with self._elock:
            self._epochs[table_id] = epoch
        with self._cond:
            self._lost.discard(table_id)

    def unfence(self, table_id: str) -> None:
        """Forget ``table_id``'s epoch (the table was let go)."""
        with self._elock:
            self._epochs.pop(table_id, None)

    def _epoch(self, table_id: str) -> int:
        with self._elock:
            return self._epochs.get(table_id, 0)

    # -- reads -------------------------------------------------------------

    def _read(self, fn):  # noqa: ANN001, ANN202 - fn(client) -> anything
        if self._closed:
            raise StoreError(f"store {self.url}: it is closed")
        try:
            return fn(self._reader)
        except redis.RedisError as e:
            raise StoreError(f"store {self.url}: cannot read ({e})") from None

    def table_ids(self) -> list[str]:
        """The ids of every table with a log, oldest first (no flush: what Redis holds now).

        Raises:
            StoreError: Redis cannot be read.
        """
        return [t.decode() for t in self._read(lambda r: r.zrange(keys.LOGS, 0, -1))]

    def read_log(self, table_id: str) -> TableLog:
        """``table_id``'s log as Redis holds it now, up to its first entry that is not a JSON object.

        Raises:
            StoreError: Redis cannot be read.
        """
        entries: list[dict] = []
        damage = None
        for stream_id, fields in self._read(lambda r: r.xrange(keys.log(table_id))):
            try:
                entry = json.loads(fields[b"e"].decode("utf-8"))
            except (KeyError, UnicodeDecodeError, ValueError) as e:
                entry = e
            if not isinstance(entry, dict):
                damage = f"entry {len(entries) + 1} ({stream_id.decode()}) is not a JSON object"
                break
            entries.append(entry)
        return TableLog(table_id, entries, damage)

    def open_tables(self) -> list[TableLog]:
        """Every table logged and not dropped, oldest first (a start-up read: flushes first).

        Raises:
            StoreError: Redis cannot be read or the store is closed.
        """
        self.flush()
        return [self.read_log(t) for t in self.table_ids()]

    def lobby_chat(self) -> list[dict]:
        """The kept lobby chat lines, oldest first (flushes first); a bad line is left out.

        Raises:
            StoreError: Redis cannot be read or the store is closed.
        """
        self.flush()
        lines = []
        for _, fields in self._read(lambda r: r.xrange(keys.CHAT)):
            try:
                line = json.loads(fields[b"e"].decode("utf-8"))
            except (KeyError, UnicodeDecodeError, ValueError):
                continue
            if isinstance(line, dict):
                lines.append(line)
        return lines

    def _listing_texts(self, identity: str, limit: int) -> list[str]:
        def read(r: redis.Redis) -> list:
            ids = r.zrevrange(keys.games_of(identity), 0, limit - 1)
            pipe = r.pipeline(transaction=False)
            for gid in ids:
                pipe.hget(keys.game(gid.decode()), "listing")
            return pipe.execute() if ids else []
        return [t.decode("utf-8") for t in self._read(read) if t is not None]

    def _read_archived(self, game_id: str) -> tuple[str, bytes] | None:
        listing, record = self._read(lambda r: r.hmget(keys.game(game_id), "listing", "record"))
        if listing is None or record is None:
            return None
        return listing.decode("utf-8"), record

    def _read_finished(self) -> list[tuple[str, float]]:
        return [(g.decode(), f) for g, f in self._read(lambda r: r.zrange(keys.GAMES, 0, -1, withscores=True))]

    def _release(self) -> None:
        self._closed = True
        self._reader.close()
        self._wclient.close()

    # -- the writer thread -------------------------------------------------

    def _write(self, batch: list[Op], retry: bool) -> set[str]:
        """Send ``batch`` as one transaction; returns the tables Redis refused (fenced)."""
        if retry:
            done = int(self._wclient.get(keys.written(self.store_id)) or 0)
            batch = [op for op in batch if op.seq > done]
            if not batch:
                return set()
        pipe = self._wclient.pipeline(transaction=True)
        fenced: list[tuple[str, int]] = []
        for op in _runs(batch, pipe, fenced):
            _queue_other(pipe, op)
        pipe.zadd(keys.SEQ, {"max": batch[-1].seq}, gt=True)
        pipe.set(keys.written(self.store_id), batch[-1].seq, ex=WRITTEN_TTL)
        results = pipe.execute(raise_on_error=False)
        for r in results:
            if isinstance(r, Exception):
                raise r
        return {t for (t, epoch), ok in zip(fenced, results)
                if t and ok == 0 and self._epoch(t) <= epoch}  # not refusals of an epoch since replaced


def _runs(batch: list[Op], pipe, fenced: list[tuple[str, int]]):  # noqa: ANN001, ANN202
    """Queue the fenced writes of ``batch`` and yield the other ops in order.

    One table's entries (with one epoch) become one script call, sent before any drop of
    that table and otherwise at the end, so each table's log keeps its order. ``fenced``
    gets the table and epoch of each reply, ``("", 0)`` for the other ops' replies.
    """
    runs: dict[tuple[str, int], list[Op]] = {}

    def send(key: tuple[str, int]) -> None:
        run = runs.pop(key)
        pipe.eval(lua.APPEND, 3, keys.log(key[0]), keys.epoch(key[0]), keys.LOGS,
                  key[1], key[0], run[0].seq, *(op.text for op in run))
        fenced.append(key)

    for op in batch:
        if op.kind == "entry":
            runs.setdefault((op.table_id, op.epoch), []).append(op)
        elif op.kind == "drop":
            for key in [k for k in runs if k[0] == op.table_id]:
                send(key)
            pipe.eval(lua.DROP, 3, keys.log(op.table_id), keys.epoch(op.table_id), keys.LOGS,
                      op.epoch, op.table_id)
            fenced.append((op.table_id, op.epoch))
        else:
            fenced.append(("", 0))
            yield op
    for key in list(runs):
        send(key)


def _queue_other(pipe, op: Op) -> None:  # noqa: ANN001
    """Queue a chat line, an archived game or a forget on ``pipe`` (one reply each)."""
    if op.kind == "chat":
        pipe.xadd(keys.CHAT, {"e": op.text}, maxlen=LOBBY_CHAT_KEPT, approximate=False)
    elif op.kind == "game":
        g = op.game
        pipe.eval(lua.ARCHIVE, 0, keys.PREFIX, g.game_id, g.finished, codec.listing_text(g),
                  codec.pack_record(op.text), *sorted({i for i in g.identities if i is not None}))
    elif op.kind == "forget":
        pipe.eval(lua.FORGET, 0, keys.PREFIX, *op.game_ids)

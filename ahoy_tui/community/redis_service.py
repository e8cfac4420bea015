"""``RedisCommunity``: ratings, stats and leaderboards kept in the cluster's Redis (docs/community.md).

The same :class:`~ahoy_tui.community.service.Community` (its writer thread,
futures and reads) over :mod:`ahoy_tui.community.redis_tables` instead of
SQLite, so every worker of a cluster reads the same boards and profiles.
A game counted while Redis is away waits on the writer thread until Redis is
back (as the store's writes do). Only a table's owner hands its finished games over (``Lobby.finished``, or
the worker that adopted the table, when it replays a finished game); the
``counted`` marker makes a second hand-over, from any worker, change nothing.
"""

from __future__ import annotations

import logging
import time

import redis

from ahoy_tui.community import redis_tables
from ahoy_tui.community.rating import Change
from ahoy_tui.community.service import Community, T
from ahoy_tui.store import redis_keys as keys
from ahoy_tui.store.base import StoreError
from ahoy_tui.store.redis_store import connect
from ahoy_tui.store.sqlite_schema import listing_of, unpack_record

log = logging.getLogger(__name__)

RETRY = 0.2
"""Seconds between two tries to count a game while Redis cannot be reached."""
COUNTED_POLL = 0.05
"""Seconds between two looks for another worker's count of a game (``changes``)."""


class RedisCommunity(Community):
    """Ratings and stats in the Redis at ``url`` (see the module docstring).

    Raises:
        StoreError: Redis cannot be reached (one line naming the URL).
    """

    tables = redis_tables

    def __init__(self, url: str) -> None:
        self.path = url
        self._conn = connect(url)
        self._start()

    def _transaction(self, fn):  # noqa: ANN001, ANN202 - fn(client) -> T; its own WATCH/MULTI
        """Run one game's update; while Redis cannot be reached, try again every ``RETRY`` s until
        it can or this closes (a try after a lost reply finds the game counted: nothing twice)."""
        waited = False
        while True:
            try:
                return fn(self._conn)
            except (redis.ConnectionError, redis.TimeoutError, OSError) as e:
                if self._closed:
                    raise StoreError(f"community keys in redis: cannot write them ({e})") from None
                if not waited:
                    log.warning("ratings and stats wait for redis (%s)", e)
                    waited = True
                time.sleep(RETRY)
            except redis.RedisError as e:
                raise StoreError(f"community keys in redis: cannot write them ({e})") from None

    def _read(self, fn) -> T:  # noqa: ANN001 - fn(client) -> T
        try:
            return fn(self._conn)
        except (redis.RedisError, OSError) as e:
            raise StoreError(f"community keys in redis: cannot read them ({e})") from None

    def changes(self, game_id: str, timeout: float = 5.0) -> dict[str, Change]:
        """Shown ratings (before, after) per rated identity of a game; waits up to ``timeout`` s
        while it is queued here or, when another worker owns its table, until that one counted it.

        Raises:
            StoreError: Redis cannot be read.
        """
        if self.pending(game_id) is None:
            end = time.monotonic() + timeout
            while not self._read(lambda r: redis_tables.counted(r, game_id)) and time.monotonic() < end:
                time.sleep(COUNTED_POLL)
        return super().changes(game_id, timeout)

    def catch_up(self, rebuild: bool = False) -> int:
        """Count every archived game (``ahoy:games``) not counted yet, oldest first; returns how
        many were counted. ``rebuild`` is refused: the counts are shared by every worker.

        Raises:
            StoreError: Redis cannot be read, or ``rebuild``.
        """
        if rebuild:
            raise StoreError("community keys in redis: a rebuild is not offered with --redis")
        ids = [g.decode() for g in self._read(lambda r: r.zrange(keys.GAMES, 0, -1))]
        done = 0
        for game_id in self._read(lambda r: redis_tables.uncounted(r, ids)):
            if self._closed:
                break
            listing, record = self._read(lambda r: r.hmget(keys.game(game_id), "listing", "record"))
            try:
                game = listing_of(listing.decode("utf-8")), unpack_record(record)
            except Exception as e:  # noqa: BLE001 - a damaged archived game must not stop the rest
                log.error("archived game %s cannot be read for ratings and stats: %s", game_id, e)
                continue
            if self._count(*game) is not None:
                done += 1
        return done

    def _release(self) -> None:
        self._conn.close()

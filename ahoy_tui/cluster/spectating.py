"""The table each identity watches as a spectator, kept in Redis for the whole cluster (issue 24, 13).

``ahoy:watching:{identity}`` (String: a table id, TTL ``WATCH_TTL`` s) is
written by the table's owner when a ``spectate`` there makes the identity a
spectator (``Lobby.returns``), and removed when it leaves that table on
purpose or the table closes or moves away, only while it still names that
table (a later watch elsewhere stays). A new session of the identity that
holds no seat and whose worker has no watch of its own for it reads the key
(:func:`watched`) and asks the table's owner to attach it as a spectator
(``rewatch``): the owner does so only if its core still has the identity
watching that table, so the key lets nobody into a private table.

Writes go through the worker's bus (queued, in order, kept while Redis is
away); the read is the one Redis call a returning spectator waits for.
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.cluster import keys

WATCH_TTL = 24 * 3600
"""Seconds a watch is remembered without being renewed (a new ``spectate`` renews it)."""

_FORGET = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def remember(bus: Any, identity: str, table_id: str) -> None:
    """``identity`` watches ``table_id`` now (queued on ``bus``, a :class:`~ahoy_tui.cluster.bus.Bus`)."""
    key = keys.watching(identity)
    bus.write(lambda p: p.set(key, table_id, ex=WATCH_TTL))


def forget(bus: Any, identity: str, table_id: str) -> None:
    """``identity`` no longer watches ``table_id`` (queued): the key goes if it still names it."""
    key = keys.watching(identity)
    bus.write(lambda p: p.eval(_FORGET, 1, key, table_id))


async def watched(redis: Any, identity: str) -> str | None:
    """The table ``identity`` was last watching (redis-py asyncio client ``redis``), or None.

    Raises:
        redis.RedisError, OSError: Redis cannot be reached.
    """
    raw = await redis.get(keys.watching(identity))
    return raw.decode() if isinstance(raw, bytes) else raw

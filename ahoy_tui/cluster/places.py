"""The interactive sessions of the whole cluster, counted and checked in one Redis script.

``--max-sessions`` and ``--max-sessions-per-address`` hold for every worker
at once: a session takes its place in ``ahoy:session-places`` (Hash:
``"{worker}/{n}"`` → ``"{address group}\\n{identity}"``) in the same script
that counts the places taken, so sessions starting in the same instant on
several workers never go over a limit. The place is given back when the
session ends (queued on the worker's bus, so it is written even after Redis
was away) and, for a worker found dead, by
:func:`ahoy_tui.cluster.claims.release_worker`. After Redis came back (an
older append-only file) or the worker was wrongly declared gone, its places
are written again (:meth:`SessionPlaces.claim_again`, ``Watch.reconnected``).
"""

from __future__ import annotations

import itertools
from typing import Any

from ahoy_tui.cluster import keys

PLACES = keys.PREFIX + "session-places"

TAKEN, FULL, ADDRESS_FULL = 0, 1, 2
"""What :meth:`SessionPlaces.take` answers: the place is taken, the cluster has ``most``
sessions, the address group has ``per_address``."""

_TAKE = """
local field, addr, id, most, per = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5])
local total, same = 0, 0
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local v = all[i + 1]
  local cut = string.find(v, '\\n', 1, true)
  if cut and string.sub(v, cut + 1) ~= id then
    total = total + 1
    if string.sub(v, 1, cut - 1) == addr then same = same + 1 end
  end
end
if most > 0 and total >= most then return 1 end
if per > 0 and same >= per then return 2 end
redis.call('HSET', KEYS[1], field, addr .. '\\n' .. id)
return 0
"""


class SessionPlaces:
    """This worker's places in ``ahoy:session-places``.

    Args:
        bus: The worker's bus (``redis``: its asyncio client; ``write``: queued writes).
        worker_id: Prefix of this worker's fields.
    """

    def __init__(self, bus: Any, worker_id: str) -> None:
        self.bus = bus
        self.worker_id = worker_id
        self.held: dict[str, str] = {}
        """Field -> value of every place this worker's sessions hold."""
        self._ids = itertools.count(1)

    async def take(self, address: str, identity: str, most: int, per_address: int) -> tuple[int, str]:
        """Check the limits over the cluster and, within them, take a place for a session of
        ``identity`` from ``address`` (``ahoy_tui.lobby.gate.address_key`` group); places of the same
        identity are not counted (the new session replaces them); a limit of 0 is no limit.

        Returns:
            ``(TAKEN, field)`` (give it back with :meth:`release`), or ``(FULL, "")`` /
            ``(ADDRESS_FULL, "")``.

        Raises:
            redis.RedisError, OSError: Redis cannot be reached.
        """
        field = f"{self.worker_id}/{next(self._ids)}"
        kind = int(await self.bus.redis.eval(_TAKE, 1, PLACES, field, address, identity, most, per_address))
        if kind != TAKEN:
            return kind, ""
        self.held[field] = f"{address}\n{identity}"
        return TAKEN, field

    def release(self, field: str) -> None:
        """The session of place ``field`` ended: give the place back (queued)."""
        if self.held.pop(field, None) is not None:
            self.bus.write(lambda p: p.hdel(PLACES, field))

    async def claim_again(self) -> None:
        """Write every place held here again (not checked: those sessions run already).

        Raises:
            redis.RedisError, OSError: Redis cannot be reached.
        """
        if self.held:
            await self.bus.redis.hset(PLACES, mapping=dict(self.held))

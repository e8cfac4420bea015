"""The connection and failed-password rates and the session limits of every worker, counted in
Redis (``--redis``).

The same limits and refusal lines as :class:`ahoy_tui.lobby.gate.Gate`, but the
counts of an address are sliding windows in Redis, so an address is
limited across every worker and machine of the cluster:

* ``ahoy:rate:conn:{address}`` — Sorted set: one member per connection let
  in, scored by Redis time (ms); kept ``MINUTE`` (60 s).
* ``ahoy:rate:fail:{address}`` — Sorted set: one member per failed password
  (ms); kept ``failed_password_window`` s, at most ``failed_passwords`` members.

Each check is one Lua script (check and count at once, Redis's clock), so
two workers cannot both let in the connection that goes over the limit.
:class:`SharedSessions` does the same for ``max_sessions`` and
``per_address``: a session takes a place in ``ahoy:session-places``
(:mod:`ahoy_tui.cluster.places`) and gives it back when it ends.
When Redis cannot be reached the client is refused with :data:`UNCHECKED`
and one ``WARNING`` line is logged: not a crash, and not a way around the limits.
"""

from __future__ import annotations

import itertools
import logging
from typing import Any

from redis.exceptions import RedisError

from ahoy_tui.cluster import keys
from ahoy_tui.cluster.places import ADDRESS_FULL, FULL, SessionPlaces
from ahoy_tui.lobby.gate import MINUTE, Gate, address_key
from ahoy_tui.logsafe import esc

log = logging.getLogger(__name__)

UNCHECKED = "Ahoy! The server cannot check its limits right now. Try again in a moment."
"""The refusal when Redis does not answer a check."""

_NOW = "local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)\n"

_CONNECT = _NOW + """
local fails, window, per_minute, minute = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[5])
if fails > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
  if redis.call('ZCARD', KEYS[1]) >= fails then
    local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
    return {1, tonumber(oldest[2]) + window - now}
  end
end
if per_minute > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - minute)
  if redis.call('ZCARD', KEYS[2]) >= per_minute then return {2, 0} end
  redis.call('ZADD', KEYS[2], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[2], minute)
end
return {0, 0}
"""

_FAILED = _NOW + """
local window, most = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
redis.call('ZADD', KEYS[1], now, ARGV[3])
local n = redis.call('ZCARD', KEYS[1])
if n > most then
  redis.call('ZREMRANGEBYRANK', KEYS[1], 0, n - most - 1)
  n = most
end
redis.call('PEXPIRE', KEYS[1], window)
return n
"""


def rate_key(kind: str, addr: str) -> str:
    """The sorted set of ``kind`` (``conn``, ``fail``) events of ``addr``'s group (``address_key``)."""
    return f"{keys.PREFIX}rate:{kind}:{address_key(addr)}"


class SharedRates:
    """Connection and failed-password rates of one address group over the whole cluster.

    Args:
        redis: An asyncio redis-py client of the cluster's Redis.
        gate: The server's gate: its ``limits`` and refusal lines.
        member: Prefix of this worker's members (unique in the cluster: the worker id).
    """

    def __init__(self, redis: Any, gate: Gate, member: str) -> None:
        self.redis = redis
        self.gate = gate
        self._members = (f"{member}:{n}" for n in itertools.count(1))

    async def connection_refusal(self, addr: str) -> str | None:
        """Count a new connection from ``addr`` in the cluster; the refusal line, or None.

        As ``Gate.connection_refusal``: refused connections are not counted.
        """
        lim = self.gate.limits
        if not lim.failed_passwords and not lim.connections_per_minute:
            return None
        window = int(lim.failed_password_window * 1000)
        try:
            kind, left = await self.redis.eval(_CONNECT, 2, rate_key("fail", addr), rate_key("conn", addr),
                                               lim.failed_passwords, window, lim.connections_per_minute,
                                               next(self._members), int(MINUTE * 1000))
        except (RedisError, OSError) as e:
            return _unchecked("connection", addr, e)
        if int(kind) == 1:
            return self.gate.failures_refused(addr, int(left) / 1000)
        if int(kind) == 2:
            return self.gate.rate_refused(addr)
        return None

    async def password_failed(self, addr: str) -> str | None:
        """Count a failed password from ``addr`` in the cluster; the refusal line once over the limit."""
        lim = self.gate.limits
        if not lim.failed_passwords:
            return None
        log.info("failed password from %s", esc(addr))
        try:
            n = await self.redis.eval(_FAILED, 1, rate_key("fail", addr), int(lim.failed_password_window * 1000),
                                      lim.failed_passwords, next(self._members))
        except (RedisError, OSError) as e:
            return _unchecked("failed password", addr, e)
        if int(n) >= lim.failed_passwords:
            return self.gate.failures_refused(addr, lim.failed_password_window)
        return None


class SharedSessions:
    """``max_sessions`` and ``per_address`` of ``gate`` over the whole cluster, with the same
    refusal lines: checked and counted at once in Redis (``places``: the worker's
    ``ClusterLobby.places``)."""

    def __init__(self, places: SessionPlaces, gate: Gate) -> None:
        self.places = places
        self.gate = gate

    async def take(self, addr: str, identity: str, name: str = "",
                   running: list[tuple[str, str]] | None = None) -> tuple[str | None, str]:
        """Let a new interactive session of ``identity`` from ``addr`` in, or not.

        Returns:
            ``(None, place)``: it runs; give ``place`` back with :meth:`release` when it ends
            ("" when no limit is set). ``(refusal line, "")``: over a limit, or Redis did
            not answer (:data:`UNCHECKED`, one ``WARNING`` line).
        """
        lim = self.gate.limits
        if not lim.max_sessions and not lim.per_address:
            return None, ""
        try:
            kind, place = await self.places.take(address_key(addr), identity, lim.max_sessions, lim.per_address)
        except (RedisError, OSError) as e:
            return _unchecked("session", addr, e), ""
        if kind == FULL:
            return self.gate.full_refused(addr), ""
        if kind == ADDRESS_FULL:
            return self.gate.address_refused(addr, identity), ""
        return None, place

    def release(self, place: str) -> None:
        """The session holding ``place`` ended (queued; nothing for "")."""
        if place:
            self.places.release(place)


def _unchecked(what: str, addr: str, error: Exception) -> str:
    log.warning("refused %s from %s: redis does not answer the limit check (%s)", what, esc(addr), error)
    return UNCHECKED


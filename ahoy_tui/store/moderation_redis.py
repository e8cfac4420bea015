"""``RedisModerationStore``: bans, mutes, the MOTD and the audit log in the cluster's Redis.

Every worker of a cluster (``ahoy-server --redis``) keeps moderation here, so
a worker that starts later reads the bans, mutes and MOTD in force (the
workers tell each other of each change at once: ``ahoy_tui.moderation.sync``).
Keys (``ahoy_tui.store.redis_keys``)::

    ahoy:mod:bans      Hash  ban_id -> {"kind", "target", "reason", "by", "created", "expires"} (JSON)
    ahoy:mod:ban-seq   Integer, INCR per ban: ids are never reused, whichever worker bans
    ahoy:mod:mutes     Hash  identity -> {"name", "reason", "by", "created", "expires"} (JSON)
    ahoy:mod:motd      String: the operator's MOTD
    ahoy:mod:audit     Stream capped at AUDIT_KEPT entries, field "e": the entry (JSON)

A new ban (id and entry) and a lift are one script each, so two workers
never hand out one id or both lift one ban. Calls are synchronous and short
(``SOCKET_TIMEOUT``): moderation is an operator's rare command. Any Redis
failure is a :class:`~ahoy_tui.store.base.StoreError` and changes nothing.
"""

from __future__ import annotations

import json

import redis

from ahoy_tui.store import redis_keys as keys
from ahoy_tui.store.base import StoreError
from ahoy_tui.store.moderation import AuditEntry, Ban, BanKind, Mute

SOCKET_TIMEOUT = 2.0
"""Seconds a moderation command may wait for Redis before it fails (it runs on the event loop)."""
AUDIT_KEPT = 10_000
"""Newest audit entries kept."""

_ADD_BAN = """
local id = redis.call('INCR', KEYS[1])
redis.call('HSET', KEYS[2], id, ARGV[1])
return id
"""
_TAKE = """
local v = redis.call('HGET', KEYS[1], ARGV[1])
if v then redis.call('HDEL', KEYS[1], ARGV[1]) end
return v
"""


def ban_of(ban_id: int, text: bytes | str) -> Ban:
    """The ban kept as JSON ``text`` under ``ban_id``."""
    d = json.loads(text)
    return Ban(int(ban_id), d["kind"], d["target"], d["reason"], d["by"], d["created"], d["expires"])


def mute_of(identity: str, text: bytes | str) -> Mute:
    """The mute of ``identity`` kept as JSON ``text``."""
    d = json.loads(text)
    return Mute(identity, d["name"], d["reason"], d["by"], d["created"], d["expires"])


class RedisModerationStore:
    """A :class:`~ahoy_tui.store.moderation.ModerationStore` in the Redis at ``url``.

    Raises:
        StoreError: Redis cannot be reached (one line naming the URL).
    """

    def __init__(self, url: str) -> None:
        self.url = url
        try:
            self._r = redis.Redis.from_url(url, socket_timeout=SOCKET_TIMEOUT, socket_connect_timeout=SOCKET_TIMEOUT)
            self._r.ping()
            self._add_ban = self._r.register_script(_ADD_BAN)
            self._take = self._r.register_script(_TAKE)
        except (redis.RedisError, OSError, ValueError) as e:
            raise StoreError(f"moderation store redis {url}: cannot connect ({e})") from None

    def _run(self, fn):  # noqa: ANN001, ANN202 - fn(client) -> anything
        try:
            return fn(self._r)
        except (redis.RedisError, OSError) as e:
            raise StoreError(f"moderation store redis {self.url}: {e}") from None

    def add_ban(self, kind: BanKind, target: str, reason: str, by: str, created: float,
                expires: float | None) -> Ban:
        text = json.dumps({"kind": kind, "target": target, "reason": reason, "by": by, "created": created,
                           "expires": expires})
        ban_id = self._run(lambda r: self._add_ban(keys=[keys.MOD_BAN_SEQ, keys.MOD_BANS], args=[text]))
        return Ban(int(ban_id), kind, target, reason, by, created, expires)

    def lift_ban(self, ban_id: int) -> Ban | None:
        text = self._run(lambda r: self._take(keys=[keys.MOD_BANS], args=[int(ban_id)]))
        return None if text is None else ban_of(ban_id, text)

    def bans(self, now: float) -> list[Ban]:
        kept = [ban_of(int(k), v) for k, v in self._run(lambda r: r.hgetall(keys.MOD_BANS)).items()]
        return sorted((b for b in kept if b.active(now)), key=lambda b: b.ban_id)

    def set_mute(self, mute: Mute) -> None:
        text = json.dumps({"name": mute.name, "reason": mute.reason, "by": mute.by, "created": mute.created,
                           "expires": mute.expires})
        self._run(lambda r: r.hset(keys.MOD_MUTES, mute.identity, text))

    def lift_mute(self, identity: str) -> Mute | None:
        text = self._run(lambda r: self._take(keys=[keys.MOD_MUTES], args=[identity]))
        return None if text is None else mute_of(identity, text)

    def mutes(self, now: float) -> list[Mute]:
        kept = [mute_of(k.decode(), v) for k, v in self._run(lambda r: r.hgetall(keys.MOD_MUTES)).items()]
        return sorted((m for m in kept if m.active(now)), key=lambda m: m.created)

    def set_motd(self, text: str | None) -> None:
        self._run(lambda r: r.delete(keys.MOD_MOTD) if text is None else r.set(keys.MOD_MOTD, text))

    def motd(self) -> str | None:
        text = self._run(lambda r: r.get(keys.MOD_MOTD))
        return None if text is None else text.decode("utf-8")

    def add_audit(self, entry: AuditEntry) -> None:
        text = json.dumps([entry.at, entry.actor, entry.action, entry.target, entry.reason])
        self._run(lambda r: r.xadd(keys.MOD_AUDIT, {"e": text}, maxlen=AUDIT_KEPT, approximate=True))

    def audit(self, limit: int) -> list[AuditEntry]:
        if limit <= 0:
            return []
        rows = self._run(lambda r: r.xrevrange(keys.MOD_AUDIT, count=limit))
        return [AuditEntry(*json.loads(fields[b"e"])) for _, fields in reversed(rows)]

    def close(self) -> None:
        self._r.close()

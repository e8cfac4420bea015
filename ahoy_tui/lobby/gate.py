"""Per-address and per-identity limits of the SSH front door.

:class:`Gate` decides, before any work is spent on a client, whether to let
it in. It refuses:

* a new connection from an address that opened ``connections_per_minute``
  connections in the last 60 s, or that failed ``failed_passwords``
  passwords within ``failed_password_window`` seconds (checked when the
  client starts to authenticate, so the refusal travels as an SSH
  disconnect reason the client prints);
* a new interactive session when the server already runs ``max_sessions``,
  or when the same address already has its share (told on the channel,
  exit status 1; with ``--redis`` the sessions on every worker count). One
  identity never has two: a new session replaces the older one
  (:mod:`server.pty_session`), so it is not counted here.

With ``--redis`` the connection and failed-password counts are kept in
Redis instead, for every worker at once (:mod:`ahoy_tui.cluster.limits`).

Addresses are grouped: IPv4 (and IPv4-mapped IPv6) by address, IPv6 by its
/64 network, because one IPv6 host usually owns a whole /64. A limit of 0
switches that limit off. Every refusal is one line for the client and one
log line (:func:`ahoy_tui.logsafe.esc` applied to what the client chose).
"""

from __future__ import annotations

import ipaddress
import logging
import time
from collections import deque
from dataclasses import dataclass
from typing import Callable, Iterable

from ahoy_tui.logsafe import esc

log = logging.getLogger(__name__)

MINUTE = 60.0


@dataclass(frozen=True, slots=True)
class Limits:
    """The numbers a :class:`Gate` enforces (0: no limit).

    Attributes:
        max_sessions: Interactive sessions on the server at once.
        per_address: Interactive sessions from one address (IPv6: /64) at once.
        connections_per_minute: New connections one address may open per 60 s.
        failed_passwords: Failed passwords one address may give within
            ``failed_password_window`` before it is refused.
        failed_password_window: Seconds a failed password is remembered.
    """

    max_sessions: int = 200
    per_address: int = 10
    connections_per_minute: int = 20
    failed_passwords: int = 5
    failed_password_window: float = 600.0


FULL = "Ahoy! The ship is full right now. Try again in a little while."


def address_key(addr: str) -> str:
    """The group an address counts in: IPv4 itself, IPv6 its /64.

    Args:
        addr: The peer's IP address as text (anything else is used as is).
    """
    try:
        ip = ipaddress.ip_address(addr.split("%", 1)[0])
    except ValueError:
        return addr
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class _Window:
    """Times of recent events per address, forgotten after ``span`` seconds."""

    def __init__(self, span: float, clock: Callable[[], float]) -> None:
        self.span = span
        self.clock = clock
        self.times: dict[str, deque[float]] = {}
        self._adds = 0

    def count(self, key: str) -> int:
        """Events of ``key`` within the span."""
        q = self.times.get(key)
        if q is None:
            return 0
        cutoff = self.clock() - self.span
        while q and q[0] <= cutoff:
            q.popleft()
        if not q:
            del self.times[key]
            return 0
        return len(q)

    def oldest(self, key: str) -> float | None:
        """Time of the oldest remembered event of ``key``."""
        q = self.times.get(key)
        return q[0] if q else None

    def add(self, key: str, cap: int) -> None:
        """Remember one event of ``key`` (at most ``cap`` are kept per key)."""
        q = self.times.setdefault(key, deque(maxlen=max(1, cap)))
        q.append(self.clock())
        self._adds += 1
        if self._adds >= 1024:
            self._adds = 0
            for k in list(self.times):
                self.count(k)


class Gate:
    """Counts connections, failed passwords and sessions; says who to refuse.

    Args:
        limits: The numbers to enforce.
        clock: Monotonic seconds (tests pass a fake).
    """

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self._connections = _Window(MINUTE, clock)
        self._failures = _Window(limits.failed_password_window, clock)

    # -- before authentication ------------------------------------------------
    def connection_refusal(self, addr: str) -> str | None:
        """Count a new connection from ``addr``; the refusal line, or None.

        Refused connections are not counted, so an address that waits out
        the minute is let in again.
        """
        key = address_key(addr)
        lim = self.limits
        if lim.failed_passwords and self._failures.count(key) >= lim.failed_passwords:
            oldest = self._failures.oldest(key) or self.clock()
            return self.failures_refused(addr, oldest + lim.failed_password_window - self.clock())
        if lim.connections_per_minute and self._connections.count(key) >= lim.connections_per_minute:
            return self.rate_refused(addr)
        if lim.connections_per_minute:
            self._connections.add(key, lim.connections_per_minute)
        return None

    def password_failed(self, addr: str) -> str | None:
        """Count a failed password from ``addr``; the refusal line once over the limit."""
        lim = self.limits
        if not lim.failed_passwords:
            return None
        key = address_key(addr)
        self._failures.add(key, lim.failed_passwords)
        log.info("failed password from %s", addr)
        if self._failures.count(key) >= lim.failed_passwords:
            return self.failures_refused(addr, lim.failed_password_window)
        return None

    def failures_refused(self, addr: str, left: float) -> str:
        """The refusal of ``addr`` over its failed passwords, for ``left`` more seconds (logged)."""
        wait = max(1, int(left + 59) // 60)
        return self._refused("failed passwords", addr,
                             f"Too many failed passwords from your address; try again in {wait} min.")

    def rate_refused(self, addr: str) -> str:
        """The refusal of ``addr`` over its connection rate (logged)."""
        return self._refused(
            "connection rate", addr,
            f"Too many new connections from your address "
            f"(limit {self.limits.connections_per_minute} a minute); wait a minute.",
        )

    # -- after authentication ---------------------------------------------------
    def session_refusal(self, addr: str, identity: str, name: str,
                        running: Iterable[tuple[str, str]]) -> str | None:
        """The refusal line for a new interactive session, or None to let it run.

        Sessions of the same identity are not counted: the new one replaces them.

        Args:
            addr: The client's IP address.
            identity: Its identity (``key:...`` / ``user:...``).
            name: Its display name (kept for the callers' log lines).
            running: ``(address, identity)`` of every session running now (with
                ``--redis`` the cluster's limits are ``ahoy_tui.cluster.limits.SharedSessions``).
        """
        lim = self.limits
        key = address_key(addr)
        total = same_address = 0
        for other_addr, other_identity in running:
            if other_identity == identity:
                continue
            total += 1
            same_address += address_key(other_addr) == key
        if lim.max_sessions and total >= lim.max_sessions:
            return self.full_refused(addr)
        if lim.per_address and same_address >= lim.per_address:
            return self.address_refused(addr, identity)
        return None

    def full_refused(self, addr: str) -> str:
        """The refusal of a session from ``addr`` at ``max_sessions`` (logged)."""
        return self._refused("server full", addr, FULL)

    def address_refused(self, addr: str, identity: str) -> str:
        """The refusal of a session of ``identity`` from ``addr`` at ``per_address`` (logged)."""
        return self._refused(
            "sessions per address", addr,
            f"Too many sessions from your address (limit {self.limits.per_address}); close one first.",
            identity,
        )

    @staticmethod
    def _refused(kind: str, addr: str, line: str, identity: str | None = None) -> str:
        who = f" as {esc(identity)}" if identity else ""
        log.warning("refused %s from %s%s: %s", kind, esc(addr), who, line)
        return line


class LocalRates:
    """:class:`Gate`'s connection and failed-password rates, counted in this process
    (``ahoy_tui.lobby.hosted.ConnectionRates`` of the embedded lobby)."""

    def __init__(self, gate: Gate) -> None:
        self.gate = gate

    async def connection_refusal(self, addr: str) -> str | None:
        return self.gate.connection_refusal(addr)

    async def password_failed(self, addr: str) -> str | None:
        return self.gate.password_failed(addr)


class LocalSessions:
    """:class:`Gate`'s session limits over this process's running sessions
    (``ahoy_tui.lobby.hosted.SessionLimits`` of the embedded lobby; no place to give back)."""

    def __init__(self, gate: Gate) -> None:
        self.gate = gate

    async def take(self, addr: str, identity: str, name: str,
                   running: list[tuple[str, str]]) -> tuple[str | None, str]:
        return self.gate.session_refusal(addr, identity, name, running), ""

    def release(self, place: str) -> None:
        pass

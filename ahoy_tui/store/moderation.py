"""What moderation keeps: bans, mutes, the operator's MOTD and the audit log (docs/moderation.md).

:class:`ModerationStore` is the contract; :class:`MemoryModerationStore`
keeps it for the life of the process (``--no-store``, tests) and
``ahoy_tui.store.moderation_sqlite.SQLiteModerationStore`` in the server's
SQLite file. Times are wall-clock seconds (``time.time``); an expiry of
None means "until lifted". Texts arrive already cleaned (the server cuts
and sanitises them); the store keeps them as given.

Moderation changes are rare (an operator's command), so every method is a
short synchronous call on the caller's thread.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, Protocol, runtime_checkable

BanKind = Literal["key", "address"]


@dataclass(frozen=True, slots=True)
class Ban:
    """One ban.

    Attributes:
        ban_id: Its number (``unban ID``), from 1; never reused, even after an unban.
        kind: ``"key"`` (target is ``SHA256:...``) or ``"address"`` (an IPv4
            address, or an IPv6 /64 as ``2001:db8:1:2::/64``).
        target: The key fingerprint or address.
        reason: Shown to the banned client.
        by: Who banned (the operator's name and key).
        created: When.
        expires: When it ends, or None.
    """

    ban_id: int
    kind: BanKind
    target: str
    reason: str
    by: str
    created: float
    expires: float | None

    def active(self, now: float) -> bool:
        """Still in force at ``now``."""
        return self.expires is None or now < self.expires


@dataclass(frozen=True, slots=True)
class Mute:
    """One muted identity (lobby chat only).

    Attributes:
        identity: ``key:SHA256:...`` or ``user:NAME``.
        name: Its display name when muted (for lists).
        reason: Told to the player.
        by: Who muted.
        created: When.
        expires: When it ends, or None.
    """

    identity: str
    name: str
    reason: str
    by: str
    created: float
    expires: float | None

    def active(self, now: float) -> bool:
        """Still in force at ``now``."""
        return self.expires is None or now < self.expires


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One moderation action: who did what to whom, when and why.

    Attributes:
        at: When.
        actor: The operator (name and key).
        action: ``kick``, ``ban``, ``unban``, ``mute``, ``unmute``, ``close`` or ``motd``.
        target: Whom or what (name, fingerprint, address, table, ban id).
        reason: Why (or the new MOTD).
    """

    at: float
    actor: str
    action: str
    target: str
    reason: str


@runtime_checkable
class ModerationStore(Protocol):
    """Where bans, mutes, the MOTD and the audit log are kept (see the module docstring)."""

    def add_ban(self, kind: BanKind, target: str, reason: str, by: str, created: float,
                expires: float | None) -> Ban:
        """Keep a new ban; returns it with its id."""
        ...

    def lift_ban(self, ban_id: int) -> Ban | None:
        """Remove ban ``ban_id``; returns it, or None when there is none."""
        ...

    def bans(self, now: float) -> list[Ban]:
        """Bans in force at ``now``, oldest first."""
        ...

    def set_mute(self, mute: Mute) -> None:
        """Mute ``mute.identity`` (replacing an earlier mute of it)."""
        ...

    def lift_mute(self, identity: str) -> Mute | None:
        """Unmute ``identity``; returns the mute, or None when it was not muted."""
        ...

    def mutes(self, now: float) -> list[Mute]:
        """Mutes in force at ``now``, oldest first."""
        ...

    def set_motd(self, text: str | None) -> None:
        """Keep the operator's MOTD (None: forget it, the configured one applies)."""
        ...

    def motd(self) -> str | None:
        """The operator's MOTD, or None when none was set."""
        ...

    def add_audit(self, entry: AuditEntry) -> None:
        """Append one entry to the audit log."""
        ...

    def audit(self, limit: int) -> list[AuditEntry]:
        """The newest ``limit`` audit entries, oldest first."""
        ...

    def close(self) -> None:
        """Let go of the file (a memory store does nothing)."""
        ...


class MemoryModerationStore:
    """A :class:`ModerationStore` in this process: gone when it ends."""

    def __init__(self) -> None:
        self._bans: dict[int, Ban] = {}
        self._next_ban = 1
        self._mutes: dict[str, Mute] = {}
        self._motd: str | None = None
        self._audit: list[AuditEntry] = []

    def add_ban(self, kind: BanKind, target: str, reason: str, by: str, created: float,
                expires: float | None) -> Ban:
        ban = Ban(self._next_ban, kind, target, reason, by, created, expires)
        self._bans[ban.ban_id] = ban
        self._next_ban += 1
        return ban

    def lift_ban(self, ban_id: int) -> Ban | None:
        return self._bans.pop(ban_id, None)

    def bans(self, now: float) -> list[Ban]:
        return [b for b in self._bans.values() if b.active(now)]

    def set_mute(self, mute: Mute) -> None:
        self._mutes.pop(mute.identity, None)
        self._mutes[mute.identity] = replace(mute)

    def lift_mute(self, identity: str) -> Mute | None:
        return self._mutes.pop(identity, None)

    def mutes(self, now: float) -> list[Mute]:
        return [m for m in self._mutes.values() if m.active(now)]

    def set_motd(self, text: str | None) -> None:
        self._motd = text

    def motd(self) -> str | None:
        return self._motd

    def add_audit(self, entry: AuditEntry) -> None:
        self._audit.append(entry)

    def audit(self, limit: int) -> list[AuditEntry]:
        return self._audit[-limit:] if limit > 0 else []

    def close(self) -> None:
        """Nothing to let go of."""

"""Moderation's state: bans, mutes, the MOTD and the audit log (docs/moderation.md).

One :class:`Moderator` per server. It answers the questions the front
door and the lobby ask on every connection and every lobby chat line
(is this key or address banned? is this player muted?) from a copy in
memory, and writes every change to its :class:`ModerationStore` (SQLite in
the state directory, Redis with ``--redis``, or in memory with ``--no-store``)
and to the audit log before it answers. A change that could not be kept
raises ``StoreError`` and changes nothing; one that was kept is handed to
``on_change`` (the other workers of a cluster apply it with :meth:`Moderator.apply`:
``ahoy_tui.moderation.sync``). Every text an operator gives (reason, MOTD) is
player-visible: it is cut and cleaned like chat before it is kept.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import time
from dataclasses import astuple, dataclass
from typing import Any, Callable

from ahoy_tui.community.rating import API_BOT, api_bot
from ahoy_tui.lobby.config import clean_text
from ahoy_tui.lobby.messages import Notice
from ahoy_tui.logsafe import esc
from ahoy_tui.moderation.operators import is_operator
from ahoy_tui.store.base import StoreError
from ahoy_tui.store.moderation import AuditEntry, Ban, BanKind, ModerationStore, Mute

log = logging.getLogger("ahoy.moderation")

MAX_REASON = 200
"""Characters kept of a ban, mute, kick or close reason."""
MAX_MOTD = 300
"""Characters kept of the MOTD."""
MAX_DURATION = 10 * 365 * 86400.0
"""The longest ban or mute with an end, in seconds (ten years)."""

_DURATION = re.compile(r"(\d{1,6})([mhdw])")
_UNIT = {"m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
FOREVER = ("forever", "permanent", "perm")


def clean_line(text: str, limit: int) -> str:
    """Player-visible operator text: control, bidi and line-break characters removed,
    one line, at most ``limit`` characters (a longer text is cut)."""
    return clean_text(str(text)[: limit * 4], limit * 4)[:limit].strip()


def parse_duration(word: str) -> float | None:
    """``30m``, ``12h``, ``7d``, ``2w`` in seconds; ``forever``: None.

    Raises:
        ValueError: anything else, zero, or longer than ten years (one line).
    """
    word = word.lower()
    if word in FOREVER:
        return None
    m = _DURATION.fullmatch(word)
    if not m or int(m.group(1)) == 0:
        raise ValueError(f"a duration is like 30m, 12h, 7d, 2w or forever, not {word[:20]!r}")
    seconds = float(int(m.group(1)) * _UNIT[m.group(2)])
    if seconds > MAX_DURATION:
        raise ValueError("a ban or mute with an end lasts at most ten years (or say forever)")
    return seconds


def address_target(address: str) -> str:
    """The address a ban names: an IPv4 address as is, an IPv6 address as its /64
    (``2001:db8:1:2::/64``; an IPv4-mapped IPv6 address as its IPv4).

    Raises:
        ValueError: not an IP address (a /64 network is accepted too).
    """
    text = address.strip()
    if "/" in text:
        net = ipaddress.ip_network(text, strict=False)
        if net.version == 6 and net.prefixlen == 64:
            return str(net)
        raise ValueError(f"only an address or an IPv6 /64 can be banned, not {text[:50]!r}")
    ip = ipaddress.ip_address(text.split("%", 1)[0])
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def when(seconds: float | None) -> str:
    """``2026-12-02 08:00 UTC``, or ``for good`` for None."""
    if seconds is None:
        return "for good"
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(seconds))


def connection_identity(identity: str) -> str:
    """The identity of the connection behind a lobby identity: a bot API program sits in the lobby
    as ``bot:SHA256:...`` (docs/bot-api.md) over the key ``key:SHA256:...``, which bans, mutes and
    kicks name; any other identity is its connection's."""
    return f"key:{identity.removeprefix(API_BOT)}" if api_bot(identity) else identity


def covers(ban: Ban, identity: str, address: str) -> bool:
    """Does ``ban`` cover a session of ``identity`` (``key:SHA256:...`` for a key; a bot API program's
    lobby identity counts as its key) from ``address`` (an IP address, or the ``address_target``
    form; "" when unknown)?"""
    if ban.kind == "key":
        return connection_identity(identity) == f"key:{ban.target}"
    try:
        return address_target(address) == ban.target
    except ValueError:
        return False


def ban_line(ban: Ban) -> str:
    """The one line a banned client gets (the SSH disconnect reason)."""
    until = "for good" if ban.expires is None else f"until {when(ban.expires)}"
    return f"You are banned from this server {until}: {ban.reason}"


@dataclass(frozen=True, slots=True)
class Actor:
    """Who acts: an operator's identity and display name (``label`` goes to the audit log)."""

    identity: str
    name: str

    @property
    def label(self) -> str:
        return f"{self.name} ({self.identity})"


class Moderator:
    """Bans, mutes, the MOTD and the audit log of one server (see the module docstring).

    Args:
        store: Where they are kept.
        operators: ``SHA256:`` fingerprints of the operators' keys.
        motd: The configured MOTD (an operator's MOTD, kept in ``store``, wins).
        clock: Wall-clock seconds (tests move time).
    """

    def __init__(self, store: ModerationStore, operators: frozenset[str] = frozenset(), motd: str = "",
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.operators = operators
        self.config_motd = clean_line(motd, MAX_MOTD)
        self.clock = clock
        self.on_change: Callable[[dict[str, Any]], None] | None = None
        """Called with each change kept here (:meth:`apply` takes it on another worker)."""
        self._bans: dict[tuple[str, str], list[Ban]] = {}
        """Bans by (kind, target): a connection's check is two look-ups, however many bans there are."""
        self._mutes: dict[str, Mute] = {}
        self._motd: str | None = None
        self.reload()

    def reload(self) -> None:
        """Read the bans and mutes in force and the operator's MOTD from the store again.

        Raises:
            StoreError: the store cannot be read (what was known stays).
        """
        now = self.clock()
        bans, mutes, motd = self.store.bans(now), self.store.mutes(now), self.store.motd()
        self._bans = {}
        for ban in bans:
            self._bans.setdefault((ban.kind, ban.target), []).append(ban)
        self._mutes = {m.identity: m for m in mutes}
        self._motd = motd

    def is_operator(self, identity: str) -> bool:
        """Only a proved key listed in the configuration file is an operator (``ahoy_tui.moderation.operators``)."""
        return is_operator(identity, self.operators)

    # -- questions asked on every connection and chat line -------------------------------
    def ban_for(self, key_fingerprint: str | None, address: str) -> Ban | None:
        """The ban in force on this key (``SHA256:...``) or address, or None."""
        now = self.clock()
        try:
            where = address_target(address)
        except ValueError:
            where = address
        found = self._bans.get(("address", where), []) + self._bans.get(("key", key_fingerprint or ""), [])
        return next((ban for ban in found if ban.active(now)), None)

    def mute_of(self, identity: str) -> Mute | None:
        """The mute in force on ``identity`` (a bot API program's: on its key), or None."""
        mute = self._mutes.get(connection_identity(identity))
        return mute if mute is not None and mute.active(self.clock()) else None

    def chat_gate(self, identity: str) -> Notice | None:
        """For ``Lobby.chat_gate``: what a muted player is told instead of being heard."""
        mute = self.mute_of(identity)
        if mute is None:
            return None
        until = "for good" if mute.expires is None else f"until {when(mute.expires)}"
        return Notice(f"You are muted in the lobby chat {until}: nobody sees your messages. ({mute.reason})",
                      "warning", key="muted", args=(("until", when(mute.expires)), ("reason", mute.reason)))

    def motd(self) -> str:
        """The MOTD players see ("" for none): the operator's, else the configured one."""
        return clean_line(self._motd, MAX_MOTD) if self._motd is not None else self.config_motd

    # -- changes -----------------------------------------------------------------------------
    def audit(self, actor: Actor, action: str, target: str, reason: str) -> None:
        """Keep one audit entry and log it.

        Raises:
            StoreError: the entry could not be kept.
        """
        entry = AuditEntry(self.clock(), actor.label, action, target, reason)
        self.store.add_audit(entry)
        log.info("moderation: %s %s by %s: %s", action, esc(target), esc(actor.label), esc(reason))

    def _done(self, actor: Actor, change: dict[str, Any], action: str, target: str, reason: str) -> None:
        """A change kept in the store: tell the other workers, then audit it (a lost audit entry
        is logged: the change is in force)."""
        if self.on_change is not None:
            self.on_change({**change, "actor": actor.identity})
        try:
            self.audit(actor, action, target, reason)
        except StoreError as e:
            log.error("moderation: %s %s by %s is in force, but its audit entry was not kept (%s)",
                      action, esc(target), esc(actor.label), e)

    def apply(self, change: dict[str, Any]) -> Ban | None:
        """Take a change kept by another worker (``on_change`` there) into this one's copy;
        returns the new ban for a ``ban`` change (its sessions are to end), else None.

        Raises:
            KeyError, TypeError, ValueError: not a change ``on_change`` gave.
        """
        op = change["op"]
        if op == "ban":
            ban = Ban(*change["ban"])
            kept = self._bans.setdefault((ban.kind, ban.target), [])
            if all(b.ban_id != ban.ban_id for b in kept):  # a message sent twice keeps one ban
                kept.append(ban)
            return ban
        if op == "unban":
            self._forget_ban(int(change["ban_id"]), change["kind"], change["target"])
        elif op == "mute":
            mute = Mute(*change["mute"])
            self._mutes[mute.identity] = mute
        elif op == "unmute":
            self._mutes.pop(change["identity"], None)
        elif op == "motd":
            self._motd = change["text"]
        elif op != "kick":  # a kick changes nothing kept: the caller ends the sessions
            raise ValueError(f"no moderation change {op!r}")
        return None

    def _forget_ban(self, ban_id: int, kind: str, target: str) -> None:
        self._bans[(kind, target)] = [b for b in self._bans.get((kind, target), []) if b.ban_id != ban_id]

    def ban(self, actor: Actor, kind: BanKind, target: str, seconds: float | None, reason: str) -> Ban:
        """Ban a key fingerprint or an address (``address_target``) for ``seconds`` (None: for good)."""
        now = self.clock()
        reason = clean_line(reason, MAX_REASON)
        ban = self.store.add_ban(kind, target, reason, actor.label, now, None if seconds is None else now + seconds)
        self._bans.setdefault((kind, target), []).append(ban)
        self._done(actor, {"op": "ban", "ban": list(astuple(ban))}, "ban",
                   f"{kind} {target} #{ban.ban_id} {when(ban.expires)}", reason)
        return ban

    def unban(self, actor: Actor, ban_id: int) -> Ban | None:
        """Lift ban ``ban_id``; None when there is none."""
        ban = self.store.lift_ban(ban_id)
        if ban is not None:
            self._forget_ban(ban_id, ban.kind, ban.target)
            self._done(actor, {"op": "unban", "ban_id": ban_id, "kind": ban.kind, "target": ban.target},
                       "unban", f"#{ban_id} {ban.kind} {ban.target}", "")
        return ban

    def kick(self, actor: Actor, identity: str, name: str, reason: str) -> None:
        """Keep a kick of ``identity`` in the audit log, then tell the other workers (each ends
        its sessions of ``identity``; the caller ends this server's).

        Raises:
            StoreError: the audit entry could not be kept (nobody is told: the kick is not done).
        """
        self.audit(actor, "kick", f"{name} ({identity})", reason)
        if self.on_change is not None:
            self.on_change({"op": "kick", "identity": identity, "reason": reason, "actor": actor.identity})

    def bans(self) -> list[Ban]:
        """Bans in force now, oldest first."""
        now = self.clock()
        self._bans = {k: kept for k, bans in self._bans.items() if (kept := [b for b in bans if b.active(now)])}
        return sorted((b for bans in self._bans.values() for b in bans), key=lambda b: b.ban_id)

    def mute(self, actor: Actor, identity: str, name: str, seconds: float | None, reason: str) -> Mute:
        """Mute ``identity`` in the lobby chat."""
        now = self.clock()
        mute = Mute(identity, name, clean_line(reason, MAX_REASON), actor.label, now,
                    None if seconds is None else now + seconds)
        self.store.set_mute(mute)
        self._mutes[identity] = mute
        self._done(actor, {"op": "mute", "mute": list(astuple(mute))}, "mute",
                   f"{name} ({identity}) {when(mute.expires)}", mute.reason)
        return mute

    def unmute(self, actor: Actor, identity: str) -> Mute | None:
        """Unmute ``identity``; None when it was not muted."""
        mute = self.store.lift_mute(identity)
        self._mutes.pop(identity, None)
        if mute is not None:
            self._done(actor, {"op": "unmute", "identity": identity}, "unmute", f"{mute.name} ({identity})", "")
        return mute

    def mutes(self) -> list[Mute]:
        """Mutes in force now, oldest first."""
        now = self.clock()
        return [m for m in self._mutes.values() if m.active(now)]

    def set_motd(self, actor: Actor, text: str | None) -> str:
        """Set the MOTD (None: back to the configured one); returns what players now see."""
        kept = None if text is None else clean_line(text, MAX_MOTD)
        self.store.set_motd(kept)
        self._motd = kept
        self._done(actor, {"op": "motd", "text": kept}, "motd", "motd", "(configured MOTD)" if kept is None else kept)
        return self.motd()

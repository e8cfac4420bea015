"""Moderation shared by the workers of a cluster (``--redis``; docs/moderation.md).

Every worker's :class:`~ahoy_tui.moderation.policy.Moderator` keeps its bans, mutes
and MOTD in the same Redis (``RedisModerationStore``), so a worker that
starts later reads them there. Each change an operator makes on one worker
is also published on the cluster's lobby channel (``announce.moderation``)
and applied at once by every other worker (:func:`heard`): a ban ends the
sessions it covers there with the same line, a mute silences the lobby chat
said there, an MOTD is told to the sessions there and greets new ones, a
kick ends the player's sessions there. When a worker's subscription comes
back after a Redis outage it reads everything again (a change published
meanwhile may have been missed).

:func:`end_banned`, :func:`end_kicked` and :func:`tell_motd` are what the
operator's own worker does too (``ahoy_tui.moderation.console``);
:func:`online_elsewhere`, :func:`address_elsewhere` and :func:`covered_elsewhere` read
the list of sessions on other processes (``LobbyHost.sessions_elsewhere``: the
cluster's directory; empty for a lobby of one process) for the operator's answer.

The publishing and hearing are wired by :func:`share` (``server.ssh.AhoyServer``
calls it): ``Moderator.on_change`` is ``LobbyHost.publish_moderation`` and
``LobbyHost.on_moderation`` calls :func:`heard`.
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial
from typing import Any

from ahoy_tui.lobby.hosted import LobbyHost
from ahoy_tui.lobby.messages import Notice
from ahoy_tui.moderation.policy import Ban, ban_line, connection_identity, covers
from ahoy_tui.ui.i18n import tr

log = logging.getLogger("ahoy.moderation")


def end_banned(host: Any, ban: Ban, spare: str = "") -> int:
    """End every session of ``host`` (``.sessions``) ``ban`` covers, with its line; ``spare``: an
    identity whose sessions stay (the operator's own). Returns how many."""
    hit = [s for s in list(host.sessions)
           if s.connection.identity != spare and covers(ban, s.connection.identity, s.connection.address)]
    for s in hit:
        asyncio.ensure_future(s.shutdown(ban_line(ban)))
    return len(hit)


def end_kicked(host: Any, identity: str, reason: str) -> int:
    """End every session of ``host`` of ``identity``, each told "An operator ended your session:
    REASON" in its language. Returns how many."""
    hit = [s for s in list(host.sessions) if s.connection.identity == identity]
    for s in hit:
        asyncio.ensure_future(s.shutdown(tr(s.lang, "session.kicked", reason=reason)))
    return len(hit)


def tell_motd(host: Any, shown: str) -> None:
    """Show the new MOTD to every running session of ``host``."""
    for session in list(host.sessions):
        handle = session.handle
        if handle is not None:
            handle.deliver(Notice(shown, "info", key="motd"))


Elsewhere = list[tuple[str, str, str]]
"""``(identity, name, address)`` of each session on another process (``LobbyHost.sessions_elsewhere``)."""


def online_elsewhere(elsewhere: Elsewhere, name: str) -> list[tuple[str, str]]:
    """``(identity, name)`` of the players called ``name`` (any case) with a session on another
    process (none for a lobby of one process); a bot API program's identity is its key's, as its
    process knows its session (``policy.connection_identity``)."""
    return sorted({(connection_identity(identity), n) for identity, n, _ in elsewhere
                   if n.casefold() == name.casefold()})


def address_elsewhere(elsewhere: Elsewhere, name: str) -> str | None:
    """The address (``address_key`` form) of a player called ``name`` (any case) on another
    process; "" when that process has not told it yet; None when nobody is called so."""
    found = [a for _, n, a in elsewhere if n.casefold() == name.casefold()]
    return None if not found else max(found)


def covered_elsewhere(elsewhere: Elsewhere, ban: Ban, spare: str) -> int:
    """How many sessions on other processes ``ban`` ends, as their list tells it (those processes
    end them when they hear of it; 0 for a lobby of one process); ``spare``: an identity whose
    sessions stay (the operator's own)."""
    return sum(1 for who, _, address in elsewhere if who != spare and covers(ban, who, address))


def share(host: Any, lobby_host: LobbyHost) -> None:
    """Publish ``host.moderator``'s changes to the lobby's other processes and apply theirs (see the
    module docstring); for a lobby of one process both do nothing."""
    host.moderator.on_change = lobby_host.publish_moderation
    lobby_host.on_moderation = partial(heard, host)


def heard(host: Any, change: dict[str, Any]) -> None:
    """A change another worker kept (or ``{"op": "reload"}``: read everything again).

    Raises:
        StoreError: a reload could not read Redis (what was known stays; the cluster tries again).
    """
    moderator = host.moderator
    if change.get("op") == "reload":
        moderator.reload()
        return
    try:
        ban = moderator.apply(change)
    except (KeyError, TypeError, ValueError) as e:
        log.warning("moderation: a change from another worker was not understood (%s)", e)
        return
    if ban is not None:
        end_banned(host, ban, str(change.get("actor", "")))
    elif change["op"] == "kick":
        end_kicked(host, str(change["identity"]), str(change.get("reason", "")))
    elif change["op"] == "motd":
        tell_motd(host, moderator.motd())

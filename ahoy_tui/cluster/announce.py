"""What a worker tells every other worker, written through its :class:`~ahoy_tui.cluster.bus.Bus`.

Each write goes to the lobby channel (``ahoy:lobby``: the others' mirrors
update at once) and, where a worker that starts later must read it, to a
hash: directory rows in ``ahoy:tables``, sessions in ``ahoy:sessions``,
private codes in ``ahoy:codes`` (envelopes: :mod:`ahoy_tui.cluster.wire`).
"""

from __future__ import annotations

from ahoy_tui.cluster.bus import LOBBY_CHANNEL, Bus
from ahoy_tui.cluster.claims import TABLE_CLAIMS, table_claim
from ahoy_tui.cluster.directory import CODES_KEY, SESSIONS_KEY, TABLES_KEY
from ahoy_tui.cluster.wire import pack
from ahoy_tui.lobby.messages import ChatMessage, TableSummary


def table_row(bus: Bus, table_id: str, summary: TableSummary | None, seated: frozenset[str],
              code: str | None, host: str | None = None) -> None:
    """An owned table's public row changed (``summary``; ``host``: its host's identity), or it
    closed (None). Its claim (host and name, :mod:`ahoy_tui.cluster.claims`) goes with it."""
    env = pack({"k": "dir", "t": table_id, "o": bus.worker_id, "sum": summary, "ids": seated})
    if summary is None:
        bus.write(lambda p: p.hdel(TABLES_KEY, table_id))
        bus.write(lambda p: p.hdel(TABLE_CLAIMS, table_id))
    else:
        bus.write(lambda p: p.hset(TABLES_KEY, table_id, env), len(env))
        bus.write(lambda p: p.hset(TABLE_CLAIMS, table_id, table_claim(host, summary.name)))
        if code:
            bus.write(lambda p: p.hset(CODES_KEY, code, table_id))
    bus.publish(LOBBY_CHANNEL, env)


def lobby_chat(bus: Bus, msg: ChatMessage) -> None:
    """A lobby chat line said on this worker (the store keeps the history)."""
    bus.publish(LOBBY_CHANNEL, pack({"k": "chat", "w": bus.worker_id, "m": msg}))


def session(bus: Bus, sid: str, on: bool, identity: str, name: str, since: float, address: str,
            live: bool = False) -> None:
    """Session ``sid`` of this worker came (``on``) or went.

    Args:
        since: When it connected (wall-clock s; the newest live session of an identity wins).
        address: Its client's address group (``ahoy_tui.lobby.gate.address_key``), "" when not told.
        live: It subscribed (an interactive session): older sessions of ``identity`` on other
            workers end. A one-shot command's session (``ssh host games``) is not live.
    """
    field = f"{bus.worker_id}/{sid}"
    env = pack({"k": "on" if on else "off", "w": bus.worker_id, "s": sid, "i": identity, "n": name,
                "at": since, "a": address, "r": live})
    if on:
        bus.write(lambda p: p.hset(SESSIONS_KEY, field, env), len(env))
    else:
        bus.write(lambda p: p.hdel(SESSIONS_KEY, field))
    bus.publish(LOBBY_CHANNEL, env)


def moderation(bus: Bus, change: dict) -> None:
    """An operator's change kept on this worker (``ahoy_tui.moderation.policy.Moderator.on_change``): a
    ban, unban, mute, unmute or MOTD, for the others to apply at once (Redis keeps it too)."""
    bus.publish(LOBBY_CHANNEL, pack({"k": "mod", "w": bus.worker_id, "c": change}))

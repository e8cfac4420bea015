"""The owner's side of the cluster lobby: commands from sessions on other workers.

A session on worker W at a table this worker owns is a proxy handle here
(one per ``(W, session)``), made on its first command. Its commands arrive
as ``req`` envelopes and run on this worker's ``Lobby`` exactly as a local
session's would; its listener sends what the table sends it — already its
own projection (R18) — to W's channel as ``msg`` envelopes numbered 1, 2,
3... The reply is queued behind those messages (through the same outbox,
after the log is written), so W has delivered them when the command returns.
A request that arrives after its ``by`` deadline (Redis's clock: its sender
gave up and told the player it was not done, e.g. this worker was paused)
is dropped unrun.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable

from ahoy_tui.cluster.bus import Bus
from ahoy_tui.cluster.keys import worker_channel
from ahoy_tui.cluster.strategies import ClusterPresence
from ahoy_tui.cluster.wire import pack, refusal
from ahoy_tui.lobby.errors import LobbyError
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.lobby import Lobby
from ahoy_tui.lobby.messages import ChatHistory, ChatMessage, TableClosed, TableUpdate
from ahoy_tui.lobby.table_commands import SeatCommands

log = logging.getLogger(__name__)

COMMANDS = frozenset({"join", "join_by_code", "spectate", "leave", "add_bot", "remove_seat", "set_ready", "start",
                      "give_to_bot", "rematch", "set_autopilot", "set_auto_pass", "act", "record_for", "chat"})
"""Lobby commands a session on another worker may run here (``Lobby`` methods, handle first). Besides
these: ``attach``, ``resync``, ``follow`` (back to a table, a full update) and ``rewatch`` (a new
session of someone who watched a table here, issue 24 #13: :meth:`TableOwner.rewatch`)."""


@dataclass(frozen=True, slots=True)
class _Reply:
    """A reply waiting in the outbox behind the messages its command caused."""

    envelope: dict


def table_of(msg: object) -> tuple[str, int]:
    """``(table_id, version)`` a message is about (``("", 0)`` for none)."""
    if isinstance(msg, TableUpdate):
        return msg.table.table_id, msg.version
    if isinstance(msg, TableClosed):
        return msg.table_id, 0
    if isinstance(msg, (ChatMessage, ChatHistory)) and msg.channel != "lobby":
        return msg.channel, 0
    return "", 0


class TableOwner:
    """Runs other workers' commands on ``core`` and forwards their sessions' messages through ``bus``;
    ``presence`` makes their proxies."""

    def __init__(self, core: Lobby, presence: ClusterPresence, bus: Bus,
                 now: Callable[[], float] = lambda: 0.0) -> None:
        self.core = core
        self.presence = presence
        self.bus = bus
        self.now = now
        """Redis's clock (s): a request past its ``by`` deadline is dropped, not run."""
        self.proxies: dict[tuple[str, str], PlayerHandle] = {}
        self._sent: dict[PlayerHandle, int] = {}

    def proxy(self, worker: str, session: str, identity: str, name: str) -> PlayerHandle:
        """The proxy of session ``session`` on ``worker`` (made on first use)."""
        key = (worker, session)
        handle = self.proxies.get(key)
        if handle is None:
            handle = self.presence.proxy(identity, name, lambda m: self._forward(worker, session, handle, m))
            self.core.enter(handle)
            self.proxies[key] = handle
            self._sent[handle] = 0
        return handle

    def _forward(self, worker: str, session: str, handle: PlayerHandle | None, msg: object) -> None:
        if isinstance(msg, _Reply):
            self.bus.publish(worker_channel(worker), pack(msg.envelope))
            return
        n = self._sent.get(handle, 0) + 1 if handle is not None else 0
        if handle is not None:
            self._sent[handle] = n
        table_id, version = table_of(msg)
        env = {"k": "msg", "w": self.bus.worker_id, "s": session, "n": n, "t": table_id, "v": version, "m": msg}
        self.bus.publish(worker_channel(worker), pack(env))

    def serve(self, env: dict[str, Any]) -> None:
        """Run one ``req`` envelope and queue its reply."""
        worker, session, op = env.get("w", ""), env.get("s", ""), env.get("op", "")
        args = list(env.get("a", ()))
        reply: dict[str, Any] = {"k": "rep", "id": env.get("id")}
        if op == "bye":
            self.forget(worker, session, bool(args and args[0]))
            return
        by = env.get("by")
        if isinstance(by, (int, float)) and self.now() > by:  # its sender told the player it was not done
            log.warning("worker %s: %s from %s came %.1f s after its sender stopped waiting: not run",
                        self.bus.worker_id, op, worker, self.now() - by)
            return
        identity, name = (list(env.get("who") or ("", "")) + ["", ""])[:2]
        handle = self.proxy(worker, session, identity, name) if session else None
        try:
            reply["ok"] = self._run(op, handle, args)
        except LobbyError as e:
            reply["err"] = refusal(e)
        except Exception:
            log.exception("worker %s: %s from %s failed", self.bus.worker_id, op, worker)
            reply["err"] = ["LobbyError", "the table's server could not do that; try again", ""]
        if handle is not None and handle.listeners:
            self.core.post(handle, _Reply(reply))
        else:
            self.bus.publish(worker_channel(worker), pack(reply))

    def _run(self, op: str, handle: PlayerHandle | None, args: list) -> Any:
        core = self.core
        if op == "ping":
            return True
        if op == "close_table":
            return core.close_table(*args)
        if op == "last_listing":
            return core.table(args[0]).last_listing
        if handle is None:
            raise LobbyError(f"unknown request {op!r}")
        if op in COMMANDS:
            return getattr(core, op)(handle, *args)
        if op == "rewatch":
            return self.rewatch(handle, args[0])
        if op in ("attach", "resync", "follow"):
            with core.batch():
                table = core.table(args[0])
                if handle in table.members:
                    table.catch_up(handle)
                else:
                    SeatCommands(table).attach(handle, table.seat_of(handle.identity), returning=op != "follow")
            return None
        raise LobbyError(f"unknown request {op!r}")

    def forget(self, worker: str, session: str, replaced: bool) -> None:
        """Session ``session`` of ``worker`` ended: its seats go to the autopilot (R17) unless ``replaced``."""
        handle = self.proxies.pop((worker, session), None)
        if handle is not None:
            self._sent.pop(handle, None)
            self.core.disconnect(handle, replaced)

    def drop_worker(self, worker: str) -> int:
        """``worker`` is gone: every proxy of its sessions ends (R17). Returns how many."""
        keys = [k for k in self.proxies if k[0] == worker]
        for w, s in keys:
            self.forget(w, s, replaced=False)
        return len(keys)

    def rewatch(self, handle: PlayerHandle, table_id: str) -> bool:
        """Attach ``handle`` (a new session, usually another worker's proxy) as a spectator of
        ``table_id`` if its identity was watching that table here and holds no seat at it; no
        code is asked (it was given when the watch began). R18: a spectator's updates only.

        Returns:
            True when ``handle`` is at the table now; False (nothing done) otherwise: no such
            open table, not watched by that identity, or it holds a seat there.
        """
        core = self.core
        with core.batch():
            table = core.watched_table(handle.identity)
            if table is None or table.table_id != table_id or table.seat_of(handle.identity) is not None:
                return False
            if handle not in table.members:
                SeatCommands(table).attach(handle, None)
            return True

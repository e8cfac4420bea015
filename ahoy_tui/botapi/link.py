"""One bot's connection to the lobby, without the transport (docs/bot-api.md).

:class:`BotLink` reads request lines (:meth:`BotLink.feed` takes raw bytes in any
pieces), answers each with one :class:`~ahoy_tui.botapi.protocol.Reply` line
through ``send`` and pushes the lobby messages its handle receives (every
``Message`` but ``LobbyChanged``: ask ``tables``) as codec lines. Requests are
handled one at a time, in order. A malformed line gets an error reply and the
link goes on. The SSH channel glue is ``server.bot_session``.

Limits (:class:`BotLimits`): ``act`` commands per second (a token bucket), open
tables a bot may sit at, the request line length (``protocol.MAX_LINE``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass
from typing import Any, Callable

from ahoy_tui.botapi.protocol import (MAX_LINE, BadRequest, Reply, Request, error_line, parse, reply_line)
from ahoy_tui.lobby import codec
from ahoy_tui.community.rating import API_BOT
from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.lobby.errors import LobbyError, RuleBroken, Stale
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.messages import LobbyChanged, TableClosed, TableConfig, TableUpdate

log = logging.getLogger(__name__)

def bot_identity(key_fingerprint: str) -> str:
    """The lobby identity of a bot connection authenticated with ``key_fingerprint`` (``SHA256:...``):
    ``community.rating.API_BOT`` and the fingerprint, its own player apart from the person with the same
    key (its seat is marked, its rating is on the bots board)."""
    return API_BOT + key_fingerprint


@dataclass(frozen=True, slots=True)
class BotLimits:
    """The bot API's limits (docs/bot-api.md, "Limits").

    Attributes:
        acts_per_second: ``act`` commands a bot may send per second, sustained.
        act_burst: ``act`` commands it may send at once before the rate applies.
        max_tables: Open tables one bot key may sit at (``create`` and ``join``
            of another table are refused beyond it).
        max_queued: Request lines read but not yet answered; beyond it (or beyond
            ``max_queued_bytes`` of them) the transport stops reading (``pause``)
            until the bot catches up.
        max_queued_bytes: Bytes of such lines.
    """

    acts_per_second: float = 10.0
    act_burst: int = 20
    max_tables: int = 2
    max_queued: int = 64
    max_queued_bytes: int = 4 << 20


LEGAL_KEPT = 16
"""Updates per table whose legal actions a link remembers (an ``act`` naming an older version is stale)."""

_CONFIG_KEYS = {"game": str, "name": str, "seats": int, "clocks": str, "private": bool, "grace": int,
                "bot_pace": str, "options": dict}


def table_config(raw: dict[str, Any]) -> TableConfig:
    """A ``create`` command's ``config`` object as a :class:`TableConfig` (the lobby validates values).

    Keys: ``game``, ``name``, ``seats``, ``clocks``, ``private``, ``grace``, ``bot_pace``
    and ``options`` (the game's options by name, e.g. ``{"limit": 50}``).

    Raises:
        BadRequest: an unknown key or a value of the wrong JSON type (``bad_field``).
    """
    kwargs: dict[str, Any] = {}
    for key, value in raw.items():
        typ = _CONFIG_KEYS.get(key)
        if typ is None:
            raise BadRequest("bad_field", f"config has no key {json.dumps(key)[:40]}; keys: {', '.join(_CONFIG_KEYS)}")
        if (typ is int and isinstance(value, bool)) or not isinstance(value, typ):
            raise BadRequest("bad_field", f"config: \"{key}\" must be {typ.__name__}")
        kwargs[key] = value
    options = kwargs.pop("options", {})
    for key, value in options.items():
        if not isinstance(value, (bool, int, str)) or key in _CONFIG_KEYS:
            raise BadRequest("bad_field", f"config: option {json.dumps(key)[:40]} must be a number, true/false or a string")
    return TableConfig.make(**kwargs, **options)


class BotLink:
    """The protocol between one bot and the lobby.

    Args:
        lobby: The lobby contract.
        handle: The bot's handle (``lobby.connect(bot_identity(...), name)``).
        send: Writes one whole line (bytes ending in ``\\n``) to the bot.
        limits: The limits.
        clock: Seconds, monotonic (tests inject one).
        pause: Called with True to stop reading input, False to read again (optional).
    """

    def __init__(self, lobby: LobbyAPI, handle: PlayerHandle, send: Callable[[bytes], None],
                 limits: BotLimits = BotLimits(), clock: Callable[[], float] = time.monotonic,
                 pause: Callable[[bool], None] | None = None) -> None:
        self.lobby, self.handle, self.send, self.limits = lobby, handle, send, limits
        self.clock, self.pause = clock, pause
        self._buf = bytearray()
        self._skipping = False
        """Dropping the rest of a line longer than ``MAX_LINE`` (up to its newline)."""
        self._lines: asyncio.Queue[bytes | None] = asyncio.Queue()
        self._paused = False
        self._queued_bytes = 0
        self._tokens = float(limits.act_burst)
        self._refilled = clock()
        self.closed = False
        self._legal: dict[str, dict[int, list[Any]]] = {}
        """Per table: version -> legal actions of the last ``LEGAL_KEPT`` seat ``TableUpdate`` pushed (oldest first)."""

    # -- messages from the lobby ----------------------------------------------------------

    def subscribe(self) -> None:
        """Start pushing the handle's messages (the lobby sends the catch-up at once)."""
        self.handle.subscribe(self.push)

    def push(self, msg: object) -> None:
        """One lobby message to the bot as a codec line (``LobbyChanged`` is not pushed)."""
        if self.closed or isinstance(msg, LobbyChanged):
            return
        if isinstance(msg, TableUpdate) and msg.seat is not None:
            kept = self._legal.setdefault(msg.table.table_id, {})
            kept[msg.version] = msg.legal
            while len(kept) > LEGAL_KEPT:
                del kept[next(iter(kept))]
        elif isinstance(msg, TableClosed):
            self._legal.pop(msg.table_id, None)
        try:
            self.send(codec.encode(msg) + b"\n")
        except codec.CodecError:
            log.exception("bot %s: a %s could not be encoded", self.handle.name, type(msg).__name__)

    # -- lines from the bot ------------------------------------------------------------------

    def feed(self, data: bytes) -> None:
        """Bytes from the bot, in any pieces: whole lines are queued for :meth:`serve`."""
        buf = self._buf
        buf += data
        while True:
            nl = buf.find(b"\n")
            if nl < 0:
                if len(buf) > MAX_LINE:
                    if not self._skipping:
                        self._lines.put_nowait(b"\0too_long")
                    self._skipping = True
                    buf.clear()
                break
            line = bytes(buf[:nl])
            del buf[:nl + 1]
            if self._skipping:
                self._skipping = False
                continue
            if len(line) > MAX_LINE:
                self._lines.put_nowait(b"\0too_long")
                continue
            line = line.rstrip(b"\r")
            if line.strip():
                self._lines.put_nowait(line)
                self._queued_bytes += len(line)
        if self.pause is not None and not self._paused and self._over():
            self._paused = True
            self.pause(True)

    def end(self) -> None:
        """The bot sent EOF (or went away): :meth:`serve` returns once the queued lines are answered."""
        self._lines.put_nowait(None)

    def _over(self, half: bool = False) -> bool:
        """Too much read and not answered yet (``half``: still over half the bounds)."""
        lim, d = self.limits, (2 if half else 1)
        return self._lines.qsize() >= lim.max_queued // d or self._queued_bytes >= lim.max_queued_bytes // d

    async def serve(self) -> None:
        """Answer queued lines in order until :meth:`end`."""
        while True:
            line = await self._lines.get()
            if line is not None:
                self._queued_bytes -= len(line) if line != b"\0too_long" else 0
            if line is None or self.closed:
                return
            if self._paused and not self._over(half=True):
                self._paused = False
                self.pause(False)  # type: ignore[misc]
            self.send(await self.answer(line))

    async def answer(self, line: bytes) -> bytes:
        """The reply line to one request line (never raises)."""
        if line == b"\0too_long":
            return error_line("too_long", f"a request line is at most {MAX_LINE} bytes; the line was skipped")
        try:
            req = parse(line)
            result = await self._dispatch(req)
        except BadRequest as e:
            return error_line(e.code, e.message, e.id)
        except Stale as e:
            return error_line("stale", e.reason, req.id)
        except RuleBroken as e:
            return error_line("rule", e.reason, req.id, rule=e.rule_id)
        except LobbyError as e:
            return error_line("refused", e.reason, req.id)
        except Exception:
            log.exception("bot %s: request failed", self.handle.name)
            return error_line("internal", "the server could not do that; the connection goes on", req.id)
        try:
            return reply_line(Reply(req.id, True, result))
        except codec.CodecError:
            log.exception("bot %s: a reply could not be encoded", self.handle.name)
            return error_line("internal", "the server could not encode the answer", req.id)

    # -- commands ---------------------------------------------------------------------------

    def _take_act_token(self, rid: str | int | None) -> None:
        now = self.clock()
        lim = self.limits
        self._tokens = min(float(lim.act_burst), self._tokens + (now - self._refilled) * lim.acts_per_second)
        self._refilled = now
        if self._tokens < 1.0:
            raise BadRequest("slow_down", f"at most {lim.acts_per_second:g} actions per second "
                                          f"(bursts of {lim.act_burst}); the action was not made", rid)
        self._tokens -= 1.0

    def _check_legal(self, req: Request, action: object) -> None:
        """Refuse an action that is not among the legal actions of the ``TableUpdate`` whose version
        it names, nor of the newest one, of those this bot was sent (a person's screen offers no
        others). A listed one goes to the lobby, which refuses it when that version is stale
        (``Stale``, relayed as ``stale``) exactly as it refuses a person's late press."""
        if req.args["table"] not in self._legal:
            raise BadRequest("refused", f"you hold no seat at table {json.dumps(req.args['table'])[:40]} (join it"
                                        " first: tables lists them)", req.id)
        kept = self._legal[req.args["table"]]
        version = req.args["version"]
        newest = next(reversed(kept), None)
        if action in kept.get(version, ()) or (newest is not None and action in kept[newest]):
            return
        if newest is not None and version > newest:
            raise BadRequest("not_legal", f"no update has version {version} yet (the newest you were sent is "
                                          f"{newest}); echo the version of the TableUpdate you answer", req.id)
        if newest is not None and version < newest and version not in kept:
            raise BadRequest("stale", f"the table has moved on (your version {version}, now {newest}); "
                                      "look again", req.id)
        raise BadRequest("not_legal", "that action is not one of your legal actions at that version "
                                      "(echo one of TableUpdate.legal)", req.id)

    async def _room_for(self, req: Request, table_id: str | None) -> None:
        """Refuse sitting at another table when the bot's key sits at ``max_tables`` already."""
        seated = await self.lobby.seated_tables(self.handle.identity)
        if table_id not in seated and len(seated) >= self.limits.max_tables:
            raise BadRequest("too_many_tables", f"a bot sits at {self.limits.max_tables} tables at most; "
                                                "leave one first", req.id)

    async def _dispatch(self, req: Request) -> Any:
        lobby, h, a = self.lobby, self.handle, req.args
        match req.cmd:
            case "ping":
                return "pong"
            case "tables":
                return await lobby.table_summaries()
            case "create":
                try:
                    config = table_config(a.get("config", {}))
                except BadRequest as e:
                    raise BadRequest(e.code, e.message, req.id) from None
                await self._room_for(req, None)
                return await lobby.create_table(h, config)
            case "join":
                await self._room_for(req, a["table"])
                return await lobby.join(h, a["table"], a.get("code"))
            case "add_bot":
                return await lobby.add_bot(h, a["table"], a.get("kind", "baseline"))
            case "ready":
                return await lobby.set_ready(h, a["table"], a.get("ready", True))
            case "start":
                return await lobby.start(h, a["table"])
            case "act":
                try:
                    action = codec.decode_value(json.dumps(a["action"]).encode())
                except codec.CodecError as e:
                    raise BadRequest("bad_field", f"act: \"action\" is not an action ({e}); "
                                                  "echo one of TableUpdate.legal", req.id) from None
                self._take_act_token(req.id)
                self._check_legal(req, action)
                return await lobby.act(h, a["table"], action, a["version"])
            case "chat":
                return await lobby.chat(h, a["channel"], a["text"])
            case "leave":
                return await lobby.leave(h, a["table"])
        raise BadRequest("unknown_command", f"unknown command {req.cmd}", req.id)  # pragma: no cover


__all__ = ["BotLimits", "BotLink", "bot_identity", "table_config"]

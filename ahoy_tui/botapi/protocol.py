"""The bot API's wire: requests in, replies out, one JSON object per line (docs/bot-api.md).

A request is a JSON object on one line, UTF-8, at most :data:`MAX_LINE` bytes::

    {"id": 7, "cmd": "act", "table": "t3", "action": {"@": "Draw"}, "version": 41}

``id`` is the client's (a string or an integer, echoed in the reply; optional),
``cmd`` one of :data:`COMMANDS`, the other keys that command's fields
(:data:`FIELDS`). Game values (actions, configs) are in the lobby codec's
wire shapes (``ahoy_tui.lobby.codec``): an action is one of the
``TableUpdate.legal`` entries the server sent, echoed as it came.

Every line the server sends is one codec object: either a :class:`Reply` (the
answer to one request, ``{"@":"Reply",...}``) or a pushed lobby message
(``TableUpdate``, ``ChatMessage``, ``ChatHistory``, ``Notice``,
``TableClosed``). Nothing here touches a socket: :func:`parse` and
:func:`reply_line` are pure.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ahoy_tui.lobby import codec

MAX_LINE = 1 << 20
"""Longest request line, in bytes (1 MiB, the newline not counted); a longer one is refused
and skipped up to its newline (error ``too_long``)."""

MAX_ID = 64
"""Longest string ``id``, in characters."""

COMMANDS: tuple[str, ...] = ("tables", "create", "join", "add_bot", "ready", "start", "act", "chat",
                             "leave", "ping")
"""Every command a bot may send."""

_TABLE = ("table", str, True)
FIELDS: dict[str, tuple[tuple[str, type | tuple[type, ...], bool], ...]] = {
    "tables": (),
    "create": (("config", dict, False),),
    "join": (_TABLE, ("code", str, False)),
    "add_bot": (_TABLE, ("kind", str, False)),
    "ready": (_TABLE, ("ready", bool, False)),
    "start": (_TABLE,),
    "act": (_TABLE, ("action", dict, True), ("version", int, True)),
    "chat": (("channel", str, True), ("text", str, True)),
    "leave": (_TABLE,),
    "ping": (),
}
"""Per command: (field, JSON type(s), required). Unknown fields are refused."""

ERROR_CODES: tuple[str, ...] = (
    "bad_utf8", "bad_json", "too_long", "not_object", "bad_id", "unknown_command", "bad_field",
    "slow_down", "too_many_tables", "not_legal", "stale", "rule", "refused", "internal",
)
"""Every ``Reply.error["code"]`` (docs/bot-api.md, "Errors")."""


@dataclass(frozen=True, slots=True)
class Reply:
    """The answer to one request (``{"@":"Reply",...}`` on the wire).

    Attributes:
        id: The request's ``id`` (None when it had none or could not be read).
        ok: The command was done.
        result: What it returned (codec-encoded; None for most commands).
        error: When refused: ``{"code": one of ERROR_CODES, "message": sentence}``,
            plus ``"rule"`` (e.g. ``"R9"``) for ``code == "rule"``; else None.
    """

    id: str | int | None
    ok: bool
    result: Any = None
    error: dict[str, str] | None = None


codec.register(Reply)


class BadRequest(Exception):
    """A request refused before the lobby was asked.

    Attributes:
        code: One of :data:`ERROR_CODES`.
        message: A sentence saying what was wrong and what is expected.
        id: The request's id when it could be read, else None.
    """

    def __init__(self, code: str, message: str, id: str | int | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.id = code, message, id


@dataclass(frozen=True, slots=True)
class Request:
    """One parsed request: ``cmd`` with its checked ``args`` (field -> JSON value)."""

    id: str | int | None
    cmd: str
    args: dict[str, Any] = field(default_factory=dict)


def _integral(value: Any) -> Any:
    """``1.0`` as ``1`` (JSON Schema's integer is any number without a fraction); anything else as it is."""
    return int(value) if isinstance(value, float) and value.is_integer() and abs(value) <= 2**53 else value


def _sendable(text: str) -> bool:
    """``text`` can be written back in UTF-8 (JSON's ``\\ud800`` escapes give lone surrogates, which cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _type_name(t: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", bool: "true or false", dict: "an object"}
    return names.get(t, "a value") if isinstance(t, type) else " or ".join(names[x] for x in t)


def parse(line: bytes) -> Request:
    """One request line (without its newline) as a :class:`Request`.

    Raises:
        BadRequest: not UTF-8 (``bad_utf8``), not JSON (``bad_json``), not an object
            (``not_object``), a bad ``id`` (``bad_id``), an unknown ``cmd``
            (``unknown_command``), a missing, unknown or mistyped field (``bad_field``).
    """
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadRequest("bad_utf8", f"the line is not UTF-8 (byte {e.start}); send UTF-8 JSON") from None
    try:
        raw = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as e:
        where = f" ({e.msg} at character {e.pos})" if isinstance(e, json.JSONDecodeError) else ""
        raise BadRequest("bad_json", f"the line is not JSON{where}; send one JSON object per line") from None
    if not isinstance(raw, dict):
        raise BadRequest("not_object", "a request is a JSON object: {\"id\": 1, \"cmd\": \"tables\"}")
    rid = _integral(raw.get("id"))
    if rid is not None and (isinstance(rid, bool) or not isinstance(rid, (str, int))
                            or (isinstance(rid, str) and (len(rid) > MAX_ID or not _sendable(rid)))
                            or (isinstance(rid, int) and abs(rid) > 2**53)):
        raise BadRequest("bad_id", f"\"id\" must be a string of at most {MAX_ID} characters (UTF-8: no lone"
                                   " surrogate) or an integer of at most 2^53 in size")
    cmd = raw.get("cmd")
    if not isinstance(cmd, str) or cmd not in FIELDS:
        shown = json.dumps(cmd)[:40]
        raise BadRequest("unknown_command", f"unknown command {shown}; commands: {', '.join(COMMANDS)}", rid)
    spec = FIELDS[cmd]
    known = {name for name, _, _ in spec}
    extra = sorted(set(raw) - known - {"id", "cmd"})
    if extra:
        raise BadRequest("bad_field", f"{cmd} has no field {json.dumps(extra[0])[:40]}", rid)
    args: dict[str, Any] = {}
    for name, typ, required in spec:
        if name not in raw:
            if required:
                raise BadRequest("bad_field", f"{cmd} needs \"{name}\" ({_type_name(typ)})", rid)
            continue
        value = _integral(raw[name]) if typ is int else raw[name]
        if (typ is int and isinstance(value, bool)) or not isinstance(value, typ):
            raise BadRequest("bad_field", f"{cmd}: \"{name}\" must be {_type_name(typ)}", rid)
        args[name] = value
    return Request(rid, cmd, args)


def reply_line(reply: Reply) -> bytes:
    """``reply`` as one wire line (codec JSON and ``\\n``)."""
    return codec.encode(reply) + b"\n"


def error_line(code: str, message: str, id: str | int | None = None, **extra: str) -> bytes:
    """A refusal as one wire line: ``{"@":"Reply","id":...,"ok":false,"error":{"code":...,"message":...}}``
    (with ``id`` null when ``id`` itself cannot be encoded: the bot still gets its one reply)."""
    try:
        return reply_line(Reply(id, False, None, {"code": code, "message": message, **extra}))
    except codec.CodecError:
        return reply_line(Reply(None, False, None, {"code": code, "message": message, **extra}))


__all__ = ["MAX_LINE", "COMMANDS", "FIELDS", "ERROR_CODES", "Reply", "BadRequest", "Request", "parse",
           "reply_line", "error_line"]

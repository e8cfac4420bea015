"""The bot API's published JSON Schema, built from the codec's own field lists (docs/bot-api.md).

``schema/bot-api/request.schema.json`` describes a request line (from
``protocol.FIELDS`` and the ``create`` config keys); ``schema/bot-api/server-line.schema.json``
a line the server sends: a ``Reply`` or a pushed lobby message, with every registered
codec type (``codec.registered()``: the lobby's and every game's views, events and actions)
as an object with exactly its ``"@"`` tag and its fields. Field values are typed where the
dataclass annotation is a plain ``str``/``int``/``float``/``bool`` (or that ``| None``), a list,
a tuple or a nested registered type; any other field is any codec value (``$defs/value``).

The files are generated; a test checks they equal :func:`build` (regenerate with
``python -m ahoy_tui.botapi.schema schema/bot-api``).
"""

from __future__ import annotations

import dataclasses
import enum
import json
import sys
import types
import typing
from pathlib import Path
from typing import Any

from ahoy_tui.botapi.link import _CONFIG_KEYS
from ahoy_tui.botapi.protocol import ERROR_CODES, FIELDS, MAX_ID, Reply
from ahoy_tui.lobby import codec

DRAFT = "https://json-schema.org/draft/2020-12/schema"
PUSHED = ("TableUpdate", "ChatMessage", "ChatHistory", "Notice", "TableClosed")
"""The lobby messages a bot is pushed (``LobbyChanged`` is not: ask ``tables``)."""

_JSON = {str: {"type": "string"}, int: {"type": "integer"}, float: {"type": "number"}, bool: {"type": "boolean"},
         type(None): {"type": "null"}}
_VALUE = {"$ref": "#/$defs/value"}


def _ref(name: str) -> dict:
    return {"$ref": f"#/$defs/{name}"}


def _wrapped(tag: str, items: dict) -> dict:
    return {"type": "object", "properties": {"@": {"const": tag}, "v": {"type": "array", "items": items}},
            "required": ["@", "v"], "additionalProperties": False}


def _field(hint: Any, names: dict[type, str]) -> dict:
    """The schema of one field's value from its annotation (anything unclear: any codec value)."""
    if hint in _JSON:
        return dict(_JSON[hint])
    if hint is float:
        return {"type": "number"}
    if hint in names:
        return _ref(names[hint])
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        parts = [_field(a, names) for a in args]
        return _VALUE if _VALUE in parts else {"anyOf": parts}
    if origin is list:
        return {"type": "array", "items": _field(args[0], names) if args else _VALUE}
    if origin is tuple:
        inner = _field(args[0], names) if args and (len(args) == 2 and args[1] is Ellipsis or
                                                    all(a == args[0] for a in args)) else _VALUE
        return _wrapped("tuple", inner)
    if origin is frozenset:
        return _wrapped("frozenset", _field(args[0], names) if args else _VALUE)
    if origin is typing.Literal:
        return {"enum": list(args)}
    return _VALUE


def _hints(cls: type) -> dict[str, Any]:
    try:
        return typing.get_type_hints(cls)
    except Exception:  # an annotation that does not resolve: every field is any value
        return {}


def _published() -> dict[str, type]:
    """Tag -> class of what the server may send: the lobby's types, every registered game's
    ``GameSpec.wire_types`` and ``Reply`` (not whatever else a process registered)."""
    from ahoy_tui.games.registry import GAMES
    from ahoy_tui.lobby.messages import SeatInfo, TableConfig, TableSnapshot, TableSummary
    from ahoy_tui.store.base import GameListing

    wanted = {Reply, TableConfig, SeatInfo, TableSnapshot, TableSummary, GameListing, *codec.MESSAGE_TYPES}
    for spec in GAMES.values():
        wanted.update(spec.wire_types)
    return {tag: cls for tag, cls in codec.registered().items() if cls in wanted}


def _types() -> dict[str, Any]:
    """``$defs`` for every published codec type, the wrappers and ``value``."""
    reg = _published()
    names = {cls: tag for tag, cls in reg.items()}
    defs: dict[str, Any] = {}
    for tag, cls in sorted(reg.items()):
        if isinstance(cls, type) and issubclass(cls, enum.Enum):
            defs[tag] = {"type": "object", "properties": {"@": {"const": tag},
                                                          "v": {"enum": [m.value for m in cls]}},
                         "required": ["@", "v"], "additionalProperties": False}
            continue
        hints = _hints(cls)
        fields = [f.name for f in dataclasses.fields(cls) if f.init]
        props: dict[str, Any] = {"@": {"const": tag}}
        for f in fields:
            props[f] = _field(hints[f], names) if f in hints else _VALUE
        defs[tag] = {"type": "object", "properties": props, "required": ["@", *fields],
                     "additionalProperties": False}
    defs["tuple"] = _wrapped("tuple", _VALUE)
    defs["frozenset"] = _wrapped("frozenset", _VALUE)
    defs["dict"] = _wrapped("dict", {"type": "array", "items": _VALUE})
    defs["tagged"] = {"anyOf": [_ref(t) for t in [*sorted(reg), "tuple", "frozenset", "dict"]]}
    defs["value"] = {"anyOf": [{"type": ["null", "boolean", "number", "string"]},
                               {"type": "array", "items": _VALUE},
                               {"type": "object", "required": ["@"], "allOf": [_ref("tagged")]},
                               {"type": "object", "not": {"required": ["@"]},
                                "additionalProperties": _VALUE}]}
    return defs


def server_line_schema() -> dict:
    """Every line the server sends on the bot channel: a ``Reply`` or a pushed message."""
    defs = _types()
    defs["Reply"]["properties"]["id"] = {"type": ["string", "integer", "null"]}
    defs["Reply"]["properties"]["error"] = {"anyOf": [{"type": "null"}, {
        "type": "object", "properties": {"code": {"enum": list(ERROR_CODES)}, "message": {"type": "string"},
                                         "rule": {"type": "string"}},
        "required": ["code", "message"], "additionalProperties": False}]}
    return {"$schema": DRAFT, "$id": "https://ahoy.example/schema/bot-api/server-line.schema.json",
            "title": "A line the server sends on `ssh -T host bot`",
            "description": "One codec object per line: a Reply to one request, or a pushed lobby message.",
            "oneOf": [_ref("Reply"), *[_ref(t) for t in PUSHED]], "$defs": defs}


def request_schema() -> dict:
    """Every request line a bot may send."""
    json_of = {str: {"type": "string"}, int: {"type": "integer"}, bool: {"type": "boolean"},
               dict: {"type": "object"}}
    config = {"type": "object", "additionalProperties": False,
              "properties": {k: dict(json_of[t]) for k, t in _CONFIG_KEYS.items()}}
    config["properties"]["options"] = {"type": "object",
                                       "additionalProperties": {"type": ["boolean", "integer", "string"]}}
    variants = []
    for cmd, spec in FIELDS.items():
        props: dict[str, Any] = {"id": {"anyOf": [{"type": "string", "maxLength": MAX_ID},
                                                  {"type": "integer", "minimum": -2**53, "maximum": 2**53},
                                                  {"type": "null"}]},
                                 "cmd": {"const": cmd}}
        for name, typ, _ in spec:
            props[name] = config if name == "config" else (
                {"type": "object", "required": ["@"],
                 "description": "one entry of TableUpdate.legal, echoed as the server sent it"}
                if name == "action" else dict(json_of[typ]))
        required = ["cmd", *[name for name, _, req in spec if req]]
        variants.append({"type": "object", "properties": props, "required": required,
                         "additionalProperties": False})
    return {"$schema": DRAFT, "$id": "https://ahoy.example/schema/bot-api/request.schema.json",
            "title": "A request line a bot sends on `ssh -T host bot`",
            "description": "One JSON object per line; the reply echoes its id.", "oneOf": variants}


def build() -> dict[str, dict]:
    """File name -> schema, as published in ``schema/bot-api/``."""
    assert Reply  # registered with the codec by protocol's import
    return {"request.schema.json": request_schema(), "server-line.schema.json": server_line_schema()}


def dumps(schema: dict) -> str:
    """A schema file's text (sorted keys, two-space indent, a final newline)."""
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "schema/bot-api")
    out.mkdir(parents=True, exist_ok=True)
    for name, schema in build().items():
        (out / name).write_text(dumps(schema), encoding="utf-8")
        print(out / name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

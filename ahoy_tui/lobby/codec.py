"""One codec for everything that crosses a process boundary (docs/lobby-api.md, "Messages").

``encode(msg) -> bytes`` and ``decode(data) -> Message`` turn lobby messages,
and everything inside them (snapshots, summaries, views, events, actions,
configs), into compact UTF-8 JSON and back, so that
``decode(encode(m)) == m`` with the same types all the way down.

Wire shapes (JSON, no spaces, non-ASCII kept as UTF-8):

* ``None``, ``bool``, ``int``, ``float`` (finite), ``str``: themselves.
* ``list``: a JSON array.
* ``tuple``: ``{"@":"tuple","v":[...]}``; ``frozenset``: ``{"@":"frozenset","v":[...]}``.
* ``dict`` with ``str`` keys: a JSON object; one that has the key ``"@"`` is
  written as ``{"@":"dict","v":[[key,value],...]}``.
* a registered enum member: ``{"@":NAME,"v":value}``.
* a registered dataclass: ``{"@":NAME, field: value, ...}`` with every
  ``init`` field, no more and no fewer.

Types are registered with :func:`register` (name: the class name unless
given). The lobby's messages register themselves below; a game's types
(views, events, actions, enums) come from the game registry
(``ahoy_tui.games.registry``: each ``GameSpec.wire_types``) through
:func:`register_game_types`, so this module names no game's own types.

Nothing is evaluated or unpickled: a tag only ever selects a registered
class, built through its ``__init__``. Every failure is :class:`CodecError`
(a ``ValueError``): an unregistered type or unknown tag, an unknown or
missing field, a non-string dict key, a non-finite float, input larger than
:data:`MAX_BYTES` or a string longer than :data:`MAX_STRING`, invalid UTF-8
or JSON, or a value the class refuses.
Values are not checked against field annotations (a field typed ``int``
decodes whatever JSON value it was sent).
"""

from __future__ import annotations

import dataclasses
import json
import math
from enum import Enum
from typing import Any, Callable, Iterable

from ahoy_tui.games.registry import GAMES
from ahoy_tui.store.base import GameListing
from ahoy_tui.lobby.messages import (ChatHistory, ChatMessage, LobbyChanged, Message, Notice, SeatInfo,
                                     TableClosed, TableConfig, TableSnapshot, TableSummary, TableUpdate)

MAX_BYTES = 4 << 20
"""Largest encoded message, in bytes (4 MiB): larger input is refused unread. The largest
real one is a late joiner's catch-up ``TableUpdate`` of a long game: about 0.8 MB for
8 seats played to 1000 points (bench/codec.py)."""

MAX_STRING = 64 << 10
"""Longest string anywhere in a message, in characters (64 Ki; chat lines are at most 300)."""

MESSAGE_TYPES: tuple[type, ...] = (LobbyChanged, ChatMessage, ChatHistory, Notice, TableUpdate, TableClosed)
"""What ``decode`` accepts at the top level (``Message``)."""

TAG = "@"
_RESERVED = frozenset({"tuple", "frozenset", "dict"})


class CodecError(ValueError):
    """A value cannot be encoded, or bytes are not a message this codec wrote."""


_by_name: dict[str, type] = {}
_by_type: dict[type, tuple[str, tuple[str, ...] | None]] = {}
"""Per registered class: its tag and its init field names (None for an enum)."""
_wire_keys: dict[str, tuple[type, frozenset[str]]] = {}
"""Per dataclass tag: the class and the exact keys of its JSON object (the fast way in)."""


def register(cls: type, name: str | None = None) -> type:
    """Make ``cls`` (a dataclass or an ``Enum``) travel as tag ``name`` (default: its ``__name__``).

    Registering the same class under the same name again does nothing.

    Raises:
        CodecError: ``cls`` is neither a dataclass nor an enum, or the name
            is reserved or taken by another class, or the class already has
            another name.
    """
    name = cls.__name__ if name is None else name
    if name in _RESERVED or not name:
        raise CodecError(f"codec: {name!r} is a reserved tag")
    if _by_name.get(name, cls) is not cls:
        raise CodecError(f"codec: tag {name!r} is already {_by_name[name].__qualname__}")
    known = _by_type.get(cls)
    if known is not None and known[0] != name:
        raise CodecError(f"codec: {cls.__qualname__} is already registered as {known[0]!r}")
    if isinstance(cls, type) and issubclass(cls, Enum):
        fields = None
    elif dataclasses.is_dataclass(cls) and isinstance(cls, type):
        fields = tuple(f.name for f in dataclasses.fields(cls) if f.init)
    else:
        raise CodecError(f"codec: {cls!r} is neither a dataclass nor an enum")
    _by_name[name] = cls
    _by_type[cls] = (name, fields)
    if fields is not None:
        _wire_keys[name] = (cls, frozenset((TAG, *fields)))
    return cls


def register_game_types(types: Iterable[type]) -> None:
    """Register a game's wire types (e.g. ``ahoy_tui.games.ahoy.wire.WIRE_TYPES``) under their class names."""
    for cls in types:
        register(cls)


def registered() -> dict[str, type]:
    """Tag -> class, for everything registered so far (a copy)."""
    return dict(_by_name)


# -- encoding ----------------------------------------------------------------------------------


def _plain(x: Any) -> Any:
    return x


def _str(x: str) -> str:
    if len(x) > MAX_STRING:
        raise CodecError(f"codec: a string of {len(x)} characters exceeds {MAX_STRING}")
    return x


def _float(x: float) -> float:
    if not math.isfinite(x):
        raise CodecError(f"codec: cannot encode the float {x!r}")
    return x


def _list(x: list) -> list:
    return [_to_json(v) for v in x]


def _tuple(x: tuple) -> dict:
    return {TAG: "tuple", "v": [_to_json(v) for v in x]}


def _frozenset(x: frozenset) -> dict:
    items = [_to_json(v) for v in x]
    try:
        items.sort()
    except TypeError:
        pass  # mixed types: any order decodes to the same set
    return {TAG: "frozenset", "v": items}


def _dict(x: dict) -> dict:
    out = {}
    for k, v in x.items():
        if type(k) is not str:
            raise CodecError(f"codec: dict keys must be str, got {type(k).__name__} {k!r}")
        out[_str(k)] = _to_json(v)
    return {TAG: "dict", "v": [[k, v] for k, v in out.items()]} if TAG in out else out


_ENCODERS: dict[type, Callable[[Any], Any]] = {
    type(None): _plain, bool: _plain, int: _plain, str: _str, float: _float,
    list: _list, tuple: _tuple, frozenset: _frozenset, dict: _dict,
}


def _to_json(x: Any) -> Any:
    enc = _ENCODERS.get(type(x))
    if enc is not None:
        return enc(x)
    known = _by_type.get(type(x))
    if known is None:
        raise CodecError(f"codec: {type(x).__qualname__} is not registered (codec.register)")
    name, fields = known
    if fields is None:
        return {TAG: name, "v": x.value}
    out: dict[str, Any] = {TAG: name}
    for f in fields:
        out[f] = _to_json(getattr(x, f))
    return out


def encode(msg: Any) -> bytes:
    """``msg`` (a registered dataclass, usually a ``Message``) as compact UTF-8 JSON.

    Raises:
        CodecError: something inside is not encodable (see the module
            docstring), or the result exceeds :data:`MAX_BYTES`.
    """
    try:
        data = json.dumps(_to_json(msg), ensure_ascii=False, separators=(",", ":"),
                          allow_nan=False, check_circular=False).encode("utf-8")
    except RecursionError:
        raise CodecError("codec: value nested too deeply") from None
    except UnicodeEncodeError as e:
        raise CodecError(f"codec: a string is not valid Unicode ({e.reason})") from None
    if len(data) > MAX_BYTES:
        raise CodecError(f"codec: message of {len(data)} bytes exceeds {MAX_BYTES}")
    return data


# -- decoding ----------------------------------------------------------------------------------


def _no_long_strings(values: Iterable[Any]) -> None:
    """Refuse a string longer than ``MAX_STRING`` among ``values`` and the lists in them.

    Objects inside were checked by their own hook (``json`` builds innermost first)."""
    for v in values:
        t = type(v)
        if t is str:
            if len(v) > MAX_STRING:
                raise CodecError(f"codec: a string of {len(v)} characters exceeds {MAX_STRING}")
        elif t is list:
            _no_long_strings(v)


def _hook(obj: dict) -> Any:
    """``json.loads`` object hook: tagged objects back into their values (innermost first)."""
    _no_long_strings(obj.values())
    if TAG not in obj:
        _no_long_strings(obj)
        return obj
    name = obj[TAG]
    fast = _wire_keys.get(name) if type(name) is str else None
    if fast is not None and obj.keys() == fast[1]:
        del obj[TAG]
        try:
            return fast[0](**obj)
        except Exception as e:  # the class refused the values (__post_init__ checks, unhashable...)
            raise CodecError(f"codec: {name} refused its fields: {e}") from None
    if name == "tuple" or name == "frozenset" or name == "dict":
        if len(obj) != 2 or "v" not in obj:
            raise CodecError(f"codec: a {name} needs exactly the key 'v'")
        v = obj["v"]
        if type(v) is not list:
            raise CodecError(f"codec: a {name}'s 'v' must be an array")
        if name == "dict":
            if not all(type(p) is list and len(p) == 2 and type(p[0]) is str for p in v):
                raise CodecError("codec: a dict's 'v' must hold [str key, value] pairs")
            _no_long_strings(v)
            return dict(v)
        return tuple(v) if name == "tuple" else frozenset(v)
    if type(name) is not str:
        raise CodecError(f"codec: tag must be a string, got {name!r}")
    cls = _by_name.get(name)
    if cls is None:
        raise CodecError(f"codec: unknown tag {name!r}")
    fields = _by_type[cls][1]
    if fields is None:
        if len(obj) != 2 or "v" not in obj:
            raise CodecError(f"codec: enum {name} needs exactly the key 'v'")
        try:
            return cls(obj["v"])
        except (ValueError, TypeError):
            raise CodecError(f"codec: {obj['v']!r} is not a {name}") from None
    if len(obj) != len(fields) + 1:
        unknown = sorted(set(obj) - set(fields) - {TAG})
        if unknown:
            raise CodecError(f"codec: {name} has no field(s) {', '.join(unknown)}")
    kwargs = {}
    for f in fields:
        try:
            kwargs[f] = obj[f]
        except KeyError:
            raise CodecError(f"codec: {name} is missing field {f!r}") from None
    try:
        return cls(**kwargs)
    except CodecError:
        raise
    except Exception as e:  # the class refused the values (__post_init__ checks, unhashable...)
        raise CodecError(f"codec: {name} refused its fields: {e}") from None


def decode_value(data: bytes) -> Any:
    """Any value :func:`encode` wrote (a view, an action...), back with its types.

    Raises:
        CodecError: the bytes are too long, not UTF-8, not JSON, or not what
            this codec writes (see the module docstring).
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise CodecError(f"codec: decode takes bytes, not {type(data).__name__}")
    if len(data) > MAX_BYTES:
        raise CodecError(f"codec: message of {len(data)} bytes exceeds {MAX_BYTES}")
    try:
        text = bytes(data).decode("utf-8")
    except UnicodeDecodeError as e:
        raise CodecError(f"codec: not UTF-8 at byte {e.start}") from None
    try:
        return json.loads(text, object_hook=_hook, parse_constant=_no_constant, parse_float=_finite)
    except CodecError:
        raise
    except json.JSONDecodeError as e:
        raise CodecError(f"codec: not JSON ({e.msg} at {e.pos})") from None
    except RecursionError:
        raise CodecError("codec: value nested too deeply") from None
    except (TypeError, ValueError) as e:  # e.g. an unhashable member of a frozenset
        raise CodecError(f"codec: bad value ({e})") from None


def _finite(text: str) -> float:
    x = float(text)
    if not math.isfinite(x):
        raise CodecError(f"codec: {text[:20]} is not finite")
    return x


def _no_constant(name: str) -> Any:
    raise CodecError(f"codec: {name} is not a number this codec writes")


def decode(data: bytes) -> Message:
    """The ``Message`` (``LobbyChanged``, ``TableUpdate``...) that :func:`encode` wrote.

    Raises:
        CodecError: as :func:`decode_value`, or the value is not a ``Message``.
    """
    msg = decode_value(data)
    if type(msg) not in MESSAGE_TYPES:
        raise CodecError(f"codec: expected a lobby message, got {type(msg).__name__}")
    return msg


for _cls in (TableConfig, SeatInfo, TableSnapshot, TableSummary, GameListing, *MESSAGE_TYPES):
    register(_cls)
for _spec in GAMES.values():  # every registered game's views, events and actions (GameSpec.wire_types)
    register_game_types(_spec.wire_types)

__all__ = ["CodecError", "MAX_BYTES", "MAX_STRING", "MESSAGE_TYPES", "encode", "decode", "decode_value", "register",
           "register_game_types", "registered"]

"""The envelopes workers send each other through Redis (docs/lobby-api.md, "The cluster lobby").

An envelope is a ``dict`` written with the lobby codec (``codec.encode`` /
``codec.decode_value``), so the messages, actions and configs inside keep
their types; one over ``COMPRESS_OVER`` bytes is zlib-compressed. ``"k"`` says what it is:

* ``req`` — a command for a table's owner: ``id`` (per sender), ``w`` (the
  sender's worker id), ``op``, ``s`` (the session id on the sender, "" for
  the server's own commands), ``who`` (``[identity, name]``), ``a`` (arguments), ``by``
  (Redis's clock, s: after this the sender stopped waiting, so the owner does not run it).
* ``rep`` — its answer on the sender's channel: ``id`` and ``ok`` (the result)
  or ``err`` (``[kind, reason, rule_id]``: the same ``LobbyError`` subclass again).
* ``msg`` — one message for one session: ``w`` (the owner), ``s``, ``n`` (1, 2,
  3... per session and owner: a gap means something was lost, so the receiver
  asks for a full update), ``t``/``v`` (the table id and version, "" / 0 when
  none) and ``m`` (the message, already projected for that session's seat: R18).
* ``dir`` — a directory row on the lobby channel: ``t``, ``o`` (owner), ``sum``
  (``TableSummary``, None once closed), ``ids`` (identities holding a seat).
* ``on`` / ``off`` — a session came or went: ``w``, ``s``, ``i`` (identity), ``n`` (name),
  ``at`` (when it connected), ``a`` (its address group), ``r`` (it subscribed: a live session,
  whose identity's older sessions end; a one-shot command's session is not).
* ``chat`` — a lobby chat line ``m`` (``ChatMessage``) from worker ``w``.
* ``gone`` — worker ``w`` stopped (or was found dead): forget its sessions.
* ``mod`` — an operator's change ``c`` kept on worker ``w`` (``ahoy_tui.moderation.sync``):
  ``{"op": "ban", "ban": [...]}``, ``unban``, ``mute``, ``unmute`` or ``motd``.
"""

from __future__ import annotations

import zlib
from typing import Any

from ahoy_tui.lobby import codec
from ahoy_tui.lobby.errors import LobbyError, Refused, RuleBroken, Stale, Unreadable

_KINDS: dict[str, type[LobbyError]] = {"Stale": Stale, "RuleBroken": RuleBroken, "Refused": Refused,
                                       "Unreadable": Unreadable, "LobbyError": LobbyError}


COMPRESS_OVER = 1024
"""Envelopes longer than this many bytes travel zlib-compressed (a ``TableUpdate`` is a few KB of JSON)."""
ZLIB = b"z"
"""First byte of a compressed envelope (JSON never starts with it)."""


def pack(envelope: dict[str, Any]) -> bytes:
    """``envelope`` as bytes: ``codec.encode``, zlib-compressed behind ``ZLIB`` when over
    ``COMPRESS_OVER`` bytes (raises ``CodecError`` on what it cannot carry)."""
    data = codec.encode(envelope)
    return ZLIB + zlib.compress(data, 1) if len(data) > COMPRESS_OVER else data


def unpack(data: bytes) -> dict[str, Any]:
    """The envelope in ``data``.

    Raises:
        CodecError: not an envelope this module wrote (also: compressed to more than ``codec.MAX_BYTES``).
    """
    if data[:1] == ZLIB:
        inflate = zlib.decompressobj()
        try:
            data = inflate.decompress(data[1:], codec.MAX_BYTES + 1)
        except zlib.error as e:
            raise codec.CodecError(f"cluster: bad compressed envelope ({e})") from None
        if inflate.unconsumed_tail or len(data) > codec.MAX_BYTES:
            raise codec.CodecError("cluster: compressed envelope over the size limit")
    env = codec.decode_value(data)
    if not isinstance(env, dict) or not isinstance(env.get("k"), str):
        raise codec.CodecError("cluster: not an envelope")
    return env


def refusal(err: LobbyError) -> list[str]:
    """``err`` as the ``err`` field of a reply: ``[kind, reason, rule_id]``."""
    kind = next((name for name, cls in _KINDS.items() if type(err) is cls), "LobbyError")
    return [kind, err.reason, err.rule_id if isinstance(err, RuleBroken) else ""]


def refused(fields: list[str]) -> LobbyError:
    """The ``LobbyError`` a reply's ``err`` field stands for (same subclass, same sentence)."""
    kind, reason, rule_id = (list(fields) + ["", "", ""])[:3]
    if kind == "RuleBroken":
        return RuleBroken(rule_id, reason)
    return _KINDS.get(kind, LobbyError)(reason)

"""The envelopes workers send each other through Redis (docs/lobby-api.md, "The cluster lobby").

An envelope is a ``dict`` written with the lobby codec (``codec.encode`` /
``codec.decode_value``), so the messages, actions and configs inside keep
their types. ``"k"`` says what it is:

* ``req`` — a command for a table's owner: ``id`` (per sender), ``w`` (the
  sender's worker id), ``op``, ``s`` (the session id on the sender, "" for
  the server's own commands), ``who`` (``[identity, name]``), ``a`` (arguments).
* ``rep`` — its answer on the sender's channel: ``id`` and ``ok`` (the result)
  or ``err`` (``[kind, reason, rule_id]``: the same ``LobbyError`` subclass again).
* ``msg`` — one message for one session: ``w`` (the owner), ``s``, ``n`` (1, 2,
  3... per session and owner: a gap means something was lost, so the receiver
  asks for a full update), ``t``/``v`` (the table id and version, "" / 0 when
  none) and ``m`` (the message, already projected for that session's seat: R18).
* ``dir`` — a directory row on the lobby channel: ``t``, ``o`` (owner), ``sum``
  (``TableSummary``, None once closed), ``ids`` (identities holding a seat).
* ``on`` / ``off`` — a session came or went: ``w``, ``s``, ``i`` (identity), ``n`` (name).
* ``chat`` — a lobby chat line ``m`` (``ChatMessage``) from worker ``w``.
* ``gone`` — worker ``w`` stopped (or was found dead): forget its sessions.
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.lobby import codec
from ahoy_tui.lobby.errors import LobbyError, Refused, RuleBroken, Stale, Unreadable

_KINDS: dict[str, type[LobbyError]] = {"Stale": Stale, "RuleBroken": RuleBroken, "Refused": Refused,
                                       "Unreadable": Unreadable, "LobbyError": LobbyError}


def pack(envelope: dict[str, Any]) -> bytes:
    """``envelope`` as bytes (``codec.encode``; raises ``CodecError`` on what it cannot carry)."""
    return codec.encode(envelope)


def unpack(data: bytes) -> dict[str, Any]:
    """The envelope in ``data``.

    Raises:
        CodecError: not an envelope this module wrote.
    """
    env = codec.decode_value(data)
    if not isinstance(env, dict) or not isinstance(env.get("k"), str):
        raise codec.CodecError("cluster: not an envelope")
    return env


def refusal(err: LobbyError) -> list[str]:
    """``err`` as the ``err`` field of a reply: ``[kind, reason, rule_id]``."""
    kind = next((name for name, cls in _KINDS.items() if type(err) is cls), "LobbyError")
    return [kind, err.reason, getattr(err, "rule_id", "")]


def refused(fields: list[str]) -> LobbyError:
    """The ``LobbyError`` a reply's ``err`` field stands for (same subclass, same sentence)."""
    kind, reason, rule_id = (list(fields) + ["", "", ""])[:3]
    if kind == "RuleBroken":
        return RuleBroken(rule_id, reason)
    return _KINDS.get(kind, LobbyError)(reason)

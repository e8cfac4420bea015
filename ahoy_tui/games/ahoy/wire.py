"""The AHOY!! V2 types that travel inside lobby messages (``ahoy_tui.lobby.codec``).

``WIRE_TYPES`` is everything a ``TableUpdate`` can hold from this game: the
view (``PlayerView`` with its ``Phase`` and ``HandResult`` values), events
and every action, plus the rule ``Settings``. Cards are identities (ints),
so they need no type of their own.

This module only lists them (the engine imports nothing above it): whoever
registers the game passes them to ``codec.register_game_types(WIRE_TYPES)``.
"""

from __future__ import annotations

from ahoy_tui.games.ahoy.actions import (Ahoy, ChoosePartner, Discard, Draw, Exchange, HandsUp, LayDown, Offer, Pass,
                                         Pick, Respond, StepIn)
from ahoy_tui.games.ahoy.state import HandResult, Phase, Settings
from ahoy_tui.games.ahoy.view import PlayerView
from ahoy_tui.games.kit.events import Event

ACTION_TYPES: tuple[type, ...] = (Draw, Offer, HandsUp, Respond, StepIn, Pass, ChoosePartner, Exchange, LayDown,
                                  Pick, Discard, Ahoy)
"""Every member of ``actions.Action``."""

WIRE_TYPES: tuple[type, ...] = (PlayerView, Phase, HandResult, Event, Settings, *ACTION_TYPES)
"""Dataclasses and enums of this game that lobby messages carry (register each under its class name)."""

__all__ = ["WIRE_TYPES", "ACTION_TYPES"]

"""The Ahoi types that travel inside lobby messages (``ahoy_tui.lobby.codec``).

Class names are unique across games: the codec tags a type by its name.
"""

from __future__ import annotations

from ahoy_tui.games.ahoi.actions import ACTION_TYPES
from ahoy_tui.games.ahoi.events import AhoiEvent
from ahoy_tui.games.ahoi.state import AhoiPhase, RoundResult
from ahoy_tui.games.ahoi.view import AhoiView

WIRE_TYPES: tuple[type, ...] = (AhoiView, AhoiPhase, RoundResult, AhoiEvent, *ACTION_TYPES)
"""Dataclasses and enums of Ahoi that lobby messages carry."""

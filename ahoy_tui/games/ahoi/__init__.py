"""Ahoi, the second game (AHOI-RULES.md; docs/ahoi.md): engine, bots and the lobby's ``AHOI`` spec.

Public surface: ``AHOI``/``AhoiMatch`` (``spec``), ``AhoiGame`` (``game``), the actions
(``actions``), ``AhoiView``/``view`` (``view``), ``AhoiEvent`` (``events``), ``AhoiPhase``,
``RoundResult``, ``State`` (``state``), ``legal_actions``/``awaiting`` (``rules``),
``apply``/``start_round`` (``engine``), ``Memory`` (``memory``), records (``record``, ``replay``).
Pure Python: no textual, asyncio, asyncssh or rich.
"""

from ahoy_tui.games.ahoi.actions import (ACTION_TYPES, Action, CallAhoi, DiscardDrawn, DrawCard, Fernrohr,
                                        FirstLook, Lupe, Place, TakeDiscard, Tauschen)
from ahoy_tui.games.ahoi.events import AhoiEvent, for_viewer
from ahoy_tui.games.ahoi.game import AhoiGame
from ahoy_tui.games.ahoi.state import TARGET, AhoiPhase, RoundResult
from ahoy_tui.games.ahoi.view import AhoiView

__all__ = ["ACTION_TYPES", "Action", "CallAhoi", "DiscardDrawn", "DrawCard", "Fernrohr", "FirstLook", "Lupe",
           "Place", "TakeDiscard", "Tauschen", "AhoiEvent", "for_viewer", "AhoiGame", "TARGET", "AhoiPhase",
           "RoundResult", "AhoiView"]

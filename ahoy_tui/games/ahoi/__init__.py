"""Ahoi, the second game (AHOI-RULES.md; docs/ahoi.md): engine, bots and the lobby's ``AHOI`` spec.

Public surface: ``AHOI``/``AhoiMatch`` (``spec``), ``AhoiGame`` (``game``), the actions
(``actions``), ``AhoiView``/``view`` (``view``), ``AhoiEvent`` (``events``), ``AhoiPhase``,
``RoundResult``, ``State`` (``state``), ``legal_actions``/``awaiting`` (``rules``),
``apply``/``start_round`` (``engine``), ``Memory`` (``memory``), records (``record``, ``replay``).
Shared with every game: ``games.kit``. Pure Python: no textual, asyncio, asyncssh or rich.
"""

from ahoy_tui.games.ahoi.actions import (ACTION_TYPES, Action, CallAhoi, DiscardDrawn, DrawCard, Fernrohr, FirstLook,
                                         Lupe, Place, TakeDiscard, Tauschen)
from ahoy_tui.games.ahoi.events import AhoiEvent
from ahoy_tui.games.ahoi.game import AhoiGame
from ahoy_tui.games.ahoi.state import TARGET, AhoiPhase, RoundResult
from ahoy_tui.games.ahoi.view import AhoiView

__all__ = ["ACTION_TYPES", "Action", "CallAhoi", "DiscardDrawn", "DrawCard", "Fernrohr", "FirstLook", "Lupe",
           "Place", "TakeDiscard", "Tauschen", "AhoiEvent", "AhoiGame", "TARGET", "AhoiPhase",
           "RoundResult", "AhoiView"]

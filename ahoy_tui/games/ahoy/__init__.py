"""The AHOY!! V2 rules engine: pure Python, no I/O, no global random (DESIGN.md).

Public surface: ``new_game``, ``start_hand``, ``legal_actions``, ``apply``,
``awaiting``, ``view``, the action classes, ``RuleError``, ``Settings``,
``Phase``, and ``Game`` (a game plus its seeded RNG and record). Events are
the kit's (``games.kit.events``), with cards in their ``data`` as identities
(0..52). Beside the engine: the bots (``bots``), the simulator
(``simulate``), the lobby's adapter (``spec``), profile counters (``stats``)
and the replay viewer's steps (``replay_steps``).
"""

from ahoy_tui.games.ahoy.actions import (Action, Ahoy, ChoosePartner, Discard, Draw, Exchange, HandsUp, LayDown, Offer,
                                         Pass, Pick, Respond, StepIn)
from ahoy_tui.games.ahoy.engine import apply, awaiting, legal_actions, new_game, start_hand
from ahoy_tui.games.ahoy.errors import RuleError
from ahoy_tui.games.ahoy.state import HandResult, Phase, Settings, State
from ahoy_tui.games.ahoy.view import PlayerView, view, views

__all__ = [
    "Action", "Ahoy", "ChoosePartner", "Discard", "Draw", "Exchange", "HandsUp", "LayDown", "Offer",
    "Pass", "Pick", "Respond", "StepIn", "apply", "awaiting", "legal_actions", "new_game",
    "start_hand", "RuleError", "HandResult", "Phase", "Settings", "State",
    "PlayerView", "view", "views",
]

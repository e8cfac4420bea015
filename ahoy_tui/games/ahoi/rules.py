"""Which actions are legal, and which AH rule refuses the others (AHOI-RULES.md,
"Which rule an illegal action breaks").

``check`` raises ``IllegalAction`` with exactly one rule id; ``legal_actions``
lists what ``check`` accepts (``Place`` with its positions ascending; any
order of the same positions is accepted too).
"""

from __future__ import annotations

from itertools import combinations

from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.actions import (CallAhoi, DiscardDrawn, DrawCard, Fernrohr, FirstLook, Lupe, Place,
                                        TakeDiscard, Tauschen)
from ahoy_tui.games.ahoi.state import AhoiPhase, State
from ahoy_tui.games.base import IllegalAction

_TURN_PHASES = (AhoiPhase.TURN, AhoiPhase.DRAWN, AhoiPhase.TAKEN)
_NEEDS_HELD = (DiscardDrawn, Place, Lupe, Fernrohr, Tauschen)


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _positions_ok(positions: object, size: int) -> bool:
    return (isinstance(positions, tuple) and all(_whole(p) and 1 <= p <= size for p in positions)
            and len(set(positions)) == len(positions))


def check_seat(state: State, seat: object) -> None:
    """Raises: IllegalAction AH13 after the game, AH3 for a seat that does not exist."""
    if state.phase is AhoiPhase.GAME_OVER:
        raise IllegalAction("AH13", "the game is over")
    if not _whole(seat) or not 0 <= seat < state.players:  # type: ignore[operator]
        raise IllegalAction("AH3", f"seat {seat!r} does not exist")


def check(state: State, seat: int, action: object) -> None:
    """Refuse ``action`` by ``seat`` now unless the rules allow it.

    Raises:
        IllegalAction: AH13, AH3, AH4, AH5, AH7, AH8, AH9 or AH10 (checked in that order).
    """
    check_seat(state, seat)
    phase = state.phase
    if phase is AhoiPhase.NO_ROUND:
        raise IllegalAction("AH3", "no round is being played: deal first")
    if phase is AhoiPhase.FIRST_LOOK:
        _check_first_look(state, seat, action)
        return
    if isinstance(action, FirstLook):
        raise IllegalAction("AH4", "the first look is over for this round")
    if seat != state.active:
        raise IllegalAction("AH5", f"it is seat {state.active}'s turn")
    if phase is AhoiPhase.TURN:
        _check_turn_start(state, action)
    else:
        _check_holding(state, seat, action)


def _check_first_look(state: State, seat: int, action: object) -> None:
    if not isinstance(action, FirstLook):
        raise IllegalAction("AH4", "every seat first looks at two of its cards")
    if state.looked[seat]:
        raise IllegalAction("AH4", "this seat has had its first look")
    if not (_positions_ok(action.positions, len(state.layouts[seat])) and len(action.positions) == 2):
        raise IllegalAction("AH4", "the first look names two different positions of the own layout")


def _check_turn_start(state: State, action: object) -> None:
    if isinstance(action, _NEEDS_HELD):
        raise IllegalAction("AH5", "take the discard or draw first")
    if isinstance(action, CallAhoi):
        if state.caller >= 0:
            raise IllegalAction("AH10", f"seat {state.caller} has called „Ahoi“ this round")
        return
    if isinstance(action, TakeDiscard) and not state.discard:
        raise IllegalAction("AH5", "the discard pile is empty")
    if not isinstance(action, (TakeDiscard, DrawCard)):
        raise IllegalAction("AH5", f"{action!r} is not an Ahoi action")


def _check_holding(state: State, seat: int, action: object) -> None:
    drawn = state.phase is AhoiPhase.DRAWN
    if isinstance(action, (TakeDiscard, DrawCard, CallAhoi)):
        raise IllegalAction("AH5", "this turn already holds a card")
    if isinstance(action, DiscardDrawn):
        if not drawn:
            raise IllegalAction("AH5", "a card taken from the discard pile must be placed")
        return
    if isinstance(action, Place):
        _check_place(state, seat, action.positions)
        return
    if not isinstance(action, (Lupe, Fernrohr, Tauschen)):
        raise IllegalAction("AH5", f"{action!r} is not an Ahoi action")
    if not drawn:
        raise IllegalAction("AH9", "only a card just drawn from the draw pile has an action")
    if C.action_of(C.value(state.held)) != action.KIND:
        raise IllegalAction("AH9", f"the drawn card is not a {action.KIND.capitalize()} card")
    _check_target(state, seat, action)


def _check_place(state: State, seat: int, positions: object) -> None:
    size = len(state.layouts[seat])
    several = isinstance(positions, tuple) and len(positions) >= 2
    if not (isinstance(positions, tuple) and positions and _positions_ok(positions, size)):
        rule = "AH8" if several else "AH7"
        raise IllegalAction(rule, f"place names existing positions 1..{size}, none twice")


def _check_target(state: State, seat: int, action: Lupe | Fernrohr | Tauschen) -> None:
    own = len(state.layouts[seat])
    if isinstance(action, (Lupe, Tauschen)) and not (_whole(action.position) and 1 <= action.position <= own):
        raise IllegalAction("AH9", f"position {action.position!r} is not in the own layout 1..{own}")
    if isinstance(action, Lupe):
        return
    t = action.target
    if not _whole(t) or not 0 <= t < state.players or t == seat:
        raise IllegalAction("AH9", f"seat {t!r} is not another player")
    if isinstance(action, Tauschen) and t == state.caller:
        raise IllegalAction("AH9", "Tauschen may not target the layout of the player who called „Ahoi“")
    size = len(state.layouts[t])
    if not (_whole(action.target_position) and 1 <= action.target_position <= size):
        raise IllegalAction("AH9", f"position {action.target_position!r} is not in seat {t}'s layout 1..{size}")


_PLACEMENTS: dict[int, list[Place]] = {
    k: [Place(c) for r in range(1, k + 1) for c in combinations(range(1, k + 1), r)] for k in range(1, 5)}
_LOOKS: dict[int, list[FirstLook]] = {k: [FirstLook(c) for c in combinations(range(1, k + 1), 2)]
                                      for k in range(1, 5)}


def legal_actions(state: State, seat: int) -> list:
    """``seat``'s legal actions now (empty when it has nothing to decide), in ``ACTION_TYPES`` order."""
    phase = state.phase
    if not 0 <= seat < state.players or phase not in (AhoiPhase.FIRST_LOOK, *_TURN_PHASES):
        return []
    if phase is AhoiPhase.FIRST_LOOK:
        return [] if state.looked[seat] else list(_LOOKS[len(state.layouts[seat])])
    if seat != state.active:
        return []
    if phase is AhoiPhase.TURN:
        out: list = [TakeDiscard()] if state.discard else []
        out.append(DrawCard())
        return out + [CallAhoi()] if state.caller < 0 else out
    own = len(state.layouts[seat])
    if phase is AhoiPhase.TAKEN:
        return list(_PLACEMENTS[own])
    out = [DiscardDrawn(), *_PLACEMENTS[own]]
    kind = C.action_of(C.value(state.held))
    others = [t for t in range(state.players) if t != seat]
    if kind == "lupe":
        out += [Lupe(p) for p in range(1, own + 1)]
    elif kind == "fernrohr":
        out += [Fernrohr(t, q) for t in others for q in range(1, len(state.layouts[t]) + 1)]
    elif kind == "tauschen":
        out += [Tauschen(p, t, q) for p in range(1, own + 1) for t in others if t != state.caller
                for q in range(1, len(state.layouts[t]) + 1)]
    return out


def awaiting(state: State) -> tuple[int, ...]:
    """Seats whose decision the round waits for now, sorted (AH4: several at once)."""
    if state.phase is AhoiPhase.FIRST_LOOK:
        return tuple(s for s in range(state.players) if not state.looked[s])
    if state.phase in _TURN_PHASES:
        return (state.active,)
    return ()

"""The rules engine: start a game, deal, legal actions, apply (RULES.md R3–R16).

``apply(state, seat, action)`` checks legality, returns a *new* state and the
events of the transition; the old state is left untouched. Illegal actions
raise :class:`RuleError` naming the rule (RECORDS.md, "Which rule an error
names"). Chance (deal order, reshuffles) comes in from outside: this module
holds no random-number generator.
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import (Action, Ahoy, ChoosePartner, Discard, Draw, Exchange, HandsUp, LayDown, Offer,
                                         Pass, Pick, Respond, StepIn, sort_key)
from ahoy_tui.games.ahoy.errors import RuleError
from ahoy_tui.games.ahoy.handlers import HANDLERS, Reshuffler, clear_turn, free_cards
from ahoy_tui.games.ahoy.state import HAND_SIZE, Phase, Settings, State
from ahoy_tui.games.ahoy.treasure import treasures_in
from ahoy_tui.games.kit.events import Event, private, public

ALL_OFFERS: tuple[Offer, ...] = tuple(Offer(w, g) for w in range(C.IDENTITIES) for g in range(C.IDENTITIES))


def new_game(players: int, settings: Settings | None = None) -> State:
    """A game with no hand dealt yet.

    Args:
        players: Number of seats, 2..8 (R1).
        settings: Rule settings; defaults to ``Settings()``.

    Raises:
        RuleError: R1 when ``players`` is outside 2..8.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 8:
        raise RuleError("R1", f"a game has 2 to 8 players, not {players!r}")
    return State(players=players, settings=settings or Settings(), totals=[0] * players,
                 hands=[[] for _ in range(players)], drawn=[False] * players,
                 dealt_lock=[False] * players)


def next_first_seat(state: State) -> int | None:
    """First seat R3 requires for the next hand, or None if the host/RNG picks (hand 1)."""
    return None if state.hand_no == 0 else state.next_seat(state.first_seat)


def start_hand(state: State, deck: Sequence[int], first_seat: int) -> tuple[State, list[Event]]:
    """Deal a hand from ``deck`` (physical ids, first card dealt first) (R3).

    Raises:
        RuleError: R15 after game over; R3 while a hand is in progress or for
            a ``first_seat`` that R3 does not allow; R1 when ``deck`` is not a
            permutation of the game's cards.
    """
    if state.phase is Phase.GAME_OVER:
        raise RuleError("R15", "the game is over")
    if state.hand_in_progress:
        raise RuleError("R3", "a hand is already in progress")
    required = next_first_seat(state)
    if isinstance(first_seat, bool) or not isinstance(first_seat, int) or not 0 <= first_seat < state.players:
        raise RuleError("R3", f"first seat {first_seat!r} does not exist")
    if required is not None and first_seat != required:
        raise RuleError("R3", f"hand {state.hand_no + 1} must start at seat {required}, not {first_seat}")
    if sorted(deck) != C.full_deck(state.players):
        raise RuleError("R1", "the deck is not this game's card set")
    n = state.players
    s = state.copy()
    s.hand_no += 1
    s.first_seat = s.active = first_seat
    s.hands = [[] for _ in range(n)]
    for i in range(HAND_SIZE * n):
        s.hands[(first_seat + i) % n].append(deck[i])
    s.draw_pile = list(reversed(deck[HAND_SIZE * n:]))
    s.discard = []
    s.drawn = [False] * n
    s.dealt_lock = [bool(treasures_in(h, s.settings.ace_low)) for h in s.hands]
    s.reshuffles = 0
    s.revealed = None
    s.ahoy_cards = ()
    clear_turn(s)
    s.phase = Phase.DRAW
    events = [public("hand_started", hand=s.hand_no, first_seat=first_seat, draw_size=len(s.draw_pile))]
    events += [private([seat], "dealt", seat=seat, cards=[C.identity(c) for c in s.hands[seat]]) for seat in range(n)]
    return s, events


# -- who may act ---------------------------------------------------------------

def awaiting(state: State) -> tuple[int, ...]:
    """Seats whose decision the hand waits for now, sorted (AHOY! aside)."""
    p = state.phase
    if p in (Phase.DRAW, Phase.ACTION, Phase.DISCARD, Phase.PICK):
        return (state.active,)
    if p is Phase.RESPOND:
        return (state.addressed,)
    if p is Phase.STEP_IN:
        return tuple(x for x in state.step_eligible if x not in state.step_answers)
    if p is Phase.CHOOSE_PARTNER:
        return (state.active,)
    if p is Phase.EXCHANGE:
        return tuple(sorted(x for x in (state.active, state.partner) if x not in state.locked))
    if p is Phase.LAY_DOWN:
        return (state.target,)
    return ()


def _idents(cards_: Sequence[int]) -> list[int]:
    return sorted({C.identity(c) for c in cards_})


def ahoy_actions(state: State, seat: int) -> list[Ahoy]:
    """The AHOY! calls ``seat`` may make now (R12, R13)."""
    if not state.hand_in_progress or not 0 <= seat < state.players:
        return []
    if state.dealt_lock[seat] and not all(state.drawn):
        return []
    return [Ahoy(run) for run in treasures_in(free_cards(state, seat), state.settings.ace_low)]


def ahoy_locked(state: State, seat: int) -> bool:
    """True when ``seat`` holds a treasure but R13 forbids calling it yet."""
    return (state.hand_in_progress and state.dealt_lock[seat] and not all(state.drawn)
            and bool(treasures_in(free_cards(state, seat), state.settings.ace_low)))


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now, sorted by ``actions.sort_key``.

    Non-empty for every seat in ``awaiting(state)``. Offers list all
    53 × 53 identity pairs (R8: any statement is allowed). Built in sorted
    order (kinds in ``KIND_ORDER``, arguments ascending) without a sort.
    """
    out: list[Action] = sorted(ahoy_actions(state, seat), key=sort_key)
    if seat not in awaiting(state):
        return out
    p = state.phase
    hand = state.hands[seat]
    if p is Phase.DRAW:
        out.append(Draw())
    elif p is Phase.ACTION:
        if any(C.identity(c) == C.JOKER for c in hand):
            out += [HandsUp(t) for t in range(state.players) if t != seat and state.hands[t]]
        out += ALL_OFFERS
    elif p is Phase.RESPOND:
        out.append(Respond(False))
        if hand:
            out.append(Respond(True))
    elif p is Phase.STEP_IN:
        if hand and (not state.settings.verified_step_in
                     or any(C.identity(c) == state.offer_want for c in hand)):
            out.append(StepIn())
        out.append(Pass())
    elif p is Phase.CHOOSE_PARTNER:
        out += [ChoosePartner(x) for x in sorted(x for x, v in state.step_answers.items() if v)]
    elif p is Phase.EXCHANGE:
        out += [Exchange(i) for i in _idents(hand)]
    elif p is Phase.LAY_DOWN:
        k = min(3, len(hand))
        ids = sorted(C.identity(c) for c in hand)
        out += [LayDown(combo) for combo in sorted(set(combinations(ids, k)))]
    elif p is Phase.PICK:
        out += [Pick(i) for i in range(len(state.laid_down))]
    elif p is Phase.DISCARD:
        out += [Discard(i) for i in _idents(hand)]
    return out


# -- apply -----------------------------------------------------------------------

def apply(state: State, seat: int, action: Action,
          reshuffle: Reshuffler | None = None) -> tuple[State, list[Event]]:
    """Apply one action of ``seat``; return the new state and its events.

    Args:
        state: The current state (not modified).
        seat: The acting seat, 0..players-1.
        action: One of ``actions.Action``; card arguments are identities.
        reshuffle: Chance source for R6, needed only by a draw that finds
            the draw pile empty with more than one discard.

    Raises:
        RuleError: naming the rule the action breaks (RECORDS.md table):
            R15 after game over; R4 for a seat that does not exist; R5, R7,
            R9, R10, R11, R12, R13 as the table says; R3 when a reshuffle is
            needed and ``reshuffle`` is None.
    """
    if state.phase is Phase.GAME_OVER:
        raise RuleError("R15", "the game is over")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise RuleError("R4", f"seat {seat!r} does not exist")
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise RuleError("FORMAT", f"unknown action {action!r}")
    _check_types(action)
    s = state.copy()
    events: list[Event] = []
    handler(s, seat, action, events, reshuffle)
    return s, events


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_types(action: Action) -> None:
    """Arguments of the types the action declares, or FORMAT (hostile input).

    Values are checked later by the rules; here only that a number is an
    ``int`` (not a bool), a card list a tuple of them, an answer a bool.
    """
    for name in action.__slots__:  # type: ignore[attr-defined]
        value = getattr(action, name)
        ok = (isinstance(value, bool) if isinstance(action, Respond)
              else isinstance(value, tuple) and all(map(_is_int, value)) if name == "cards"
              else _is_int(value))
        if not ok:
            raise RuleError("FORMAT", f"{action.KIND}: {name} {value!r} is not of the right type")

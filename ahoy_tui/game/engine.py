"""The rules engine: start a game, deal, legal actions, apply (RULES.md R3–R16).

``apply(state, seat, action)`` checks legality, returns a *new* state and the
events of the transition; the old state is left untouched. Illegal actions
raise :class:`RuleError` naming the rule (RECORDS.md, "Which rule an error
names"). Chance (deal order, reshuffles) comes in from outside: this module
holds no random-number generator.
"""

from __future__ import annotations

from itertools import combinations
from typing import Callable, Sequence

from ahoy_tui.game import cards as C
from ahoy_tui.game.actions import (Action, Ahoy, ChoosePartner, Discard, Draw, Exchange, HandsUp,
                                   LayDown, Offer, Pass, Pick, Respond, StepIn, sort_key)
from ahoy_tui.game.errors import RuleError
from ahoy_tui.game.events import Event, private, public
from ahoy_tui.game.state import HAND_SIZE, HandResult, Phase, Settings, State
from ahoy_tui.game.treasure import is_treasure, treasures_in

#: A reshuffle source: given the cards to shuffle (physical ids), returns
#: them as the new draw pile, top first (R6).
Reshuffler = Callable[[list[int]], list[int]]

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
    _clear_turn(s)
    s.phase = Phase.DRAW
    events = [public("hand_started", hand=s.hand_no, first_seat=first_seat, draw_size=len(s.draw_pile))]
    events += [private([seat], "dealt", seat=seat, cards=[C.identity(c) for c in s.hands[seat]]) for seat in range(n)]
    return s, events


def _clear_turn(s: State) -> None:
    s.offer_want = s.offer_give = s.addressed = s.partner = s.target = -1
    s.step_eligible = ()
    s.step_answers = {}
    s.locked = {}
    s.laid_down = []


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


def _free_cards(state: State, seat: int) -> list[int]:
    """Cards of ``seat``'s hand that are not face down (R12)."""
    hand = state.hands[seat]
    out = [c for c in hand if c not in state.laid_down] if seat == state.target and state.laid_down else list(hand)
    locked = state.locked.get(seat)
    if locked is not None:
        out.remove(locked)
    return out


def _idents(cards_: Sequence[int]) -> list[int]:
    return sorted({C.identity(c) for c in cards_})


def ahoy_actions(state: State, seat: int) -> list[Ahoy]:
    """The AHOY! calls ``seat`` may make now (R12, R13)."""
    if not state.hand_in_progress or not 0 <= seat < state.players:
        return []
    if state.dealt_lock[seat] and not all(state.drawn):
        return []
    return [Ahoy(run) for run in treasures_in(_free_cards(state, seat), state.settings.ace_low)]


def ahoy_locked(state: State, seat: int) -> bool:
    """True when ``seat`` holds a treasure but R13 forbids calling it yet."""
    return (state.hand_in_progress and state.dealt_lock[seat] and not all(state.drawn)
            and bool(treasures_in(_free_cards(state, seat), state.settings.ace_low)))


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
    handler = _HANDLERS.get(type(action))
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


def _take(hand: list[int], ident: int) -> int | None:
    """Remove and return one physical card of ``ident`` from ``hand`` (lowest id)."""
    best = None
    for c in hand:
        if C.identity(c) == ident and (best is None or c < best):
            best = c
    if best is not None:
        hand.remove(best)
    return best


def _turn_check(s: State, seat: int, phase: Phase, what: str) -> None:
    if s.phase is not phase or seat != s.active:
        raise RuleError("R5", f"seat {seat} may not {what} now")


def _draw(s: State, seat: int, a: Draw, ev: list[Event], reshuffle: Reshuffler | None) -> None:
    _turn_check(s, seat, Phase.DRAW, "draw")
    s.drawn[seat] = True
    if not s.draw_pile:
        m = s.settings.max_reshuffles
        if m is not None and s.reshuffles >= m:
            ev.append(public("drew", seat=seat, draw_size=0))
            _end_hand(s, None, ev)
            return
        if len(s.discard) > 1:
            if reshuffle is None:
                raise RuleError("R3", "a reshuffle is needed and there is no chance line or seed")
            below = s.discard[:-1]
            new_pile = list(reshuffle(list(below)))
            if sorted(new_pile) != sorted(below):
                raise RuleError("R6", "the reshuffled draw pile is not the discard pile below its top")
            s.draw_pile = new_pile[::-1]
            s.discard = s.discard[-1:]
            s.reshuffles += 1
            ev.append(private([], "reshuffle_order", draw_pile=[C.identity(c) for c in new_pile]))
            ev.append(public("reshuffled", draw_size=len(s.draw_pile), count=s.reshuffles))
    if s.draw_pile:
        card = s.draw_pile.pop()
        s.hands[seat].append(card)
        ev.append(public("drew", seat=seat, draw_size=len(s.draw_pile)))
        ev.append(private([seat], "drew_card", seat=seat, card=C.identity(card)))
    else:
        ev.append(public("drew_nothing", seat=seat))
    s.phase = Phase.ACTION


def _offer(s: State, seat: int, a: Offer, ev: list[Event], _r: object) -> None:
    _turn_check(s, seat, Phase.ACTION, "make an offer")
    for x in (a.want, a.give):
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < C.IDENTITIES:
            raise RuleError("R1", f"not a card: {x!r}")
    s.offer_want, s.offer_give = a.want, a.give
    s.addressed = s.next_seat(seat)
    s.phase = Phase.RESPOND
    ev.append(public("offered", seat=seat, to=s.addressed, want=a.want, give=a.give))


def _hands_up(s: State, seat: int, a: HandsUp, ev: list[Event], _r: object) -> None:
    _turn_check(s, seat, Phase.ACTION, "play HANDS UP!")
    t = a.target
    if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < s.players:
        raise RuleError("R4", f"seat {t!r} does not exist")
    joker = _take(s.hands[seat], C.JOKER)
    if joker is None:
        raise RuleError("R7", "HANDS UP! needs a Joker in hand")
    if t == seat or not s.hands[t]:
        s.hands[seat].append(joker)
        raise RuleError("R7", "the target must be another player holding at least one card")
    s.discard.append(joker)
    s.target = t
    s.phase = Phase.LAY_DOWN
    ev.append(public("hands_up", seat=seat, target=t))


def _respond(s: State, seat: int, a: Respond, ev: list[Event], _r: object) -> None:
    if s.phase is not Phase.RESPOND or seat != s.addressed:
        raise RuleError("R9", f"seat {seat} may not answer the offer now")
    if not isinstance(a.accept, bool):
        raise RuleError("FORMAT", "accept must be true or false")
    if a.accept and not s.hands[seat]:
        raise RuleError("R10", "a player with no cards cannot trade")
    ev.append(public("responded", seat=seat, accept=a.accept))
    if a.accept:
        _start_exchange(s, seat, ev)
        return
    s.step_eligible = tuple(x for x in range(s.players) if x not in (s.active, s.addressed))
    if s.step_eligible:
        s.phase = Phase.STEP_IN
        ev.append(public("offer_open", seats=list(s.step_eligible)))
    else:
        _no_exchange(s, ev)


def _start_exchange(s: State, partner: int, ev: list[Event]) -> None:
    s.partner = partner
    s.phase = Phase.EXCHANGE
    ev.append(public("partner", seat=s.active, partner=partner))


def _no_exchange(s: State, ev: list[Event]) -> None:
    s.phase = Phase.DISCARD
    ev.append(public("no_exchange", seat=s.active))


def _answer(s: State, seat: int, step_in: bool) -> None:
    if s.phase is not Phase.STEP_IN or seat not in s.step_eligible or seat in s.step_answers:
        raise RuleError("R9", f"seat {seat} may not answer the open offer now")
    if step_in:
        hand = s.hands[seat]
        if not hand:
            raise RuleError("R10", "a player with no cards cannot trade")
        if s.settings.verified_step_in and not any(C.identity(c) == s.offer_want for c in hand):
            raise RuleError("R9", "verified step-in: you do not hold the wanted card")
    s.step_answers[seat] = step_in


def _step(s: State, seat: int, a: StepIn | Pass, ev: list[Event], _r: object) -> None:
    step_in = isinstance(a, StepIn)
    _answer(s, seat, step_in)
    ev.append(public("stepped_in" if step_in else "passed", seat=seat))
    if len(s.step_answers) < len(s.step_eligible):
        return
    steppers = sorted(x for x, v in s.step_answers.items() if v)
    ev.append(public("offer_closed", steppers=steppers))
    if not steppers:
        _no_exchange(s, ev)
    elif len(steppers) == 1:
        _start_exchange(s, steppers[0], ev)
    else:
        s.phase = Phase.CHOOSE_PARTNER


def _choose(s: State, seat: int, a: ChoosePartner, ev: list[Event], _r: object) -> None:
    if s.phase is not Phase.CHOOSE_PARTNER or seat != s.active:
        raise RuleError("R9", f"seat {seat} may not choose a partner now")
    p = a.partner
    if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < s.players:
        raise RuleError("R4", f"seat {p!r} does not exist")
    if not s.step_answers.get(p):
        raise RuleError("R9", f"seat {p} did not step in")
    _start_exchange(s, p, ev)


def _exchange(s: State, seat: int, a: Exchange, ev: list[Event], _r: object) -> None:
    if s.phase is not Phase.EXCHANGE or seat not in (s.active, s.partner) or seat in s.locked:
        raise RuleError("R10", f"seat {seat} may not choose an exchange card now")
    card = next((c for c in sorted(s.hands[seat]) if C.identity(c) == a.card), None)
    if card is None:
        raise RuleError("R10", f"{C.name(a.card) if 0 <= a.card < 53 else a.card} is not in your hand")
    s.locked[seat] = card
    ev.append(public("exchange_locked", seat=seat))
    if len(s.locked) < 2:
        return
    x, y = s.active, s.partner
    cx, cy = s.locked[x], s.locked[y]
    s.hands[x].remove(cx)
    s.hands[y].remove(cy)
    s.hands[x].append(cy)
    s.hands[y].append(cx)
    s.locked = {}
    ev.append(public("traded", seat=x, partner=y))
    ev.append(private([x], "received", seat=x, card=C.identity(cy), gave=C.identity(cx), other=y))
    ev.append(private([y], "received", seat=y, card=C.identity(cx), gave=C.identity(cy), other=x))
    s.phase = Phase.DISCARD


def _lay_down(s: State, seat: int, a: LayDown, ev: list[Event], _r: object) -> None:
    if s.phase is not Phase.LAY_DOWN or seat != s.target:
        raise RuleError("R7", f"seat {seat} may not lay cards down now")
    hand = s.hands[seat]
    need = min(3, len(hand))
    if len(a.cards) != need:
        raise RuleError("R7", f"lay down exactly {need} cards")
    pool = list(hand)
    laid: list[int] = []
    for ident in a.cards:
        c = _take(pool, ident) if isinstance(ident, int) and not isinstance(ident, bool) else None
        if c is None:
            raise RuleError("R7", f"{ident!r} is not a card in your hand")
        laid.append(c)
    s.laid_down = laid
    s.phase = Phase.PICK
    ev.append(public("laid_down", seat=seat, count=len(laid)))
    ev.append(private([seat], "laid_down_cards", seat=seat, cards=[C.identity(c) for c in laid]))


def _pick(s: State, seat: int, a: Pick, ev: list[Event], _r: object) -> None:
    if s.phase is not Phase.PICK or seat != s.active:
        raise RuleError("R7", f"seat {seat} may not pick now")
    i = a.index
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(s.laid_down):
        raise RuleError("R7", f"no face-down card at position {i!r}")
    card = s.laid_down[i]
    t = s.target
    s.hands[t].remove(card)
    s.hands[seat].append(card)
    s.laid_down = []
    ev.append(public("picked", seat=seat, target=t, index=i))
    ev.append(private([seat], "took", seat=seat, target=t, card=C.identity(card)))
    ev.append(private([t], "lost", seat=t, to=seat, card=C.identity(card)))
    s.phase = Phase.DISCARD


def _discard(s: State, seat: int, a: Discard, ev: list[Event], _r: object) -> None:
    _turn_check(s, seat, Phase.DISCARD, "discard")
    card = _take(s.hands[seat], a.card) if isinstance(a.card, int) and not isinstance(a.card, bool) else None
    if card is None:
        raise RuleError("R11", f"{a.card!r} is not in your hand")
    s.discard.append(card)
    ev.append(public("discarded", seat=seat, card=a.card))
    _clear_turn(s)
    s.active = s.next_seat(seat)
    s.phase = Phase.DRAW
    ev.append(public("turn", seat=s.active))


def _ahoy(s: State, seat: int, a: Ahoy, ev: list[Event], _r: object) -> None:
    if not s.hand_in_progress:
        raise RuleError("R12", "no hand is in progress")
    pool = _free_cards(s, seat)
    for ident in a.cards:
        if not isinstance(ident, int) or isinstance(ident, bool) or _take(pool, ident) is None:
            raise RuleError("R12", "AHOY! names a card that is not in your hand")
    if not is_treasure(list(a.cards), s.settings.ace_low):
        raise RuleError("R2", "those four cards are not a treasure")
    if s.dealt_lock[seat] and not all(s.drawn):
        raise RuleError("R13", "a dealt treasure may be called only after every player has drawn")
    s.ahoy_cards = tuple(a.cards)
    ev.append(public("ahoy", seat=seat, cards=list(a.cards)))
    _end_hand(s, seat, ev)


def _end_hand(s: State, winner: int | None, ev: list[Event]) -> None:
    """Score the hand (R14, R16) and end the game if a total reaches the limit (R15)."""
    n = s.players
    if winner is None:
        scores = [0] * n
    else:
        scores = [0 if x == winner else C.hand_value(s.hands[x]) for x in range(n)]
    s.totals = [t + sc for t, sc in zip(s.totals, scores)]
    s.results.append(HandResult(s.hand_no, winner, tuple(scores), tuple(s.totals)))
    s.revealed = tuple(tuple(sorted(C.identity(c) for c in h)) for h in s.hands)
    _clear_turn(s)
    ev.append(public("hand_over", hand=s.hand_no, winner=winner, scores=scores, totals=list(s.totals),
                     hands=[list(h) for h in s.revealed]))
    if max(s.totals) >= s.settings.limit:
        low = min(s.totals)
        s.winners = tuple(x for x in range(n) if s.totals[x] == low)
        high = max(s.totals)
        s.biggest_losers = tuple(x for x in range(n) if s.totals[x] == high)
        s.phase = Phase.GAME_OVER
        ev.append(public("game_over", winners=list(s.winners), biggest_losers=list(s.biggest_losers),
                         totals=list(s.totals)))
    else:
        s.phase = Phase.NO_HAND


_HANDLERS: dict[type, Callable] = {
    Draw: _draw, Offer: _offer, HandsUp: _hands_up, Respond: _respond, StepIn: _step, Pass: _step,
    ChoosePartner: _choose, Exchange: _exchange, LayDown: _lay_down, Pick: _pick, Discard: _discard,
    Ahoy: _ahoy,
}

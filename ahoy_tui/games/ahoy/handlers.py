"""Per-action rules: one private handler per action kind (RULES.md R5–R16).

``engine.apply`` is the only caller: it checks the seat and argument types,
copies the state and calls ``HANDLERS[type(action)]`` on the copy. A
handler raises :class:`RuleError` naming the rule (RECORDS.md table) or
mutates the copy and appends the transition's events.
"""

from __future__ import annotations

from typing import Callable

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import (Ahoy, ChoosePartner, Discard, Draw, Exchange, HandsUp, LayDown, Offer, Pass,
                                         Pick, Respond, StepIn)
from ahoy_tui.games.ahoy.errors import RuleError
from ahoy_tui.games.ahoy.state import HandResult, Phase, State
from ahoy_tui.games.ahoy.treasure import is_treasure
from ahoy_tui.games.kit.events import Event, private, public

#: A reshuffle source: given the cards to shuffle (physical ids), returns
#: them as the new draw pile, top first (R6).
Reshuffler = Callable[[list[int]], list[int]]


def clear_turn(s: State) -> None:
    s.offer_want = s.offer_give = s.addressed = s.partner = s.target = -1
    s.step_eligible = ()
    s.step_answers = {}
    s.locked = {}
    s.laid_down = []


def free_cards(state: State, seat: int) -> list[int]:
    """Cards of ``seat``'s hand that are not face down (R12)."""
    hand = state.hands[seat]
    out = [c for c in hand if c not in state.laid_down] if seat == state.target and state.laid_down else list(hand)
    locked = state.locked.get(seat)
    if locked is not None:
        out.remove(locked)
    return out


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
    clear_turn(s)
    s.active = s.next_seat(seat)
    s.phase = Phase.DRAW
    ev.append(public("turn", seat=s.active))


def _ahoy(s: State, seat: int, a: Ahoy, ev: list[Event], _r: object) -> None:
    if not s.hand_in_progress:
        raise RuleError("R12", "no hand is in progress")
    pool = free_cards(s, seat)
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
    clear_turn(s)
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


HANDLERS: dict[type, Callable] = {
    Draw: _draw, Offer: _offer, HandsUp: _hands_up, Respond: _respond, StepIn: _step, Pass: _step,
    ChoosePartner: _choose, Exchange: _exchange, LayDown: _lay_down, Pick: _pick, Discard: _discard,
    Ahoy: _ahoy,
}

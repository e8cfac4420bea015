"""The Ahoi rules engine: deal, apply, round end and scoring (AHOI-RULES.md AH3–AH13).

Pure Python, no I/O, no randomness of its own: ``start_round`` takes the
shuffled deck and the dealer (``game.AhoiGame`` draws them from its seeded
RNG). ``apply`` checks first (``rules.check``) and changes the state only
when the action is legal. Both return the events they caused, every
visibility (AH16); the state keeps the round's events for the views.
"""

from __future__ import annotations

from typing import Sequence

from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.actions import (CallAhoi, DiscardDrawn, DrawCard, Fernrohr, FirstLook, Lupe, Place,
                                        TakeDiscard, Tauschen)
from ahoy_tui.games.ahoi.events import AhoiEvent, all_but, private, public
from ahoy_tui.games.ahoi.memory import Memory
from ahoy_tui.games.ahoi.rules import check
from ahoy_tui.games.ahoi.state import PENALTY, TARGET, AhoiPhase, RoundResult, State
from ahoy_tui.games.base import IllegalAction

MIN_SEATS, MAX_SEATS = 2, 6


def new_state(players: int, memory_aid: bool = False) -> State:
    """A game before its first deal.

    Raises:
        IllegalAction: AH1 for a seat count outside 2..6.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_SEATS <= players <= MAX_SEATS:
        raise IllegalAction("AH1", f"Ahoi is for 2 to 6 players, not {players!r}")
    return State(players=players, memory_aid=memory_aid, totals=[0] * players)


def next_dealer(state: State) -> int | None:
    """The dealer AH3 requires for the next round, None when any seat may deal (the first)."""
    return None if state.round_no == 0 else (state.dealer + 1) % state.players


def start_round(state: State, deck: Sequence[int], dealer: int) -> list[AhoiEvent]:
    """Deal the next round from ``deck`` (physical ids, first dealt first) by ``dealer`` (AH3).

    Raises:
        IllegalAction: AH13 after the game; AH3 during a round or for the wrong dealer;
            AH1 for a deck that is not the 52 cards.
    """
    n = state.players
    if state.phase is AhoiPhase.GAME_OVER:
        raise IllegalAction("AH13", "the game is over")
    if state.in_round:
        raise IllegalAction("AH3", "a round is in progress")
    want = next_dealer(state)
    bad_seat = isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n
    if bad_seat:
        raise IllegalAction("AH3", f"dealer seat {dealer!r} does not exist")
    if want is not None and dealer != want:
        raise IllegalAction("AH3", f"the dealer of round {state.round_no + 1} is seat {want}, not {dealer}")
    if sorted(deck) != C.full_deck():
        raise IllegalAction("AH1", "the deck is not the 52 cards of Ahoi")
    dealt = 4 * n
    state.layouts = [[deck[i] for i in range(dealt) if (dealer + 1 + i) % n == s] for s in range(n)]
    state.discard = [deck[dealt]]
    state.draw_pile = list(deck[dealt + 1:])
    state.round_no += 1
    state.dealer = dealer
    state.phase = AhoiPhase.FIRST_LOOK
    state.active, state.held, state.caller, state.turn_no = -1, -1, -1, 0
    state.looked = [False] * n
    state.last_turns = []
    state.revealed = None
    state.log = []
    state.marks = [0] * (n + 1)
    state.memories = [Memory(s) for s in range(n)] + [Memory(None)] if state.memory_aid else []
    events = [public("deal", round=state.round_no, dealer=dealer, sizes=[C.LAYOUT_SIZE] * n,
                     discard=C.value(deck[dealt]), draw_size=len(state.draw_pile))]
    _record(state, events)
    return events


def apply(state: State, seat: int, action: object) -> list[AhoiEvent]:
    """Apply ``seat``'s ``action``; returns every event it caused (all visibilities).

    Raises:
        IllegalAction: the rule the action breaks (``rules.check``); the state is unchanged.
    """
    check(state, seat, action)
    mark = len(state.log)
    events = _HANDLERS[type(action)](state, seat, action)
    state.marks[seat] = mark
    state.marks[-1] = mark
    _record(state, events)
    return events


def _record(state: State, events: list[AhoiEvent]) -> None:
    state.log.extend(events)
    for m in state.memories:
        for e in events:
            if e.visible_to(m.seat):
                m.see(e)


def _first_look(state: State, seat: int, a: FirstLook) -> list[AhoiEvent]:
    state.looked[seat] = True
    layout = state.layouts[seat]
    events = [public("first_look", seat=seat, positions=list(a.positions)),
              private(seat, "peek", seat=seat, owner=seat, positions=list(a.positions),
                      values=[C.value(layout[p - 1]) for p in a.positions], source="first_look")]
    if all(state.looked):
        events.append(_start_turn(state, (state.dealer + 1) % state.players, last=False))
    return events


def _take_discard(state: State, seat: int, a: TakeDiscard) -> list[AhoiEvent]:
    state.held = state.discard.pop()
    state.phase = AhoiPhase.TAKEN
    return [public("take_discard", seat=seat, card=C.value(state.held))]


def _draw(state: State, seat: int, a: DrawCard) -> list[AhoiEvent]:
    state.held = state.draw_pile.pop(0)
    state.phase = AhoiPhase.DRAWN
    return [public("draw", seat=seat), private(seat, "drawn", seat=seat, card=C.value(state.held))]


def _discard(state: State, seat: int, a: DiscardDrawn) -> list[AhoiEvent]:
    card = _let_go(state)
    return [public("discard", seat=seat, card=C.value(card)), *_end_turn(state)]


def _let_go(state: State) -> int:
    """The held card onto the discard pile, face up."""
    card = state.held
    state.discard.append(card)
    state.held = -1
    return card


def _place(state: State, seat: int, a: Place) -> list[AhoiEvent]:
    """AH7 (one position), AH8 (several: matching or not)."""
    layout = state.layouts[seat]
    source = "draw" if state.phase is AhoiPhase.DRAWN else "discard"
    new = state.held
    shown = C.value(new) if source == "discard" else None
    values = [C.value(layout[p - 1]) for p in a.positions]
    base = dict(seat=seat, positions=list(a.positions), source=source)
    if len(a.positions) > 1 and len(set(values)) > 1:
        _let_go(state)
        events = [public("place", **base, card=C.value(new), matched=False, position=None, removed=[],
                         sizes=[len(x) for x in state.layouts]),
                  all_but(seat, "shown", seat=seat, positions=list(a.positions), values=values)]
        return events + _end_turn(state)
    ordered = sorted(a.positions)
    keep = ordered[0]
    state.discard.extend(layout[p - 1] for p in ordered)
    removed = [C.value(layout[p - 1]) for p in ordered]
    layout[keep - 1] = new
    for p in reversed(ordered[1:]):
        del layout[p - 1]
    state.held = -1
    events = [public("place", **base, card=shown, matched=None if len(ordered) == 1 else True, position=keep,
                     removed=removed, sizes=[len(x) for x in state.layouts])]
    if source == "draw":
        events.append(private(seat, "placed_card", seat=seat, position=keep, card=C.value(new)))
    return events + _end_turn(state)


def _lupe(state: State, seat: int, a: Lupe) -> list[AhoiEvent]:
    v = C.value(state.layouts[seat][a.position - 1])
    card = _let_go(state)
    return [public("lupe", seat=seat, card=C.value(card), position=a.position),
            private(seat, "peek", seat=seat, owner=seat, positions=[a.position], values=[v], source="lupe"),
            *_end_turn(state)]


def _fernrohr(state: State, seat: int, a: Fernrohr) -> list[AhoiEvent]:
    v = C.value(state.layouts[a.target][a.target_position - 1])
    card = _let_go(state)
    return [public("fernrohr", seat=seat, card=C.value(card), target=a.target, target_position=a.target_position),
            private(seat, "peek", seat=seat, owner=a.target, positions=[a.target_position], values=[v],
                    source="fernrohr"),
            *_end_turn(state)]


def _tauschen(state: State, seat: int, a: Tauschen) -> list[AhoiEvent]:
    mine, theirs = state.layouts[seat], state.layouts[a.target]
    i, j = a.position - 1, a.target_position - 1
    mine[i], theirs[j] = theirs[j], mine[i]
    card = _let_go(state)
    return [public("tauschen", seat=seat, card=C.value(card), position=a.position, target=a.target,
                   target_position=a.target_position), *_end_turn(state)]


def _call(state: State, seat: int, a: CallAhoi) -> list[AhoiEvent]:
    state.caller = seat
    n = state.players
    state.last_turns = [(seat + i) % n for i in range(1, n)]
    return [public("ahoi", seat=seat), *_end_turn(state)]


def _start_turn(state: State, seat: int, last: bool) -> AhoiEvent:
    state.phase = AhoiPhase.TURN
    state.active = seat
    state.turn_no += 1
    return public("turn", seat=seat, last=last)


def _end_turn(state: State) -> list[AhoiEvent]:
    """The next turn (AH3, AH10), or the round's end (AH6, AH10)."""
    if not state.draw_pile:
        return end_round(state)
    if state.caller >= 0:
        if not state.last_turns:
            return end_round(state)
        return [_start_turn(state, state.last_turns.pop(0), last=True)]
    return [_start_turn(state, (state.active + 1) % state.players, last=False)]


def round_scores(sums: Sequence[int], caller: int | None) -> list[int]:
    """What each seat adds this round (AH12)."""
    low = min(sums)
    if caller is not None and sums[caller] == low:
        return [0 if i == caller else s for i, s in enumerate(sums)]
    return [0 if s == low else s + (PENALTY if i == caller else 0) for i, s in enumerate(sums)]


def end_round(state: State) -> list[AhoiEvent]:
    """Turn every layout face up, score (AH11, AH12) and maybe end the game (AH13)."""
    layouts = tuple(tuple(C.value(c) for c in layout) for layout in state.layouts)
    sums = [sum(x) for x in layouts]
    caller = state.caller if state.caller >= 0 else None
    scores = round_scores(sums, caller)
    state.totals = [t + s for t, s in zip(state.totals, scores)]
    result = RoundResult(state.round_no, caller, tuple(sums), tuple(scores), tuple(state.totals))
    state.results.append(result)
    state.revealed = layouts
    state.phase, state.active, state.held = AhoiPhase.NO_ROUND, -1, -1
    state.last_turns = []
    events = [public("round_end", round=state.round_no, caller=caller, layouts=[list(x) for x in layouts],
                     sums=sums, scores=scores, totals=list(state.totals))]
    if max(state.totals) >= TARGET:
        low = min(state.totals)
        state.winners = tuple(i for i, t in enumerate(state.totals) if t == low)
        state.losers = tuple(i for i, t in enumerate(state.totals) if t >= TARGET)
        state.phase = AhoiPhase.GAME_OVER
        events.append(public("game_over", winners=list(state.winners), losers=list(state.losers),
                             totals=list(state.totals)))
    return events


_HANDLERS = {FirstLook: _first_look, TakeDiscard: _take_discard, DrawCard: _draw, DiscardDrawn: _discard,
             Place: _place, Lupe: _lupe, Fernrohr: _fernrohr, Tauschen: _tauschen, CallAhoi: _call}

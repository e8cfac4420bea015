"""Stacked decks and small scenario drivers for engine tests."""

from __future__ import annotations

from typing import Sequence

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.engine import apply, new_game, start_hand
from ahoy_tui.games.ahoy.record import physical
from ahoy_tui.games.ahoy.state import Settings, State


def ids(*names: str) -> list[int]:
    """Identities of card names."""
    return [C.parse(n) for n in names]


def stacked_deck(players: int, hands: Sequence[Sequence[str]], draw: Sequence[str] = (),
                 first_seat: int = 0) -> list[int]:
    """A deck (physical ids, first dealt first) giving ``hands[seat]`` to each
    seat and ``draw`` as the top of the draw pile (top first); the rest of the
    cards follow in id order."""
    n = players
    order: list[int | None] = [None] * (5 * n)
    for seat, hand in enumerate(hands):
        assert len(hand) == 5
        k = (seat - first_seat) % n
        for j, name in enumerate(hand):
            order[j * n + k] = C.parse(name)
    assert all(x is not None for x in order)
    wanted = [x for x in order if x is not None] + [C.parse(x) for x in draw]
    pool = C.full_deck(n)
    rest = list(pool)
    deck: list[int] = []
    for ident in wanted:
        card = next(c for c in rest if C.identity(c) == ident)
        rest.remove(card)
        deck.append(card)
    return deck + rest


def deal(players: int, hands: Sequence[Sequence[str]], draw: Sequence[str] = (), first_seat: int = 0,
         **settings) -> State:
    """A new game with one stacked hand dealt."""
    s = new_game(players, Settings(**settings))
    s, _ = start_hand(s, stacked_deck(players, hands, draw, first_seat), first_seat)
    return s


def play(state: State, *steps, reshuffle=None) -> tuple[State, list]:
    """Apply ``(seat, action)`` steps in order; return the state and all events."""
    events = []
    for seat, action in steps:
        state, ev = apply(state, seat, action, reshuffle)
        events += ev
    return state, events


def hand_names(state: State, seat: int) -> list[str]:
    """Sorted names of a seat's hand."""
    return sorted(C.card_name(c) for c in state.hands[seat])


HANDS_4 = [
    ["2S", "3S", "4S", "9H", "KD"],
    ["5H", "6H", "7H", "QC", "2D"],
    ["8C", "9C", "10C", "3D", "AS"],
    ["JD", "QD", "4C", "5C", "7S"],
]


def rule_of(state: State, seat: int, action) -> str:
    """The rule id ``apply`` names when ``seat`` tries ``action``; fails if it is legal."""
    import pytest

    from ahoy_tui.games.ahoy.errors import RuleError

    with pytest.raises(RuleError) as e:
        apply(state, seat, action)
    return e.value.rule

"""Stacked Ahoi decks and small scenario drivers (AHOI-RULES.md AH3)."""

from __future__ import annotations

from collections import Counter
from typing import Sequence

import pytest

from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.actions import FirstLook
from ahoy_tui.games.ahoi.game import AhoiGame
from ahoy_tui.games.base import IllegalAction


def stacked(layouts: Sequence[Sequence[int]], discard: int, draw: Sequence[int] = (),
            dealer: int | None = None) -> list[int]:
    """A deck (physical ids, first dealt first) that deals ``layouts[seat]`` (values, position 1
    first) to each seat with ``dealer`` dealing (default: the last seat), starts the discard pile
    with ``discard`` and puts ``draw`` on top of the draw pile (top first); the other cards follow
    in value order."""
    n = len(layouts)
    dealer = n - 1 if dealer is None else dealer
    order = [0] * (4 * n)
    for seat, layout in enumerate(layouts):
        assert len(layout) == 4
        for p, v in enumerate(layout):
            order[p * n + (seat - dealer - 1) % n] = v
    wanted = order + [discard, *draw]
    rest = Counter(C.VALUES) - Counter(wanted)
    assert not Counter(wanted) - Counter(C.VALUES), "more copies than the deck has"
    deck = C.physical(wanted + sorted(rest.elements()), C.full_deck())
    assert deck is not None
    return deck


def game_with(layouts: Sequence[Sequence[int]], discard: int, draw: Sequence[int] = (), *,
              dealer: int | None = None, memory_aid: bool = False, look: bool = True) -> AhoiGame:
    """A game dealt from ``stacked(...)``; with ``look`` every seat has first looked at 1 and 2 (AH4)."""
    n = len(layouts)
    dealer = n - 1 if dealer is None else dealer
    game = AhoiGame([f"p{i}" for i in range(n)], memory_aid, seed=7)
    game.deal(stacked(layouts, discard, draw, dealer), dealer)
    if look:
        for seat in range(n):
            game.act(seat, FirstLook((1, 2)))
    return game


def refused(game: AhoiGame, seat: int, action: object, rule: str) -> IllegalAction:
    """Assert ``action`` is refused naming ``rule`` and changes nothing (record, legal actions)."""
    record, legal = list(game.record), [game.legal(s) for s in range(game.state.players)]
    with pytest.raises(IllegalAction) as info:
        game.act(seat, action)
    assert info.value.rule == rule, info.value
    assert game.record == record and [game.legal(s) for s in range(game.state.players)] == legal
    return info.value


def layout_values(game: AhoiGame, seat: int) -> list[int]:
    return [C.value(c) for c in game.state.layouts[seat]]


def kinds(events) -> list[str]:
    return [e.kind for e in events]

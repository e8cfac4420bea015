"""AH4 first look: two different own positions, every seat at once, private."""

import pytest

from ahoy_tui.games.ahoi.actions import CallAhoi, DrawCard, FirstLook
from ahoy_tui.games.ahoi.state import AhoiPhase

from .helpers import game_with, kinds, refused


def test_ah4_every_seat_looks_at_once_and_the_first_turn_waits_for_all():
    game = game_with([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], 0, look=False)
    assert game.view(None).waiting_for == (0, 1, 2)
    events = game.act(1, FirstLook((4, 2)))
    assert game.view(None).waiting_for == (0, 2) and game.state.phase is AhoiPhase.FIRST_LOOK
    peek = next(e for e in events if e.kind == "peek")
    assert peek.to == frozenset({1}) and peek.data["values"] == [8, 6] and peek.data["positions"] == [4, 2]
    public = next(e for e in events if e.kind == "first_look")
    assert public.to is None and "values" not in public.data
    game.act(2, FirstLook((1, 3)))
    events = game.act(0, FirstLook((1, 2)))
    assert kinds(events)[-1] == "turn" and game.view(None).waiting_for == (0,)


def test_ah4_a_turn_before_everyone_looked_is_refused():
    game = game_with([[1, 2, 3, 4], [5, 6, 7, 8]], 0, look=False)
    game.act(0, FirstLook((1, 2)))
    refused(game, 0, DrawCard(), "AH4")
    refused(game, 0, CallAhoi(), "AH4")


def test_ah4_a_second_first_look_is_refused_in_the_look_and_after_it():
    game = game_with([[1, 2, 3, 4], [5, 6, 7, 8]], 0, look=False)
    game.act(0, FirstLook((1, 2)))
    refused(game, 0, FirstLook((3, 4)), "AH4")
    assert game.legal(0) == []
    game.act(1, FirstLook((1, 2)))
    refused(game, 1, FirstLook((3, 4)), "AH4")


@pytest.mark.parametrize("positions", [(1, 1), (1,), (1, 2, 3), (0, 1), (2, 5), ()])
def test_ah4_positions_must_be_two_distinct_existing_ones(positions):
    game = game_with([[1, 2, 3, 4], [5, 6, 7, 8]], 0, look=False)
    refused(game, 0, FirstLook(positions), "AH4")


def test_ah4_legal_looks_are_the_six_pairs():
    game = game_with([[1, 2, 3, 4], [5, 6, 7, 8]], 0, look=False)
    assert sorted(a.positions for a in game.legal(0)) == [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]

"""AH9 Lupe, Fernrohr, Tauschen: only a card just drawn, at good targets."""

import pytest

from ahoy_tui.games.ahoi.actions import CallAhoi, DiscardDrawn, DrawCard, Fernrohr, Lupe, Place, TakeDiscard, Tauschen

from .helpers import game_with, layout_values, refused

THREE = [[1, 2, 3, 4], [5, 6, 0, 6], [13, 1, 2, 3]]


def test_ah9_lupe_shows_one_own_card_to_its_owner_only():
    game = game_with(THREE, 5, [8])
    game.act(0, DrawCard())
    events = game.act(0, Lupe(4))
    peek = next(e for e in events if e.kind == "peek")
    assert peek.to == frozenset({0}) and peek.data["values"] == [4] and peek.data["source"] == "lupe"
    public = next(e for e in events if e.kind == "lupe")
    assert public.to is None and public.data == {"seat": 0, "card": 8, "position": 4}
    assert game.view(1).discard_top == 8


def test_ah9_fernrohr_shows_another_seats_card_and_the_table_learns_only_the_position():
    game = game_with(THREE, 5, [10])
    game.act(0, DrawCard())
    refused(game, 0, Fernrohr(0, 1), "AH9")
    refused(game, 0, Fernrohr(3, 1), "AH9")
    refused(game, 0, Fernrohr(2, 5), "AH9")
    events = game.act(0, Fernrohr(2, 1))
    peek = next(e for e in events if e.kind == "peek")
    assert peek.to == frozenset({0}) and peek.data["owner"] == 2 and peek.data["values"] == [13]
    assert "values" not in next(e for e in events if e.kind == "fernrohr").data


def test_ah9_tauschen_swaps_unseen_and_the_table_learns_both_positions():
    game = game_with(THREE, 5, [11])
    game.act(0, DrawCard())
    events = game.act(0, Tauschen(1, 2, 1))
    assert layout_values(game, 0)[0] == 13 and layout_values(game, 2)[0] == 1
    swap = next(e for e in events if e.kind == "tauschen")
    assert swap.to is None and swap.data == {"seat": 0, "card": 11, "position": 1, "target": 2, "target_position": 1}
    assert not any(e.kind == "peek" for e in events)


def test_ah9_an_action_of_the_wrong_kind_or_at_a_bad_position_is_refused():
    game = game_with(THREE, 5, [7])
    game.act(0, DrawCard())
    refused(game, 0, Fernrohr(1, 1), "AH9")
    refused(game, 0, Tauschen(1, 1, 1), "AH9")
    refused(game, 0, Lupe(5), "AH9")
    refused(game, 0, Lupe(0), "AH9")


def test_ah9_a_card_that_is_no_action_card_has_no_action():
    game = game_with(THREE, 5, [6])
    game.act(0, DrawCard())
    refused(game, 0, Lupe(1), "AH9")
    assert not any(isinstance(a, (Lupe, Fernrohr, Tauschen)) for a in game.legal(0))


def test_ah9_a_card_taken_from_the_discard_pile_has_no_action():
    game = game_with(THREE, 8, [1])
    game.act(0, TakeDiscard())
    refused(game, 0, Lupe(1), "AH9")
    assert all(isinstance(a, Place) for a in game.legal(0))


def _called_by_seat_1(draw):
    game = game_with(THREE, 5, draw)
    game.act(0, DrawCard())
    game.act(0, DiscardDrawn())
    game.act(1, CallAhoi())
    game.act(2, DrawCard())
    return game


def test_ah9_tauschen_may_not_target_the_caller_but_fernrohr_may():
    game = _called_by_seat_1([1, 12])
    refused(game, 2, Tauschen(1, 1, 1), "AH9")
    assert {a.target for a in game.legal(2) if isinstance(a, Tauschen)} == {0}
    game2 = _called_by_seat_1([1, 9])
    assert {a.target for a in game2.legal(2) if isinstance(a, Fernrohr)} == {0, 1}
    game2.act(2, Fernrohr(1, 3))


def test_ah9_with_only_the_callers_layout_left_tauschen_is_not_available():
    game = game_with([[1, 2, 3, 4], [5, 6, 0, 6]], 5, [11])
    game.act(0, CallAhoi())
    game.act(1, DrawCard())
    assert not any(isinstance(a, Tauschen) for a in game.legal(1))
    refused(game, 1, Tauschen(1, 0, 1), "AH9")
    assert DiscardDrawn() in game.legal(1)


@pytest.mark.parametrize("value, kind", [(7, Lupe), (8, Lupe), (9, Fernrohr), (10, Fernrohr), (11, Tauschen),
                                         (12, Tauschen)])
def test_ah9_each_action_card_offers_its_action(value, kind):
    game = game_with(THREE, 5, [value])
    game.act(0, DrawCard())
    offered = {type(a) for a in game.legal(0)} - {DiscardDrawn, Place}
    assert offered == {kind}

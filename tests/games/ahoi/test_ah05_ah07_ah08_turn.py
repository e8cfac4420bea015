"""AH5 a turn, AH7 place one card, AH8 place over several equal cards."""

import pytest

from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.actions import CallAhoi, DiscardDrawn, DrawCard, FirstLook, Lupe, Place, TakeDiscard
from ahoy_tui.games.ahoi.state import AhoiPhase

from .helpers import game_with, layout_values, refused

TWO = [[3, 9, 3, 5], [6, 6, 2, 6]]


def test_ah5_only_the_active_seat_acts_and_in_the_right_step():
    game = game_with(TWO, 4, [1])
    refused(game, 1, DrawCard(), "AH5")
    refused(game, 0, Place((1,)), "AH5")
    refused(game, 0, DiscardDrawn(), "AH5")
    refused(game, 0, Lupe(1), "AH5")
    game.act(0, DrawCard())
    refused(game, 0, DrawCard(), "AH5")
    refused(game, 0, TakeDiscard(), "AH5")
    refused(game, 0, CallAhoi(), "AH5")
    refused(game, 0, FirstLook((1, 2)), "AH4")


def test_ah5_a_drawn_card_is_seen_by_the_drawer_only_and_may_be_discarded():
    game = game_with(TWO, 4, [1])
    events = game.act(0, DrawCard())
    drawn = next(e for e in events if e.kind == "drawn")
    assert drawn.to == frozenset({0}) and drawn.data["card"] == 1
    assert game.view(0).held == 1 and game.view(1).held is None and game.view(None).held is None
    assert game.view(1).held_from == "draw"
    game.act(0, DiscardDrawn())
    assert game.view(1).discard_top == 1 and game.view(None).active == 1


def test_ah5_a_card_taken_from_the_discard_pile_must_be_placed():
    game = game_with(TWO, 4, [1])
    game.act(0, TakeDiscard())
    assert game.view(1).held == 4 and game.view(1).held_from == "discard"
    refused(game, 0, DiscardDrawn(), "AH5")
    assert all(isinstance(a, Place) for a in game.legal(0))


def test_ah7_the_replaced_card_goes_face_up_and_the_new_one_takes_its_place():
    game = game_with(TWO, 4, [1])
    game.act(0, TakeDiscard())
    events = game.act(0, Place((2,)))
    assert layout_values(game, 0) == [3, 4, 3, 5] and game.view(1).discard_top == 9
    place = next(e for e in events if e.kind == "place")
    assert place.data["card"] == 4 and place.data["removed"] == [9] and place.data["matched"] is None


def test_ah7_a_drawn_card_placed_stays_unknown_to_the_others():
    game = game_with(TWO, 4, [1])
    game.act(0, DrawCard())
    events = game.act(0, Place((4,)))
    public = next(e for e in events if e.kind == "place")
    assert public.data["card"] is None and public.data["removed"] == [5]
    own = next(e for e in events if e.kind == "placed_card")
    assert own.to == frozenset({0}) and own.data == {"seat": 0, "position": 4, "card": 1}


@pytest.mark.parametrize("positions, rule", [((), "AH7"), ((5,), "AH7"), ((0,), "AH7"), ((2, 2), "AH8"),
                                             ((1, 5), "AH8"), ((1, 2, 3, 4, 1), "AH8")])
def test_ah7_ah8_placement_positions_that_do_not_exist_or_repeat(positions, rule):
    game = game_with(TWO, 4, [1])
    game.act(0, DrawCard())
    refused(game, 0, Place(positions), rule)


def test_ah8_equal_cards_in_any_order_go_to_the_discard_and_the_layout_closes_up():
    game = game_with(TWO, 4, [8, 1])
    game.act(0, DrawCard())
    game.act(0, DiscardDrawn())
    game.act(1, DrawCard())
    events = game.act(1, Place((4, 1, 2)))
    assert layout_values(game, 1) == [1, 2]
    assert [C.value(c) for c in game.state.discard[-3:]] == [6, 6, 6]
    place = next(e for e in events if e.kind == "place")
    assert place.data["matched"] is True and place.data["position"] == 1 and place.data["removed"] == [6, 6, 6]
    assert game.view(0).layout_sizes == (4, 2)


def test_ah8_cards_that_do_not_match_stay_and_are_shown_to_everyone_but_the_player():
    game = game_with(TWO, 4, [1])
    game.act(0, DrawCard())
    events = game.act(0, Place((1, 2)))
    assert layout_values(game, 0) == [3, 9, 3, 5] and game.view(1).discard_top == 1
    shown = next(e for e in events if e.kind == "shown")
    assert shown.data["values"] == [3, 9]
    assert shown.visible_to(1) and shown.visible_to(None) and not shown.visible_to(0)
    assert next(e for e in events if e.kind == "place").data["matched"] is False
    assert game.view(None).active == 1


def test_ah8_a_taken_discard_that_does_not_match_goes_back_on_top():
    game = game_with(TWO, 4, [1])
    game.act(0, TakeDiscard())
    game.act(0, Place((2, 4)))
    assert game.view(1).discard_top == 4 and game.view(1).discard_size == 1
    assert layout_values(game, 0) == [3, 9, 3, 5]


def test_ah8_a_taken_discard_placed_over_a_matching_pair():
    game = game_with(TWO, 0, [1])
    game.act(0, TakeDiscard())
    game.act(0, Place((3, 1)))
    assert layout_values(game, 0) == [0, 9, 5]
    assert game.state.phase is AhoiPhase.TURN and game.state.active == 1


def test_ah2_a_layout_shrinks_to_one_card_and_never_empties():
    game = game_with([[5, 5, 5, 5], [6, 6, 2, 6]], 4, [1, 2, 3])
    game.act(0, DrawCard())
    game.act(0, Place((2, 4, 1, 3)))
    assert layout_values(game, 0) == [1] and game.view(1).layout_sizes == (1, 4)
    game.act(1, DrawCard())
    game.act(1, DiscardDrawn())
    game.act(0, DrawCard())
    assert [a for a in game.legal(0) if isinstance(a, Place)] == [Place((1,))]
    game.act(0, Place((1,)))
    assert layout_values(game, 0) == [3]

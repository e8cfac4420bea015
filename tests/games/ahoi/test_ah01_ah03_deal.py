"""AH1 cards and players, AH2 layout, AH3 deal and order."""

from collections import Counter

import pytest

from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.actions import DrawCard, FirstLook
from ahoy_tui.games.ahoi.engine import new_state, start_round
from ahoy_tui.games.ahoi.game import AhoiGame
from ahoy_tui.games.ahoi.state import AhoiPhase
from ahoy_tui.games.base import IllegalAction

from .helpers import game_with, layout_values, refused, stacked


def test_ah1_the_deck_is_the_cabo_distribution_with_one_id_per_card():
    counts = Counter(C.VALUES)
    assert len(C.VALUES) == 52 and counts[0] == 2 and counts[13] == 2
    assert all(counts[v] == 4 for v in range(1, 13))
    assert [C.action_of(v) for v in (7, 8, 9, 10, 11, 12, 6, 13)] == [
        "lupe", "lupe", "fernrohr", "fernrohr", "tauschen", "tauschen", None, None]


@pytest.mark.parametrize("players", [1, 7, 0, True])
def test_ah1_a_seat_count_outside_2_to_6_is_refused(players):
    with pytest.raises(IllegalAction) as info:
        new_state(players)
    assert info.value.rule == "AH1"


def test_ah1_a_deck_that_is_not_the_52_cards_is_refused():
    state = new_state(2)
    with pytest.raises(IllegalAction) as info:
        start_round(state, list(range(51)) + [0], 0)
    assert info.value.rule == "AH1" and state.phase is AhoiPhase.NO_ROUND


def test_ah3_cards_are_dealt_one_at_a_time_from_the_seat_after_the_dealer():
    deck = C.full_deck()
    state = new_state(3)
    start_round(state, deck, 1)
    # seat 2 (after dealer 1) gets cards 0, 3, 6, 9 at positions 1..4; seat 0 gets 1, 4, 7, 10
    assert state.layouts == [[1, 4, 7, 10], [2, 5, 8, 11], [0, 3, 6, 9]]
    assert state.discard == [12] and state.draw_pile == list(range(13, 52))


def test_ah3_stacked_layouts_land_at_their_positions():
    game = game_with([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], 13, [0, 13], dealer=0, look=False)
    assert [layout_values(game, s) for s in range(3)] == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    assert C.value(game.state.discard[-1]) == 13 and [C.value(c) for c in game.state.draw_pile[:2]] == [0, 13]


def test_ah3_the_seat_after_the_dealer_plays_first_and_the_dealer_moves_on():
    game = game_with([[5] * 4, [6] * 4, [7] * 4], 1, dealer=1)
    assert game.view(None).active == 2 and game.legal(2) and not game.legal(0)
    game.state.draw_pile = game.state.draw_pile[:1]
    game.act(2, DrawCard())
    game.act(2, game.legal(2)[0])  # discard: the draw pile is empty, the round ends (AH6)
    assert game.state.phase is AhoiPhase.NO_ROUND
    refused_deal = pytest.raises(IllegalAction)
    with refused_deal as info:
        game.deal(stacked([[5] * 4, [6] * 4, [7] * 4], 1, dealer=1), 1)
    assert info.value.rule == "AH3"
    game.deal()
    assert game.state.dealer == 2 and game.record[-1]["dealer"] == 2 and game.record[-1]["round"] == 2


def test_ah3_an_action_before_any_deal_and_a_seat_that_does_not_exist_are_refused():
    game = AhoiGame(["a", "b"], seed=1)
    refused(game, 0, DrawCard(), "AH3")
    game.deal()
    refused(game, 2, FirstLook((1, 2)), "AH3")
    refused(game, -1, FirstLook((1, 2)), "AH3")


def test_ah3_a_deal_during_a_round_is_refused():
    game = AhoiGame(["a", "b"], seed=1)
    game.deal()
    with pytest.raises(IllegalAction) as info:
        game.deal()
    assert info.value.rule == "AH3" and len(game.record) == 2


def test_ah3_the_first_dealer_is_the_hosts_pick_or_random_from_the_seed():
    assert AhoiGame(["a", "b", "c"], seed=5, first_dealer=2).deal()[0].data["dealer"] == 2
    dealers = {AhoiGame(["a", "b", "c"], seed=s).deal()[0].data["dealer"] for s in range(30)}
    assert dealers == {0, 1, 2}

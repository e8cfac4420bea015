"""R3 deal and R4 play order."""

import random

import pytest

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.engine import new_game, start_hand
from ahoy_tui.games.ahoy.errors import RuleError
from ahoy_tui.games.ahoy.game import Game
from ahoy_tui.games.ahoy.state import Phase
from tests.games.ahoy.helpers import HANDS_4, deal, hand_names


def test_r3_deal_one_at_a_time_from_first_seat():
    s = new_game(3)
    deck = list(range(53))
    s, events = start_hand(s, deck, 1)
    # seat 1 gets deck[0], seat 2 deck[1], seat 0 deck[2], ...
    assert s.hands[1] == [0, 3, 6, 9, 12]
    assert s.hands[2] == [1, 4, 7, 10, 13]
    assert s.hands[0] == [2, 5, 8, 11, 14]
    assert s.draw_pile[-1] == 15  # top of the draw pile is the next undealt card
    assert s.discard == [] and s.active == 1 and s.phase is Phase.DRAW
    dealt = [e for e in events if e.kind == "dealt"]
    assert [sorted(e.to) for e in dealt] == [[0], [1], [2]]


def test_r3_stacked_helper_gives_the_hands_asked_for():
    s = deal(4, HANDS_4, draw=["AH"], first_seat=2)
    for seat in range(4):
        assert hand_names(s, seat) == sorted(HANDS_4[seat])
    assert C.card_name(s.draw_pile[-1]) == "AH"


def test_r3_later_hands_start_one_seat_further():
    g = Game(["a", "b", "c"], seed=3, first_seat=2)
    g.deal()
    assert g.state.first_seat == 2
    g.state.phase = Phase.NO_HAND  # end the hand by hand for the test
    g.deal()
    assert g.state.first_seat == 0


def test_r3_wrong_first_seat_and_hand_in_progress_are_rejected():
    s = deal(4, HANDS_4)
    with pytest.raises(RuleError) as e:
        start_hand(s, C.full_deck(4), 1)
    assert e.value.rule == "R3"
    s.phase = Phase.NO_HAND
    with pytest.raises(RuleError) as e:
        start_hand(s, C.full_deck(4), 0)
    assert e.value.rule == "R3"  # hand 2 must start at seat 1
    with pytest.raises(RuleError) as e:
        start_hand(s, C.full_deck(4)[:-1] + [0], 1)
    assert e.value.rule == "R1"


def test_r3_seeded_deal_is_reproducible_and_random_first_seat():
    firsts = set()
    for seed in range(20):
        a, b = Game(["a", "b", "c", "d"], seed=seed), Game(["a", "b", "c", "d"], seed=seed)
        a.deal(), b.deal()
        assert a.state.hands == b.state.hands and a.state.first_seat == b.state.first_seat
        firsts.add(a.state.first_seat)
    assert len(firsts) > 1


def test_r4_next_player_wraps():
    s = new_game(5)
    assert [s.next_seat(i) for i in range(5)] == [1, 2, 3, 4, 0]


@pytest.mark.parametrize("n", [1, 9, 0])
def test_r1_player_count_outside_2_to_8(n):
    with pytest.raises(RuleError) as e:
        new_game(n)
    assert e.value.rule == "R1"

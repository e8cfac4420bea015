"""R7 HANDS UP! with the Joker."""

import pytest

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import Discard, Draw, HandsUp, LayDown, Offer, Pick
from ahoy_tui.games.ahoy.engine import apply, awaiting, legal_actions
from ahoy_tui.games.ahoy.errors import RuleError
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.games.ahoy.view import view
from ahoy_tui.games.kit.events import for_viewer
from tests.games.ahoy.helpers import rule_of, HANDS_4, deal, hand_names, ids, play

JOKER_HANDS = [["JK", "3S", "4S", "9H", "KD"]] + HANDS_4[1:]



def test_r7_full_hands_up_flow_and_who_learns_what():
    s = deal(4, JOKER_HANDS, draw=["AH"])
    s, ev = play(s, (0, Draw()), (0, HandsUp(2)))
    assert C.card_name(s.discard[-1]) == "JK" and s.phase is Phase.LAY_DOWN and awaiting(s) == (2,)
    laid = tuple(ids("8C", "9C", "AS"))
    s, ev2 = play(s, (2, LayDown(laid)))
    assert view(s, 2).laid_down == laid and view(s, 0).laid_down == ()
    assert view(s, 0).hands_up == (0, 2, 3)
    assert legal_actions(s, 0) == [Pick(0), Pick(1), Pick(2)]
    s, ev3 = play(s, (0, Pick(2)))
    assert "AS" in hand_names(s, 0) and "AS" not in hand_names(s, 2)
    assert len(s.hands[2]) == 4 and s.phase is Phase.DISCARD
    everything = ev + ev2 + ev3
    for seat in (1, 3, None):
        for e in for_viewer(everything, seat):
            assert "card" not in e.data and "cards" not in e.data
    assert [e.data["card"] for e in for_viewer(ev3, 0) if e.kind == "took"] == ids("AS")
    assert [e.data["card"] for e in for_viewer(ev3, 2) if e.kind == "lost"] == ids("AS")
    s, _ = play(s, (0, Discard(ids("KD")[0])))
    assert s.active == 1


def test_r7_needs_a_joker_and_a_target_with_cards():
    s = deal(4, HANDS_4, draw=["AH"])
    s, _ = play(s, (0, Draw()))
    assert rule_of(s, 0, HandsUp(1)) == "R7"
    s = deal(4, JOKER_HANDS, draw=["AH"])
    s.hands[1] = []
    s, _ = play(s, (0, Draw()))
    assert rule_of(s, 0, HandsUp(1)) == "R7"
    assert rule_of(s, 0, HandsUp(0)) == "R7"
    assert rule_of(s, 0, HandsUp(7)) == "R4"
    assert HandsUp(1) not in legal_actions(s, 0) and HandsUp(2) in legal_actions(s, 0)


def test_r7_not_instead_of_draw_and_not_with_an_offer():
    s = deal(4, JOKER_HANDS, draw=["AH"])
    assert rule_of(s, 0, HandsUp(1)) == "R5"
    s, _ = play(s, (0, Draw()), (0, Offer(*ids("2C", "3C"))))
    assert rule_of(s, 0, HandsUp(1)) == "R5"


def test_r7_lay_down_count_and_cards_and_pick_index():
    s = deal(4, JOKER_HANDS, draw=["AH"])
    s, _ = play(s, (0, Draw()), (0, HandsUp(1)))
    assert rule_of(s, 1, LayDown(tuple(ids("5H", "6H")))) == "R7"
    assert rule_of(s, 1, LayDown(tuple(ids("5H", "6H", "AS")))) == "R7"
    assert rule_of(s, 2, LayDown(tuple(ids("8C", "9C", "AS")))) == "R7"
    assert rule_of(s, 0, Pick(0)) == "R7"
    s, _ = play(s, (1, LayDown(tuple(ids("5H", "6H", "QC")))))
    assert rule_of(s, 0, Pick(3)) == "R7"
    assert rule_of(s, 1, Pick(0)) == "R7"


def test_r7_target_with_fewer_than_three_cards_lays_all():
    s = deal(4, JOKER_HANDS, draw=["AH"])
    s.discard += s.hands[3][2:]
    s.hands[3] = s.hands[3][:2]
    s, _ = play(s, (0, Draw()), (0, HandsUp(3)))
    assert all(len(a.cards) == 2 for a in legal_actions(s, 3))


def test_r12_laid_down_cards_are_not_in_hand_for_ahoy():
    hands = [["JK", "3S", "4S", "9H", "KD"], ["5H", "6H", "7H", "8H", "2D"]] + HANDS_4[2:]
    s = deal(4, hands, draw=["AH"])
    s.drawn = [True] * 4
    s.dealt_lock = [False] * 4
    s, _ = play(s, (0, Draw()), (0, HandsUp(1)), (1, LayDown(tuple(ids("5H", "6H", "2D")))))
    assert not [a for a in legal_actions(s, 1) if a.KIND == "ahoy"]
    from ahoy_tui.games.ahoy.actions import Ahoy
    assert rule_of(s, 1, Ahoy(tuple(ids("5H", "6H", "7H", "8H")))) == "R12"

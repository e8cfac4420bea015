"""R5 turn order, R8 offer, R9 who trades, R10 dirty deal, R11 discard."""

import pytest

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import ChoosePartner, Discard, Draw, Exchange, Offer, Pass, Respond, StepIn
from ahoy_tui.games.ahoy.engine import apply, awaiting, legal_actions
from ahoy_tui.games.ahoy.errors import RuleError
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.games.ahoy.view import view
from tests.games.ahoy.helpers import rule_of, HANDS_4, deal, hand_names, ids, play

W, G = ids("6H", "5D")



def test_r5_draw_then_offer_then_discard_in_order():
    s = deal(4, HANDS_4, draw=["AH"])
    assert rule_of(s, 0, Offer(W, G)) == "R5"
    assert rule_of(s, 0, Discard(ids("2S")[0])) == "R5"
    assert rule_of(s, 1, Draw()) == "R5"
    s, ev = play(s, (0, Draw()))
    assert "AH" in hand_names(s, 0) and s.phase is Phase.ACTION
    assert rule_of(s, 0, Draw()) == "R5"
    assert rule_of(s, 0, Discard(ids("AH")[0])) == "R5"


def test_r8_offer_goes_to_next_player_and_any_statement_is_allowed():
    s = deal(4, HANDS_4, draw=["AH"], first_seat=3)
    s, ev = play(s, (3, Draw()), (3, Offer(*ids("JK", "AC"))))  # neither card is held by anyone relevant
    assert s.addressed == 0 and awaiting(s) == (0,)
    offered = [e for e in ev if e.kind == "offered"][0]
    assert offered.to is None and offered.data == {"seat": 3, "to": 0, "want": 52, "give": ids("AC")[0]}
    assert rule_of(s, 3, Offer(W, G)) == "R5"  # no second offer


def test_r9_accept_leads_to_blind_exchange_and_only_received_card_is_private():
    s = deal(4, HANDS_4, draw=["AH"])
    s, _ = play(s, (0, Draw()), (0, Offer(W, G)), (1, Respond(True)))
    assert s.phase is Phase.EXCHANGE and set(awaiting(s)) == {0, 1}
    s, ev1 = play(s, (1, Exchange(ids("QC")[0])))
    # the choice is locked and secret: seat 0's view does not show it
    assert view(s, 0).exchange_locked == (1,) and view(s, 0).locked is None
    assert view(s, 1).locked == ids("QC")[0]
    assert rule_of(s, 1, Exchange(ids("2D")[0])) == "R10"  # a locked choice cannot change
    s, ev2 = play(s, (0, Exchange(ids("KD")[0])))
    assert "QC" in hand_names(s, 0) and "KD" in hand_names(s, 1)
    assert "KD" not in hand_names(s, 0) and "QC" not in hand_names(s, 1)
    pub = [e for e in ev1 + ev2 if e.to is None]
    assert all("card" not in e.data for e in pub)
    recv = {min(e.to): e.data["card"] for e in ev2 if e.kind == "received"}
    assert recv == {0: ids("QC")[0], 1: ids("KD")[0]}
    assert s.phase is Phase.DISCARD


def test_r9_decline_opens_offer_to_the_others_and_window_closes_when_all_answer():
    s = deal(4, HANDS_4, draw=["AH"])
    s, _ = play(s, (0, Draw()), (0, Offer(W, G)), (1, Respond(False)))
    assert s.phase is Phase.STEP_IN and set(awaiting(s)) == {2, 3}
    assert rule_of(s, 1, StepIn()) == "R9"  # addressed player is not asked
    assert rule_of(s, 0, Pass()) == "R9"    # nor the offerer
    s, _ = play(s, (3, Pass()))
    assert rule_of(s, 3, StepIn()) == "R9"  # each answers once
    s, ev = play(s, (2, StepIn()))
    assert s.phase is Phase.EXCHANGE and s.partner == 2  # lone stepper is the partner at once


def test_r9_two_steppers_offerer_chooses():
    s = deal(4, HANDS_4, draw=["AH"])
    s, _ = play(s, (0, Draw()), (0, Offer(W, G)), (1, Respond(False)), (2, StepIn()), (3, StepIn()))
    assert s.phase is Phase.CHOOSE_PARTNER and awaiting(s) == (0,)
    assert legal_actions(s, 0) == [ChoosePartner(2), ChoosePartner(3)]
    assert rule_of(s, 0, ChoosePartner(1)) == "R9"
    assert rule_of(s, 2, ChoosePartner(2)) == "R9"
    s, _ = play(s, (0, ChoosePartner(3)))
    assert s.phase is Phase.EXCHANGE and s.partner == 3


def test_r9_nobody_steps_in_means_no_exchange():
    s = deal(4, HANDS_4, draw=["AH"])
    s, ev = play(s, (0, Draw()), (0, Offer(W, G)), (1, Respond(False)), (2, Pass()), (3, Pass()))
    assert s.phase is Phase.DISCARD and any(e.kind == "no_exchange" for e in ev)


def test_r9_two_players_decline_goes_straight_to_discard():
    s = deal(2, HANDS_4[:2], draw=["AH"])
    s, _ = play(s, (0, Draw()), (0, Offer(W, G)), (1, Respond(False)))
    assert s.phase is Phase.DISCARD


def test_r9_verified_step_in_only_true_holders_may_step_in_but_all_are_asked():
    s = deal(4, HANDS_4, draw=["AH"], verified_step_in=True)
    s, _ = play(s, (0, Draw()), (0, Offer(*ids("9C", "2S"))), (1, Respond(False)))
    assert set(awaiting(s)) == {2, 3}
    assert StepIn() in legal_actions(s, 2) and StepIn() not in legal_actions(s, 3)
    assert Pass() in legal_actions(s, 3)
    assert rule_of(s, 3, StepIn()) == "R9"


def test_r9_r10_player_with_no_cards_may_only_decline_or_pass():
    s = deal(4, HANDS_4, draw=["AH"])
    s.hands[1] = []
    s.hands[2] = []
    s, _ = play(s, (0, Draw()), (0, Offer(W, G)))
    assert legal_actions(s, 1) == [Respond(False)]
    assert rule_of(s, 1, Respond(True)) == "R10"
    s, _ = play(s, (1, Respond(False)))
    assert legal_actions(s, 2) == [Pass()]
    assert rule_of(s, 2, StepIn()) == "R10"


def test_r10_exchange_card_must_be_in_hand_and_by_a_trader():
    s = deal(4, HANDS_4, draw=["AH"])
    s, _ = play(s, (0, Draw()), (0, Offer(W, G)), (1, Respond(True)))
    assert rule_of(s, 0, Exchange(ids("5H")[0])) == "R10"
    assert rule_of(s, 2, Exchange(ids("8C")[0])) == "R10"


def test_r11_discard_is_public_and_passes_the_turn():
    s = deal(4, HANDS_4, draw=["AH"])
    s, _ = play(s, (0, Draw()), (0, Offer(W, G)), (1, Respond(False)), (2, Pass()), (3, Pass()))
    assert rule_of(s, 0, Discard(ids("QC")[0])) == "R11"
    s, ev = play(s, (0, Discard(ids("KD")[0])))
    assert [C.card_name(c) for c in s.discard] == ["KD"]
    assert view(s, None).discard == tuple(ids("KD"))
    assert s.active == 1 and s.phase is Phase.DRAW
    assert [len(h) for h in s.hands] == [5, 5, 5, 5]

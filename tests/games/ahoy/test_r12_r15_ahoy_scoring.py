"""R12 AHOY!, R13 dealt treasure, R14 scoring, R15 end of game."""

import pytest

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import Ahoy, Discard, Draw, Exchange, Offer, Pass, Respond
from ahoy_tui.games.ahoy.engine import apply, legal_actions
from ahoy_tui.games.ahoy.errors import RuleError
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.games.ahoy.view import view
from tests.games.ahoy.helpers import rule_of, HANDS_4, deal, ids, play

TREASURE = tuple(ids("5H", "6H", "7H", "8H"))



def hands_with(seat, cards):
    hands = [list(h) for h in HANDS_4]
    hands[seat] = cards
    return hands


def test_r12_ahoy_out_of_turn_after_receiving_a_card():
    hands = hands_with(0, ["2S", "3S", "4S", "8H", "KD"])
    s = deal(4, hands, draw=["AH"])
    s.drawn = [True] * 4
    s, _ = play(s, (0, Draw()), (0, Offer(*ids("QC", "8H"))), (1, Respond(True)),
                (0, Exchange(ids("8H")[0])))
    # 8H is locked face down by seat 0: seat 1 does not hold it yet
    assert rule_of(s, 1, Ahoy(TREASURE)) == "R12"
    s, _ = play(s, (1, Exchange(ids("QC")[0])))
    assert s.phase is Phase.DISCARD
    assert [a for a in legal_actions(s, 1) if a.KIND == "ahoy"] == [Ahoy(TREASURE)]
    s, ev = play(s, (1, Ahoy(TREASURE)))
    assert s.results[-1].winner == 1 and s.phase is Phase.NO_HAND
    assert any(e.kind == "ahoy" and e.to is None for e in ev)


def test_r12_checks_in_order_in_hand_then_treasure_then_lock():
    hands = hands_with(1, ["5H", "6H", "7H", "8H", "2D"])  # dealt treasure: locked (R13)
    s = deal(4, hands, draw=["AH"])
    assert rule_of(s, 1, Ahoy(tuple(ids("5H", "6H", "7H", "9H")))) == "R12"
    assert rule_of(s, 1, Ahoy(tuple(ids("5H", "6H", "7H", "2D")))) == "R2"
    assert rule_of(s, 1, Ahoy(TREASURE)) == "R13"


def _quiet_turn(s, seat, discard):
    nxt = s.next_seat(seat)
    steps = [(seat, Draw()), (seat, Offer(*ids("2C", "3C"))), (nxt, Respond(False))]
    steps += [(x, Pass()) for x in range(s.players) if x not in (seat, nxt)]
    steps += [(seat, Discard(ids(discard)[0]))]
    return play(s, *steps)[0]


def test_r13_dealt_treasure_waits_until_everyone_has_drawn():
    hands = hands_with(1, ["5H", "6H", "7H", "8H", "2D"])
    s = deal(4, hands, draw=["AH", "AD", "AC", "KS"])
    assert view(s, 1).dealt_lock and not view(s, 0).dealt_lock
    s = _quiet_turn(s, 0, "AH")
    assert Ahoy(TREASURE) not in legal_actions(s, 1)
    s = _quiet_turn(s, 1, "AD")
    s = _quiet_turn(s, 2, "AC")
    assert rule_of(s, 1, Ahoy(TREASURE)) == "R13"
    s, _ = play(s, (3, Draw()))
    assert not view(s, 1).dealt_lock
    assert Ahoy(TREASURE) in legal_actions(s, 1)  # in the middle of seat 3's turn
    s, _ = play(s, (1, Ahoy(TREASURE)))
    assert s.results[-1].winner == 1


def test_r13_lock_does_not_restrict_others():
    hands = [["2S", "3S", "4S", "9H", "KD"], ["5H", "6H", "7H", "QC", "2D"],
             ["9D", "10D", "JD", "QD", "2C"], ["3D", "6C", "4C", "5C", "7S"]]
    s = deal(4, hands, draw=["5S"])
    assert s.dealt_lock == [False, False, True, False]
    s, _ = play(s, (0, Draw()))
    assert rule_of(s, 2, Ahoy(tuple(ids("9D", "10D", "JD", "QD")))) == "R13"
    s, _ = play(s, (0, Ahoy(tuple(ids("2S", "3S", "4S", "5S")))))
    assert s.results[-1].winner == 0


def test_r14_scores_include_face_down_cards_and_winner_scores_zero():
    hands = [["JK", "3S", "4S", "9H", "KD"], ["5H", "6H", "7H", "QC", "2D"],
             ["8C", "9C", "10C", "3D", "AS"], ["JD", "QD", "4C", "5C", "7S"]]
    s = deal(4, hands, draw=["8H"])
    s.drawn = [True] * 4
    from ahoy_tui.games.ahoy.actions import HandsUp, LayDown
    s, _ = play(s, (0, Draw()), (0, HandsUp(2)), (2, LayDown(tuple(ids("8C", "9C", "AS")))))
    # seat 0 drew 8H; seat 1 can't call. Put 8H in seat 1's hand by hand: instead seat 1 calls with its own
    s.hands[1].append(s.hands[0].pop(s.hands[0].index(next(c for c in s.hands[0] if C.card_name(c) == "8H"))))
    s, ev = play(s, (1, Ahoy(TREASURE)))
    r = s.results[-1]
    assert r.winner == 1
    assert r.scores == (3 + 4 + 9 + 10, 0, 8 + 9 + 10 + 3 + 20, 10 + 10 + 4 + 5 + 7)
    over = [e for e in ev if e.kind == "hand_over"][0]
    assert over.to is None and len(over.data["hands"]) == 4  # every hand shown (R14)


def test_r15_game_ends_at_limit_lowest_wins_biggest_loser_shared():
    s = deal(3, HANDS_4[:3], draw=["8H"], limit=20)
    s.drawn = [True] * 3
    s.hands[1].append(s.draw_pile.pop())  # 5H 6H 7H 8H
    s.totals = [10, 0, 5]
    s, ev = play(s, (1, Ahoy(TREASURE)))
    assert s.phase is Phase.GAME_OVER
    # seat 0: 2S 3S 4S 9H KD = 28 -> 38; seat 2: 8C 9C 10C 3D AS = 50 -> 55
    assert s.totals == [38, 0, 55]
    assert s.winners == (1,) and s.biggest_losers == (2,)
    assert rule_of(s, 0, Draw()) == "R15"


def test_r15_ties_share_the_win():
    s = deal(2, HANDS_4[:2], draw=["8H"], limit=20)
    s.drawn = [True] * 2
    s.hands[1].append(s.draw_pile.pop())
    s.totals = [0, 28]
    s, _ = play(s, (1, Ahoy(TREASURE)))
    assert s.totals == [28, 28] and s.winners == (0, 1) and s.biggest_losers == (0, 1)


def test_r15_limit_outside_range():
    from ahoy_tui.games.ahoy.state import Settings
    for bad in (19, 1001, 50.5, True):
        with pytest.raises(RuleError) as e:
            Settings(limit=bad)
        assert e.value.rule == "R15"

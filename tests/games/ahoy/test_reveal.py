"""The reveal (house rule beside R18): each deal of a hand, shown only once the hand is over."""

from __future__ import annotations

from ahoy_tui.games.ahoy.actions import Ahoy, Discard, Draw, Exchange, HandsUp, LayDown, Offer, Pick, Respond, StepIn
from ahoy_tui.games.ahoy.reveal import deals_of, game_summary, reveal_events
from ahoy_tui.games.kit.events import for_viewer
from tests.games.ahoy.helpers import deal, ids, play

HANDS_3 = [
    ["2S", "3S", "4S", "9H", "KD"],
    ["5S", "6H", "7H", "QC", "2D"],
    ["8C", "9C", "10C", "3D", "AS"],
]
S5, H9, KD, AS, H6 = ids("5S", "9H", "KD", "AS", "6H")
TREASURE = Ahoy(tuple(ids("2S", "3S", "4S", "5S")))


def _reveal(events):
    out = reveal_events([], events, True)
    assert [e.kind for e in out] == ["reveal"] and out[0].to is None  # public: seats and spectators
    return out[0].data


def test_a_truthful_deal_is_revealed_with_the_cards_given():
    s = deal(3, HANDS_3, draw=["JH"])
    s, ev = play(s, (0, Draw()), (0, Offer(S5, H9)), (1, Respond(True)), (0, Exchange(H9)),
                 (1, Exchange(S5)), (0, TREASURE))
    data = _reveal(ev)
    assert data["hand"] == 1
    assert data["deals"] == [{"kind": "offer", "seat": 0, "to": 1, "want": S5, "give": H9, "accepted": True,
                              "steppers": [], "partner": 1, "gave": H9, "got": S5,
                              "offerer_lied": False, "partner_lied": False}]


def test_a_lie_is_the_card_given_differing_from_the_claim():
    s = deal(3, HANDS_3, draw=["JH"])
    s, ev = play(s, (0, Draw()), (0, Offer(S5, H9)), (1, Respond(True)), (0, Exchange(KD)), (1, Exchange(H6)))
    (d,) = deals_of(ev)
    assert (d["gave"], d["got"]) == (KD, H6)
    assert d["offerer_lied"] and d["partner_lied"]


def test_a_step_in_names_who_stepped_in_and_the_partner():
    hands = [HANDS_3[0], ["6H", "7H", "QC", "2D", "AH"], ["8C", "9C", "10C", "3D", "5S"]]
    s = deal(3, hands, draw=["JH"])
    s, ev = play(s, (0, Draw()), (0, Offer(S5, H9)), (1, Respond(False)), (2, StepIn()),
                 (0, Exchange(KD)), (2, Exchange(S5)), (0, TREASURE))
    (d,) = _reveal(ev)["deals"]
    assert (d["accepted"], d["steppers"], d["partner"]) == (False, [2], 2)
    assert (d["gave"], d["offerer_lied"], d["got"], d["partner_lied"]) == (KD, True, S5, False)


def test_hands_up_shows_the_card_taken_and_a_declined_offer_shows_no_deal():
    hands = [["JK", "3S", "4S", "9H", "KD"]] + HANDS_3[1:]
    s = deal(3, hands, draw=["AH", "JH"])
    s, ev = play(s, (0, Draw()), (0, HandsUp(2)), (2, LayDown(tuple(ids("8C", "9C", "AS")))), (0, Pick(2)),
                 (0, Discard(KD)), (1, Draw()), (1, Offer(H9, H6)), (2, Respond(False)))
    up, offer = deals_of(ev)
    assert up == {"kind": "hands_up", "seat": 0, "target": 2, "card": AS}
    assert offer["accepted"] is False and offer["partner"] is None and offer["gave"] is None


def test_nothing_is_revealed_before_the_hand_is_over_nor_with_the_option_off():
    s = deal(3, HANDS_3, draw=["JH"])
    steps = [(0, Draw()), (0, Offer(S5, H9)), (1, Respond(True)), (0, Exchange(H9)), (1, Exchange(S5)),
             (0, TREASURE)]
    history = []
    for step in steps:
        s, ev = play(s, step)
        out = reveal_events(history, ev, True)
        assert (out != []) == any(e.kind == "hand_over" for e in ev)
        assert reveal_events(history, ev, False) == []
        history += ev


def test_summary_counts_what_a_viewer_saw():
    s = deal(3, HANDS_3, draw=["JH"])
    s, ev = play(s, (0, Draw()), (0, Offer(S5, H9)), (1, Respond(True)), (0, Exchange(H9)),
                 (1, Exchange(S5)), (0, TREASURE))
    seen = for_viewer(ev, None) + reveal_events([], ev, True)
    a, b, c = game_summary(seen, 3)
    assert (a.trades, a.ahoys, a.lies_told, a.points) == (1, 1, 0, (0,))
    assert (b.trades, b.lies_told, b.lies_caught, b.points) == (1, 0, 0, (s.results[0].scores[1],))
    assert c.trades == 0 and c.points[0] > 0
    # Without any reveal the lies are unknown, not zero.
    assert game_summary(for_viewer(ev, None), 3)[0].lies_told is None


def test_summary_counts_lies_told_and_caught():
    from ahoy_tui.games.kit.events import public

    s = deal(3, HANDS_3, draw=["JH"])
    s, ev = play(s, (0, Draw()), (0, Offer(S5, H9)), (1, Respond(True)), (0, Exchange(KD)), (1, Exchange(S5)))
    a, b, _ = game_summary(for_viewer(ev, None) + [public("reveal", hand=1, deals=deals_of(ev))], 3)
    assert (a.lies_told, a.lies_caught, b.lies_told, b.lies_caught) == (1, 0, 0, 1)

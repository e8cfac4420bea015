"""AH6 empty draw pile, AH10 „Ahoi“, AH11 reveal, AH12 scoring, AH13 game end at 101."""

import pytest

from ahoy_tui.games.ahoi.actions import CallAhoi, DiscardDrawn, DrawCard, TakeDiscard, Place
from ahoy_tui.games.ahoi.engine import round_scores
from ahoy_tui.games.ahoi.state import AhoiPhase

from .helpers import game_with, kinds, refused

THREE = [[0, 1, 1, 2], [5, 6, 7, 8], [9, 10, 11, 12]]


def test_ah10_after_a_call_every_other_seat_has_exactly_one_more_turn():
    game = game_with(THREE, 5, dealer=1)  # seat 2 plays first
    game.act(2, DrawCard())
    game.act(2, DiscardDrawn())
    game.act(0, CallAhoi())
    assert game.view(None).caller == 0 and game.view(None).last_turns == (2,)
    assert game.view(None).active == 1
    game.act(1, DrawCard())
    game.act(1, DiscardDrawn())
    assert game.view(None).active == 2 and game.view(None).last_turns == ()
    game.act(2, DrawCard())
    events = game.act(2, DiscardDrawn())
    assert "round_end" in kinds(events) and game.state.phase is AhoiPhase.NO_ROUND
    r = game.state.results[-1]
    assert r.caller == 0 and r.sums == (4, 26, 42) and r.scores == (0, 26, 42)


def test_ah10_a_second_call_is_refused_after_the_turn_checks():
    game = game_with(THREE, 5)
    game.act(0, CallAhoi())
    refused(game, 2, CallAhoi(), "AH5")
    refused(game, 1, CallAhoi(), "AH10")
    assert CallAhoi() not in game.legal(1)


def test_ah10_a_call_on_the_rounds_first_turn():
    game = game_with(THREE, 5)
    assert CallAhoi() in game.legal(0)
    game.act(0, CallAhoi())
    assert game.view(None).last_turns == (2,) and game.view(None).active == 1


def test_ah6_the_round_ends_when_the_draw_pile_is_empty_at_the_end_of_a_turn():
    game = game_with(THREE, 5)
    game.state.draw_pile = game.state.draw_pile[:2]
    game.act(0, DrawCard())
    assert game.state.phase is AhoiPhase.DRAWN  # the turn goes on with the pile empty
    game.act(0, Place((4,)))
    game.act(1, DrawCard())
    events = game.act(1, DiscardDrawn())
    assert kinds(events)[-1] == "round_end" and game.state.results[-1].caller is None


def test_ah6_an_empty_draw_pile_ends_the_last_turns_after_a_call_too():
    game = game_with(THREE, 5)
    game.act(0, CallAhoi())
    game.state.draw_pile = game.state.draw_pile[:1]
    game.act(1, DrawCard())
    events = game.act(1, DiscardDrawn())
    assert kinds(events)[-1] == "round_end" and game.state.results[-1].caller == 0


def test_ah11_every_layout_is_turned_face_up_at_the_end():
    game = game_with(THREE, 5)
    game.act(0, CallAhoi())
    for seat in (1, 2):
        game.act(seat, DrawCard())
        game.act(seat, DiscardDrawn())
    assert game.view(1).revealed == ((0, 1, 1, 2), (5, 6, 7, 8), (9, 10, 11, 12))
    game.deal()
    assert game.view(1).revealed is None


@pytest.mark.parametrize("sums, caller, scores", [
    ((10, 12, 10), None, (0, 12, 0)),          # no caller: every lowest scores 0
    ((10, 12, 10), 0, (0, 12, 10)),            # caller tied for lowest wins the tie
    ((10, 12, 9), 0, (15, 12, 0)),             # caller not lowest: sum + 5
    ((10, 9, 9), 0, (15, 0, 0)),               # several lowest, caller penalised
    ((3, 3), 1, (3, 0)),
])
def test_ah12_scoring(sums, caller, scores):
    assert tuple(round_scores(sums, caller)) == scores


def test_ah12_a_tie_with_the_caller_at_the_table():
    game = game_with([[1, 2, 3, 4], [4, 3, 2, 1]], 13)
    game.act(0, CallAhoi())
    game.act(1, DrawCard())
    game.act(1, DiscardDrawn())
    assert game.state.results[-1].scores == (0, 10)


def test_ah12_the_penalty_for_a_caller_without_the_lowest_sum():
    game = game_with([[1, 2, 3, 5], [4, 3, 2, 1]], 13)
    game.act(0, CallAhoi())
    game.act(1, DrawCard())
    game.act(1, DiscardDrawn())
    assert game.state.results[-1].scores == (16, 0) and game.state.totals == [16, 0]


def test_ah13_the_game_ends_when_a_total_reaches_101():
    game = game_with([[1, 2, 3, 5], [12, 12, 11, 13]], 13)
    game.state.totals = [50, 53]
    game.act(0, CallAhoi())
    game.act(1, DrawCard())
    events = game.act(1, DiscardDrawn())
    assert game.state.totals == [50, 101] and game.over
    over = events[-1]
    assert over.kind == "game_over" and over.data == {"winners": [0], "losers": [1], "totals": [50, 101]}
    assert game.record[-1] == {"result": "game", "winners": [0], "losers": [1], "totals": [50, 101]}
    refused(game, 0, TakeDiscard(), "AH13")
    with pytest.raises(Exception) as info:
        game.deal()
    assert getattr(info.value, "rule", None) == "AH13"


def test_ah13_at_100_the_game_goes_on():
    game = game_with([[1, 2, 3, 5], [12, 12, 11, 13]], 13)
    game.state.totals = [50, 52]
    game.act(0, CallAhoi())
    game.act(1, DrawCard())
    game.act(1, DiscardDrawn())
    assert game.state.totals == [50, 100] and not game.over and game.state.phase is AhoiPhase.NO_ROUND

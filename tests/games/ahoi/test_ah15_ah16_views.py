"""AH15 memory aid and AH16 per-seat views."""

import pytest

from ahoy_tui.games.ahoi.actions import DiscardDrawn, DrawCard, FirstLook, Lupe, Place, TakeDiscard, Tauschen

from .helpers import game_with

TWO = [[3, 9, 3, 5], [6, 6, 2, 6]]


def test_ah15_off_views_list_no_remembered_values():
    game = game_with(TWO, 4, [1])
    assert all(game.view(s).known is None for s in (0, 1, None))
    assert game.view(0).memory_aid is False


def test_ah15_on_a_seat_sees_what_its_first_look_showed_and_nothing_else():
    game = game_with(TWO, 4, [1], memory_aid=True)
    assert game.view(0).known == ((3, 9, None, None), (None, None, None, None))
    assert game.view(1).known == ((None,) * 4, (6, 6, None, None))
    assert game.view(None).known == ((None,) * 4, (None,) * 4)


def test_ah15_tauschen_moves_what_each_seat_knows_with_the_card():
    game = game_with([[3, 9, 3, 5], [6, 6, 2, 6]], 4, [12], memory_aid=True)
    game.act(0, DrawCard())
    game.act(0, Tauschen(2, 1, 1))  # seat 0's 9 <-> seat 1's 6
    assert game.view(0).known == ((3, None, None, None), (9, None, None, None))
    assert game.view(1).known == ((None, 6, None, None), (None, 6, None, None))


def test_ah15_an_unseen_card_placed_replaces_what_others_knew():
    game = game_with(TWO, 4, [1, 2], memory_aid=True)
    game.act(0, DrawCard())
    game.act(0, Place((1,)))
    assert game.view(0).known[0] == (1, 9, None, None)
    game.act(1, DrawCard())
    game.act(1, Place((1,)))
    assert game.view(1).known[1] == (2, 6, None, None)


def test_ah15_a_failed_claim_is_remembered_by_the_onlookers_not_the_player():
    game = game_with(TWO, 4, [1], memory_aid=True)
    game.act(0, DrawCard())
    game.act(0, Place((3, 4)))
    assert game.view(1).known[0] == (None, None, 3, 5)
    assert game.view(None).known[0] == (None, None, 3, 5)
    assert game.view(0).known[0] == (3, 9, None, None)


def test_ah15_a_match_closes_up_the_remembered_row():
    game = game_with(TWO, 13, [1, 0], memory_aid=True)
    game.act(0, DrawCard())
    game.act(0, DiscardDrawn())
    game.act(1, DrawCard())
    game.act(1, Place((1, 2)))
    assert game.view(1).known[1] == (0, None, None)
    assert game.view(0).known[1] == (None, None, None)


def test_ah15_a_taken_discard_placed_is_known_to_everyone():
    game = game_with(TWO, 4, [1], memory_aid=True)
    game.act(0, TakeDiscard())
    game.act(0, Place((4,)))
    assert all(game.view(s).known[0][3] == 4 for s in (0, 1, None))


def test_ah16_lupe_and_first_look_values_reach_the_seat_through_recent_events():
    game = game_with(TWO, 4, [7], look=False)
    game.act(0, FirstLook((2, 4)))
    game.act(1, FirstLook((1, 2)))
    peeks = [e for e in game.view(0).recent if e.kind == "peek"]
    assert [(e.data["positions"], e.data["values"]) for e in peeks] == [([2, 4], [9, 5])]
    assert not any(e.kind == "peek" for e in game.view(None).recent)
    game.act(0, DrawCard())
    game.act(0, Lupe(1))
    assert [e.data["values"] for e in game.view(0).recent if e.kind == "peek"] == [[3]]
    assert [e.data["owner"] for e in game.view(1).recent if "values" in e.data] == [1]  # its own first look


def test_ah16_a_view_holds_the_public_facts():
    game = game_with(TWO, 4, [1])
    v = game.view(1)
    assert (v.players, v.round_no, v.dealer, v.active, v.waiting_for) == (2, 1, 1, 0, (0,))
    assert (v.layout_sizes, v.draw_size, v.discard_top, v.discard_size) == ((4, 4), 43, 4, 1)
    assert (v.caller, v.last_turns, v.totals, v.results, v.target) == (None, (), (0, 0), (), 101)
    assert v.looked == (True, True) and v.revealed is None and v.held is None
    with pytest.raises(ValueError):
        game.view(2)

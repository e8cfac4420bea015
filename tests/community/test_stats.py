"""Stats of one finished game from its record: hand-built lines and whole bot games (docs/community.md)."""

from __future__ import annotations

import pytest

from ahoy_tui.community.stats import SeatStats, game_stats
from ahoy_tui.game.reveal import deals_of
from tests.community.helpers import bot_game

HEADER = {"format": "ahoy-record", "version": 1, "seats": ["anna", "bo", "cy"], "settings": {"limit": 20}}
# Dealt one at a time from seat 1: bo gets 7H 8H 9H 10H 2C (a dealt treasure), cy and anna the rest.
DECK = ["7H", "3S", "4D", "8H", "5S", "6D", "9H", "QS", "KD", "10H", "AS", "AD", "2C", "3C", "4C", "JK", "5C"]
RECORD = [
    HEADER,
    {"chance": "deal", "hand": 1, "first_seat": 1, "deck": DECK},
    {"seat": 1, "act": "draw"},
    {"seat": 1, "act": "offer", "want": "6H", "give": "5D"},
    {"seat": 2, "act": "respond", "accept": True},
    {"seat": 1, "act": "exchange", "card": "2C"},        # bo lies: claimed 5D
    {"seat": 2, "act": "exchange", "card": "6H"},        # cy tells the truth
    {"seat": 1, "act": "discard", "card": "KS"},
    {"seat": 2, "act": "draw"},
    {"seat": 2, "act": "hands_up", "target": 0},
    {"seat": 0, "act": "lay_down", "cards": ["3S", "6D", "AS"]},
    {"seat": 2, "act": "pick", "index": 1},
    {"seat": 2, "act": "discard", "card": "QS"},
    {"seat": 0, "act": "draw"},
    {"seat": 0, "act": "offer", "want": "2H", "give": "3S"},
    {"seat": 1, "act": "respond", "accept": False},
    {"seat": 2, "act": "pass"},
    {"seat": 0, "act": "discard", "card": "3S"},
    {"seat": 1, "act": "ahoy", "cards": ["7H", "8H", "9H", "10H"]},
    {"result": "hand", "hand": 1, "winner": 1, "scores": [14, 0, 25], "totals": [14, 0, 25]},
    {"chance": "deal", "hand": 2, "first_seat": 2, "deck": DECK},
    {"seat": 0, "act": "ahoy", "cards": ["JK", "QS", "KD", "AS"]},
    {"result": "hand", "hand": 2, "winner": 0, "scores": [0, 9, 3], "totals": [14, 9, 28]},
    {"result": "game", "winners": [1], "biggest_losers": [2], "totals": [14, 9, 28]},
]


def test_a_hand_built_game_counts_what_each_player_did():
    anna, bo, cy = game_stats(RECORD, (2, 1, 3))
    assert (bo.games, bo.wins, bo.place_sum, cy.place_sum) == (1, 1, 1, 3)
    assert (anna.hands, anna.hands_won, bo.hands_won, cy.hands_won) == (2, 1, 1, 0)
    assert (anna.points, bo.points, cy.points) == (14, 9, 28)
    assert (bo.ahoys, bo.ahoys_dealt, anna.ahoys, anna.ahoys_dealt) == (1, 1, 1, 0)
    assert (cy.raids_made, anna.raids_suffered, bo.raids_made) == (1, 1, 0)
    assert (bo.offers_made, bo.offers_accepted, anna.offers_made, anna.offers_accepted) == (1, 1, 1, 0)
    assert (bo.lies_told, cy.lies_received, cy.lies_told, bo.lies_received) == (1, 1, 0, 0)
    assert (cy.biggest_loser, anna.biggest_loser) == (1, 0)
    assert anna.points_per_hand == 7.0 and SeatStats().points_per_hand is None


def test_a_forfeited_seat_counts_a_game_left():
    stats = game_stats([HEADER], (1, 2, 3), (False, True, False))
    assert [s.left for s in stats] == [0, 1, 0]


def test_an_ahoi_game_counts_games_places_and_rounds_only():
    record = [{"format": "ahoi-record", "version": 1, "game": "ahoi", "seats": ["a", "b"]},
              {"result": "round", "round": 1, "caller": 1, "sums": [19, 11], "scores": [19, 0], "totals": [19, 0]}]
    a, b = game_stats(record, (2, 1))
    assert (a.hands, a.points, b.hands_won, b.wins, a.ahoys) == (1, 19, 1, 1, 0)


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6)])
def test_random_bot_games_agree_with_the_engine(seed, players):
    g, events = bot_game(seed, players)
    stats = game_stats(g.record, _places(g.state.totals))
    deals = deals_of(events)
    offers = [d for d in deals if d["kind"] == "offer"]
    swapped = [d for d in offers if d["gave"] is not None and d["got"] is not None]
    for seat, s in enumerate(stats):
        assert s.offers_made == sum(d["seat"] == seat for d in offers)
        assert s.offers_accepted == sum(d["seat"] == seat for d in swapped)
        assert s.lies_told == (sum(d["seat"] == seat and d["offerer_lied"] for d in swapped)
                               + sum(d["partner"] == seat and d["partner_lied"] for d in swapped))
        assert s.raids_made == sum(d["kind"] == "hands_up" and d["seat"] == seat for d in deals)
        assert s.raids_suffered == sum(d["kind"] == "hands_up" and d["target"] == seat for d in deals)
        assert s.ahoys == sum(e.kind == "ahoy" and e.data.get("seat") == seat for e in events)
        assert s.ahoys_dealt <= s.ahoys
        assert s.hands == len(g.state.results)
        assert s.points == g.state.totals[seat]
        assert s.biggest_loser == int(seat in g.state.biggest_losers)
        assert s.wins == int(seat in g.state.winners)
    assert sum(s.lies_told for s in stats) == sum(s.lies_received for s in stats)


def _places(totals):
    return tuple(1 + sum(t < x for t in totals) for x in totals)

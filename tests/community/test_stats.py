"""Stats of one finished game from its record: hand-built lines and whole bot games (docs/community.md)."""

from __future__ import annotations

import pytest

from ahoy_tui.community.stats import SeatStats, game_stats
from ahoy_tui.games.ahoy.reveal import deals_of
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
    anna, bo, cy = (_Counts(s) for s in game_stats("ahoy", RECORD, (2, 1, 3)))
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
    stats = game_stats("ahoy", [HEADER], (1, 2, 3), (False, True, False))
    assert [s.left for s in stats] == [0, 1, 0]


def test_a_game_the_server_does_not_know_counts_games_and_places_only():
    a, b = game_stats("cabo", [{"seats": ["a", "b"]}], (2, 1))
    assert (a.games, a.place_sum, b.wins, a.hands, a.counts) == (1, 2, 1, 0, {})


def test_an_unreadable_record_counts_games_and_places_only():
    a, b = game_stats("ahoi", [{"format": "ahoi-record", "version": 1, "game": "ahoi", "seats": ["a", "b"]},
                               {"seat": 0, "act": "draw"}], (2, 1))
    assert (a.games, b.wins, a.hands, a.counts, b.counts) == (1, 1, 0, {}, {})


@pytest.mark.parametrize("seed,players", [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6)])
def test_random_bot_games_agree_with_the_engine(seed, players):
    g, events = bot_game(seed, players)
    stats = [_Counts(s) for s in game_stats("ahoy", g.record, _places(g.state.totals))]
    deals = deals_of(events)
    offers = [d for d in deals if d["kind"] == "offer"]
    swapped = [d for d in offers if d["gave"] is not None and d["got"] is not None]
    for seat, s in enumerate(stats):
        assert s.offers_made == sum(d["seat"] == seat for d in offers)
        assert s.offers_accepted == sum(d["seat"] == seat and d["accepted"] is True for d in offers)
        assert s.offers_declined == sum(d["seat"] == seat and d["accepted"] is False for d in offers)
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


def test_an_offer_declined_then_taken_by_a_step_in_counts_as_declined():
    """Issue 24.11: a whole game's record where declined offers ended in a trade with a pirate who
    stepped in; the profile said "offers made 26, accepted 26" though the hand report said declined."""
    g, events = bot_game(2, 3)
    offers = [d for d in deals_of(events) if d["kind"] == "offer"]
    stepped = [d for d in offers if d["accepted"] is False and d["gave"] is not None]
    assert stepped, "this game has a declined offer that a step-in turned into a trade"
    seat = stepped[0]["seat"]
    mine = _Counts(game_stats("ahoy", g.record, _places(g.state.totals))[seat])
    assert mine.offers_declined >= 1
    assert mine.offers_accepted + mine.offers_declined == mine.offers_made
    assert mine.offers_accepted == sum(d["seat"] == seat and d["accepted"] is True for d in offers)


def _places(totals):
    return tuple(1 + sum(t < x for t in totals) for x in totals)


class _Counts:
    """A ``SeatStats`` whose game counters read as attributes (``s.ahoys``), 0 when never counted."""

    def __init__(self, stats: SeatStats) -> None:
        self._stats = stats

    def __getattr__(self, name: str):
        return getattr(self._stats, name) if hasattr(self._stats, name) else self._stats.count(name)

"""The rating rule: who is rated, leavers last, bots and keyless names never (docs/community.md)."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from ahoy_tui.community.rating import BASE, PROVISIONAL_GAMES, Rating, label, rate, rated_places
from tests.community.helpers import ANNA, BO, CY, game, listing


def test_a_new_player_shows_the_base_rating_marked_provisional():
    assert label(Rating()) == f"{BASE}?"
    assert label(None) == "-"
    assert label(Rating(30.0, 2.0, PROVISIONAL_GAMES)) == str(Rating(30.0, 2.0, PROVISIONAL_GAMES).shown)


def test_the_winner_gains_and_the_loser_drops():
    changes = rate(listing("g1", (ANNA, BO), (1, 2)), {})
    assert changes[ANNA][1].ordinal > changes[ANNA][0].ordinal
    assert changes[BO][1].mu < changes[BO][0].mu
    assert changes[ANNA][1].games == 1


def test_keyless_names_and_bots_are_never_rated():
    assert rated_places(listing("g1", ("user:anna", BO), (1, 2))) == []
    assert rated_places(listing("g1", (ANNA, None, None), (2, 1, 3))) == []
    assert rate(listing("g1", ("user:anna", "user:bo"), (1, 2)), {}) == {}
    pairs = rated_places(listing("g1", (ANNA, "user:x", None, BO), (2, 1, 3, 4)))
    assert pairs == [(ANNA, 2), (BO, 4)]


def test_a_player_who_left_or_gave_the_seat_to_a_bot_is_last():
    # BO's seat was given to a bot that went on to win: BO is still last, behind ANNA and CY.
    lst = listing("g1", (ANNA, None, CY), (3, 1, 2), forfeits=(None, BO, None))
    assert dict(rated_places(lst)) == {ANNA: 2, BO: 3, CY: 1}
    changes = rate(lst, {})
    assert changes[BO][1].mu < changes[ANNA][1].mu < changes[CY][1].mu


@pytest.mark.parametrize("places, forfeits, ranked", [
    ((4, 3, 1, 2), (None, BO, None, None), (3, 4, 1, 2)),     # the leaver's seat beat anna on points
    ((2, 1, 2, 4), (None, BO, None, CY), (1, 3, 1, 3)),       # ties stay ties, two leavers tie last
    ((1, 2, 3), (ANNA, BO, CY), (1, 1, 1)),                   # everybody left
    ((1, 2, 2), (), (1, 2, 2)),                               # nobody left: the game's places
])
def test_every_place_of_a_game_with_leavers_is_within_1_to_n(places, forfeits, ranked):
    lst = listing("g1", (ANNA, None, "user:carl", None)[:len(places)], places, forfeits=forfeits)
    assert lst.ranked_places == ranked
    assert all(1 <= p <= len(places) for p in lst.ranked_places)


def _old_rated_places(lst):
    """The rule before places were ranked: a leaver one behind the worst place that stayed, others as played."""
    last = max(p for p, f in zip(lst.places, lst.forfeits) if f is None) + 1
    return [(f or i, last if f else p) for i, p, f in zip(lst.identities, lst.places, lst.forfeits)
            if (f or i) and (f or i).startswith("key:")]


def test_ranking_the_places_of_a_game_with_a_leaver_changes_no_rating():
    # bo left and his seat went to a bot that beat anna on points: the old rule placed him 5th of 4
    lst = listing("g1", (ANNA, None, CY, None), (4, 3, 1, 2), forfeits=(None, BO, None, None))
    old = _old_rated_places(lst)
    assert dict(old) == {ANNA: 4, BO: 5, CY: 1} and dict(rated_places(lst)) == {ANNA: 3, BO: 4, CY: 1}
    current = {ANNA: Rating(27.0, 6.0, 3), CY: Rating(24.0, 7.0, 1)}
    model = PlackettLuce()
    teams = [[model.rating(mu=current.get(i, Rating()).mu, sigma=current.get(i, Rating()).sigma)]
             for i, _ in old]
    before_fix = model.rate(teams, ranks=[float(p) for _, p in old])
    after = rate(lst, current)
    for (identity, _), team in zip(old, before_fix):
        assert after[identity][1].mu == pytest.approx(team[0].mu, abs=1e-12)
        assert after[identity][1].sigma == pytest.approx(team[0].sigma, abs=1e-12)


def test_a_game_is_counted_once_by_its_id(community):
    c = community
    first = c.record(game("g1", (ANNA, BO), (1, 2))).result(5)
    again = c.record(game("g1", (ANNA, BO), (2, 1))).result(5)
    assert first and again is None
    r = c.rating(ANNA)
    assert r.games == 1 and r.shown == first[ANNA][1].shown


def test_the_provisional_mark_goes_after_enough_rated_games(community):
    c = community
    for n in range(PROVISIONAL_GAMES):
        assert c.rating(ANNA) is None or c.rating(ANNA).provisional
        c.record(game(f"g{n}", (ANNA, BO), (1, 2), finished=1000.0 + n)).result(5)
    assert not c.rating(ANNA).provisional
    assert label(c.rating(ANNA)).isdigit()


def test_bots_have_no_rating_and_keyless_players_only_stats(community):
    c = community
    c.record(game("g1", ("user:anna", None, BO), (1, 2, 3))).result(5)
    assert c.rating("user:anna") is None and c.rating(BO) is None
    (anna,) = c.profiles("p0")
    assert anna.game("ahoy").rating is None and anna.stats.games == 1 and anna.stats.wins == 1


@pytest.mark.parametrize("board", ["overall", "recent"])
def test_boards_order_by_rating(board, community):
    c = community
    for n in range(3):
        c.record(game(f"g{n}", (ANNA, BO, CY), (1, 2, 3), finished=1000.0 + n,
                      names=("anna", "bo", "cy"))).result(5)
    rows = c.leaderboard(board, now=2000.0)
    assert [r.name for r in rows] == ["anna", "bo", "cy"]
    assert [r.rank for r in rows] == [1, 2, 3]
    assert rows[0].games == 3 and rows[0].wins == 3


def test_recent_board_forgets_games_older_than_30_days(community):
    c = community
    c.record(game("g1", (ANNA, BO), (1, 2), finished=0.0)).result(5)
    assert c.leaderboard("recent", now=31 * 86400.0) == []
    assert len(c.leaderboard("recent", now=29 * 86400.0)) == 2
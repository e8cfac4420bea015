"""Ahoi's own stats (``AhoiSpec.stats``) and Ahoi's ratings apart from AHOY!! V2's (docs/community.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from ahoy_tui.community.service import Community
from ahoy_tui.community.stats import game_stats
from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.replay import check
from ahoy_tui.games.ahoi.spec import AHOI
from ahoy_tui.lobby import Lobby, ManualClock, TableConfig, Timing
from tests.community.helpers import ANNA, BO, ahoi_bot_game, ahoi_game, game


def _deck(first: list[int]) -> list[int]:
    """``first`` then the rest of the 52 values (AH1), lowest first."""
    rest = Counter(C.VALUES) - Counter(first)
    return first + sorted(rest.elements())


HEADER = {"format": "ahoi-record", "version": 1, "game": "ahoi", "seats": ["anna", "bo"],
          "options": {"memory_aid": False}, "seed": None}
RECORD = [
    HEADER,
    # round 1, dealt from seat 0: anna 5 5 1 2, bo 3 3 12 13; discard 4; draw 7 9 11 6 2 ...
    {"chance": "deal", "round": 1, "dealer": 1, "deck": _deck([5, 3, 5, 3, 1, 12, 2, 13, 4, 7, 9, 11, 6, 2])},
    {"seat": 0, "act": "first_look", "positions": [1, 2]},
    {"seat": 1, "act": "first_look", "positions": [1, 2]},
    {"seat": 0, "act": "take_discard"},
    {"seat": 0, "act": "place", "positions": [1, 2]},               # 5 5: matched, anna 4 1 2
    {"seat": 1, "act": "draw"},
    {"seat": 1, "act": "lupe", "position": 3},
    {"seat": 0, "act": "draw"},
    {"seat": 0, "act": "fernrohr", "target": 1, "target_position": 1},
    {"seat": 1, "act": "draw"},
    {"seat": 1, "act": "tauschen", "position": 4, "target": 0, "target_position": 1},   # bo's 13 for anna's 4
    {"seat": 0, "act": "draw"},
    {"seat": 0, "act": "place", "positions": [1, 2]},               # 13 1: not equal
    {"seat": 1, "act": "ahoi"},                                     # bo 3 3 12 4 = 22, anna 13 1 2 = 16
    {"seat": 0, "act": "draw"},
    {"seat": 0, "act": "discard"},
    {"result": "round", "round": 1, "caller": 1, "sums": [16, 22], "scores": [0, 27], "totals": [0, 27]},
    # round 2, dealt from seat 1: bo 0 0 1 1, anna 13 13 12 12; discard 5; draw 3 ...
    {"chance": "deal", "round": 2, "dealer": 0, "deck": _deck([0, 13, 0, 13, 1, 12, 1, 12, 5, 3])},
    {"seat": 0, "act": "first_look", "positions": [3, 4]},
    {"seat": 1, "act": "first_look", "positions": [1, 2]},
    {"seat": 1, "act": "ahoi"},
    {"seat": 0, "act": "draw"},
    {"seat": 0, "act": "place", "positions": [1]},                 # one card: no match tried
    {"result": "round", "round": 2, "caller": 1, "sums": [40, 2], "scores": [40, 0], "totals": [40, 27]},
]


def test_the_hand_built_record_is_a_legal_game():
    seats, summary = check(RECORD)
    assert seats == ["anna", "bo"] and summary.totals == [40, 27]


def test_a_hand_built_game_counts_what_each_player_did():
    anna, bo = AHOI.stats(RECORD)
    assert (anna.hands, anna.hands_won, anna.points) == (2, 1, 40)
    assert (bo.hands, bo.hands_won, bo.points) == (2, 1, 27)
    assert anna.counts == {"matched": 1, "fernrohr": 1, "failed_matches": 1}
    assert bo.counts == {"lupe": 1, "tauschen": 1, "ahoi_calls": 2, "ahoi_lowest": 1, "penalties": 1}
    a, b = game_stats("ahoi", RECORD, (2, 1))                      # as the community tables count it
    assert (a.wins, b.wins, a.hands_won, b.count("penalties"), a.count("ahoi_calls")) == (0, 1, 1, 1, 0)


def test_a_record_that_breaks_a_rule_is_refused_with_its_rule():
    bad = RECORD[:4] + [{"seat": 1, "act": "draw"}]
    with pytest.raises(ValueError, match="AH5"):
        AHOI.stats(bad)


@pytest.mark.parametrize("seed,players,kind", [(1, 2, "random"), (2, 3, "random"), (3, 4, "baseline"),
                                               (4, 6, "random")])
def test_random_bot_games_agree_with_the_engine(seed, players, kind):
    g, events = ahoi_bot_game(seed, players, kind)
    stats = AHOI.stats(g.record)
    results = g.state.results
    for seat, s in enumerate(stats):
        calls = [r for r in results if r.caller == seat]
        assert s.hands == len(results) and s.points == g.state.totals[seat]
        assert s.hands_won == sum(r.scores[seat] == 0 for r in results)
        assert s.counts.get("ahoi_calls", 0) == len(calls)
        assert s.counts.get("ahoi_lowest", 0) == sum(r.scores[seat] == 0 for r in calls)
        assert s.counts.get("penalties", 0) == sum(r.scores[seat] == r.sums[seat] + 5 for r in calls)
        for kind_ in ("lupe", "fernrohr", "tauschen"):
            assert s.counts.get(kind_, 0) == sum(e.kind == kind_ and e.data["seat"] == seat for e in events)
        places = [e for e in events if e.kind == "place" and e.data["seat"] == seat]
        assert s.counts.get("failed_matches", 0) == sum(e.data["matched"] is False for e in places)
        assert s.counts.get("matched", 0) == sum(len(e.data["removed"]) - 1 for e in places if e.data["matched"])


def _ahoi_table(lobby: Lobby) -> str:
    anna, bo = lobby.connect(ANNA, "anna"), lobby.connect(BO, "bo")
    for h in (anna, bo):
        h.subscribe(lambda m: None)
    tid = lobby.create_table(anna, TableConfig.make("ahoi", name="Reef", seats=3, clocks="untimed"))
    lobby.join(bo, tid)
    lobby.set_ready(bo, tid, True)
    lobby.add_bot(anna, tid, AHOI.bot_kinds[0])
    lobby.start(anna, tid)
    for h in (anna, bo):
        lobby.set_autopilot(h, tid, True)
    return tid


def test_an_ahoi_game_of_two_keyed_players_moves_their_ahoi_ratings_only(community):
    c = community
    c.record(game("g1", (ANNA, BO), (1, 2))).result(5)          # an AHOY!! V2 game first
    ahoy_before = (c.rating(ANNA), c.rating(BO))
    lobby = Lobby(clock=ManualClock(), timing=Timing.instant(), seed=8, community=c)
    tid = _ahoi_table(lobby)
    table = lobby.tables[tid]
    lobby.clock.run(until=lambda: table.game.over, max_steps=200_000)
    assert c.flush()
    listing = table.last_listing
    assert listing.game == "ahoi"
    assert (c.rating(ANNA), c.rating(BO)) == ahoy_before          # AHOY!! V2 ratings untouched
    a, b = c.rating(ANNA, "ahoi"), c.rating(BO, "ahoi")
    assert a.games == b.games == 1
    place = dict(zip(listing.identities, listing.places))
    assert place[ANNA] != place[BO]                              # this seed's game has a better one
    better, worse = (a, b) if place[ANNA] < place[BO] else (b, a)
    assert better.ordinal > worse.ordinal
    card = c.profile(ANNA).game("ahoi")
    assert card.stats.games == 1 and card.stats.hands == len(table.game.state.results)
    assert [g.game for g in c.profile(ANNA).games] == ["ahoy", "ahoi"]
    assert [r.name for r in c.leaderboard("overall", game="ahoi")] == \
        [n for n, _ in sorted((("anna", a.ordinal), ("bo", b.ordinal)), key=lambda x: -x[1])]
    assert c.changes(listing.game_id).keys() == {ANNA, BO}


def test_archived_games_of_both_games_are_caught_up_each_in_its_own_game(tmp_path):
    """A restart counts the archive: Ahoi games into Ahoi ratings and stats, AHOY!! V2 games into AHOY's."""
    from ahoy_tui.store.sqlite import SQLiteStore

    db = tmp_path / "ahoy.db"
    store = SQLiteStore(db)
    archived = [game("g1", (ANNA, BO), (2, 1), finished=1.0),
                ahoi_game("a1", (ANNA, BO, None), seed=5, finished=2.0),
                ahoi_game("a2", (BO, ANNA), seed=6, finished=3.0)]
    live = Community()
    try:
        for g in archived:
            store.archive(g)
            live.record(g)
        store.flush()
        assert live.flush()
        c = Community(db)
        try:
            assert c.catch_up() == 3
            for who in (ANNA, BO):
                assert c.rating(who, "ahoy").games == 1 and c.rating(who, "ahoi").games == 2
                assert [(g.game, g.rating, g.stats.values(), g.stats.counts) for g in c.profile(who).games] == \
                    [(g.game, g.rating, g.stats.values(), g.stats.counts) for g in live.profile(who).games]
            ahoi = c.profile(ANNA).game("ahoi").stats
            assert ahoi.games == 2 and ahoi.hands > 0 and "ahoys" not in ahoi.counts
        finally:
            c.close()
    finally:
        live.close()
        store.close()

"""Places of a game with a leaver as players read them: within 1..N and the same on every screen
(docs/community.md "Leaving counts as last"), on both stores."""

from __future__ import annotations

import json

from ahoy_tui.store.redis_keys import community as key
from ahoy_tui.ui.community_text import profile_lines
from tests.community.helpers import ANNA, BO, game

CARL = "user:carl"
NAMES = ("anna", "bob", "carl", "Hook")


def _left_game(game_id: str = "g1", finished: float = 1_700_000_000.0):
    """4 seats: anna 4th on points, bob's seat (he left; a bot played it) 3rd, carl 1st, the bot Hook 2nd."""
    return game(game_id, (ANNA, None, CARL, None), (4, 3, 1, 2), forfeits=(None, BO, None, None),
                finished=finished, names=NAMES)


def _card(community, identity: str, lang: str = "en") -> str:
    return "\n".join(profile_lines(lang, community.profile(identity)))


def test_the_leaver_reads_last_place_of_n_and_the_others_move_up(community):
    community.record(_left_game()).result(5)
    bob, anna, carl = (_card(community, i) for i in (BO, ANNA, CARL))
    assert "2023-11-14 4/4" in bob and "average place 4.00" in bob and "left 1" in bob
    assert "2023-11-14 3/4" in anna and "average place 3.00" in anna      # ahead of the leaver
    assert "2023-11-14 1/4" in carl and "wins 1" in carl
    assert "5/4" not in bob + anna


def test_the_seat_count_board_averages_the_same_places(community):
    community.record(_left_game()).result(5)
    community.record(game("g2", (ANNA, BO), (1, 2), finished=1_700_000_100.0, names=("anna", "bob"))).result(5)
    rows = {r.name: r.average_place for r in community.leaderboard("players", 4)}
    assert rows == {"carl": 1.0, "anna": 3.0, "bob": 4.0}


def test_one_rated_game_reads_in_the_singular(community):
    community.record(_left_game()).result(5)
    anna = _card(community, ANNA)
    assert "after 1 rated game\n" in anna + "\n" and "4 players: 1 game, 0 wins" in anna
    carl = _card(community, CARL)
    assert "4 players: 1 game, 1 win" in carl
    es = _card(community, ANNA, "es")
    assert "tras 1 partida puntuada" in es and "4 jugadores: 1 partida, 0 victorias" in es
    community.record(game("g2", (ANNA, BO), (1, 2), finished=1_700_000_100.0, names=("anna", "bob"))).result(5)
    assert "after 2 rated games" in _card(community, ANNA)


def test_a_place_stored_by_the_old_rule_is_shown_within_the_game(community):
    """Before places were ranked a leaver could be stored 5th of 4: the card shows 4/4."""
    community.record(_left_game()).result(5)
    if community.tables.__name__.endswith("redis_tables"):
        r = community._conn
        k = key("recent", "ahoy", BO)
        (line,) = r.zrange(k, 0, -1)
        old = json.loads(line)
        old[2] = 5
        r.zrem(k, line)
        r.zadd(k, {json.dumps(old): old[1]})
    else:
        community._transaction(lambda c: c.execute("UPDATE player_games SET place = 5 WHERE identity = ?", (BO,)))
    assert "2023-11-14 4/4" in _card(community, BO)

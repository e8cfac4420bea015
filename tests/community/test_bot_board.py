"""Bot API programs are rated apart from people, on their own board (issue 28; docs/bot-api.md).

A game with a bot API seat (identity ``bot:SHA256:...``) rates its bot API seats among
themselves and changes no person's rating; the ``bots`` board lists them, the people's
boards never do.
"""

from __future__ import annotations

from tests.community.helpers import ANNA, BO, game

R2, D2 = "bot:SHA256:r2", "bot:SHA256:d2"


def test_a_game_with_bot_api_seats_rates_them_on_the_bots_board_only(community):
    c = community
    c.record(game("g1", (ANNA, BO), (1, 2), finished=1000.0)).result(5)    # people, rated as before
    anna = c.rating(ANNA)
    changes = c.record(game("g2", (R2, ANNA, D2, BO), (1, 2, 3, 4), finished=1001.0)).result(5)
    assert set(changes) == {R2, D2}                       # the programs, among themselves
    assert c.rating(ANNA) == anna and c.rating(BO).games == 1  # no person's rating moved
    assert c.rating(R2).shown > c.rating(D2).shown
    bots = c.leaderboard("bots")
    assert [r.name for r in bots] == ["p0", "p2"] and [r.rank for r in bots] == [1, 2]
    people = c.leaderboard("overall")
    assert {r.name for r in people} == {"p1", "p3"} and all(r.keyed for r in people)  # anna, bo (last names)
    assert not any(r.name in ("p0", "p2") and not r.keyed for r in c.leaderboard("players", 4))


def test_one_bot_api_seat_alone_is_not_rated_and_its_people_are_not_either(community):
    c = community
    assert c.record(game("g1", (R2, ANNA, BO), (1, 2, 3))).result(5) == {}
    assert c.rating(R2) is None and c.rating(ANNA) is None and c.leaderboard("bots") == []

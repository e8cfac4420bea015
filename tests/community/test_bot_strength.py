"""Known strength (issue 30): bot levels rated with the server's rating rule over seeded bot games
(``community.bot_strength``; ``bench/bot_strength.py``)."""

from __future__ import annotations

import pytest

from ahoy_tui.community import bot_strength as bs
from ahoy_tui.community.rating import Rating
from ahoy_tui.games import registry
from tests.games import toy


def test_the_stronger_level_gets_the_higher_rating():
    """Ahoi's baseline against its random bot (AH1-AH13), 24 seeded games, seats rotated: the baseline is
    rated higher, both played every game, and the rating is the server's (``Rating.shown``)."""
    result = bs.fit("ahoi", 24, seed=5, kinds=("random", "baseline"))
    assert result.played == 24 and result.dropped == 0
    base, rand = result.ratings["baseline"], result.ratings["random"]
    assert base.games == rand.games == 24
    assert base.shown > rand.shown and base.mu > rand.mu
    assert {kinds for kinds, _ in result.seats} == {("random", "baseline"), ("baseline", "random")}


def test_the_same_seed_gives_the_same_figures():
    a = bs.fit("ahoi", 6, seed=9, kinds=("random", "baseline"))
    b = bs.fit("ahoi", 6, seed=9, kinds=("random", "baseline"))
    assert a.ratings == b.ratings and a.seats == b.seats


def test_a_registered_games_kinds_are_seated_in_every_seat(monkeypatch):
    """The levels come from the registry (``GameSpec.bot_kinds``), so a level a game adds is rated on the
    next run: the toy game (tests only) is seated with its own two kinds, each in both seats."""
    monkeypatch.setitem(registry.GAMES, "toy", toy.TOY)
    assert bs.lineups(toy.TOY) == [toy.TOY.bot_kinds]
    assert {bs.seating(toy.TOY, g) for g in range(4)} == {toy.TOY.bot_kinds, toy.TOY.bot_kinds[::-1]}
    result = bs.fit("toy", 4, seed=2)
    assert set(result.ratings) == set(toy.TOY.bot_kinds) and result.played == 4


def test_with_three_kinds_every_kind_sits_in_every_seat_of_the_three_seat_games():
    spec = registry.GAMES["ahoy"]
    sets = bs.lineups(spec)
    trios = [t for g in range(len(sets) * 3) if len(t := bs.seating(spec, g)) == 3]
    for kind in spec.bot_kinds:
        assert {t.index(kind) for t in trios} == {0, 1, 2}


@pytest.mark.parametrize("game", ["ahoy", "ahoi"])
def test_lineups_use_the_registry_kinds(game):
    spec = registry.GAMES[game]
    assert set().union(*bs.lineups(spec)) == set(spec.bot_kinds)
    assert max(len(s) for s in bs.lineups(spec)) == min(len(spec.bot_kinds), spec.max_seats)


def test_only_the_kinds_asked_for_are_rated_and_a_game_has_two():
    result = bs.fit("ahoy", 1, seed=3, kinds=("random", "baseline"))
    assert set(result.ratings) == {"random", "baseline"} and result.ratings["random"] != Rating()
    with pytest.raises(ValueError, match="two or more"):
        bs.fit("ahoy", 1, seed=3, kinds=("hard",))
    with pytest.raises(ValueError):
        bs.fit("ahoy", 1, seed=3, kinds=("hard", "kraken"))

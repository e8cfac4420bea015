"""Ahoi bots: legal choices only, deterministic per seed, and the baseline beats random clearly (issue 18)."""

import pytest

from ahoy_tui.games.ahoi.bots import BOT_KINDS, make_bot
from ahoy_tui.games.ahoi.simulate import simulate


def test_the_baseline_wins_far_more_rounds_and_games_than_random_bots():
    stats = simulate(4, 40, 11, ["baseline", "random", "random", "random"])
    best_random = max(stats.hand_wins[1:])
    assert stats.hand_wins[0] > 2 * best_random, stats.as_dict()
    assert stats.game_wins[0] > 2 * max(stats.game_wins[1:]), stats.as_dict()


def test_the_baseline_calls_ahoi_and_uses_the_actions():
    stats = simulate(2, 10, 5, ["baseline"])
    assert sum(stats.ahoi_calls) > 0 and stats.games == 10


def test_same_seed_same_games():
    a = simulate(3, 3, 2, ["baseline", "random"]).as_dict()
    b = simulate(3, 3, 2, ["baseline", "random"]).as_dict()
    assert {k: v for k, v in a.items() if "second" not in k} == {k: v for k, v in b.items() if "second" not in k}


def test_an_unknown_bot_kind_is_refused():
    assert BOT_KINDS[0] == "baseline"
    with pytest.raises(ValueError, match="baseline, random, hard"):
        make_bot("grandmaster", 1)


def test_the_baseline_remembers_from_its_views_exactly_what_the_memory_aid_would_list():
    """AH15: the bot's own memory (from ``recent``) equals the aid's ``known``, so it plays the same games."""
    off = simulate(4, 6, 3, ["baseline", "random"]).as_dict()
    on = simulate(4, 6, 3, ["baseline", "random"], memory_aid=True).as_dict()
    assert off["actions"] == on["actions"] and off["hand_wins"] == on["hand_wins"]

"""Bots see only views and legal actions; the baseline bot is clearly stronger than random."""

import pytest

from ahoy_tui.games.ahoy.bots import make_bot
from ahoy_tui.games.ahoy.simulate import simulate


@pytest.mark.slow
def test_baseline_wins_clearly_more_than_its_share_against_random():
    stats = simulate(4, 1000, seed=2026, bots=["baseline", "random", "random", "random"],
                     limit=100, max_hands=400)
    assert stats.hands == 400
    share = stats.hand_wins[0] / stats.hands
    # Measured on these seeds: 351 of 400 (0.88). Its fair share is 0.25.
    assert share > 0.5, share


def test_baseline_answers_every_kind_of_decision():
    stats = simulate(6, 6, seed=7, bots=["baseline"], limit=50)
    assert stats.games == 6 and sum(stats.hand_wins) + stats.becalmed == stats.hands
    assert sum(stats.hands_up) > 0 and sum(stats.ahoy_calls) > 0


def test_bots_are_deterministic_per_seed():
    a = simulate(3, 2, seed=5, bots=["baseline", "random"], limit=50)
    b = simulate(3, 2, seed=5, bots=["baseline", "random"], limit=50)
    assert a.as_dict() | {"seconds": 0, "hands_per_second": 0} == b.as_dict() | {"seconds": 0, "hands_per_second": 0}


def test_unknown_bot_kind():
    with pytest.raises(ValueError):
        make_bot("kraken")

"""One random-simulation test over every registered game (issue 26), as OpenSpiel runs one
random-simulation test over all its games.

Each game is played whole, for every seat count it allows, only through the
lobby's interface (``GameSpec``/``Match``) by ``games.kit.simulation``:
random legal actions mixed with the game's autopilot bot and its clocks'
decisions. After every step each seat and a spectator get a view, see only
events they were given, and every awaited seat has a legal action; at the
end every seat's projection replays step by step (R18, AH16) and the stats
read the record. A new game in the registry is tested here without a line
of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from ahoy_tui.games.kit.simulation import BrokenPromise, random_game
from ahoy_tui.games.registry import GAMES

CASES = [(name, seats) for name, spec in GAMES.items() for seats in range(spec.min_seats, spec.max_seats + 1)]


@pytest.mark.parametrize(("name", "seats"), CASES, ids=[f"{n}-{k}" for n, k in CASES])
def test_random_games_end_and_keep_every_promise(name, seats):
    for seed in (1, 2):
        run = random_game(GAMES[name], seats, seed)
        assert run.match.over and not run.cut, (seed, run.hands, run.actions)
        assert run.hands >= 1 and run.actions > 0


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_same_seed_plays_the_same_game(name):
    spec = GAMES[name]
    first, again = (random_game(spec, spec.min_seats + 1, 7).match.record for _ in range(2))
    assert first == again


@dataclass
class _Mute:
    """A match that stops listing its legal actions: the harness must say so."""

    inner: object

    def __getattr__(self, key):
        return getattr(self.inner, key)

    def legal(self, seat):
        return []


@dataclass(frozen=True)
class _MuteSpec:
    inner: object

    def __getattr__(self, key):
        return getattr(self.inner, key)

    def new_match(self, *args):
        return _Mute(self.inner.new_match(*args))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_that_waits_with_no_legal_action_is_caught(name):
    with pytest.raises(BrokenPromise, match="no legal action"):
        random_game(_MuteSpec(GAMES[name]), GAMES[name].min_seats, 1)

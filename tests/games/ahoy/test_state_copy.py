"""``apply`` never changes the state it is given, and ``State.copy`` shares nothing mutable.

Tables keep old states (versions, the reveal, replays), so a state once
returned must stay as it was, whatever happens to the states after it.
"""

from __future__ import annotations

import copy
import dataclasses
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.engine import (ahoy_actions, apply, awaiting, legal_actions, new_game, next_first_seat,
                                        start_hand)
from ahoy_tui.games.ahoy.state import Phase, Settings, State


def _next(state: State, rng: random.Random) -> State:
    """The state after a deal or one random legal action (a random kind, then one of that kind)."""
    players = state.players
    if state.phase is Phase.NO_HAND:
        deck = C.full_deck(players)
        rng.shuffle(deck)
        first = next_first_seat(state)
        return start_hand(state, deck, rng.randrange(players) if first is None else first)[0]
    callers = [s for s in range(players) if ahoy_actions(state, s)]
    seat = rng.choice(callers if callers and rng.random() < 0.5 else list(awaiting(state)))
    kinds: dict[type, list] = {}
    for a in legal_actions(state, seat) + ahoy_actions(state, seat):
        kinds.setdefault(type(a), []).append(a)
    action = rng.choice(kinds[rng.choice(sorted(kinds, key=lambda k: k.__name__))])  # HANDS UP! among 2,809 offers
    return apply(state, seat, action, lambda cards: rng.sample(cards, len(cards)))[0]


def _play(players: int, seed: int, steps: int) -> list[State]:
    """Every state of a random legal game, oldest first (at most ``steps``)."""
    rng = random.Random(seed)
    states = [new_game(players, Settings(limit=20, max_reshuffles=4))]
    while len(states) < steps and states[-1].phase is not Phase.GAME_OVER:
        states.append(_next(states[-1], rng))
    return states


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 8), seed=st.integers(0, 10**6))
def test_apply_leaves_every_earlier_state_as_it_was(players, seed):
    rng = random.Random(seed)
    state = new_game(players, Settings(limit=20, max_reshuffles=4))
    kept: list[tuple[State, State]] = []  # (a state given to apply or start_hand, a deep copy from before)
    for _ in range(400):
        if state.phase is Phase.GAME_OVER:
            break
        before = copy.deepcopy(state)
        new = _next(state, rng)
        assert state == before, state.phase  # this step left its input alone
        kept.append((state, before))
        state = new
    assert len(kept) > 10
    for old, snapshot in kept:  # and no later step reached an earlier state through a shared list
        assert old == snapshot


def _containers(value: object) -> list:
    """``value`` and every list, dict or set inside it."""
    found = []
    if isinstance(value, (list, dict, set)):
        found.append(value)
    items = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple, set)) else ()
    for item in items:
        found += _containers(item)
    return found


def test_copy_copies_every_field_and_shares_no_container():
    states = _play(players=3, seed=2, steps=400)  # a whole game: every container field fills
    names = [f.name for f in dataclasses.fields(State)]
    assert set(names) == set(State.__slots__)  # type: ignore[attr-defined]
    checked = set()
    for state in states:
        dup = state.copy()
        for name in names:  # a field copy() forgot is unset (slots) or differs
            assert getattr(dup, name) == getattr(state, name), name
            mine, theirs = _containers(getattr(dup, name)), _containers(getattr(state, name))
            assert all(a is not b for a in mine for b in theirs), f"copy() shares {name}"
            if getattr(state, name):
                checked.add(name)
        before = copy.deepcopy(state)
        for name in names:  # mutate every container of the copy: the original stays
            for box in _containers(getattr(dup, name)):
                if isinstance(box, list):
                    box.append(-1)
                elif isinstance(box, dict):
                    box[-1] = -1
                else:
                    box.add(-1)
        assert state == before
    # every container field held something in one of these states (its contents were checked too)
    mutable = {f.name for f in dataclasses.fields(State)
               if f.default_factory is not dataclasses.MISSING}  # type: ignore[misc]
    assert mutable <= checked, mutable - checked

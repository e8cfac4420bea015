"""A long random-action fuzz of the engine (STYLE.md 6; RULES.md R1–R18).

Many seeded games, 2–8 players, random settings. At every step either a
random *legal* action of a random seat that may act (AHOY! callers
included), or a random, usually *illegal* action of any seat, with
out-of-range and wrongly typed arguments. An illegal action must raise
``RuleError`` and leave the game exactly as it was (state and record); a
legal one must keep every invariant of ``tests/game/test_simulation_r18.py``
(card conservation, views, event visibility R18, a legal action for every
seat the hand waits for). Each game's record must replay to its totals.

Default: ``AHOY_FUZZ_EXAMPLES=20`` games (about 5 s). Run it long with,
e.g., ``AHOY_FUZZ_EXAMPLES=5000 AHOY_FUZZ_SEED=1 pytest tests/hardening/test_fuzz_engine.py``.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import (Ahoy, ChoosePartner, Discard, Draw, Exchange, HandsUp, LayDown, Offer, Pass,
                                         Pick, Respond, StepIn)
from ahoy_tui.games.ahoy.engine import ahoy_actions, awaiting
from ahoy_tui.games.ahoy.errors import RuleError
from ahoy_tui.games.ahoy.game import Game
from ahoy_tui.games.ahoy.replay import replay
from ahoy_tui.games.ahoy.state import Settings
from tests.games.ahoy.test_simulation_r18 import check_conservation, check_events, check_views

EXAMPLES = int(os.environ.get("AHOY_FUZZ_EXAMPLES", "20"))
BASE_SEED = int(os.environ.get("AHOY_FUZZ_SEED", "20261129"))
MAX_STEPS = int(os.environ.get("AHOY_FUZZ_STEPS", "1500"))
ILLEGAL_SHARE = 0.3

# Values a hostile client could put where a number belongs.
ODD_VALUES = (-1, 53, 54, 10**9, True, None, 1.5, "5H", (), "")


def random_number(rng: random.Random, high: int) -> object:
    """Usually in -1..high, sometimes a value of the wrong type."""
    if rng.random() < 0.1:
        return rng.choice(ODD_VALUES)
    return rng.randint(-1, high)


def random_action(rng: random.Random, players: int):
    """Any action with arguments drawn wide (most are illegal)."""
    card = lambda: random_number(rng, C.IDENTITIES)  # noqa: E731
    kind = rng.randrange(12)
    if kind == 0:
        return Draw()
    if kind == 1:
        return Offer(card(), card())
    if kind == 2:
        return HandsUp(random_number(rng, players))
    if kind == 3:
        return Respond(rng.choice((True, False)))
    if kind == 4:
        return StepIn()
    if kind == 5:
        return Pass()
    if kind == 6:
        return ChoosePartner(random_number(rng, players))
    if kind == 7:
        return Exchange(card())
    if kind == 8:
        return LayDown(tuple(card() for _ in range(rng.randint(0, 4))))
    if kind == 9:
        return Pick(random_number(rng, 3))
    if kind == 10:
        return Discard(card())
    return Ahoy(tuple(card() for _ in range(rng.choice((3, 4, 4, 5)))))


def is_legal(game: Game, seat: object, action) -> bool:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.state.players:
        return False
    # Same value *and* type: Offer(True, 13) == Offer(1, 13), but a bool is no card.
    return any(a == action and repr(a) == repr(action) for a in game.legal(seat))


def illegal_step(game: Game, rng: random.Random) -> None:
    """Try a random action; if illegal, it must raise RuleError and change nothing."""
    players = game.state.players
    seat = rng.choice((*range(players), -1, players, True, None)) if rng.random() < 0.2 else rng.randrange(players)
    action = random_action(rng, players)
    if is_legal(game, seat, action):
        legal_step(game, seat, action)
        return
    before, record_len = game.state.copy(), len(game.record)
    with pytest.raises(RuleError):
        game.act(seat, action)  # type: ignore[arg-type]
    assert game.state == before, (seat, action)
    assert len(game.record) == record_len


def legal_step(game: Game, seat: int, action) -> None:
    before = game.state
    events = game.act(seat, action)
    check_conservation(game.state)
    check_views(game)
    check_events(events, before, game.state)
    for waiting in awaiting(game.state):
        assert game.legal(waiting), (waiting, game.state.phase)


def random_legal(game: Game, rng: random.Random) -> tuple[int, object]:
    s = game.state
    seats = sorted(set(awaiting(s)) | {x for x in range(s.players) if ahoy_actions(s, x)})
    seat = rng.choice(seats)
    return seat, rng.choice(game.legal(seat))


def fuzz_game(seed: int) -> Counter:
    rng = random.Random(seed)
    players = rng.randint(2, 8)
    settings = Settings(limit=rng.choice((20, 50, 100)), ace_low=rng.random() < 0.5,
                        verified_step_in=rng.random() < 0.5, max_reshuffles=rng.choice((0, 1, 3, 8)))
    game = Game([f"p{i}" for i in range(players)], settings, seed=seed)
    stats: Counter = Counter(players=players)
    for _ in range(MAX_STEPS):
        if game.over:
            stats["over"] += 1
            break
        if not game.state.hand_in_progress:
            before = game.state
            check_events(game.deal(), before, game.state)
            stats["hands"] += 1
            continue
        if rng.random() < ILLEGAL_SHARE:
            illegal_step(game, rng)
            stats["illegal"] += 1
        else:
            seat, action = random_legal(game, rng)
            legal_step(game, seat, action)
            stats["legal"] += 1
    _, summary = replay(game.record)
    assert summary.totals == game.state.totals
    return stats


@pytest.mark.parametrize("chunk", range(3))
def test_engine_fuzz(chunk):
    total: Counter = Counter()
    for i in range(chunk, EXAMPLES, 3):
        total += fuzz_game(BASE_SEED + i)
    print(f"fuzz chunk {chunk}: {dict(total)}")
    assert total["legal"] > 0 or EXAMPLES <= chunk

"""Random games over the lobby's game interface: the one simulation harness every game passes
(issue 26; as OpenSpiel's random-simulation test runs over every registered game).

:func:`random_game` plays a game of any :class:`~ahoy_tui.games.base.GameSpec`
only through its :class:`~ahoy_tui.games.base.Match`, as the lobby does:
deal between hands, pick a seat the hand waits for (or one with an
interrupt), pick one of its legal actions at random (now and then what its
clock would decide instead), and after every step check what every game
promises the lobby. It reads no game's own types.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from ahoy_tui.games.base import GameSpec, Match


class BrokenPromise(AssertionError):
    """The game broke a promise of the ``Match``/``GameSpec`` interface; the text says which."""


@dataclass
class Playthrough:
    """What :func:`random_game` did.

    Attributes:
        match: The match, at its end (or where ``max_hands`` stopped it).
        hands: Hands (rounds) dealt.
        actions: Actions applied.
        cut: A hand ran past ``max_actions`` and the game was stopped there.
    """

    match: Match
    hands: int = 0
    actions: int = 0
    cut: bool = False
    seats: list[str] = field(default_factory=list)


def _promise(ok: bool, text: str) -> None:
    if not ok:
        raise BrokenPromise(text)


def _check_step(spec: GameSpec, match: Match, events: Sequence[Any], seats: int) -> None:
    """What holds after every deal and action: views, visibility, the decision and its clock."""
    for seat in [*range(seats), None]:
        match.view(seat)
        seen = match.visible(events, seat)
        _promise(all(any(s is e for e in events) for s in seen), f"visible({seat}) gave an event it was not given")
        if seat is not None:
            own = match.own_events(seen, seat)
            _promise(all(any(o is s for s in seen) for o in own), f"own_events({seat}) gave an event not visible")
    waiting = match.awaiting()
    _promise(list(waiting) == sorted(set(waiting)), f"awaiting {waiting} is not sorted and distinct")
    if waiting:
        _promise(match.in_hand, "seats are awaited outside a hand")
        _promise(match.decision_key() is not None, "a decision without a key")
        _promise(match.clock_kind() in spec.clock_kinds, f"clock kind {match.clock_kind()!r} is not the spec's")
    for seat in waiting:
        legal = match.legal(seat)
        _promise(bool(legal), f"seat {seat} is awaited with no legal action")
        timeout = match.timeout_action(seat, legal)
        _promise(timeout is None or timeout in legal, f"the timeout action {timeout!r} is not legal")
        auto = match.auto_pass(seat, legal)
        _promise(auto is None or auto in legal, f"the auto pass {auto!r} is not legal")


def _check_end(spec: GameSpec, match: Match, seats: int) -> None:
    """What holds for the record: every seat's projection follows (``replay_steps``) once no hand
    is running; a finished game has places and per-seat stats."""
    record = match.record
    _promise(bool(record) and isinstance(record[0], dict), "the record has no header")
    spec.project(record, None)
    for seat in range(seats if not match.in_hand else 0):
        steps = spec.replay_steps(spec.project(record, seat), seat)
        _promise(len(steps) >= 1, f"no replay steps for seat {seat}")
    if match.over:
        _promise(len(match.places) == seats and min(match.places) == 1, f"places {match.places}")
        tallies = spec.stats(record)
        _promise(len(tallies) == seats, f"stats for {len(tallies)} seats, not {seats}")


def random_game(spec: GameSpec, seats: int, seed: int, options: dict | None = None, max_hands: int = 50,
                max_actions: int = 5000, timeouts: float = 0.1, bot_share: float = 0.9) -> Playthrough:
    """Play one game of ``spec`` with random legal actions, checking the interface's promises.

    Args:
        spec: The game (a registry entry).
        seats: How many seats (``spec.min_seats``..``spec.max_seats``).
        seed: Seeds the match and the random choices: the same seed plays the same game.
        options: Table options (defaults filled by ``spec.validate_options``).
        max_hands: Stop after this many hands (rounds) even if the game is not over.
        max_actions: Stop a hand (``cut``) after this many actions.
        timeouts: How often a decision is left to its clock (``Match.timeout_action``).
        bot_share: How often the game's autopilot bot (its first bot kind) chooses instead of
            chance, so that hands end (a uniformly random AHOY!! V2 hand seldom does).

    Raises:
        BrokenPromise: the first promise the game broke, saying which.
        IllegalAction: an action the game listed as legal was refused.
    """
    rng = random.Random(seed)
    names = [f"seat{i}" for i in range(seats)]
    match = spec.new_match(names, spec.validate_options(options or {}), seed)
    bots = [spec.make_bot(spec.bot_kinds[0], seed * 16 + i) for i in range(seats)]
    run = Playthrough(match, seats=names)
    while not match.over and run.hands < max_hands:
        _promise(match.between_hands, "neither over, nor between hands, after a hand")
        _check_step(spec, match, match.deal(), seats)
        run.hands += 1
        for _ in range(max_actions):
            if not match.in_hand:
                break
            interrupts = [(s, a) for s in range(seats) for a in match.legal(s) if match.is_interrupt(a)]
            waiting = match.awaiting()
            _promise(bool(waiting or interrupts), "a hand waits for nobody")
            if interrupts and rng.random() < 0.5 or not waiting:
                seat, action = interrupts[rng.randrange(len(interrupts))]
            else:
                seat = waiting[rng.randrange(len(waiting))]
                legal = match.legal(seat)
                action = match.timeout_action(seat, legal) if rng.random() < timeouts else None
                if action is None and rng.random() < bot_share:
                    action = bots[seat].choose(match.view(seat), legal)
                    _promise(action in legal, f"the {spec.bot_kinds[0]} bot chose {action!r}, not a legal action")
                action = legal[rng.randrange(len(legal))] if action is None else action
            _check_step(spec, match, match.act(seat, action), seats)
            run.actions += 1
        else:
            run.cut = True
            break
    _check_end(spec, match, seats)
    return run

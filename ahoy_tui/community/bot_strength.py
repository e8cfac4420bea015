"""Bot levels rated like people (issue 30; docs/bots.md "Known strength").

Plays whole, seeded games between a game's bot kinds (``GameSpec.bot_kinds``:
every level the registry knows) through the lobby's ``Match`` interface, and
rates each kind as one player with the server's rating rule
(``community.rating.rate``: OpenSkill Plackett–Luce, the same settings),
game after game in seed order. ``bench/bot_strength.py`` runs it for every
registered game and writes the result for the product (``games.kit.strength``).

Seatings (:func:`lineups`): every set of two or more kinds (each kind once at
the table, so every seat is its kind's one rated place), seated in every
rotation in turn: game ``g`` plays lineup ``g % L`` turned by ``g // L``
seats. A set larger than ``GameSpec.max_seats`` is left out; a game whose
``min_seats`` is more than a set has is not seated with it.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import combinations, takewhile
from typing import Sequence

from ahoy_tui.community.rating import KEYED, Rating, rate
from ahoy_tui.games import GAMES
from ahoy_tui.games.base import GameSpec
from ahoy_tui.store.base import GameListing

MAX_ACTIONS = 20000
"""A hand (round) that runs past this many actions is cut: its game is dropped, not rated."""


def identity(kind: str) -> str:
    """The identity a bot kind is rated under here (keyed, so ``rating.rate`` rates it)."""
    return f"{KEYED}bot:{kind}"


def lineups(spec: GameSpec, kinds: Sequence[str] | None = None) -> list[tuple[str, ...]]:
    """Every set of two or more of ``kinds`` (default: ``spec.bot_kinds``) that fits ``spec``'s seats,
    smallest sets first, in that order (three kinds: 3 pairs and the three together)."""
    kinds = tuple(spec.bot_kinds if kinds is None else kinds)
    return [combo for n in range(max(2, spec.min_seats), min(len(kinds), spec.max_seats) + 1)
            for combo in combinations(kinds, n)]


def seating(spec: GameSpec, g: int, kinds: Sequence[str] | None = None) -> tuple[str, ...]:
    """The kinds seated (play order) in game ``g``: lineup ``g % L`` of :func:`lineups`, turned by
    ``g // L`` seats."""
    sets = lineups(spec, kinds)
    lineup = sets[g % len(sets)]
    turn = (g // len(sets)) % len(lineup)
    return lineup[turn:] + lineup[:turn]


def play_game(game: str, kinds: Sequence[str], seed: int) -> tuple[int, ...] | None:
    """One whole game of registry game ``game`` between bots of ``kinds`` (one per seat, play order),
    default table options, the match seeded ``seed`` and seat ``i``'s bot ``seed * 16 + i``.

    A seat that can take an interrupt (AHOY!, R12) takes it first, as the lobby's bots do; else the
    first seat the hand waits for decides.

    Returns:
        The places (1 = won, ties share), or None when a hand did not end (``MAX_ACTIONS``).
    """
    spec = GAMES[game]
    n = len(kinds)
    match = spec.new_match([f"{k}{i}" for i, k in enumerate(kinds)], spec.validate_options({}), seed)
    bots = [spec.make_bot(k, seed * 16 + i) for i, k in enumerate(kinds)]
    while not match.over:
        match.deal()
        for _ in range(MAX_ACTIONS):
            if not match.in_hand:
                break
            seat, legal = None, []
            for s in range(n):
                choices = match.legal(s)          # interrupts sort first (``Match.legal``)
                if choices and match.is_interrupt(choices[0]):
                    seat, legal = s, list(takewhile(match.is_interrupt, choices))
                    break
            if seat is None:
                seat = match.awaiting()[0]
                legal = match.legal(seat)
            match.act(seat, bots[seat].choose(match.view(seat), legal))
        else:
            return None
    return tuple(match.places)


def _play(job: tuple[str, tuple[str, ...], int]) -> tuple[int, ...] | None:
    return play_game(*job)


@dataclass
class Fit:
    """The ratings of one game's bot kinds after a run.

    Attributes:
        game: Registry name.
        ratings: Per kind rated (``bot_kinds`` order) its ``rating.Rating`` (``games``: games it was rated in).
        played: Games rated.
        dropped: Games left out (a hand did not end).
        seats: Per game played, the kinds seated and their places (for tests and the curious).
    """

    game: str
    ratings: dict[str, Rating]
    played: int = 0
    dropped: int = 0
    seats: list[tuple[tuple[str, ...], tuple[int, ...]]] = field(default_factory=list)


def fit(game: str, games: int, seed: int, workers: int = 1, kinds: Sequence[str] | None = None) -> Fit:
    """Play ``games`` games of ``game`` (game ``g`` seeded ``seed + g``, :func:`seating`) and rate the
    kinds with ``rating.rate``, in game order (the result does not depend on ``workers``).

    Args:
        game: A registry name (``GAMES``).
        games: Games to play (≥ 1).
        seed: The first game's seed.
        workers: Processes to play them in (1: this one).
        kinds: The kinds to rate (default: every one of ``GameSpec.bot_kinds``).

    Raises:
        KeyError: an unknown game.
        ValueError: fewer than two kinds, or one the game has not.
    """
    spec = GAMES[game]
    kinds = tuple(spec.bot_kinds if kinds is None else kinds)
    if len(kinds) < 2 or not set(kinds) <= set(spec.bot_kinds):
        raise ValueError(f"rate two or more of {', '.join(spec.bot_kinds)}, not {', '.join(kinds) or 'none'}")
    jobs = [(game, seating(spec, g, kinds), seed + g) for g in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_play, jobs, chunksize=max(1, games // (workers * 8))))
    else:
        results = [_play(job) for job in jobs]
    out = Fit(game, {k: Rating() for k in kinds})
    current = {identity(k): r for k, r in out.ratings.items()}
    for (_, seated, s), places in zip(jobs, results):
        if places is None:
            out.dropped += 1
            continue
        listing = GameListing(game_id=f"g{s}", game=game, table_name="bench", finished=0.0, names=seated,
                              identities=tuple(identity(k) for k in seated), places=places,
                              totals=(0,) * len(seated))
        for who, (_, after) in rate(listing, current).items():
            current[who] = after
        out.played += 1
        out.seats.append((seated, places))
    out.ratings = {k: current[identity(k)] for k in kinds}
    return out

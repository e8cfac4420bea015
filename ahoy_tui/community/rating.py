"""The rating rule: OpenSkill's Plackett–Luce model over a finished game's places (docs/community.md).

A game is *rated* when at least two of its seats were held by people who
authenticated with an SSH key (identity ``key:...``). Programs playing over the bot
API (identity ``bot:SHA256:...``, docs/bot-api.md) are rated apart, as lichess rates
its bots: a game with a bot API seat rates its bot API seats among themselves (at least
two different bot keys) and leaves every person's rating alone; their ratings are read
on the ``bots`` board only. Keyless names
(``user:...``) can be typed by anyone, so they are shown but never rated;
bots (identity None) have no rating. Only the rated seats enter the model,
ordered by their places (1 = won, ties share a place); a person who left
during play or gave their seat to a bot counts as last, behind every seat
that stayed (``GameListing.forfeits``).

A rating is shown as one number, ``BASE + SCALE * ordinal`` with
``ordinal = mu - 3 * sigma`` (a new player: mu 25, sigma 25/3, so 1000), marked
provisional (``?``) for its first ``PROVISIONAL_GAMES`` rated games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from openskill.models import PlackettLuce

from ahoy_tui.store.base import GameListing

BASE = 1000
"""The shown rating of a new player (ordinal 0)."""
SCALE = 40
"""Shown points per unit of OpenSkill ordinal."""
PROVISIONAL_GAMES = 10
"""A rating is provisional until this many rated games."""
KEYED = "key:"
"""Identities that start with this are SSH keys: the only people rated."""
API_BOT = "bot:"
"""Identities that start with this are programs playing over the bot API (``bot:SHA256:...``, docs/bot-api.md):
they hold a person's kind of seat (they join, act, leave), are marked as a bot everywhere a seat is shown,
and are rated apart (the bots board)."""

_MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Rating:
    """One identity's skill estimate.

    Attributes:
        mu: Mean skill (OpenSkill units, 25 for a new player).
        sigma: Uncertainty of ``mu`` (25/3 for a new player).
        games: Rated games played.
    """

    mu: float = _MODEL.mu
    sigma: float = _MODEL.sigma
    games: int = 0

    @property
    def ordinal(self) -> float:
        """``mu - 3 * sigma``: a conservative estimate (OpenSkill's ordinal)."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The number players see: ``BASE + SCALE * ordinal``, rounded."""
        return shown(self.ordinal)

    @property
    def provisional(self) -> bool:
        """Fewer than ``PROVISIONAL_GAMES`` rated games."""
        return self.games < PROVISIONAL_GAMES


def shown(ordinal: float) -> int:
    """An ordinal on the shown scale (``BASE + SCALE * ordinal``, rounded)."""
    return round(BASE + SCALE * ordinal)


def label(rating: Rating | None) -> str:
    """``"1043"``, ``"1043?"`` while provisional, ``"-"`` when unrated (None)."""
    if rating is None:
        return "-"
    return marked(rating.shown, rating.games)


def marked(shown_rating: int, games: int) -> str:
    """A shown rating after ``games`` rated games: ``"1043"``, or ``"1043?"`` while provisional."""
    return f"{shown_rating}{'?' if games < PROVISIONAL_GAMES else ''}"


class Change(NamedTuple):
    """One rated player's shown rating around one game.

    Attributes:
        before: Shown rating before the game.
        after: Shown rating after it.
        games: Rated games after it, this one included (``PROVISIONAL_GAMES`` when an older
            record does not say: shown without the mark).
    """

    before: int
    after: int
    games: int = PROVISIONAL_GAMES

    @property
    def labels(self) -> tuple[str, str]:
        """``("1000?", "1043?")``: ``before`` and ``after`` marked as ``label`` marks them."""
        return marked(self.before, self.games - 1), marked(self.after, self.games)


def keyed(identity: str | None) -> bool:
    """``identity`` is an SSH key (rated) rather than a typed name or a bot."""
    return bool(identity) and identity.startswith(KEYED)  # type: ignore[union-attr]


def api_bot(identity: str | None) -> bool:
    """``identity`` is a bot API program's (``bot:SHA256:...``): rated on the bots board only."""
    return bool(identity) and identity.startswith(API_BOT)  # type: ignore[union-attr]


def rated(identity: str | None) -> bool:
    """``identity`` can hold a rating: an SSH key's person or a bot API program."""
    return keyed(identity) or api_bot(identity)


def people(listing: GameListing) -> list[tuple[str, int, bool]]:
    """Per person seat: (identity, place, forfeited), in seat order.

    The place is ``GameListing.ranked_places`` (1..N): a forfeited seat is
    the person who began there, placed after every seat that stayed. Bots
    and seats with no person are left out.
    """
    forfeits = listing.forfeits or (None,) * len(listing.places)
    out = []
    for identity, place, gone in zip(listing.identities, listing.ranked_places, forfeits):
        if gone is not None:
            out.append((gone, place, True))
        elif identity is not None:
            out.append((identity, place, False))
    return out


def rated_places(listing: GameListing) -> list[tuple[str, int]]:
    """The (identity, place) pairs the model rates; empty when the game is not rated
    (fewer than two distinct keyed identities). A game with a bot API seat rates its bot API
    identities instead (at least two), never its people."""
    seats = people(listing)
    pool = api_bot if any(api_bot(i) for i, _, _ in seats) else keyed
    seen: dict[str, int] = {}
    for identity, place, _ in seats:
        if pool(identity) and identity not in seen:
            seen[identity] = place
    return list(seen.items()) if len(seen) >= 2 else []


def rate(listing: GameListing, current: dict[str, Rating]) -> dict[str, tuple[Rating, Rating]]:
    """The rating changes a finished game makes.

    Args:
        listing: The finished game (places, identities, forfeits).
        current: Ratings before the game; a rated identity missing here is new.

    Returns:
        Per rated identity, (before, after); empty when the game is not rated.
    """
    pairs = rated_places(listing)
    if not pairs:
        return {}
    before = {i: current.get(i, Rating()) for i, _ in pairs}
    teams = [[_MODEL.rating(mu=before[i].mu, sigma=before[i].sigma)] for i, _ in pairs]
    result = _MODEL.rate(teams, ranks=[float(p) for _, p in pairs])
    return {i: (before[i], Rating(team[0].mu, team[0].sigma, before[i].games + 1))
            for (i, _), team in zip(pairs, result)}

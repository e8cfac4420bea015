"""The seeded game: engine state, one injected RNG and the record written while playing
(DESIGN.md; RECORDS.md).

A table owns one :class:`SeededGame` per match (``Game`` for AHOY!! V2,
``AhoiGame`` for Ahoi). Every chance point draws from ``rng`` the same way
whether or not its outcome is forced (a replay gives the deck), so a record
replayed from its seed alone follows the same game. The game supplies its
rules as one :class:`Rules`; the kit keeps the RNG, the record and
the order in which chance is drawn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Generic, Iterable, Sequence, TypeVar

S = TypeVar("S")
"""The game's engine state (it has ``phase``, never leaves the engine: views only)."""


@dataclass(frozen=True)
class Rules:
    """What a :class:`SeededGame` asks of its game's rules.

    Attributes:
        game_over: The phase of a finished game.
        legal_actions: ``(state, seat) -> list`` of that seat's legal actions.
        project: ``(state, seat | None) -> view`` (R18, AH16).
        action_line: ``(seat, action) -> dict``, the record line of an action.
        result_lines: ``(events) -> list[dict]``, the result lines of the hand or game ends among them.
    """

    game_over: Any
    legal_actions: Callable[[Any, int], list]
    project: Callable[[Any, int | None], Any]
    action_line: Callable[[int, Any], dict]
    result_lines: Callable[[Iterable[Any]], list[dict]]


class SeededGame(Generic[S]):
    """One game with its RNG and record; a subclass sets ``RULES`` (:class:`Rules`).

    Attributes:
        seats: Display names in play order.
        seed: Seed of ``rng``; never shown to players (R18, AH16).
        rng: This game's only source of chance.
        state: The engine state.
        record: The full record so far, header first (hidden information included).
        host_pick: The host's pick of the first hand's first seat (AHOY!! V2) or first
            round's dealer (Ahoi), or None for a random one.
    """

    RULES: ClassVar[Rules]

    def __init__(self, seats: Sequence[str], seed: int | None, state: S, header: dict, host_pick: int | None = None,
                 refuse_pick: Callable[[int], Exception] = ValueError) -> None:
        """Raises: ``refuse_pick(host_pick)`` when the host picked a seat that does not exist (R3, AH3)."""
        if host_pick is not None and not 0 <= host_pick < len(seats):
            raise refuse_pick(host_pick)
        self.host_pick = host_pick
        self.seats = list(seats)
        self.seed = seed
        self.rng = random.Random(seed)
        self.state = state
        self.record: list[dict] = [header]

    @property
    def over(self) -> bool:
        """True once the game has ended (R15, AH13)."""
        return self.state.phase is self.RULES.game_over  # type: ignore[attr-defined]

    def legal(self, seat: int) -> list:
        """Legal actions of ``seat`` now (the game's ``legal_actions``)."""
        return self.RULES.legal_actions(self.state, seat)

    def view(self, seat: int | None) -> Any:
        """The projection for ``seat`` (None: a spectator; R18, AH16)."""
        return self.RULES.project(self.state, seat)

    def draw_deal(self, full_deck: list[int], required: int | None, deck: Sequence[int] | None,
                  first: int | None) -> tuple[list[int], int]:
        """The chances of a deal, drawn in one fixed order whether or not they are forced (R3, AH3).

        Shuffles ``full_deck`` (physical ids) with ``rng``; when no rule fixes who starts
        (``required`` is None) draws a seat, which ``host_pick`` overrides.
        A given ``deck`` or ``first`` (a replay) overrides the draws without skipping them.

        Returns:
            The deck to deal (first dealt first) and the seat that starts (or deals).
        """
        self.rng.shuffle(full_deck)
        if required is None:
            drawn = self.rng.randrange(len(self.seats))
            required = self.host_pick if self.host_pick is not None else drawn
        return list(full_deck if deck is None else deck), required if first is None else first

    def write(self, seat: int, action: Any, events: Iterable[Any]) -> None:
        """Append ``seat``'s action line and the result lines its ``events`` call for."""
        self.record.append(self.RULES.action_line(seat, action))
        self.record.extend(self.RULES.result_lines(events))

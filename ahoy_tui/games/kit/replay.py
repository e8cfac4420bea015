"""The replay check every game's records go through (RECORDS.md "Replaying"; ``ahoy replay``).

:func:`replay_lines` applies a record line by line through the game's own
reader and stops at the first illegal line with a :class:`RecordError`
naming the line and the rule. :func:`check` is ``ahoy replay``: a complete
record is replayed in full, a projection (hidden cards as ``null``, R18,
AH16) goes to the game's own projection check. :class:`Summary` is the
``--json`` answer; a game names its keys (``hands``/``rounds``, ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, Sequence, TypeVar

from ahoy_tui.games.kit.records import RecordError, numbered

G = TypeVar("G")
Step = Callable[[list, int], int]
"""A game's line reader: applies ``lines[i]`` (and any line it reads ahead) and returns the next index."""


@dataclass
class Summary:
    """What a replay found (the ``ahoy replay --json`` shape).

    Attributes:
        results: One entry per finished hand (AHOY!! V2) or round (Ahoi), in order.
        totals: Each seat's running total.
        game_over: The record ends the game (R15, AH13).
        winners, losers: Seats with the lowest / highest total once the game is over.
        projected: The record hides cards (a projection): checked as far as it names them.
    """

    results: list[dict] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    game_over: bool = False
    winners: list[int] = field(default_factory=list)
    losers: list[int] = field(default_factory=list)
    projected: bool = False

    GAME: ClassVar[str | None] = None
    """The ``game`` key of the answer, when the game writes one."""
    RESULTS: ClassVar[str] = "hands"
    """The key of ``results``."""
    LOSERS: ClassVar[str] = "losers"
    """The key of ``losers``."""

    def as_dict(self) -> dict:
        """The ``--json`` answer: ``valid``, the game's keys, and ``projected`` when true."""
        d: dict[str, Any] = {"valid": True}
        if self.GAME is not None:
            d["game"] = self.GAME
        d.update({self.RESULTS: self.results, "totals": self.totals, "game_over": self.game_over,
                  "winners": self.winners, self.LOSERS: self.losers})
        if self.projected:
            d["projected"] = True
        return d


def replay_lines(lines: Sequence[tuple[int, Any]], start: Callable[[Any], tuple[G, Step]],
                 errors: type[Exception] | tuple[type[Exception], ...]) -> G:
    """Apply numbered record ``lines`` (``records.numbered``) through a game's reader.

    Args:
        lines: ``(line number, object)`` pairs, the header first.
        start: ``start(header) -> (game, step)``: the game the header describes and its line reader.
        errors: The game's rule errors (with ``rule`` and ``message``); each becomes a
            :class:`RecordError` at the line being read.

    Returns:
        The game after the last line.

    Raises:
        RecordError: at the first illegal line (line number, rule id, text).
    """
    if not lines:
        raise RecordError(1, "FORMAT", "the record is empty")
    no, head = lines[0]
    try:
        game, step = start(head)
    except errors as e:
        raise RecordError(no, e.rule, e.message) from None  # type: ignore[attr-defined]
    i = 1
    while i < len(lines):
        no = lines[i][0]
        try:
            i = step(lines, i)
        except errors as e:
            raise RecordError(no, e.rule, e.message) from None  # type: ignore[attr-defined]
    return game


def check(record: str | Iterable[Any], is_projection: Callable[[list], bool],
          check_projection: Callable[[list[tuple[int, Any]]], Summary],
          replay: Callable[[list[tuple[int, Any]]], tuple[Any, Summary]]) -> tuple[list[str], Summary]:
    """``ahoy replay``: a complete record through the game's ``replay``, a projection through its
    ``check_projection``.

    Args:
        record: JSON Lines text, or the parsed line objects in order.
        is_projection: True for the parsed lines of a record that hides cards.
        check_projection, replay: The game's checks, given the numbered lines.

    Returns:
        The seat names and the summary (``projected`` says which check ran).

    Raises:
        RecordError: at the first illegal line.
    """
    lines = numbered(record)
    if lines and is_projection([obj for _, obj in lines]):
        head = lines[0][1]
        return [str(s) for s in head.get("seats", [])], check_projection(lines)
    game, summary = replay(lines)
    return list(game.seats), summary

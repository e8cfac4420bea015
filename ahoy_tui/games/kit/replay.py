"""The replay check every game's records go through (RECORDS.md "Replaying"; ``ahoy replay``).

:func:`replay_lines` applies a record line by line through the game's own
reader and stops at the first illegal line with a :class:`RecordError`
naming the line and the rule. A game's :class:`Replayer` gives its
``replay`` and ``check`` (``ahoy replay``: a complete record is replayed in
full, a projection, hidden cards as ``null``, R18, AH16, goes to the game's
own projection check). :class:`Summary` is the ``--json`` answer; a game
names its keys (``hands``/``rounds``, ...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterable, Mapping, Sequence, TypeVar

from ahoy_tui.games.kit.records import RecordError, numbered
from ahoy_tui.games.kit.records import field as record_field

G = TypeVar("G")


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


Reader = Callable[[Any, list, int, int], tuple[int, int]]
"""A game's line reader: ``(game, lines, i, results checked) -> (next index, results checked)``;
applies ``lines[i]`` (and any line it reads ahead) and counts the result lines it checked."""


def replay_lines(lines: Sequence[tuple[int, Any]], new_game: Callable[[Any], G], read: Reader,
                 errors: type[Exception] | tuple[type[Exception], ...]) -> G:
    """Apply numbered record ``lines`` (``records.numbered``) through a game's reader.

    Args:
        lines: ``(line number, object)`` pairs, the header first.
        new_game: The game a header describes (raises one of ``errors`` for a bad header).
        read: The game's line reader.
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
        game = new_game(head)
    except errors as e:
        raise RecordError(no, e.rule, e.message) from None  # type: ignore[attr-defined]
    i, checked = 1, 0
    while i < len(lines):
        no = lines[i][0]
        try:
            i, checked = read(game, lines, i, checked)
        except errors as e:
            raise RecordError(no, e.rule, e.message) from None  # type: ignore[attr-defined]
    return game


def check_result(obj: dict, checked: int, *, hand: str, results: Sequence[Any], want: Callable[[Any], dict],
                 over: bool, finals: Mapping[str, Sequence[int]], totals: Sequence[int], rules: tuple[str, str],
                 error: Callable[[str, str], Exception], finals_verb: str = "do not match") -> int:
    """Check a ``result`` line against the replayed game (R14, R15; AH12, AH13).

    Args:
        obj: The line.
        checked: How many hand (round) results the record has named so far.
        hand: The word of a hand's result line (``"hand"``, ``"round"``).
        results, want: The game's finished hands and what a result line must say of one.
        over, finals, totals: Whether the game is over, the seats its ``game`` line must
            name per key (any order, each once) and the totals.
        rules: The rule ids of a wrong hand line and of a wrong game line.
        error: The game's rule error.
        finals_verb: The words between a wrong list and the right one.

    Returns:
        How many hand results are checked after this line.

    Raises:
        error: the rule the line breaks; FORMAT for an unknown result.
    """
    kind = record_field(obj, "result", str, error)
    if kind == hand:
        if checked >= len(results):
            raise error(rules[0], f"no {hand} has ended here")
        expected = want(results[checked])
        got = {k: obj.get(k) for k in expected}
        if got != expected:
            raise error(rules[0], f"{hand} result {got} does not match {expected}")
        return checked + 1
    if kind == "game":
        if not over:
            raise error(rules[1], "the game is not over")
        for key, exp in finals.items():
            named = obj.get(key)
            if not isinstance(named, list) or set(named) != set(exp) or len(set(named)) != len(named):
                raise error(rules[1], f"{key} {named} {finals_verb} {list(exp)}")
        if obj.get("totals") != list(totals):
            raise error(rules[1], f"totals {obj.get('totals')} do not match {list(totals)}")
        return checked
    raise error("FORMAT", f"unknown result {kind!r}")


def check_deal(obj: dict, *, hand: str, seat: str, in_hand: bool, played: int, rule: str,
               error: Callable[[str, str], Exception], busy: str) -> tuple[int, int]:
    """Check a ``deal`` chance line's hand (round) number and starting seat (R3, AH3).

    Args:
        hand, seat: The keys of the number and of the seat that starts or deals.
        in_hand: A hand is being played; ``busy`` is the error's text then.
        played: Hands dealt so far: this line must deal the next.

    Returns:
        The number and the seat.

    Raises:
        error: FORMAT for a missing or mistyped field, ``rule`` for a deal out of order.
    """
    number = record_field(obj, hand, int, error)
    who = record_field(obj, seat, int, error)
    if in_hand:
        raise error(rule, busy)
    if number != played + 1:
        raise error(rule, f"expected {hand} {played + 1}, not {number}")
    return number, who


@dataclass(frozen=True)
class Replayer:
    """A game's replay check and ``ahoy replay``, from its parts.

    Attributes:
        new_game, read, errors: As :func:`replay_lines`.
        summarize: The :class:`Summary` of a replayed game.
        is_projection: True for the parsed lines of a record that hides cards (R18, AH16).
        check_projection: The game's check of such a record, given its numbered lines.
    """

    new_game: Callable[[Any], Any]
    read: Reader
    errors: type[Exception] | tuple[type[Exception], ...]
    summarize: Callable[[Any], Summary]
    is_projection: Callable[[list], bool]
    check_projection: Callable[[list[tuple[int, Any]]], Summary]

    def replay(self, record: str | Iterable[Any]) -> tuple[Any, Summary]:
        """Check every line of ``record`` (JSON Lines text, or the parsed line objects in order)
        against the rules.

        Returns:
            The replayed game and its summary.

        Raises:
            RecordError: at the first illegal line (line number, rule id, text).
        """
        return self.replay_numbered(numbered(record))

    def replay_numbered(self, lines: Sequence[tuple[int, Any]]) -> tuple[Any, Summary]:
        """:meth:`replay` of numbered lines, keeping their numbers in errors."""
        game = replay_lines(lines, self.new_game, self.read, self.errors)
        return game, self.summarize(game)

    def check(self, record: str | Iterable[Any]) -> tuple[list[str], Summary]:
        """``ahoy replay``: a complete record through :meth:`replay`, a projection (hidden cards as
        ``null``) through ``check_projection``.

        Returns:
            The seat names and the summary (``projected`` says which check ran).

        Raises:
            RecordError: at the first illegal line.
        """
        lines = numbered(record)
        if lines and self.is_projection([obj for _, obj in lines]):
            head = lines[0][1]
            return [str(s) for s in head.get("seats", [])], self.check_projection(lines)
        game, summary = self.replay_numbered(lines)
        return list(game.seats), summary

"""A game's part of the ``ahoy`` command: ``ahoy simulate --game NAME`` and ``ahoy replay FILE``.

The command (``ahoy_tui/cli.py``) names no game: it finds each game's part
through ``GameSpec.cli`` (a module name, imported only by the command) and
which game a record is through :func:`record_game`. A game's part is a
module with the three functions of :class:`GameCli`; this module holds what
those parts share (the whole-number argument type, the invalid-record answer).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

from ahoy_tui.games.kit.records import RecordError


class GameCli(Protocol):
    """What the ``ahoy`` command asks of a game (a module named by ``GameSpec.cli``)."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the game's own flags to ``ahoy simulate`` (AHOY!! V2: ``--limit``; Ahoi: ``--memory-aid``)."""
        ...

    def simulate(self, args: argparse.Namespace) -> str:
        """Play ``args.games`` whole games between ``args.bots`` (kinds cycled over ``args.players`` seats,
        checked against the game's ``bot_kinds`` and seat range by the command) from ``args.seed``,
        writing each record into ``args.records`` when given; the statistics as text, or as one JSON
        object when ``args.json``."""
        ...

    def replay(self, text: str, as_json: bool) -> tuple[int, str]:
        """``ahoy replay``: check a record (JSON Lines ``text``) against the game's rules.

        Returns:
            The exit status (0 valid, 2 an illegal line: :func:`invalid`) and the text to print.
        """
        ...


def whole(text: str, what: str, low: int, high: int | None = None) -> int:
    """``text`` as a whole number in ``low..high`` (no upper bound when None).

    Raises:
        argparse.ArgumentTypeError: naming ``what`` and the range (argparse prints it as a usage error).
    """
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"≥ {low}"
        raise argparse.ArgumentTypeError(f"{what} must be a whole number {span}, not {text!r}")
    return value


def invalid(err: RecordError, as_json: bool) -> tuple[int, str]:
    """``ahoy replay``'s answer to an illegal line: exit status 2 and the line, rule and error
    (RECORDS.md "Replaying"; ``{"valid": false, ...}`` with ``--json``)."""
    if as_json:
        return 2, json.dumps({"valid": False, "line": err.line, "rule": err.rule, "error": err.error})
    return 2, f"invalid record: line {err.line}: rule {err.rule}: {err.error}"


@dataclass(frozen=True)
class ReplayText:
    """How ``ahoy replay`` tells a valid record of one game to people (its summary's words and keys).

    Attributes:
        valid, projected: The first line's opening for a full record and for a player's projection.
        result: A result's word and number key (``"hand"``, ``"round"``); the summary lists them as
            ``result + "s"``.
        who: The key of the seat a result names (``"winner"``, ``"caller"``), or None (none named).
        nobody, by: What a result says when ``who`` is null, and before the seat's name.
        fields: The result's keys told after it, each as ``key value``.
        losers, losers_word: The summary's key of the losers and what the last line calls them.
    """

    valid: str
    projected: str
    result: str
    who: str | None
    nobody: str
    by: str
    fields: tuple[str, ...]
    losers: str
    losers_word: str

    def lines(self, seats: list[str], d: dict, projected: bool) -> list[str]:
        """``{valid}: {n} {result}s, totals [...]``, a line a result, then the game's end if over."""
        results = d[self.result + "s"]
        out = [f"{self.projected if projected else self.valid}: {len(results)} {self.result}s, "
               f"totals {d['totals']}"]
        for r in results:
            told = [] if self.who is None else [
                self.nobody if r[self.who] is None else f"{self.by} {seats[r[self.who]]}"]
            told += [f"{key} {r[key]}" for key in self.fields]
            out.append(f"  {self.result} {r[self.result]}: {', '.join(told)}")
        if d["game_over"]:
            out.append(f"game over: winners {names(seats, d['winners'])}; "
                       f"{self.losers_word}: {names(seats, d[self.losers])}")
        return out


def replay_answer(check: Callable[[str], tuple[list[str], Any]], text: str, as_json: bool,
                  told: ReplayText) -> tuple[int, str]:
    """``ahoy replay``'s answer for one game: ``check`` (its ``kit.replay.Replayer.check``) the record
    ``text``; an illegal line is :func:`invalid`; else exit status 0 and the summary (a
    ``kit.replay.Summary``) as one JSON object with ``as_json``, or as ``told`` tells it."""
    try:
        seats, summary = check(text)
    except RecordError as err:
        return invalid(err, as_json)
    d = summary.as_dict()
    if as_json:
        return 0, json.dumps(d)
    return 0, "\n".join(told.lines(seats, d, summary.projected))


def names(seats: list[str], idx: Sequence[int]) -> str:
    """The seats ``idx`` by name, comma-separated."""
    return ", ".join(seats[i] for i in idx)


def record_game(text: str, games: Sequence[str], default: str) -> str:
    """Which of ``games`` a record (JSON Lines ``text``) is, from its header (the first non-blank line).

    A game claims a header whose ``"game"`` is its name or whose ``"format"`` is ``"NAME-record"``
    (RECORDS.md: an AHOY!! V2 header may lack ``game``); the games other than ``default`` are asked
    first, in order. Anything else, a header that is not JSON included, is ``default``'s (its replay
    check then names what is wrong).
    """
    head = None
    for raw in text.splitlines():
        if raw.strip():
            try:
                head = json.loads(raw)
            except json.JSONDecodeError:
                return default
            break
    if not isinstance(head, dict):
        return default
    for name in games:
        if name != default and (head.get("game") == name or head.get("format") == f"{name}-record"):
            return name
    return default

"""What each seat did in a finished game of Ahoi, read from its full record (``AhoiSpec.stats``;
RECORDS.md "Ahoi records", docs/community.md).

The record is replayed through the engine and only *public* events are
counted (AH16): turns, „Ahoi“ calls, Lupe/Fernrohr/Tauschen (the table sees
which action was used), placements over several cards and whether they
matched (AH8: the named cards are shown), and each round's reveal (AH11,
AH12). No count depends on a card value a seat was not shown.

Counters: ``ahoi_calls`` („Ahoi“, AH10), ``ahoi_lowest`` (calls where the
caller had the lowest sum and scored 0, AH12), ``penalties`` (calls that
scored sum + 5, AH12), ``lupe``/``fernrohr``/``tauschen`` (AH9),
``matched`` (cards the layout lost by matching: count − 1 per match, AH8),
``failed_matches`` (AH8 placements whose cards were not equal). A round is
*won* by every seat that scored 0 in it (AH12).
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.events import AhoiEvent
from ahoy_tui.games.ahoi.game import AhoiGame
from ahoy_tui.games.ahoi.record import parse_action, parse_header
from ahoy_tui.games.base import IllegalAction, SeatTally, StatLine

STAT_LINES: tuple[StatLine, ...] = (
    StatLine("calls", "„Ahoi“ calls {ahoi_calls}  lowest {ahoi_lowest}  penalties {penalties}",
             ("ahoi_calls", "ahoi_lowest", "penalties")),
    StatLine("actions", "Lupe {lupe}  Fernrohr {fernrohr}  Tauschen {tauschen}", ("lupe", "fernrohr", "tauschen")),
    StatLine("matches", "cards got rid of by matching {matched}  failed matches {failed_matches}",
             ("matched", "failed_matches")),
)
"""Ahoi's own counters on a profile card (see the module docstring)."""

ACTION_KINDS = ("lupe", "fernrohr", "tauschen")


def game_stats(record: Sequence[dict]) -> list[SeatTally]:
    """Per seat (play order), what it did in one finished game (see the module docstring).

    Raises:
        ValueError: the record does not replay (names the rule and the line).
    """
    try:
        game, lines = _start(record)
        out = [SeatTally() for _ in game.seats]
        for events in _replayed(game, lines):
            for e in events:
                _count(e, out)
    except IllegalAction as e:
        raise ValueError(f"the Ahoi record does not replay: {e}") from None
    return out


def _start(record: Sequence[dict]) -> tuple[AhoiGame, Sequence[dict]]:
    if not record:
        raise IllegalAction("FORMAT", "the record is empty")
    seats, aid, seed = parse_header(record[0])
    return AhoiGame(seats, aid, seed), record[1:]


def _replayed(game: AhoiGame, lines: Iterable[Any]) -> Iterable[list[AhoiEvent]]:
    """The events of every deal and action line, in order (result lines are the engine's to make)."""
    for line in lines:
        if not isinstance(line, dict) or "result" in line:
            continue
        if line.get("chance") == "deal":
            values = line.get("deck")
            deck = None if values is None else C.physical(values, C.full_deck())
            if values is not None and (deck is None or len(deck) != C.DECK_SIZE):
                raise IllegalAction("AH1", "the deck is not the 52 cards of Ahoi")
            yield game.deal(deck, line.get("dealer"))
        else:
            yield game.act(*parse_action(line))


def _count(e: AhoiEvent, out: list[SeatTally]) -> None:
    if not e.visible_to(None):          # public events only (AH16)
        return
    d = e.data
    if e.kind == "place" and d["matched"] is not None:
        if d["matched"]:
            out[d["seat"]].bump("matched", len(d["removed"]) - 1)
        else:
            out[d["seat"]].bump("failed_matches")
    elif e.kind in ACTION_KINDS:
        out[d["seat"]].bump(e.kind)
    elif e.kind == "ahoi":
        out[d["seat"]].bump("ahoi_calls")
    elif e.kind == "round_end":
        _round(d, out)


def _round(d: dict, out: list[SeatTally]) -> None:
    """AH11/AH12: every seat played the round; who scored 0 won it; the caller was lowest or paid."""
    for seat, score in enumerate(d["scores"]):
        out[seat].hands += 1
        out[seat].points += score
        out[seat].hands_won += score == 0
    caller = d["caller"]
    if caller is not None:
        out[caller].bump("ahoi_lowest" if d["scores"][caller] == 0 else "penalties")

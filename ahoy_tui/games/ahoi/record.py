"""Ahoi records: write and parse lines (RECORDS.md "Ahoi records", ``.ahoi.jsonl``).

A record is a header, then chance (``deal``), action and result lines in the
order they happened. Cards are values 0..13; positions are 1-based in the
layout as it is when the line is applied. Reading and writing the JSON Lines
file, the typed field check and ``RecordError`` are the kit's (``games.kit.records``).
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.actions import BY_KIND, Fernrohr, FirstLook, Lupe, Place, Tauschen
from ahoy_tui.games.ahoi.events import AhoiEvent
from ahoy_tui.games.base import IllegalAction
from ahoy_tui.games.kit.records import field

FORMAT_NAME = "ahoi-record"
VERSION = 1
GAME = "ahoi"
FILE_SUFFIX = ".ahoi.jsonl"

__all__ = ["FORMAT_NAME", "VERSION", "GAME", "FILE_SUFFIX", "header_line", "deal_line", "action_line",
           "result_lines", "parse_header", "parse_action"]


def header_line(seats: Sequence[str], memory_aid: bool, seed: int | None) -> dict:
    """The record's first line."""
    return {"format": FORMAT_NAME, "version": VERSION, "game": GAME, "seats": list(seats),
            "options": {"memory_aid": memory_aid}, "seed": seed}


def deal_line(round_no: int, dealer: int, deck: Sequence[int]) -> dict:
    """The ``deal`` chance line of a round (``deck``: physical ids, first dealt first)."""
    return {"chance": "deal", "round": round_no, "dealer": dealer, "deck": [C.value(c) for c in deck]}


def action_line(seat: int, a: Any) -> dict:
    """The record line of ``seat`` taking action ``a``."""
    line: dict[str, Any] = {"seat": seat, "act": a.KIND}
    if isinstance(a, (FirstLook, Place)):
        line["positions"] = list(a.positions)
    elif isinstance(a, Lupe):
        line["position"] = a.position
    elif isinstance(a, Fernrohr):
        line.update(target=a.target, target_position=a.target_position)
    elif isinstance(a, Tauschen):
        line.update(position=a.position, target=a.target, target_position=a.target_position)
    return line


def result_lines(events: Iterable[AhoiEvent]) -> list[dict]:
    """``result`` lines for the round and game ends among ``events`` (AH12, AH13)."""
    out = []
    for e in events:
        d = e.data
        if e.kind == "round_end":
            out.append({"result": "round", "round": d["round"], "caller": d["caller"], "sums": list(d["sums"]),
                        "scores": list(d["scores"]), "totals": list(d["totals"])})
        elif e.kind == "game_over":
            out.append({"result": "game", "winners": list(d["winners"]), "losers": list(d["losers"]),
                        "totals": list(d["totals"])})
    return out


def _positions(obj: dict) -> tuple[int, ...]:
    ps = field(obj, "positions", list)
    if not all(isinstance(p, int) and not isinstance(p, bool) for p in ps):
        raise IllegalAction("FORMAT", "positions must be whole numbers")
    return tuple(ps)


def parse_header(obj: Any) -> tuple[list[str], bool, int | None]:
    """``(seats, memory_aid, seed)`` of a header line.

    Raises:
        IllegalAction: FORMAT for a header that is not Ahoi's; AH1 for a seat count outside 2..6.
    """
    if not isinstance(obj, dict) or obj.get("format") != FORMAT_NAME or obj.get("game", GAME) != GAME:
        raise IllegalAction("FORMAT", "the first line is not an Ahoi record header")
    if field(obj, "version", int) != VERSION:
        raise IllegalAction("FORMAT", f"unknown record version {obj['version']!r}")
    seats = field(obj, "seats", list)
    if not all(isinstance(s, str) for s in seats):
        raise IllegalAction("FORMAT", "seats must be names")
    if not 2 <= len(seats) <= 6:
        raise IllegalAction("AH1", f"Ahoi is for 2 to 6 players, not {len(seats)}")
    options = obj.get("options") or {}
    aid = options.get("memory_aid", False) if isinstance(options, dict) else None
    if not isinstance(aid, bool):
        raise IllegalAction("FORMAT", "options.memory_aid must be true or false")
    seed = obj.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise IllegalAction("FORMAT", "seed must be a whole number or null")
    return list(seats), aid, seed


def parse_action(obj: dict) -> tuple[int, Any]:
    """``(seat, action)`` of an action line (seat range and legality are the engine's).

    Raises:
        IllegalAction: FORMAT for a missing or mistyped field or an unknown ``act``.
    """
    seat = field(obj, "seat", int)
    kind = field(obj, "act", str)
    cls = BY_KIND.get(kind)
    if cls is None:
        raise IllegalAction("FORMAT", f"unknown act {kind!r}")
    if cls in (FirstLook, Place):
        return seat, cls(_positions(obj))
    if cls is Lupe:
        return seat, Lupe(field(obj, "position", int))
    if cls is Fernrohr:
        return seat, Fernrohr(field(obj, "target", int), field(obj, "target_position", int))
    if cls is Tauschen:
        return seat, Tauschen(field(obj, "position", int), field(obj, "target", int),
                              field(obj, "target_position", int))
    return seat, cls()

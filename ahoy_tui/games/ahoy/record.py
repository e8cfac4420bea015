"""Game records: write, parse, replay, project (RECORDS.md).

A record is a list of JSON objects (one per line in a ``.ahoy.jsonl``
file): a header, then chance, action and result lines in the order they
happened. ``replay`` checks every line against the rules; ``project`` is the
record a player or spectator may see (R18).
"""

from __future__ import annotations

from functools import partial
from typing import Any, Iterable, Sequence

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import (Action, Ahoy, ChoosePartner, Discard, Draw, Exchange, HandsUp, LayDown, Offer,
                                         Pass, Pick, Respond, StepIn)
from ahoy_tui.games.ahoy.errors import RuleError
from ahoy_tui.games.ahoy.state import Settings
from ahoy_tui.games.kit import records
from ahoy_tui.games.kit.events import Event
from ahoy_tui.games.kit.replay import Summary

FORMAT_NAME = "ahoy-record"
VERSION = 1


def header_line(seats: Sequence[str], settings: Settings, seed: int | None) -> dict:
    """The record's first line (RECORDS.md, "Format")."""
    return {"format": FORMAT_NAME, "version": VERSION, "seats": list(seats),
            "settings": settings.as_dict(), "seed": seed}


def action_line(seat: int, a: Action) -> dict:
    """The record line of ``seat`` taking action ``a`` (RECORDS.md, "Actions")."""
    line: dict[str, Any] = {"seat": seat, "act": a.KIND}
    if isinstance(a, Offer):
        line.update(want=C.name(a.want), give=C.name(a.give))
    elif isinstance(a, HandsUp):
        line["target"] = a.target
    elif isinstance(a, Respond):
        line["accept"] = a.accept
    elif isinstance(a, ChoosePartner):
        line["partner"] = a.partner
    elif isinstance(a, (Exchange, Discard)):
        line["card"] = C.name(a.card)
    elif isinstance(a, (LayDown, Ahoy)):
        line["cards"] = [C.name(c) for c in a.cards]
    elif isinstance(a, Pick):
        line["index"] = a.index
    return line


def result_lines(events: Iterable[Event]) -> list[dict]:
    """``result`` lines for the hand/game ends among ``events``."""
    out = []
    for e in events:
        if e.kind == "hand_over":
            d = e.data
            out.append({"result": "hand", "hand": d["hand"], "winner": d["winner"],
                        "scores": list(d["scores"]), "totals": list(d["totals"])})
        elif e.kind == "game_over":
            d = e.data
            out.append({"result": "game", "winners": list(d["winners"]),
                        "biggest_losers": list(d["biggest_losers"]), "totals": list(d["totals"])})
    return out


# -- parsing -------------------------------------------------------------------------

_field = partial(records.field, error=RuleError)
"""``records.field`` raising ``RuleError``."""


def _card(obj: dict, key: str) -> int:
    v = _field(obj, key, str)
    return C.parse(v)


def _cards(obj: dict, key: str) -> tuple[int, ...]:
    v = _field(obj, key, list)
    for x in v:
        if not isinstance(x, str):
            raise RuleError("FORMAT", f"field {key!r} must list card names")
    return tuple(C.parse(x) for x in v)


def _seat(obj: dict, key: str, players: int) -> int:
    v = _field(obj, key, int)
    if not 0 <= v < players:
        raise RuleError("R4", f"seat {v} does not exist")
    return v


def parse_action(obj: dict, players: int) -> tuple[int, Action]:
    """``(seat, action)`` of an action line.

    Raises:
        RuleError: FORMAT for a missing/mistyped field or unknown act, R1 for
            a bad card name, R4 for a seat that does not exist.
    """
    seat = _seat(obj, "seat", players)
    act = _field(obj, "act", str)
    if act == "draw":
        return seat, Draw()
    if act == "offer":
        return seat, Offer(_card(obj, "want"), _card(obj, "give"))
    if act == "hands_up":
        return seat, HandsUp(_seat(obj, "target", players))
    if act == "respond":
        return seat, Respond(_field(obj, "accept", bool))
    if act == "step_in":
        return seat, StepIn()
    if act == "pass":
        return seat, Pass()
    if act == "choose_partner":
        return seat, ChoosePartner(_seat(obj, "partner", players))
    if act == "exchange":
        return seat, Exchange(_card(obj, "card"))
    if act == "lay_down":
        return seat, LayDown(_cards(obj, "cards"))
    if act == "pick":
        return seat, Pick(_field(obj, "index", int))
    if act == "discard":
        return seat, Discard(_card(obj, "card"))
    if act == "ahoy":
        return seat, Ahoy(_cards(obj, "cards"))
    raise RuleError("FORMAT", f"unknown act {act!r}")


def parse_header(obj: Any) -> tuple[list[str], Settings, int | None]:
    """Seats, settings and seed of a header line.

    Raises:
        RuleError: FORMAT for a malformed header, R1 for a seat count outside
            2..8, R15 for a bad limit, R16 for a bad ``max_reshuffles``.
    """
    if not isinstance(obj, dict) or obj.get("format") != FORMAT_NAME or obj.get("version") != VERSION:
        raise RuleError("FORMAT", "the first line is not an ahoy-record version 1 header")
    seats = _field(obj, "seats", list)
    if not all(isinstance(s, str) for s in seats):
        raise RuleError("FORMAT", "seats must be names")
    if not 2 <= len(seats) <= 8:
        raise RuleError("R1", f"a game has 2 to 8 players, not {len(seats)}")
    st = _field(obj, "settings", dict)
    limit = _field(st, "limit", int)
    flags = {}
    for key in ("ace_low", "verified_step_in"):
        flags[key] = _field(st, key, bool) if key in st else False
    mr = st.get("max_reshuffles")
    settings = Settings(limit=limit, max_reshuffles=mr, **flags)
    seed = obj.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RuleError("FORMAT", "seed must be an integer or null")
    return list(seats), settings, seed


def physical(names: Sequence[int], pool: Sequence[int]) -> list[int] | None:
    """Map identities to distinct physical cards of ``pool`` (lowest id first);
    None when ``names`` is not exactly ``pool``'s multiset of identities."""
    free: dict[int, list[int]] = {}
    for c in sorted(pool, reverse=True):
        free.setdefault(C.identity(c), []).append(c)
    out = []
    for ident in names:
        stack = free.get(ident)
        if not stack:
            return None
        out.append(stack.pop())
    if len(out) != len(pool):
        return None
    return out


class ReplaySummary(Summary):
    """What ``replay`` found (RECORDS.md "Replaying", ``--json`` shape): ``hands`` and
    ``biggest_losers``; ``projected`` when ``follow.check_projection`` checked it (R18)."""

    RESULTS = "hands"
    LOSERS = "biggest_losers"

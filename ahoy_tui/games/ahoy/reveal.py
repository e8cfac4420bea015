"""The reveal: every deal of a hand, shown once the hand is over (house rule beside R18).

A table option (``reveal``, on by default; docs/engine.md) adds one public
``reveal`` event right after a hand's ``hand_over``: each offer with its
statements (R8) next to the cards actually given (R10), who stepped in (R9)
and what each HANDS UP! took (R7). It is computed from the *full* events of
the hand (private ones included), so it must never be built or sent while
the hand runs: ``reveal_events`` returns nothing unless its batch ends the
hand. R14 shows every hand face up at the end; this goes one step further
for the same moment, never earlier. Records (RECORDS.md) do not carry it.

A *lie* is a card given that differs from the claim it answers: the
offerer's card against the offer's ``give``, the partner's card against the
offer's ``want``. Cards are identities (0..52), seats 0..players-1.

``game_summary`` counts per player from the events one viewer received
(public ones and the reveals), so it never knows more than that viewer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ahoy_tui.games.kit.events import Event, public


def _new_offer(d: dict) -> dict[str, Any]:
    return {"kind": "offer", "seat": d["seat"], "to": d["to"], "want": d["want"], "give": d["give"],
            "accepted": None, "steppers": [], "partner": None, "gave": None, "got": None,
            "offerer_lied": False, "partner_lied": False}


def deals_of(events: Iterable[Event]) -> list[dict[str, Any]]:
    """Every deal among ``events`` (one hand's, all visibilities), in order.

    Returns:
        One dict per offer or HANDS UP!. An offer: ``kind="offer"``,
        ``seat`` (offerer), ``to`` (addressed), ``want``/``give`` (the
        statements), ``accepted`` (True/False, None if unanswered),
        ``steppers`` (seats that stepped in), ``partner`` (None: no
        exchange), ``gave`` (offerer's card) and ``got`` (partner's card),
        None when no swap happened, ``offerer_lied``/``partner_lied``.
        A HANDS UP!: ``kind="hands_up"``, ``seat``, ``target``, ``card``
        (the card taken, None if the hand ended before the pick).
    """
    deals: list[dict[str, Any]] = []
    cur: dict[str, Any] | None = None
    for e in events:
        d = e.data
        k = e.kind
        if k == "offered":
            cur = _new_offer(d)
            deals.append(cur)
        elif k == "hands_up":
            cur = {"kind": "hands_up", "seat": d["seat"], "target": d["target"], "card": None}
            deals.append(cur)
        elif cur is None:
            continue
        elif k == "responded":
            cur["accepted"] = d["accept"]
        elif k == "stepped_in":
            cur["steppers"].append(d["seat"])
        elif k == "partner":
            cur["partner"] = d["partner"]
        elif k == "received" and cur["kind"] == "offer":
            if d["seat"] == cur["seat"]:
                cur["gave"] = d["gave"]
                cur["offerer_lied"] = d["gave"] != cur["give"]
            elif d["seat"] == cur["partner"]:
                cur["got"] = d["gave"]
                cur["partner_lied"] = d["gave"] != cur["want"]
        elif k == "took" and cur["kind"] == "hands_up":
            cur["card"] = d["card"]
        elif k == "turn":
            cur = None
    return deals


def reveal_events(history: Sequence[Event], new: Sequence[Event], enabled: bool) -> list[Event]:
    """The ``reveal`` event to publish after ``new``, or ``[]``.

    Args:
        history: Every event of this game already published (all visibilities).
        new: The events of the transition just applied.
        enabled: The table option; False reveals nothing.

    Returns:
        ``[public("reveal", hand=n, deals=[...])]`` when ``new`` holds the
        ``hand_over`` of hand ``n``, else ``[]`` (never during a hand).
    """
    over = next((e for e in new if e.kind == "hand_over"), None)
    if not enabled or over is None:
        return []
    events = list(history) + list(new)
    start = max((i for i, e in enumerate(events) if e.kind == "hand_started"), default=0)
    return [public("reveal", hand=over.data["hand"], deals=deals_of(events[start:]))]


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One player's game in figures (the game-over screen).

    Attributes:
        trades: Exchanges made (as offerer or partner, R10).
        lies_told: Cards given that differed from the claim (None: not revealed).
        lies_caught: Lies received, i.e. found in one's own hand (None: not revealed).
        ahoys: Hands won by AHOY! (R12).
        hands_ups: HANDS UP! played (R7).
        points: Points scored in each hand, in order (R14).
    """

    trades: int
    lies_told: int | None
    lies_caught: int | None
    ahoys: int
    hands_ups: int
    points: tuple[int, ...]


def game_summary(events: Iterable[Event], players: int) -> list[PlayerSummary]:
    """Per-seat figures from the events one viewer saw (public events and reveals).

    Lies count only hands whose ``reveal`` was received; with no reveal at
    all (the option off) they are None.
    """
    trades, told, caught = [0] * players, [0] * players, [0] * players
    ahoys, ups = [0] * players, [0] * players
    points: list[list[int]] = [[] for _ in range(players)]
    revealed = False
    for e in events:
        d = e.data
        if e.kind == "traded":
            for s in (d["seat"], d["partner"]):
                trades[s] += 1
        elif e.kind == "ahoy":
            ahoys[d["seat"]] += 1
        elif e.kind == "hands_up":
            ups[d["seat"]] += 1
        elif e.kind == "hand_over":
            for s, sc in enumerate(d["scores"][:players]):
                points[s].append(sc)
        elif e.kind == "reveal":
            revealed = True
            for deal in d["deals"]:
                if deal["kind"] != "offer":
                    continue
                if deal["offerer_lied"]:
                    told[deal["seat"]] += 1
                    caught[deal["partner"]] += 1
                if deal["partner_lied"]:
                    told[deal["partner"]] += 1
                    caught[deal["seat"]] += 1
    return [PlayerSummary(trades[s], told[s] if revealed else None, caught[s] if revealed else None,
                          ahoys[s], ups[s], tuple(points[s])) for s in range(players)]

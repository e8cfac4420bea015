"""A dropped player's grace counting down in the seat list, and what the autopilot did for her (R17).

The lobby sends, per seat whose person's link dropped in play, the seconds
of grace left (``SeatInfo.reconnecting``) when the update was made; like the
decision clock (``local_deadline``) the screen turns them into deadlines on
its own clock when the update arrives, and while any runs it redraws the
seat list once a second with the seconds left (``counted_down``): a timer
only while a seat is reconnecting.

A player back at her seat gets ``TableUpdate.while_away``: her own events
since her link dropped (already projected for her, R18); ``away_lines``
words them with the game's narrator under one heading.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ahoy_tui.lobby.messages import TableUpdate
from ahoy_tui.ui.i18n import tr


def grace_ends(update: TableUpdate, received: float) -> dict[int, float]:
    """Per reconnecting seat, when its grace ends on this session's clock (``received`` + seconds left)."""
    return {i: received + s.reconnecting for i, s in enumerate(update.table.seats)
            if s.reconnecting is not None and not s.connected}


def counted_down(update: TableUpdate, ends: dict[int, float], now: float) -> TableUpdate:
    """``update`` with each reconnecting seat's seconds left as of ``now`` (the rest unchanged)."""
    seats = list(update.table.seats)
    for i, end in ends.items():
        if i < len(seats) and seats[i].reconnecting is not None:
            seats[i] = replace(seats[i], reconnecting=max(0.0, end - now))
    return replace(update, table=replace(update.table, seats=seats))


def away_lines(update: TableUpdate, lang: str, line: Callable[[Any], str | None]) -> list[str]:
    """The heading and one sentence per event of ``update.while_away`` that the game's
    narrator (``line``) words; [] when there is nothing to tell."""
    said = [text for text in (line(e) for e in update.while_away) if text]
    return [tr(lang, "away.title"), *said] if said else []

"""The waiting room's keys: ready, add a bot, remove the last seat, start, and rematch after a game.

A mixin of :class:`ahoy_tui.ui.screens.table.TableScreen`; each key is one
lobby command for the screen's ``table_id`` (``check_action`` limits the
host-only ones to the host while the table waits).
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.ui.text import clean

WAIT_ACTIONS = {"ready", "add_bot", "start", "remove_seat"}
"""Actions usable only while the table waits for players (before the first hand)."""


class WaitingRoomActions:
    """``lobby.set_ready``, ``add_bot``, ``remove_seat``, ``start`` and ``rematch``."""

    update: Any
    table_id: str
    app_: Any

    def action_ready(self) -> None:
        me = clean(self.app_.me, 16)
        seat = next((s for s in self.update.table.seats if clean(s.name, 16) == me), None)
        self.app_.call_lobby("set_ready", self.table_id, not (seat is not None and seat.ready))

    def action_add_bot(self) -> None:
        self.app_.call_lobby("add_bot", self.table_id, "baseline")

    def action_remove_seat(self) -> None:
        seats = self.update.table.seats
        host = clean(self.update.table.host, 16)
        for i in range(len(seats) - 1, -1, -1):
            if seats[i].kind != "empty" and clean(seats[i].name, 16) != host:
                self.app_.call_lobby("remove_seat", self.table_id, i)
                return

    def action_start(self) -> None:
        self.app_.call_lobby("start", self.table_id)

    def action_rematch(self) -> None:
        self.app_.call_lobby("rematch", self.table_id)

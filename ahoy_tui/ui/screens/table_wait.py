"""The waiting room's keys: ready, add a bot, remove the last player (asks first for a person), start, and rematch.

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

    async def action_ready(self) -> None:
        me = clean(self.app_.me, 16)
        seat = next((s for s in self.update.table.seats if clean(s.name, 16) == me), None)
        await self.app_.ask(self.app_.lobby.set_ready, self.table_id, not (seat is not None and seat.ready))

    async def action_add_bot(self) -> None:
        await self.app_.ask(self.app_.lobby.add_bot, self.table_id, "baseline")

    async def action_remove_seat(self) -> None:
        """Remove the last filled seat but the host's: a bot at once, a person after a yes."""
        seats = self.update.table.seats
        host = clean(self.update.table.host, 16)
        for i in range(len(seats) - 1, -1, -1):
            if seats[i].kind != "empty" and clean(seats[i].name, 16) != host:
                if seats[i].kind == "bot":
                    await self.app_.ask(self.app_.lobby.remove_seat, self.table_id, i)
                else:
                    self._ask_remove(i, seats[i].name)
                return

    def _ask_remove(self, seat: int, name: str) -> None:
        from ahoy_tui.ui.screens.confirm import ConfirmScreen

        app = self.app_
        app.push_screen(ConfirmScreen(app.t("remove.title"), app.t("remove.question", name=clean(name, 16)),
                                      app.t("remove.yes"), app.t("remove.no")),
                        lambda yes: self._remove_answered(yes, seat, name))

    async def _remove_answered(self, yes: bool | None, seat: int, name: str) -> None:
        """Remove the person asked about, if they still hold that seat (the table may have changed)."""
        if not yes or self.update is None:
            return
        seats = self.update.table.seats
        if seat < len(seats) and seats[seat].kind == "person" and seats[seat].name == name:
            await self.app_.ask(self.app_.lobby.remove_seat, self.table_id, seat)
        else:
            self.app_.notify(self.app_.t("remove.gone", name=clean(name, 16)), severity="warning", markup=False)

    async def action_start(self) -> None:
        await self.app_.ask(self.app_.lobby.start, self.table_id)

    async def action_rematch(self) -> None:
        await self.app_.ask(self.app_.lobby.rematch, self.table_id)

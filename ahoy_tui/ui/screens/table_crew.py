"""The table's seat keys: leave (asks first during play), autopilot, seat to a bot, last hand.

A mixin of :class:`ahoy_tui.ui.screens.table.TableScreen`; it uses the
screen's ``update``, ``view``, ``table_id`` and ``app_``.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding

from ahoy_tui.game.state import Phase
from ahoy_tui.ui.text import clean

CREW_BINDINGS = [
    Binding("z", "autopilot", "Autopilot", show=False),
    Binding("B", "seat_to_bot", "Seat to bot", show=False),
    Binding("h", "last_hand", "Last hand", show=False),
    Binding("H", "history", "History", show=False),
]
CREW_ACTIONS = {"autopilot", "seat_to_bot", "last_hand", "history"}


class CrewActions:
    """Leaving, autopilot (``lobby.set_autopilot``), ``lobby.give_to_bot``, the last hand's report."""

    update: Any
    table_id: str

    # -- state -------------------------------------------------------------------
    def _my_seat_info(self) -> Any:
        """This session's seat at the table once a game exists (also one taken after game over), or None."""
        view = getattr(self, "view", None)
        seat = None if self.update is None else self.update.seat
        if view is None or seat is None:
            return None
        seats = self.update.table.seats
        return seats[seat] if seat < len(seats) else None

    def _in_play(self) -> bool:
        return self.update is not None and self.update.table.status in ("playing", "between_hands")

    def crew_check(self, action: str) -> bool:
        """Whether a crew key is usable now (``check_action`` for CREW_ACTIONS)."""
        if action == "autopilot":
            return self._in_play() and self._my_seat_info() is not None
        if action == "seat_to_bot":
            return self._in_play() and self._is_host() and bool(self._people_seats())  # type: ignore[attr-defined]
        if action == "last_hand":
            return self._last_hand_over() is not None
        if action == "history":
            return bool(self.book.hands)  # type: ignore[attr-defined]
        return True

    def _people_seats(self) -> list[tuple[int, str]]:
        return [(i, s.name) for i, s in enumerate(self.update.table.seats) if s.kind == "person"]

    def _last_hand_over(self) -> Any:
        return next((e for e in reversed(getattr(self, "_all_events", [])) if e.kind == "hand_over"), None)

    # -- leave ------------------------------------------------------------------------
    async def action_leave(self) -> None:
        """Leave; while the game runs and you hold a seat, ask first (the autopilot keeps it)."""
        app = self.app_  # type: ignore[attr-defined]
        if self._in_play() and self._my_seat_info() is not None:
            from ahoy_tui.ui.screens.confirm import ConfirmScreen

            app.push_screen(ConfirmScreen(app.t("leave.title"), app.t("leave.question"), app.t("leave.yes"),
                                          app.t("leave.no")), self._leave_answered)
            return
        await self._leave_now()

    async def _leave_answered(self, yes: bool | None) -> None:
        if yes:
            await self._leave_now()

    async def _leave_now(self) -> None:
        app = self.app_  # type: ignore[attr-defined]
        await app.ask(app.lobby.leave, self.table_id)
        app.close_table()

    # -- autopilot and bots -----------------------------------------------------------
    async def action_autopilot(self) -> None:
        """Let the autopilot play your seat, or take the seat back (R17)."""
        app = self.app_  # type: ignore[attr-defined]
        mine = self._my_seat_info()
        if mine is None:
            return
        on = not mine.autopilot
        await app.ask(app.lobby.set_autopilot, self.table_id, on)
        app.notify(app.t("autopilot.on" if on else "autopilot.off"), timeout=3)

    def action_seat_to_bot(self) -> None:
        """Host: pick a person's seat and hand it to a bot for good (R17)."""
        from ahoy_tui.ui.screens.pick_seat import PickSeatScreen

        app = self.app_  # type: ignore[attr-defined]
        app.push_screen(PickSeatScreen(app.t("tobot.title"), app.t("tobot.hint"), self._people_seats()),
                        self._seat_picked)

    def _seat_picked(self, seat: int | None) -> None:
        """Ask before a seat goes to a bot for good: a connected player would only watch from then on."""
        from ahoy_tui.ui.screens.confirm import ConfirmScreen

        if seat is None or self.update is None:
            return
        app = self.app_  # type: ignore[attr-defined]
        s = self.update.table.seats[seat]
        name = clean(s.name, 16)
        question = app.t("tobot.question" if s.connected else "tobot.question_offline", name=name)
        app.push_screen(ConfirmScreen(app.t("tobot.confirm_title"), question, app.t("tobot.yes"), app.t("tobot.no")),
                        lambda yes: self._give_answered(yes, seat, s.name))

    async def _give_answered(self, yes: bool | None, seat: int, name: str) -> None:
        """Give the seat asked about, if the same person still holds it (the table may have changed)."""
        if not yes or self.update is None:
            return
        app = self.app_  # type: ignore[attr-defined]
        seats = self.update.table.seats
        if not (self._in_play() and seat < len(seats) and seats[seat].kind == "person" and seats[seat].name == name):
            app.notify(app.t("tobot.gone", name=clean(name, 16)), severity="warning", markup=False)
            return
        await app.ask(app.lobby.give_to_bot, self.table_id, seat)
        app.notify(app.t("tobot.done", name=clean(name, 16)), timeout=3)

    # -- hand over --------------------------------------------------------------------
    def action_last_hand(self) -> None:
        """Show the last hand's report again (treasure, every hand, scores)."""
        from ahoy_tui.ui.screens.hand_over import HandOverScreen

        last = self._last_hand_over()
        if last is None:
            return
        ahoy = next((e for e in reversed(self._all_events) if e.kind == "ahoy"  # type: ignore[attr-defined]
                     and e.data.get("hand", last.data.get("hand")) == last.data.get("hand")), None)
        reveal = self.book.reveal_of(last.data.get("hand"))  # type: ignore[attr-defined]
        self.app_.push_screen(HandOverScreen(self, last.data, ahoy,  # type: ignore[attr-defined]
                                             self.names_at(last), reveal))  # type: ignore[attr-defined]

    def action_history(self) -> None:
        """Every finished hand of this game with its deals (``H``)."""
        from ahoy_tui.ui.screens.history import HistoryScreen

        self.app_.push_screen(HistoryScreen(self.names, self.book))  # type: ignore[attr-defined]

    def close_hand_over_for_move(self) -> None:
        """A new hand needs this seat: close the hand-over report so the keys reach the table."""
        from ahoy_tui.ui.screens.hand_over import HandOverScreen

        view = getattr(self, "view", None)
        app = self.app_  # type: ignore[attr-defined]
        if view is None or view.seat is None or view.phase in (Phase.NO_HAND, Phase.GAME_OVER):
            return
        if view.seat not in view.waiting_for or not isinstance(app.screen, HandOverScreen):
            return
        app.screen.dismiss(None)
        app.notify(app.t("over.your_move", n=view.hand_no), timeout=3)

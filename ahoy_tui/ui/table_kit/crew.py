"""The table's seat keys: the waiting room (ready, add a bot, remove a player, start), rematch,
leave (asks first during play), autopilot and seat to a bot.

Each key is one lobby command for the state's table; the presenter's
``usable_keys`` decides when a key is usable (host-only keys for the host,
the waiting room's keys while the table waits).
"""

from __future__ import annotations


from textual.binding import Binding

from ahoy_tui.ui.services import AppServices
from ahoy_tui.ui.bot_levels import level_hint, levels_for, refusal, with_strength
from ahoy_tui.ui.table_kit.seats import in_play, my_seat_info, people_seats
from ahoy_tui.ui.table_kit.dialogs import TableDialogs
from ahoy_tui.ui.table_kit.state import TableState
from ahoy_tui.ui.text import clean

WAITING_BINDINGS = [
    Binding("r", "ready", "Ready"),
    Binding("r", "unready", "Not ready"),
    Binding("r", "rematch", "Rematch"),
    Binding("b", "add_bot", "Add bot"),
    Binding("minus", "remove_seat", "Remove player"),
    Binding("g", "start", "Start"),
]
"""The waiting room's keys and the rematch (each game's table lists them where its footer shows them)."""
TALK_BINDINGS = [
    Binding("c", "chat", "Chat"),
    Binding("q", "leave", "Leave"),
]
"""Type in the table chat, leave the table: usable at every moment."""
SEAT_BOT_BINDINGS = [
    Binding("z", "autopilot", "Autopilot", show=False),
    Binding("B", "seat_to_bot", "Seat to bot", show=False),
]
"""The autopilot for one's own seat, a person's seat to a bot (the host; R17)."""


class SeatKeys:
    """``lobby.set_ready``, ``add_bot``, ``remove_seat``, ``start``, ``rematch``, ``leave``,
    ``set_autopilot`` and ``give_to_bot`` (R17).

    Args:
        state: The table screen's state (read only).
        app: The session's app (``ask``, ``t``, ``notify``, ``close_table``, ``me``).
        dialogs: Opens the confirmations and the seat picker.
    """

    def __init__(self, state: TableState, app: AppServices, dialogs: TableDialogs) -> None:
        self.state = state
        self.app = app
        self.dialogs = dialogs

    # -- the waiting room --------------------------------------------------------------
    async def ready(self) -> None:
        """``r`` while one's seat is not ready: ready to start."""
        await self.app.ask(self.app.lobby.set_ready, self.state.table_id, True)

    async def unready(self) -> None:
        """``r`` once one's seat is ready: not ready after all (the key is labelled for what it does)."""
        await self.app.ask(self.app.lobby.set_ready, self.state.table_id, False)

    async def add_bot(self) -> None:
        """Ask for the bot's level among the table's game's (``GameSpec.bot_kinds``, easiest first: 1 easy,
        2 normal, 3 hard for AHOY; issue 17), then seat it."""
        t = self.app.t
        game = self.state.update.table.config.game
        self.dialogs.pick_seat(t("bot.title"), level_hint(t, game),
                               [(i, with_strength(t(f"level.{k}"), game, k)) for i, k in enumerate(self._levels())],
                               self._add_bot_picked)

    def _levels(self) -> tuple[str, ...]:
        return levels_for(self.state.update.table.config.game)

    async def _add_bot_picked(self, level: int | None) -> None:
        if level is None:
            return
        levels = self._levels()
        if 0 <= level < len(levels):
            await self.app.ask(self.app.lobby.add_bot, self.state.table_id, levels[level])
        else:
            self.app.notify(refusal(self.app.t, self.state.update.table.config.game), severity="warning",
                            timeout=4, markup=False)

    async def remove_seat(self) -> None:
        """Remove the last filled seat but the host's: a bot at once, a person after a yes."""
        seats = self.state.update.table.seats
        host = clean(self.state.update.table.host, 16)
        for i in range(len(seats) - 1, -1, -1):
            if seats[i].kind != "empty" and clean(seats[i].name, 16) != host:
                if seats[i].kind == "bot":
                    await self.app.ask(self.app.lobby.remove_seat, self.state.table_id, i)
                else:
                    self._ask_remove(i, seats[i].name)
                return

    def _ask_remove(self, seat: int, name: str) -> None:
        t = self.app.t
        self.dialogs.confirm(t("remove.title"), t("remove.question", name=clean(name, 16)), t("remove.yes"),
                             t("remove.no"), lambda yes: self._remove_answered(yes, seat, name))

    async def _remove_answered(self, yes: bool | None, seat: int, name: str) -> None:
        """Remove the person asked about, if they still hold that seat (the table may have changed)."""
        if not yes or self.state.update is None:
            return
        seats = self.state.update.table.seats
        if seat < len(seats) and seats[seat].kind == "person" and seats[seat].name == name:
            await self.app.ask(self.app.lobby.remove_seat, self.state.table_id, seat)
        else:
            self.app.notify(self.app.t("remove.gone", name=clean(name, 16)), severity="warning", markup=False)

    async def start(self) -> None:
        await self.app.ask(self.app.lobby.start, self.state.table_id)

    async def rematch(self) -> None:
        await self.app.ask(self.app.lobby.rematch, self.state.table_id)

    # -- leave ------------------------------------------------------------------------
    async def leave(self) -> None:
        """Leave; while the game runs and you hold a seat, ask first (the autopilot keeps it)."""
        if self.holds_seat_in_play():
            t = self.app.t
            self.dialogs.confirm(t("leave.title"), t("leave.question"), t("leave.yes"), t("leave.no"),
                                 self._leave_answered)
            return
        await self._leave_now()

    def holds_seat_in_play(self) -> bool:
        """True while the game runs and this player holds a seat (leaving or quitting asks first: R17)."""
        return in_play(self.state.update) and my_seat_info(self.state.update) is not None

    async def _leave_answered(self, yes: bool | None) -> None:
        if yes:
            await self._leave_now()

    async def _leave_now(self) -> None:
        await self.app.ask(self.app.lobby.leave, self.state.table_id)
        self.app.close_table()

    # -- autopilot and bots -----------------------------------------------------------
    async def autopilot(self) -> None:
        """Let the autopilot play your seat, or take the seat back (R17)."""
        app = self.app
        mine = my_seat_info(self.state.update)
        if mine is None:
            return
        on = not mine.autopilot
        await app.ask(app.lobby.set_autopilot, self.state.table_id, on)
        app.notify(app.t("autopilot.on" if on else "autopilot.off"), timeout=3)

    def seat_to_bot(self) -> None:
        """Host: pick a person's seat and hand it to a bot for good (R17)."""
        app = self.app
        self.dialogs.pick_seat(app.t("tobot.title"), app.t("tobot.hint"), people_seats(self.state.update),
                               self._seat_picked)

    def _seat_picked(self, seat: int | None) -> None:
        """Ask before a seat goes to a bot for good: a connected player would only watch from then on."""
        if seat is None or self.state.update is None:
            return
        s = self.state.update.table.seats[seat]
        t = self.app.t
        question = t("tobot.question" if s.connected else "tobot.question_offline", name=clean(s.name, 16))
        self.dialogs.confirm(t("tobot.confirm_title"), question, t("tobot.yes"), t("tobot.no"),
                             lambda yes: self._give_answered(yes, seat, s.name))

    async def _give_answered(self, yes: bool | None, seat: int, name: str) -> None:
        """Give the seat asked about, if the same person still holds it (the table may have changed)."""
        if not yes or self.state.update is None:
            return
        app = self.app
        seats = self.state.update.table.seats
        if not (in_play(self.state.update) and seat < len(seats) and seats[seat].kind == "person"
                and seats[seat].name == name):
            app.notify(app.t("tobot.gone", name=clean(name, 16)), severity="warning", markup=False)
            return
        await app.ask(app.lobby.give_to_bot, self.state.table_id, seat)
        app.notify(app.t("tobot.done", name=clean(name, 16)), timeout=3)

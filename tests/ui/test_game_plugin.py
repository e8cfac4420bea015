"""A third game needs only its own UI package and one registry line (issue 26, UI side).

A toy game ("race", the engine of ``tests/lobby/test_game_seam.py``: every
seat steps 1 or 2 at once, the first total to reach the target wins) is
registered for this test only: its engine in ``games.registry.GAMES``, its UI
in ``ui.game_uis.GAME_UIS`` as a :class:`~ahoy_tui.ui.game_ui.GameUI` whose
table screen is written here on the table-screen kit in a few lines. It is
played to the end through the lobby and the app like any table: the app
opens its screen by the game's name, the kit queues the first updates until
the layout exists, takes the seat keys and sends each step with the
update's version.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static
from ui_helpers import make_app, new_lobby, screen_text, wait_for

from ahoy_tui.games import registry
from ahoy_tui.lobby import TableConfig
from ahoy_tui.ui import game_uis
from ahoy_tui.ui.game_ui import GameUI
from ahoy_tui.ui.table_kit.crew import SEAT_BOT_BINDINGS, TALK_BINDINGS, WAITING_BINDINGS
from ahoy_tui.ui.table_kit.screen import TableScreenBase
from ahoy_tui.ui.table_kit.seats import crew_keys
from tests.lobby.test_game_seam import RaceMatch, RaceSpec, Step


@dataclass(frozen=True)
class RaceView:
    """A seat's view of a race (every game's view names its ``seat``)."""

    seat: int | None
    totals: tuple[int, ...]
    mine: int | None


class SeatedRaceMatch(RaceMatch):
    def view(self, seat):
        return RaceView(seat, tuple(self.totals), self.picks.get(seat))


@dataclass(frozen=True)
class SeatedRaceSpec(RaceSpec):
    def new_match(self, seat_names, options, seed):
        return SeatedRaceMatch(seat_names, dict(options)["target"])


class _NoCursor:
    """A race has no card cursor: numbers, moves, marks and Esc do nothing."""

    def number(self, n: int) -> None: ...

    def move(self, delta: int) -> None: ...

    def mark(self) -> None: ...

    def back(self) -> None: ...


class RaceTableScreen(TableScreenBase):
    """The whole table screen of the toy game: a board line, the kit's log and chat."""

    GAME = "race"
    GAME_ACTIONS = frozenset({"one", "two", "ready", "add_bot", "start", "remove_seat", "autopilot",
                              "seat_to_bot"})
    BINDINGS = [Binding("1", "one", "Step 1"), Binding("2", "two", "Step 2"), *WAITING_BINDINGS,
                *TALK_BINDINGS, *SEAT_BOT_BINDINGS]

    def __init__(self, table_id: str) -> None:
        super().__init__(table_id)
        self.keys = _NoCursor()

    def compose_table(self) -> ComposeResult:
        with Horizontal(id="race"):
            yield Static(id="race-board")
            with Vertical(id="right"):
                yield from self.compose_side()

    def take_update(self, update: Any, received: float) -> None:
        self.state.update = update
        self.redraw()

    def redraw(self) -> None:
        view = self.state.view
        board = "waiting for the start" if view is None else f"totals {' '.join(map(str, view.totals))}"
        self.query_one("#race-board", Static).update(board)
        self.refresh_bindings()

    def usable_keys(self) -> frozenset[str]:
        steps = {"one", "two"} if self.state.legal else set()
        return crew_keys(self.state.update, self.look().me) | steps

    def action_one(self) -> None:
        self.send(Step(1))

    def action_two(self) -> None:
        self.send(Step(2))


RACE_UI = GameUI(name="race", table_screen=f"{__name__}:RaceTableScreen", replay_paint="", rules_text="plain.rules")


@pytest.fixture
def race_registered(monkeypatch):
    """The toy game on both sides: one engine registry line, one UI registry line."""
    monkeypatch.setitem(registry.GAMES, "race", SeatedRaceSpec())
    monkeypatch.setitem(game_uis.GAME_UIS, "race", f"{__name__}:RACE_UI")
    game_uis.game_ui.cache_clear()
    yield
    game_uis.game_ui.cache_clear()


async def test_a_toy_game_is_played_to_the_end_on_the_table_screen_kit(race_registered):
    app = make_app(new_lobby())
    async with app.run_test(size=(80, 24)) as pilot:
        core = app.lobby.core
        tid = core.create_table(app.handle, TableConfig.make("race", name="Sprint", seats=2, clocks="untimed",
                                                             target=4))
        app.open_table(tid)
        await wait_for(pilot, lambda a: isinstance(a.screen, RaceTableScreen) and a.screen._ready)
        await wait_for(pilot, lambda a: "waiting for the start" in screen_text(a))
        assert app.screen.check_action("add_bot", ()) and not app.screen.check_action("one", ())
        core.add_bot(app.handle, tid, "steady")
        core.start(app.handle, tid)
        await wait_for(pilot, lambda a: "totals 0 0" in screen_text(a) and a.screen.check_action("one", ()))
        await pilot.press("1")
        await wait_for(pilot, lambda a: "totals 1 2" in screen_text(a) and a.screen.check_action("one", ()))
        await pilot.press("1")
        await wait_for(pilot, lambda a: core.tables[tid].status == "game_over")
        await wait_for(pilot, lambda a: "totals 2 4" in screen_text(a))
        assert core.tables[tid].game.scores == (2, 4)
        assert not app.screen.check_action("one", ())

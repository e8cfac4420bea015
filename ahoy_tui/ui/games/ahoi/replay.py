"""Ahoi in the replay viewer (``screens.replay_view``): the Ahoi table's presenter.

Every layout, the piles and status, the seat's own layout (``presenter``),
with this step's peeks face up (``flashes_after``), as the table shows them.
Reads only the step's picture, which the game built from the seat's
projection (AH16).
"""

from __future__ import annotations

from typing import Any, ClassVar, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from ahoy_tui.games.base import ReplayStep
from ahoy_tui.lobby.messages import SeatInfo, TableConfig, TableSnapshot, TableUpdate
from ahoy_tui.ui.games.ahoi.narrate import narrate
from ahoy_tui.ui.games.ahoi.presenter import flashes_after, layouts_text, mine_text, piles_text, status_text
from ahoy_tui.ui.games.ahoi.prompts import AhoiSelection
from ahoy_tui.ui.services import AppServices
from ahoy_tui.ui.table_kit.look import look_of


def finished_table(names: Sequence[str]) -> TableUpdate:
    """The finished table as the Ahoi presenter reads it where it takes a ``TableUpdate``: the names in
    play order, each a person still there (no seat tag), nobody gone, no view (each step's comes apart)."""
    seats = [SeatInfo(n, "person", connected=True, ready=True, autopilot=False) for n in names]
    table = TableSnapshot("", "", "", seats, "game_over", TableConfig(game="ahoi"), 0, players=tuple(names))
    return TableUpdate(table, None, [], [], 0, None, None)


class AhoiPaint:
    """Ahoi steps (``ahoi.replay.AhoiStep``: the seat's view then) with the Ahoi table's presenter."""

    hand_word: ClassVar[str] = "r"
    title_key: ClassVar[str] = "replay.title_round"
    jump_key: ClassVar[str] = "replay.jump_round"

    def __init__(self, names: Sequence[str], seat: int, header: dict) -> None:
        self.names = list(names)
        self.seat = seat
        self.update = finished_table(names)

    def compose(self) -> ComposeResult:
        yield Static(id="replay-layouts")
        yield Static(id="replay-piles")
        yield Static(id="replay-mine")

    def paint(self, screen: Any, step: ReplayStep, app: AppServices, fix: Any) -> None:
        """Every layout, the piles and status, the seat's own layout; this step's peeks face up."""
        look, view = look_of(app), step.picture.view
        flashes = {(f.owner, f.position): f.value
                   for f in flashes_after([], step.picture.events, self.seat, float("inf"))}
        screen.query_one("#replay-layouts", Static).update(layouts_text(self.update, view, look, flashes, None))
        piles = piles_text(view, look)
        status = status_text(self.update, view, look)
        if status.plain:
            piles.append(fix("   "))
            piles.append_text(status)
        screen.query_one("#replay-piles", Static).update(piles)
        screen.query_one("#replay-mine", Static).update(mine_text(view, look, flashes, AhoiSelection()))
        screen.query_one("#replay-state").border_title = fix(app.t("replay.layout"))

    def say(self, step: ReplayStep, app: AppServices) -> str:
        """This step's log lines (``ahoi_narrate``), or the header's and a result line's own words."""
        d = step.line
        if "format" in d:
            return app.t("replay.start_ahoi", players=", ".join(self.names))
        if d.get("result") == "round":
            scores = ", ".join(f"{n} +{s}" for n, s in zip(self.names, d.get("scores", [])))
            return app.t("replay.round_over", n=d.get("round"), scores=scores)
        return " · ".join(t.plain for t in narrate(step.picture.events, self.names, self.seat, app.lang, False))

    def report(self, step: ReplayStep, app: AppServices, fix: Any) -> tuple[str, Text] | None:
        """Ahoi's round end shows in the layouts themselves (every card face up, AH11)."""
        return None

"""„Two cards“' UI plug-in (``tests/games/toy.py``): what a third game writes on the UI side (issue 26).

The whole table screen, on the table-screen kit: the kit does the seat keys
(ready, add a bot, start, leave, autopilot), the decision clock, chat, the
updates queued until the layout exists and sending each action with the
update's version; the screen draws the seat's own two cards, the totals and
the keys to play them (``k`` keep, ``1``/``2`` swap that card for the top
of the draw pile, T2). It shows only the seat's ``ToyView``, so no other
seat's card reaches the screen (T1).

It imports only the table-screen kit, ``ui.game_ui`` and its own engine, as a
game's package ``ahoy_tui/ui/games/NAME/`` would; ``test_game_plugin.py``
registers it in ``ui.game_uis.GAME_UIS`` with one line.
"""

from __future__ import annotations

from typing import Any, Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ahoy_tui.ui.game_ui import GameUI
from ahoy_tui.ui.table_kit.crew import SEAT_BOT_BINDINGS, TALK_BINDINGS, WAITING_BINDINGS
from ahoy_tui.ui.table_kit.screen import TableScreenBase
from ahoy_tui.ui.table_kit.seats import crew_keys
from tests.games.toy import Keep, Swap, ToyPhase


def cards_text(hand: Sequence[int]) -> str:
    """A seat's cards as the screen shows them: ``[3] [7]``."""
    return " ".join(f"[{v}]" for v in hand)


class _NoCursor:
    """Two cards has no card cursor: the kit's number, move, mark and Esc keys do nothing."""

    def number(self, n: int) -> None: ...

    def move(self, delta: int) -> None: ...

    def mark(self) -> None: ...

    def back(self) -> None: ...


class ToyTableScreen(TableScreenBase):
    """The table of „Two cards“: one board panel (own cards, totals, keys), the kit's log and chat."""

    GAME = "toy"
    GAME_ACTIONS = frozenset({"keep", "swap", "ready", "add_bot", "start", "remove_seat", "autopilot",
                              "seat_to_bot"})
    BINDINGS = [Binding("k", "keep", "Keep"), Binding("1", "swap(1)", "Swap 1"), Binding("2", "swap(2)", "Swap 2"),
                *WAITING_BINDINGS, *TALK_BINDINGS, *SEAT_BOT_BINDINGS]

    def __init__(self, table_id: str) -> None:
        super().__init__(table_id)
        self.keys = _NoCursor()

    def compose_table(self) -> ComposeResult:
        with Horizontal(id="toy"):
            yield Static(id="toy-board")
            with Vertical(id="right"):
                yield from self.compose_side()

    def take_update(self, update: Any, received: float) -> None:
        self.state.update = update
        self.redraw()

    def redraw(self) -> None:
        view = self.state.view
        if view is None:
            board = "waiting for the start"
        else:
            lines = [f"totals {' '.join(map(str, view.totals))}"]
            if view.hand:
                lines.insert(0, f"your cards {cards_text(view.hand)}")
            if self.state.legal:
                lines.append("your turn: k keep, 1 or 2 swap that card")
            elif view.phase is ToyPhase.GAME_OVER:
                lines.append("game over")
            board = "\n".join(lines)
        self.query_one("#toy-board", Static).update(board)
        self.refresh_bindings()

    def usable_keys(self) -> frozenset[str]:
        play = {"keep", "swap"} if self.state.legal else set()
        return crew_keys(self.state.update, self.look().me) | play

    def action_keep(self) -> None:
        self.send(Keep())

    def action_swap(self, position: int) -> None:
        self.send(Swap(position))


UI = GameUI(name="toy", table_screen=f"{__name__}:ToyTableScreen", replay_paint="", rules_text="plain.rules")
"""The plug-in: its table screen (no replay painter, the default game's rules text)."""

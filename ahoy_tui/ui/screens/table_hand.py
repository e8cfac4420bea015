"""The hand's card cursor and marks: arrow keys, Space, number keys and clicks on cards.

A mixin of :class:`ahoy_tui.ui.screens.table.TableScreen`; it moves the
screen's ``cursor`` and ``marked`` within ``view.hand`` as the prompt's
``hand_mode`` allows (``lay_down`` marks up to ``lay_k`` cards; other modes
pick one, and a second click on the picked card confirms it).
"""

from __future__ import annotations

from typing import Any, Callable

from ahoy_tui.ui.prompts import Prompt
from ahoy_tui.ui.widgets.hand_view import HandView


class HandCursor:
    """Cursor and marks on your hand; redraws only the hand."""

    view: Any
    prompt: Prompt
    cursor: int | None
    marked: frozenset[int]
    _draw_hand: Callable[[], None]
    _confirm_hand: Callable[[], None]

    def on_hand_view_card_clicked(self, event: HandView.CardClicked) -> None:
        event.stop()
        self._choose_card(event.index, from_click=True)

    def _choose_card(self, index: int, from_click: bool = False) -> None:
        mode = self.prompt.hand_mode
        view = self.view
        if mode is None or view is None or not 0 <= index < len(view.hand):
            return
        if mode == "lay_down":
            self.marked = self.marked ^ {index} if (index in self.marked or len(self.marked) < self.prompt.lay_k) \
                else self.marked
            self.cursor = index
        else:
            if from_click and self.cursor == index:
                self.cursor = index
                self._draw_hand()
                self._confirm_hand()
                return
            self.cursor = index
        self._draw_hand()

    def action_move(self, delta: int) -> None:
        view = self.view
        if view is None or not view.hand:
            return
        start = -1 if self.cursor is None and delta > 0 else (len(view.hand) if self.cursor is None else self.cursor)
        self.cursor = (start + delta) % len(view.hand)
        self._draw_hand()

    def action_mark(self) -> None:
        if self.cursor is not None:
            self._choose_card(self.cursor)

"""The table's game keys: prompt options by key, click or button, and the card cursor and marks.

Every option comes from the prompt the presenter built from ``update.legal``
(see ``ui.games.ahoy.prompts``); a chosen option becomes one engine action sent with
``send``, or a UI step (open the composer, choose a HANDS UP! target,
confirm the hand selection). The card cursor and marks move within
``view.hand`` as the prompt's ``hand_mode`` allows (``lay_down`` marks up to
``lay_k`` cards; other modes pick one, and a second click on the picked
card confirms it).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ahoy_tui.games.ahoy.actions import Offer
from ahoy_tui.ui.games.ahoy import prompts
from ahoy_tui.ui.services import AppServices
from ahoy_tui.ui.games.ahoy.prompts import Option
from ahoy_tui.ui.games.ahoy.dialogs import TableDialogs
from ahoy_tui.ui.games.ahoy.state import AhoyTableState


class PlayKeys:
    """Draw, offer, HANDS UP!, AHOY!, accept, decline, step in, pass, confirm, 1-8, arrows, Space.

    Args:
        state: The table screen's state (the keys move its selection).
        app: The session's app (``notify``, ``t``).
        send: Sends an engine action with the update's version.
        redraw: Presents and paints the whole table again (the prompt changed).
        redraw_hand: Presents and paints only the hand (the selection changed).
        dialogs: Opens the offer composer.
        rematch: Asks for a rematch (``r`` after the game).
    """

    def __init__(self, state: AhoyTableState, app: AppServices, send: Callable[[Any], None], redraw: Callable[[], None],
                 redraw_hand: Callable[[], None], dialogs: TableDialogs, rematch: Callable[[], None]) -> None:
        self.state = state
        self.app = app
        self.send = send
        self.redraw = redraw
        self.redraw_hand = redraw_hand
        self.dialogs = dialogs
        self.rematch = rematch

    def option(self, key: str) -> Option | None:
        """The prompt's option for ``key``, if it offers one."""
        return next((o for o in self.state.prompt.options if o.key == key), None)

    def _sub(self, sub: str | None) -> None:
        self.state.selection = replace(self.state.selection, sub=sub)

    def run(self, opt: Option) -> None:
        """Do what ``opt`` stands for (send its action, or take its UI step)."""
        if opt.action is not None:
            self._sub(None)
            self.send(opt.action)
        elif opt.command == "offer":
            self.dialogs.offer(self._offered)
        elif opt.command == "hands_up":
            self._sub("hands_up")
            self.redraw()
        elif opt.command == "back":
            self._sub(None)
            self.redraw()
        elif opt.command == "confirm":
            self.confirm_hand()
        elif opt.command == "rematch":
            self.rematch()

    def key(self, key: str) -> None:
        """A game key: run the prompt's option for it, if any."""
        opt = self.option(key)
        if opt is not None:
            self.run(opt)

    def number(self, n: int) -> None:
        """``1``-``8``: the prompt's numbered option, else the hand's ``n``-th card."""
        opt = self.option(str(n))
        if opt is not None:
            self.run(opt)
        elif self.state.prompt.hand_mode is not None:
            self.choose_card(n - 1)

    def back(self) -> None:
        """Leave the HANDS UP! sub-prompt (Esc)."""
        if self.state.selection.sub is not None:
            self._sub(None)
            self.redraw()

    def confirm_hand(self) -> None:
        """Send the hand selection (discard, exchange, lay down), or say what is missing."""
        view, prompt, sel = self.state.view, self.state.prompt, self.state.selection
        if view is None:
            return
        action = prompts.hand_action(prompt, view.hand, sel.cursor, sorted(sel.marked), self.state.legal)
        if action is None:
            if prompt.hand_mode == "lay_down":
                self.app.notify(self.app.t("p.mark_more", k=prompt.lay_k), timeout=2)
            elif prompt.hand_mode is not None:
                self.app.notify(self.app.t("p.pick_first"), timeout=2)
            return
        self.send(action)

    def _offered(self, result: tuple[int, int] | None) -> None:
        if result is None:
            return
        action = Offer(*result)
        if any(a.KIND == "offer" for a in self.state.legal):
            self.send(action)

    # -- the card cursor and marks ---------------------------------------------------------
    def choose_card(self, index: int, from_click: bool = False) -> None:
        """Pick (or, laying down, mark) card ``index``; a second click on the picked card confirms it."""
        state = self.state
        mode, view, sel = state.prompt.hand_mode, state.view, state.selection
        if mode is None or view is None or not 0 <= index < len(view.hand):
            return
        if mode == "lay_down":
            marked = sel.marked ^ {index} if (index in sel.marked or len(sel.marked) < state.prompt.lay_k) \
                else sel.marked
            state.selection = replace(sel, cursor=index, marked=marked)
        else:
            state.selection = replace(sel, cursor=index)
            if from_click and sel.cursor == index:
                self.redraw_hand()
                self.confirm_hand()
                return
        self.redraw_hand()

    def move(self, delta: int) -> None:
        """Arrow keys: the cursor to the next or previous card (wrapping)."""
        view, sel = self.state.view, self.state.selection
        if view is None or not view.hand:
            return
        start = -1 if sel.cursor is None and delta > 0 else (len(view.hand) if sel.cursor is None else sel.cursor)
        self.state.selection = replace(sel, cursor=(start + delta) % len(view.hand))
        self.redraw_hand()

    def mark(self) -> None:
        """Space: mark (or pick) the card under the cursor."""
        if self.state.selection.cursor is not None:
            self.choose_card(self.state.selection.cursor)

"""The table's game decisions: prompt options by key, click or button turned into engine actions.

A mixin of :class:`ahoy_tui.ui.screens.table.TableScreen`; it runs the
options of the screen's ``prompt`` (built from ``update.legal``, see
``ui.prompts``) and sends the chosen action with ``send``.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable

from textual.widgets import Input

from ahoy_tui.game.actions import Offer
from ahoy_tui.ui import prompts
from ahoy_tui.ui.prompts import Option, Prompt
from ahoy_tui.ui.widgets.prompt_bar import PromptBar

GAME_KEYS = {"draw": "d", "offer": "o", "hands_up": "u", "ahoy": "a", "accept": "y", "decline": "n",
             "step_in": "i", "pass": "p", "confirm": "enter", "rematch": "r"}
"""Game action name to the prompt option key it runs (``check_action`` asks the prompt for that key)."""


class PlayActions:
    """The game keys (draw, offer, HANDS UP!, AHOY!, accept, decline, step in, pass, confirm, 1-8, Esc, rematch)."""

    view: Any
    legal: list[Any]
    names: list[str]
    app: Any
    app_: Any
    prompt: Prompt
    sub: str | None
    cursor: int | None
    marked: frozenset[int]
    focused: Any
    set_focus: Any
    send: Callable[[Any], None]
    refresh_texts: Callable[[], None]
    _choose_card: Callable[..., None]
    action_rematch: Callable[[], Awaitable[None]]

    def _option(self, key: str) -> Option | None:
        return next((o for o in self.prompt.options if o.key == key), None)

    def _run_option(self, opt: Option) -> None:
        if opt.action is not None:
            self.sub = None
            self.send(opt.action)
        elif opt.command == "offer":
            self._open_offer()
        elif opt.command == "hands_up":
            self.sub = "hands_up"
            self.refresh_texts()
        elif opt.command == "back":
            self.sub = None
            self.refresh_texts()
        elif opt.command == "confirm":
            self._confirm_hand()
        elif opt.command == "rematch":
            self.run_worker(self.action_rematch())

    def _confirm_hand(self) -> None:
        view = self.view
        if view is None:
            return
        action = prompts.hand_action(self.prompt, view.hand, self.cursor, sorted(self.marked), self.legal)
        if action is None:
            if self.prompt.hand_mode == "lay_down":
                self.app.notify(self.app_.t("p.mark_more", k=self.prompt.lay_k), timeout=2)
            elif self.prompt.hand_mode is not None:
                self.app.notify(self.app_.t("p.pick_first"), timeout=2)
            return
        self.send(action)

    def _open_offer(self) -> None:
        from ahoy_tui.ui.screens.offer import OfferScreen

        view = self.view
        if view is None or view.seat is None:
            return
        other = (view.seat + 1) % view.players
        needed, give = prompts.offer_hint(view.hand, view.ace_low, view.discard, prompts.copies_of(view.players))
        self.app.push_screen(OfferScreen(self.names[view.seat], self.names[other], None, give, needed), self._offered)

    def close_stale_offer(self) -> None:
        """Close the offer composer once an offer is no longer this seat's move.

        The clock can run out while it is open (the autopilot offers instead,
        and says so in a toast), or the hand can end: its Offer button would do
        nothing, and it would hide the table that has moved on.
        """
        from ahoy_tui.ui.screens.offer import OfferScreen

        screen = self.app.screen
        if isinstance(screen, OfferScreen) and not any(a.KIND == "offer" for a in self.legal):
            screen.dismiss(None)

    def _offered(self, result: tuple[int, int] | None) -> None:
        if result is None:
            return
        action = Offer(*result)
        if any(a.KIND == "offer" for a in self.legal):
            self.send(action)

    def on_prompt_bar_chosen(self, event: PromptBar.Chosen) -> None:
        event.stop()
        self._run_option(event.option)

    def action_draw(self) -> None:
        self._key("d")

    def action_offer(self) -> None:
        self._key("o")

    def action_hands_up(self) -> None:
        self._key("u")

    def action_ahoy(self) -> None:
        self._key("a")

    def action_accept(self) -> None:
        self._key("y")

    def action_decline(self) -> None:
        self._key("n")

    def action_step_in(self) -> None:
        self._key("i")

    def action_pass(self) -> None:
        self._key("p")

    def action_confirm(self) -> None:
        self._key("enter")

    def _key(self, key: str) -> None:
        opt = self._option(key)
        if opt is not None:
            self._run_option(opt)

    def action_number(self, n: int) -> None:
        opt = self._option(str(n))
        if opt is not None:
            self._run_option(opt)
        elif self.prompt.hand_mode is not None:
            self._choose_card(n - 1)

    def action_back(self) -> None:
        focused = self.focused
        if focused is not None:
            self.set_focus(None)
            if isinstance(focused, Input):
                return  # Esc leaves the chat line first
        if self.sub is not None:
            self.sub = None
            self.refresh_texts()

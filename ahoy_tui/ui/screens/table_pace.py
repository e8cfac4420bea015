"""The table's pacing aids: "always pass on step-in", the autopilot warning and first-game hints.

A mixin of :class:`ahoy_tui.ui.screens.table.TableScreen`; it uses the
screen's ``update``, ``table_id`` and ``app_``. The preferences live on the
app (``AhoyApp.auto_pass``, ``AhoyApp.hints``; stored by ``ui.prefs``); the
lobby answers the step-in windows (``lobby.set_auto_pass``, R9.2), the UI
only tells it the player's choice.
"""

from __future__ import annotations

import time
from typing import Any

from textual.binding import Binding

from ahoy_tui.ui import hints, prompts, textual_private
from ahoy_tui.ui.text import asciify
from ahoy_tui.ui.widgets.countdown import Countdown

PACE_BINDINGS = [
    Binding("P", "auto_pass", "Always pass", show=False),
    Binding("I", "toggle_hints", "Hints", show=False),
]
PACE_ACTIONS = {"auto_pass", "toggle_hints"}

HINT_SECONDS = 12
"""How long a hint toast stays (a click closes it sooner; ``I`` closes it and stops hints)."""


class PaceActions:
    """Keys ``P`` (always pass on step-in) and ``I`` (hints on/off); the clock warning; hints."""

    update: Any
    table_id: str
    _auto_pass_told: tuple[str, int] | None = None
    _hint_at: float = float("-inf")

    # -- always pass on step-in ------------------------------------------------------
    async def action_auto_pass(self) -> None:
        """Turn "always pass on step-in" on or off (a preference of this identity)."""
        app = self.app_  # type: ignore[attr-defined]
        app.auto_pass = not app.auto_pass
        app.save_prefs()
        if self.update is not None and self.update.seat is not None:
            self._auto_pass_told = (self.table_id, self.update.seat)
            await app.ask(app.lobby.set_auto_pass, self.table_id, app.auto_pass)
        app.notify(app.t("autopass.on" if app.auto_pass else "autopass.off"), timeout=4)
        self.refresh_texts()  # type: ignore[attr-defined]

    def tell_auto_pass(self) -> None:
        """Once per seat taken: tell the lobby this player always passes on step-in (if they chose so)."""
        app = self.app_  # type: ignore[attr-defined]
        u = self.update
        if u is None or u.seat is None or not app.auto_pass:
            return
        if self._auto_pass_told == (self.table_id, u.seat):
            return
        self._auto_pass_told = (self.table_id, u.seat)
        app.call_later(app.ask, app.lobby.set_auto_pass, self.table_id, True)

    # -- the autopilot warning ---------------------------------------------------------
    def clock_is_mine(self) -> bool:
        """The running clock is this player's own decision, not yet on the autopilot (R17)."""
        u = self.update
        view = None if u is None else u.view
        if u is None or view is None or u.seat is None or view.seat is None or u.remaining is None:
            return False
        seats = u.table.seats
        if u.seat < len(seats) and seats[u.seat].autopilot:
            return False
        return view.seat in tuple(u.waiting_for or ())

    def on_countdown_running_out(self, event: Countdown.RunningOut) -> None:
        event.stop()
        if not self.clock_is_mine():
            return
        app = self.app_  # type: ignore[attr-defined]
        app.bell()
        if self.warned_since_move:  # type: ignore[attr-defined]
            return  # someone away is warned once, not a toast over the chat for every decision
        self.warned_since_move = True
        app.notify(app.t("autowarn", n=event.seconds), severity="warning", timeout=event.seconds)

    # -- first-game hints -------------------------------------------------------------------
    def action_toggle_hints(self) -> None:
        """Hints off (closing the hint on screen), or on again."""
        app = self.app_  # type: ignore[attr-defined]
        app.hints = not app.hints
        app.save_prefs()
        if not app.hints:
            self.hide_hints()
        app.notify(app.t("hints.on" if app.hints else "hints.off"), timeout=3)
        if app.hints:
            self.show_hints()

    def _hint_on_screen(self, title: str) -> bool:
        """A hint toast is up, or was just asked for (a toast is listed only once its message is handled)."""
        app = self.app_  # type: ignore[attr-defined]
        since = time.monotonic() - self._hint_at
        if since >= HINT_SECONDS:
            return False
        return since < 1.0 or any(n.title in (title, asciify(title)) for n in textual_private.notifications(app))

    def on_screen_suspend(self) -> None:
        """A dialog opens over the table: its hints go, so none covers the dialog at 80x24."""
        self.hide_hints()

    def hide_hints(self) -> None:
        """Remove the hint toasts on screen (other toasts stay).

        Textual has no public call that removes one toast
        (:func:`ahoy_tui.ui.textual_private.unnotify`).
        """
        app = self.app_  # type: ignore[attr-defined]
        titles = {app.t("hint.title"), asciify(app.t("hint.title"))}
        self._hint_at = float("-inf")
        for note in [n for n in textual_private.notifications(app) if n.title in titles]:
            textual_private.unnotify(app, note, refresh=False)
        textual_private.refresh_notifications(app)

    def show_hints(self) -> None:
        """Show each hint this update calls for that this session has not shown yet.

        One at a time, and not while a dialog is open over the table: a hint
        not shown waits for its situation to come again, with the table in view.
        """
        app = self.app_  # type: ignore[attr-defined]
        u = self.update
        if not app.hints or u is None or u.view is None or app.screen is not self:
            return
        title = app.t("hint.title")
        if self._hint_on_screen(title):
            return  # one hint at a time: two stacked toasts would cover the prompt at 80x24
        view = u.view
        star = bool(prompts.treasure_hint(tuple(view.hand), bool(view.ace_low)))
        key = next((k for k in hints.due(u, star) if k not in app.hints_shown), None)
        if key is None:
            return
        app.hints_shown.add(key)
        self._hint_at = time.monotonic()
        app.notify(app.t(f"hint.{key}"), title=asciify(title) if app.ascii_only else title,
                   timeout=HINT_SECONDS)

"""The table's pacing aids: "always pass on step-in", the autopilot warning and first-game hints.

The preferences live on the app (``AhoyApp.auto_pass``, ``AhoyApp.hints``;
stored by ``ui.prefs``); the lobby answers the step-in windows
(``lobby.set_auto_pass``, R9.2), the UI only tells it the player's choice.
"""

from __future__ import annotations

import time
from typing import Callable

from textual.binding import Binding

from ahoy_tui.hosting import textual_private
from ahoy_tui.ui.games.ahoy import hints
from ahoy_tui.ui.games.ahoy import prompts
from ahoy_tui.ui.games.ahoy.state import AhoyTableState
from ahoy_tui.ui.services import AppServices
from ahoy_tui.ui.table_kit.seats import clock_is_mine
from ahoy_tui.ui.text import asciify

PACE_BINDINGS = [
    Binding("P", "auto_pass", "Always pass", show=False),
    Binding("I", "toggle_hints", "Hints", show=False),
]

HINT_SECONDS = 12
"""How long a hint toast stays (a click closes it sooner; ``I`` closes it and stops hints)."""


class Pacing:
    """Keys ``P`` (always pass on step-in) and ``I`` (hints on/off); the clock warning; hints.

    Args:
        state: The table screen's state (read only).
        app: The session's app (preferences, ``ask``, ``notify``, ``bell``).
        redraw: Presents and paints the table again (the title shows the always-pass tag).
        on_table: The table screen is the screen in front (no hint over a dialog).
        bell: Rings the bell unless turn alerts are off or the player types in the chat
            (``table_kit.alerts.TableAlerts.ring``; default: ``app.bell``).
    """

    def __init__(self, state: AhoyTableState, app: AppServices, redraw: Callable[[], None],
                 on_table: Callable[[], bool], bell: Callable[[], None] | None = None) -> None:
        self.state = state
        self.app = app
        self.bell = bell or app.bell
        self.redraw = redraw
        self.on_table = on_table
        self.warned_since_move = False
        """The autopilot-warning toast was shown since this seat last acted (one per stretch away)."""
        self._auto_pass_told: tuple[str, int] | None = None
        self._warning: str | None = None
        """The autopilot warning's text while its toast may be up."""
        self._hint_at = float("-inf")

    # -- always pass on step-in ------------------------------------------------------
    async def toggle_auto_pass(self) -> None:
        """Turn "always pass on step-in" on or off (a preference of this identity)."""
        app, u, table_id = self.app, self.state.update, self.state.table_id
        app.auto_pass = not app.auto_pass
        app.save_prefs()
        if u is not None and u.seat is not None:
            self._auto_pass_told = (table_id, u.seat)
            await app.ask(app.lobby.set_auto_pass, table_id, app.auto_pass)
        app.notify(app.t("autopass.on" if app.auto_pass else "autopass.off"), timeout=4)
        self.redraw()

    def tell_auto_pass(self) -> None:
        """Once per seat taken: tell the lobby this player always passes on step-in (if they chose so)."""
        app, u, table_id = self.app, self.state.update, self.state.table_id
        if u is None or u.seat is None or not app.auto_pass:
            return
        if self._auto_pass_told == (table_id, u.seat):
            return
        self._auto_pass_told = (table_id, u.seat)
        app.call_later(app.ask, app.lobby.set_auto_pass, table_id, True)

    # -- the autopilot warning ---------------------------------------------------------
    def running_out(self, seconds: int) -> None:
        """The clock has ``seconds`` left: ring, and once per stretch away warn of the autopilot (R17)."""
        if not clock_is_mine(self.state.update):
            return
        app = self.app
        self.bell()
        if self.warned_since_move:
            return  # someone away is warned once, not a toast over the chat for every decision
        self.warned_since_move = True
        self._warning = app.t("autowarn", n=seconds)
        app.notify(self._warning, severity="warning", timeout=seconds)

    def drop_stale_warning(self) -> None:
        """Take the autopilot warning down once it no longer holds: the clock is not this player's any more
        (they moved, the autopilot did, or the hand ended). Called on every update; a no-op without a warning."""
        if self._warning is not None and not clock_is_mine(self.state.update):
            self.hide_warning()

    def hide_warning(self) -> None:
        """Take the autopilot warning down (the player left the table, or was sent to the lobby)."""
        app, text = self.app, self._warning
        self._warning = None
        notes = [n for n in textual_private.notifications(app) if text is not None and n.message == text]
        for note in notes:
            textual_private.unnotify(app, note, refresh=False)
        if notes:
            textual_private.refresh_notifications(app)

    # -- first-game hints -------------------------------------------------------------------
    def toggle_hints(self) -> None:
        """Hints off (closing the hint on screen), or on again."""
        app = self.app
        app.hints = not app.hints
        app.save_prefs()
        if not app.hints:
            self.hide_hints()
        app.notify(app.t("hints.on" if app.hints else "hints.off"), timeout=3)
        if app.hints:
            self.show_hints()

    def _hint_on_screen(self, title: str) -> bool:
        """A hint toast is up, or was just asked for (a toast is listed only once its message is handled)."""
        since = time.monotonic() - self._hint_at
        if since >= HINT_SECONDS:
            return False
        return since < 1.0 or any(n.title in (title, asciify(title)) for n in textual_private.notifications(self.app))

    def hide_hints(self) -> None:
        """Remove the hint toasts on screen (other toasts stay).

        Textual has no public call that removes one toast
        (:func:`ahoy_tui.hosting.textual_private.unnotify`).
        """
        app = self.app
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
        app, u = self.app, self.state.update
        if not app.hints or u is None or u.view is None or not self.on_table():
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
        app.save_prefs()  # once per identity, also after a reconnect or a restart (issue 24.13)
        self._hint_at = time.monotonic()
        app.notify(app.t(f"hint.{key}"), title=asciify(title) if app.ascii_only else title,
                   timeout=HINT_SECONDS)

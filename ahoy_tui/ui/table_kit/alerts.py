"""When a table alerts its player (issue 28.3): your turn, an offer to you, 10 s left on your clock.

The same for every game: the kit's table screen hands each ``TableUpdate``
to :meth:`TableAlerts.take` (after the game's screen took it) and its own
clock's :class:`~ahoy_tui.ui.widgets.countdown.Countdown.ClockAlert` to
:meth:`TableAlerts.clock`; the game only says what kind of decision it is
(``TableScreenBase.alert_for``: AHOY!! V2 names the offerer of an offer to
you; no alert for a step-in window the lobby passes for you).

* **Once per event**: an alert fires when the table *starts* waiting for
  this player (``seats.decision_is_mine`` turns true), not on every update
  or redraw while it waits; the clock alert once per clock (``Countdown``).
* **Never while typing in the chat** (the chat box's input has the focus):
  nothing is sent then, the alert is held; when the chat input loses the
  focus and the table still waits for the player, it is sent then (bell and
  title), so a player who chatted does not miss the turn.
* When the table no longer waits for the player, the title goes back
  (``TerminalAlerts.clear``); also when the table screen goes.

Cost: one ``decision_is_mine`` test per update (a tuple look-up); nothing
else runs and no timer exists unless an alert fires. What is sent, and to
which terminals, is :mod:`ahoy_tui.ui.terminal_alerts`.

Hidden information (R18): the texts name a kind of event and at most the
offerer's name, never a card: a desktop notification may be read by anyone
near the screen and kept by the notification centre.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.widgets import Input

from ahoy_tui.ui.services import services
from ahoy_tui.ui.table_kit.seats import clock_is_mine, decision_is_mine
from ahoy_tui.ui.terminal_alerts import TerminalAlerts
from ahoy_tui.ui.text import asciify, clean
from ahoy_tui.ui.widgets.chat_box import ChatBox


@dataclass(frozen=True, slots=True)
class Alert:
    """One reason to alert the player.

    Attributes:
        kind: ``"turn"`` (the table waits for you), ``"offer"`` (an offer names you) or
            ``"clock"`` (your clock has ``seconds`` left).
        who: The offerer's name (``"offer"``).
        seconds: Seconds left (``"clock"``).
    """

    kind: str = "turn"
    who: str = ""
    seconds: int = 0


class TableAlerts:
    """The turn alerts of one table screen.

    Args:
        screen: The table screen (a ``TableScreenBase``: its ``state``, ``alert_for``, the app).
    """

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.mine = False
        """The table waits for this player (as of the last update)."""
        self.held: Alert | None = None
        """An alert that came while the player typed in the chat, sent when they leave it."""

    # -- events ------------------------------------------------------------------------------------
    def take(self, update: Any) -> None:
        """A new update: alert if the table starts waiting for this player; the title goes back once it stops."""
        mine = decision_is_mine(update)
        if mine == self.mine:
            return
        self.mine = mine
        if not mine:
            self.held = None
            self._clear()
            return
        alert = self.screen.alert_for(update)
        if alert is not None:
            self.fire(alert)

    def clock(self, seconds: int) -> None:
        """The own clock reached ``seconds`` left (``Countdown.ClockAlert``)."""
        if clock_is_mine(self.screen.state.update):
            self.fire(Alert("clock", seconds=seconds))

    def chat_left(self) -> None:
        """The chat input lost the focus: send the alert held meanwhile if the table still waits for the player."""
        held, self.held = self.held, None
        if held is not None and self.mine and not self.typing():
            self.fire(held)

    def gone(self) -> None:
        """The table screen goes: the title goes back."""
        self.held = None
        if self.mine:
            self.mine = False
            self._clear()

    # -- sending -------------------------------------------------------------------------------------
    def _terminal(self) -> TerminalAlerts:
        """The app's ``TerminalAlerts``."""
        return services(self.screen).turn_alerts

    def _clear(self) -> None:
        self._terminal().clear()

    def typing(self) -> bool:
        """The player is typing in the table chat (its input has the focus)."""
        focused = self.screen.app.focused
        return isinstance(focused, Input) and any(isinstance(node, ChatBox) for node in focused.ancestors)

    def fire(self, alert: Alert) -> None:
        """Send ``alert`` now, or hold it while the player types in the chat."""
        alerts = self._terminal()
        if alerts.mode == "off":
            return
        if self.typing():
            self.held = alert
            return
        title, notice, body = self.texts(alert)
        alerts.send(title, notice, body)

    def ring(self) -> None:
        """Only the bell (the autopilot warning, R17), unless alerts are off or the player types in the chat."""
        if self._terminal().mode != "off" and not self.typing():
            services(self.screen).bell()

    def texts(self, alert: Alert) -> tuple[str, str, str]:
        """The window title, the notification's title and its body for ``alert`` (in ASCII on an ASCII terminal)."""
        app = services(self.screen)
        t = app.t
        if alert.kind == "offer":
            body = t("alert.offer", name=clean(alert.who, 16))
        elif alert.kind == "clock":
            body = t("alert.clock", n=alert.seconds)
        else:
            body = t("alert.turn")
        title = t("alert.title")
        update = self.screen.state.update
        table = clean(update.table.name if update is not None else "", 24)
        notice = f"{title} · {table}" if table else title
        if app.ascii_only or not app.session.utf8:
            title, notice, body = asciify(title), asciify(notice), asciify(body)
        return title, notice, body

"""Keeps the table in sight from every dialog opened over it (issue 24 #5).

A dialog over a table screen (AHOY or Ahoi: log, scores, discards, history,
help, profiles, confirmations, the offer composer ...) would hide whose move
it is and the decision clock: a player reading the log could time out
behind it with nothing telling them (R17). One mechanism, for every dialog
and both games, none of them special cased: the table screen's
:class:`TableWatch` puts a :class:`~ahoy_tui.ui.widgets.turn_strip.TurnStrip`
at the top of each dialog stacked above it (when Textual says the screen
changed, ``App.screen_change_signal``) and shows the table's turn and clock
there after each update (:meth:`TableWatch.sync`, called by the table's
redraw). A dialog that shows live table data says so by being a
:class:`FollowsTable`: its ``follow_table()`` is called on the same redraw
(the whole log, ``e``, adds the new entries).

Costs nothing while no dialog is open: ``sync`` returns at once when the
table screen is in front.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from textual.screen import ModalScreen, Screen

from ahoy_tui.ui.services import services
from ahoy_tui.ui.table_kit.seats import clock_is_mine, decision_is_mine
from ahoy_tui.ui.text import asciify
from ahoy_tui.ui.widgets.turn_strip import TurnStrip


class FollowsTable:
    """A dialog over a table that shows live table data: a base class beside ``ModalScreen``."""

    def follow_table(self) -> None:
        """Show the table as it is now (called on each redraw of the table below, :meth:`TableWatch.sync`)."""
        raise NotImplementedError


class Glance(NamedTuple):
    """What a dialog over the table shows of it: the clock's end (``time.monotonic()``, None: no clock),
    whether it is this player's own clock, and whether the table waits for this player."""

    deadline: float | None
    clock_mine: bool
    mine: bool


def glance_of(update: Any, deadline: float | None) -> Glance:
    """The glance for a ``TableUpdate`` (None before the first) whose clock ends at ``deadline``."""
    if update is None:
        return Glance(None, False, False)
    return Glance(None if update.remaining is None else deadline, clock_is_mine(update), decision_is_mine(update))


class TableWatch:
    """The turn strip on the dialogs above one table screen.

    Args:
        table: The table screen (``AhoyTableScreen`` or ``AhoiTableScreen``).
        glance: What to show now (:func:`glance_of` the table's latest update).
    """

    def __init__(self, table: Screen[Any], glance: Callable[[], Glance]) -> None:
        self.table = table
        self.glance = glance

    def start(self) -> None:
        """Watch the screen stack (call from the table screen's ``on_mount``; Textual drops the
        subscription when the table screen goes)."""
        self.table.app.screen_change_signal.subscribe(self.table, self._screen_changed)

    def _screen_changed(self, _screen: Screen[Any]) -> None:
        self.sync()

    def dialogs(self) -> list[Screen[Any]]:
        """The dialogs stacked above the table screen, lowest first (none while it is in front)."""
        app = self.table.app
        stack = app.screen_stack
        if not stack or stack[-1] is self.table or self.table not in stack:
            return []
        return [s for s in stack[stack.index(self.table) + 1:] if isinstance(s, ModalScreen)]

    def sync(self) -> None:
        """Show the table's turn and clock on every dialog above it, and let live dialogs follow the table."""
        dialogs = self.dialogs()
        if not dialogs:
            return
        app = services(self.table)
        deadline, clock_mine, mine = self.glance()
        alert = app.t("turn.yours") if mine else ""
        if app.ascii_only:
            alert = asciify(alert)
        for screen in dialogs:
            if isinstance(screen, FollowsTable):
                screen.follow_table()
            strips = screen.query(TurnStrip)
            if strips:
                strips.first().show(alert, deadline, mine, clock_mine, app.ascii_only)
            elif screen.is_mounted:
                strip = TurnStrip()
                screen.mount(strip)
                strip.call_after_refresh(self.sync)  # shown once its parts exist, with the state of then
            else:
                screen.call_after_refresh(self.sync)  # not built yet: once it is

"""A key typed at the table just before a report opened by itself does not close it unseen.

The game-over and hand-over reports open when an update ends the game or a
hand, not when the player asks. Under load a key typed while the table was
in front (Enter confirming a card) is handled only after the update that
pushed the report: it used to close the report before the player ever saw
it (CI flake of the whole-game e2e test: bo's Enter for a dirty deal closed
his game-over report). Keys typed once the report is on screen close it as
before.
"""

from __future__ import annotations

from game_end_helpers import game_over
from textual import events
from ui_helpers import at_table, bot_table, make_app, new_lobby, wait_for

from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.lobby import Lobby, Timing
from ahoy_tui.ui.games.ahoy.hand_over import HandOverScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen

SIZE = (80, 24)


def _type_with_the_update(app, when, key: str, character: str | None) -> list[events.Key]:
    """Post ``key`` to ``app`` right behind the first table update for which ``when(update)`` holds.

    The key is made (typed) before that update is handled, as a key typed while the
    table was still in front and delivered after the update (a busy server).
    """
    typed: list[events.Key] = []
    real = app._table_update

    def table_update(update, received):
        if not typed and when(update):
            typed.append(events.Key(key, character))
            app.post_message(typed[0])
        real(update, received)

    app._table_update = table_update
    return typed


def _ends_game(update) -> bool:
    return update.view is not None and update.view.phase is Phase.GAME_OVER


def _ends_hand(update) -> bool:
    return any(e.kind == "hand_over" for e in update.events or ()) and not _ends_game(update)


async def test_enter_typed_as_the_game_ends_leaves_the_game_over_report_open():
    lobby = new_lobby(seed=3)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        typed = _type_with_the_update(app, _ends_game, "enter", "\r")
        tid = bot_table(app, players=3, limit=20)
        await wait_for(pilot, at_table)
        lobby.set_autopilot(app.handle, tid, True)
        await wait_for(pilot, lambda a: bool(typed) and game_over(a), timeout=60)
        for _ in range(5):
            await pilot.pause()
        assert game_over(app), [type(s).__name__ for s in app.screen_stack]  # the Enter did not close it
        await pilot.press("enter")  # pressed on the report: closes it
        await wait_for(pilot, lambda a: not game_over(a))


async def test_a_key_typed_as_a_hand_ends_leaves_the_hand_report_open():
    lobby = Lobby(timing=Timing(bot_delay=(0.0, 0.0), between_hands=600.0), seed=3)  # no next hand to close it
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        typed = _type_with_the_update(app, _ends_hand, "space", " ")
        tid = bot_table(app, players=3, limit=1000)
        await wait_for(pilot, at_table)
        lobby.set_autopilot(app.handle, tid, True)
        await wait_for(pilot, lambda a: bool(typed) and isinstance(a.screen, HandOverScreen), timeout=60)
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, HandOverScreen), [type(s).__name__ for s in app.screen_stack]
        await pilot.press("space")
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen))


class _Report:
    """A stand-in screen whose refresh callbacks run when the test says (``paint``) or never (``lose``)."""

    def __init__(self) -> None:
        self.after_refresh: list = []

    def call_after_refresh(self, callback, *args) -> None:
        self.after_refresh.append((callback, args))

    def paint(self) -> None:
        pending, self.after_refresh = self.after_refresh, []
        for callback, args in pending:
            callback(*args)


def test_a_report_takes_keys_typed_after_its_paint_and_never_stays_deaf():
    """Keys typed before the report's first paint are swallowed, later ones reach it; were the
    paint callback lost, the next key watches again, so one key is lost, not the report."""
    import time

    from ahoy_tui.ui.dialog_keys import TypedBefore

    guard, report, other = TypedBefore(), _Report(), _Report()
    before = time.monotonic()
    guard.opened(report)
    assert guard.swallow(before, report)             # typed before the push
    report.paint()
    assert guard.swallow(before, report)             # still typed before the paint
    assert not guard.swallow(time.monotonic(), report)
    assert not guard.swallow(before, other)          # a screen the guard never saw

    lost = _Report()
    guard.opened(lost)
    lost.after_refresh.clear()                       # the refresh callback went with another screen
    assert guard.swallow(time.monotonic(), lost)     # one key lost ...
    lost.paint()
    assert not guard.swallow(time.monotonic(), lost)  # ... and the report listens again

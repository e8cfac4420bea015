"""The cost counters count each unit of work for the app that did it, and nothing once switched off.

``ahoy_tui.ui.cost`` (issue 25) is what the budgets of
``tests/e2e/test_cost_counters.py`` are asserted on; a counter that stopped
counting (a Textual upgrade, a hook installed the wrong way round) would let
every budget pass. Headless apps here, one or two at a time.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.message_pump import MessagePump
from textual.widgets import Static

from ahoy_tui.ui import cost

from ahoy_tui.hosting import textual_private


class Two(App):
    def compose(self) -> ComposeResult:
        yield Static("one", id="one")
        yield Static("two", id="two")


async def test_each_counter_counts_work_of_its_own_app() -> None:
    with cost.counting():
        busy, quiet = Two(), Two()
        async with busy.run_test(size=(40, 10)) as pilot, quiet.run_test(size=(40, 10)) as quiet_pilot:
            await pilot.pause()
            await quiet_pilot.pause()
            before, quiet_before = cost.counts(busy).copy(), cost.counts(quiet).copy()
            busy.query_one("#one", Static).update("uno")
            busy.set_timer(0.01, lambda: None)
            await pilot.pause(0.05)
            await pilot.resize_terminal(30, 8)
            await pilot.pause()
            spent = cost.counts(busy) - before
            assert spent.frames >= 2 and spent.renders >= 1 and spent.rows >= 1, spent
            assert spent.messages >= 1 and spent.reflows >= 1 and spent.ticks >= 2, spent
            other = cost.counts(quiet) - quiet_before
            assert (other.frames, other.renders, other.rows, other.reflows) == (0, 0, 0, 0), (
                f"the other app drew nothing: {other}")


async def test_frames_of_a_hooked_app_count_and_switching_off_restores_textual() -> None:
    dispatch = MessagePump._dispatch_message
    app = Two()
    textual_private.hook_display(app, lambda display: display)  # as ahoy_tui.hosting.apps does, before counting
    with cost.counting():
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            assert cost.counts(app).frames >= 1
            assert MessagePump._dispatch_message is not dispatch
    assert MessagePump._dispatch_message is dispatch and not cost.enabled()
    figure = cost.counts(app).copy()
    async with Two().run_test(size=(40, 10)) as pilot:
        pilot.app.query_one("#one", Static).update("uno")
        await pilot.pause()
    assert cost.counts(app) == figure

"""Keys at the table and what they answer: leaving asks first, the autopilot key, Enter without a card,
Esc out of a prompt, a key that came too late, refusals read as sentences."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ui_helpers import at_table, bot_table, make_app, new_lobby, wait_for

from ahoy_tui.ui.screens.confirm import ConfirmScreen
from ahoy_tui.ui.games.ahoy.hand_over import HandOverScreen
from ahoy_tui.ui.screens.lobby import LobbyScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen

SIZE = (80, 24)


async def test_leaving_during_play_asks_first_and_the_seat_stays():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=3, limit=500)
        await wait_for(pilot, at_table)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))
        assert app.table_screen is None and tid not in app.lobby.core.tables or \
            lobby.tables[tid].seat_of("user:anna") in (0, None)


@pytest.mark.slow
async def test_autopilot_key_turns_the_autopilot_on_and_off():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=4, limit=1000)
        await wait_for(pilot, at_table)
        table = lobby.tables[tid]
        screen = app.screen
        await pilot.press("z")
        await wait_for(pilot, lambda a: table.seats[0].auto)
        # The autopilot plays on at once and may end the hand, which puts the
        # hand-over report in front; the table screen's key still answers.
        await screen.action_autopilot()
        await wait_for(pilot, lambda a: not table.seats[0].auto)


async def test_hand_over_report_gets_out_of_the_way_when_it_is_your_move():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bot_table(app, players=3, limit=1000)
        await wait_for(pilot, lambda a: at_table(a) and a.screen.view.seat in a.screen.view.waiting_for)
        table = app.screen
        app.push_screen(HandOverScreen(table.names, {"hand": 0, "winner": None}, None, on_chat=table.action_chat))
        await pilot.pause()
        table.dialogs.close_hand_over_for_move()
        await pilot.pause()
        assert app.screen is table


async def test_enter_without_a_card_says_what_to_do():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bot_table(app, players=3, limit=1000)
        await wait_for(pilot, at_table)
        table = app.screen
        table.state.model = replace(table.model, prompt=replace(table.prompt, hand_mode="discard"))
        table.keys.confirm_hand()
        await pilot.pause()
        assert any("Pick a card first" in n.message for n in app._notifications)


# -- footer in step with the prompt (SSH e2e: the key bar lagged one decision behind) --------


async def test_one_esc_leaves_the_hands_up_target_prompt_even_with_the_chat_log_focused():
    """Found by a tester: the first Esc only took the focus off the (focusable) chat log."""
    from textual.widgets import RichLog

    from ahoy_tui.ui.widgets.chat_box import ChatBox

    app = make_app(new_lobby(seed=55))  # seed 55: anna draws into a hand holding a Joker
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bot_table(app, players=4, limit=40)
        await wait_for(pilot, lambda a: at_table(a) and "d" in {o.key for o in a.screen.prompt.options})
        await pilot.press("d")
        await wait_for(pilot, lambda a: "u" in {o.key for o in a.screen.prompt.options})
        table = app.screen
        await pilot.press("u")
        await pilot.pause()
        assert table.state.selection.sub == "hands_up"
        table.set_focus(table.query_one(ChatBox).query_one(RichLog))  # e.g. clicked or tabbed to
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert table.state.selection.sub is None
        assert "u" in {o.key for o in table.prompt.options}  # back at "offer or HANDS UP!"


async def test_a_key_that_arrives_after_the_table_moved_on_says_too_late_in_words():
    """A refused stale action reads as a sentence for a player, not the lobby's version numbers."""
    lobby = new_lobby(5)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=3)
        await wait_for(pilot, at_table)
        assert await app.ask(app.lobby.act, tid, None, -1) is None
        await pilot.pause()
        shown = [n.message for n in app._notifications]
        assert "Too late: the table has moved on. Look again." in shown, shown
        assert not any("version" in m or "stale" in m for m in shown), shown


async def test_a_refused_command_reads_as_a_sentence():
    """The lobby's reasons are lower-case clauses; a player reads them as a sentence."""
    lobby = new_lobby(5)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bo = lobby.connect("user:bo", "bo")
        from ahoy_tui.lobby import TableConfig

        tid = lobby.create_table(bo, TableConfig.make(name="Full", seats=2, clocks="untimed"))
        lobby.add_bot(bo, tid, "baseline")
        assert await app.ask(app.lobby.join, tid) is None
        await pilot.pause()
        assert "The table is full; you can watch it" in [n.message for n in app._notifications]

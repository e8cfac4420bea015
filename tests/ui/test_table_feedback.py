"""Pilot tests for what real play found at the table (issue "What real play found", items 3, 6, 9, 10, 11, 17)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from ui_driver import play_until
from ui_helpers import at_table, bot_table, make_app, new_lobby, screen_text, seated_at_bot_table, wait_for

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.lobby import TableConfig
from ahoy_tui.ui.games.ahoy import prompts
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.screens.help import HelpScreen
from ahoy_tui.ui.games.ahoy.offer import OfferScreen
from ahoy_tui.ui.games.ahoy.widgets.hand_view import HandView
from ahoy_tui.ui.screens.confirm import ConfirmScreen
from ahoy_tui.ui.games.ahoy.hand_over import HandOverScreen
from ahoy_tui.ui.screens.pick_seat import PickSeatScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen

SIZE = (80, 24)


async def test_the_same_toast_refreshes_instead_of_stacking():
    async with seated_at_bot_table(size=SIZE, seed=3, limit=1000) as (app, pilot, lobby, tid):
        table = app.screen
        table.state.model = replace(table.model, prompt=replace(table.prompt, hand_mode="discard"))
        for _ in range(3):
            table.keys.confirm_hand()
            await pilot.pause()
        app.notify("Something else.")
        await pilot.pause()
        shown = [n.message for n in app._notifications]
        assert sum("Pick a card first" in m for m in shown) == 1, shown
        assert "Something else." in shown


def _offer_to_me(app) -> bool:
    s = app.screen
    return isinstance(s, TableScreen) and at_table(app) and {"y", "n"} <= {o.key for o in s.prompt.options}


async def test_leave_dialog_lists_its_keys_and_a_double_tap_on_n_does_not_decline_the_offer():
    async with seated_at_bot_table(size=SIZE, seed=5, limit=1000) as (app, pilot, lobby, tid):
        await play_until(pilot, _offer_to_me)
        table = app.screen
        version = table.update.version
        await pilot.press("q")
        await wait_for(pilot, lambda a: isinstance(a.screen, ConfirmScreen))
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "y Leave" in footer and "n Stay" in footer, footer
        await pilot.press("n", "n")
        await pilot.pause()
        assert app.screen is table and table.update.version == version  # still asked: nothing was declined
        assert _offer_to_me(app)
        await pilot.press("n")  # a third, deliberate n declines
        await wait_for(pilot, lambda a: table.update.version != version)


@pytest.mark.slow
async def test_giving_a_seat_to_a_bot_asks_first_and_the_log_keeps_the_names_of_its_time():
    lobby = new_lobby(5)
    bo = lobby.connect("user:bo", "bo")
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = lobby.create_table(app.handle, TableConfig.make(name="Crew", seats=3, limit=1000, clocks="untimed"))
        app.open_table(tid)
        lobby.join(bo, tid)
        lobby.add_bot(app.handle, tid, "baseline")
        lobby.set_ready(app.handle, tid, True)
        lobby.set_ready(bo, tid, True)
        lobby.start(app.handle, tid)
        await wait_for(pilot, at_table)
        table = app.screen
        # play until the table waits for bo (its log then names bo)
        await play_until(pilot, lambda a: at_table(a) and 1 in a.screen.view.waiting_for
                         and a.screen.view.seat not in a.screen.view.waiting_for)
        before = [line.plain for line in table.narrated()]
        assert any(re.search(r"\bbo\b", line) for line in before), before
        await pilot.press("B")
        await wait_for(pilot, lambda a: isinstance(a.screen, PickSeatScreen))
        await pilot.press("2")
        await wait_for(pilot, lambda a: isinstance(a.screen, ConfirmScreen))
        assert "bo is connected and playing" in screen_text(app)
        await pilot.press("n")
        await wait_for(pilot, lambda a: a.screen is table)
        assert lobby.tables[tid].seats[1].kind == "person"  # "Keep" keeps bo
        await pilot.press("B")
        await wait_for(pilot, lambda a: isinstance(a.screen, PickSeatScreen))
        await pilot.press("2")
        await wait_for(pilot, lambda a: isinstance(a.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda a: lobby.tables[tid].seats[1].kind == "bot" and a.screen is table
                       and table.names[1] != "bo")
        after = [line.plain for line in table.narrated()]
        assert after[:len(before)] == before  # the past still says bo, not the bot's name
        await pilot.press("l")  # the log panel is told again in Spanish: bo still did what bo did
        await pilot.pause()
        log = [line.plain for line in table.narrated()]
        assert log[:len(before)] != before and any(re.search(r"\bbo\b", line) for line in log[:len(before)])
        assert not any(table.names[1] in line for line in log[:len(before)])


async def test_a_newcomer_is_not_shown_an_old_hand_report_as_news():
    from ahoy_tui.games.ahoy.bots import make_bot
    from ahoy_tui.games.ahoy import awaiting

    lobby = new_lobby(5)
    bo = lobby.connect("user:bo", "bo")
    bo.subscribe(lambda message: None)
    tid = lobby.create_table(bo, TableConfig.make(name="Crew", seats=3, limit=1000, clocks="untimed"))
    lobby.add_bot(bo, tid, "baseline")
    lobby.add_bot(bo, tid, "baseline")
    lobby.set_ready(bo, tid, True)
    lobby.start(bo, tid)
    table = lobby.tables[tid]
    pilot_bo = make_bot("baseline", 1)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while table.game.state.hand_no < 2 or 0 not in awaiting(table.game.state):  # bo plays hand 1
            legal = table.game.legal(0)
            ahoy = [x for x in legal if x.KIND == "ahoy"]
            if ahoy or 0 in awaiting(table.game.state):
                lobby.act(bo, tid, ahoy[0] if ahoy else pilot_bo.choose(table.game.view(0), legal), table.version)
            else:
                await pilot.pause()  # between hands: the lobby deals the next one
        lobby.spectate(app.handle, tid)
        app.open_table(tid)
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen) and a.screen.view is not None)
        await pilot.pause()
        assert not any(isinstance(s, HandOverScreen) for s in app.screen_stack)
        await pilot.press("h")  # the last hand is still there when asked for
        await wait_for(pilot, lambda a: isinstance(a.screen, HandOverScreen))


async def test_a_report_left_open_shows_the_next_hand_instead_of_stacking():
    from ahoy_tui.games.kit.events import Event

    async with seated_at_bot_table(size=SIZE, seed=3, limit=1000) as (app, pilot, lobby, tid):
        table = app.screen
        for hand in (101, 102):
            table.dialogs.show_over([Event("hand_over", {"hand": hand, "winner": None})])
            await pilot.pause()
        reports = [s for s in app.screen_stack if isinstance(s, HandOverScreen)]
        assert len(reports) == 1 and reports[0].data["hand"] == 102
        assert "Hand 102 is over" in screen_text(app)


async def test_the_offer_composer_does_not_name_your_target_until_you_choose():
    async with seated_at_bot_table(size=(120, 40), seed=5, limit=1000) as (app, pilot, lobby, tid):
        await play_until(pilot, lambda a: isinstance(a.screen, TableScreen) and at_table(a)
                         and "o" in {o.key for o in a.screen.prompt.options})
        table = app.screen
        view = table.view
        needed, _ = prompts.offer_hint(view.hand, view.ace_low, view.discard, prompts.copies_of(view.players))
        await pilot.press("o")
        await wait_for(pilot, lambda a: isinstance(a.screen, OfferScreen))
        composer = app.screen
        assert composer.want is None and "I want your ?" in composer.preview_text()
        assert composer.query_one("#offer-want").is_blank() and "choose a card" in screen_text(app)
        assert composer.needed == needed and not set(needed) & set(view.discard)
        assert "Only you see this" in screen_text(app)
        await pilot.press("ctrl+s")  # at once: nothing is sent, the table learns nothing
        await pilot.pause()
        assert app.screen is composer and table.view.phase is view.phase
        assert any("Choose the card you want first" in n.message for n in app._notifications)
        # the hint's first card by its code (or, with no treasure in sight, your own claimed card)
        await pilot.press(*C.name(composer.picks[0]).lower())
        await wait_for(pilot, lambda a: composer.want == composer.picks[0])
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda a: a.screen is not composer)


async def test_the_star_is_explained_under_the_hand_and_in_help():
    lobby = new_lobby(5)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bot_table(app, players=3, limit=1000)
        await wait_for(pilot, lambda a: at_table(a) and a.screen.query_one(HandView).highlight)
        assert "★ nearest treasure" in screen_text(app)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda a: isinstance(a.screen, HelpScreen))
        assert "★ under your cards" in app.t("help.body") and "★ bajo tus cartas" in tr("es", "help.body")


async def test_c_in_the_hand_report_goes_to_the_table_chat():
    async with seated_at_bot_table(size=SIZE, seed=3, limit=1000) as (app, pilot, lobby, tid):
        table = app.screen
        app.push_screen(HandOverScreen(table.names, {"hand": 1, "winner": None}, None, on_chat=table.action_chat))
        await wait_for(pilot, lambda a: isinstance(a.screen, HandOverScreen))
        await pilot.press("c", *"hey crew", "enter")
        await wait_for(pilot, lambda a: any(m.text == "hey crew" for m in lobby.tables[tid].chat.messages))
        assert app.screen is table

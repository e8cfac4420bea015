"""Dialogs over the table keep the turn and the clock in sight; the whole log follows the table (issue 24 #5)."""

from __future__ import annotations

from ui_helpers import at_table, bot_table, make_app, new_lobby, screen_text, wait_for

from ahoy_tui.games.ahoy.bots import make_bot
from ahoy_tui.games.ahoy import awaiting
from ahoy_tui.lobby import Lobby, TableConfig, Timing
from ahoy_tui.ui.screens.confirm import ConfirmScreen
from ahoy_tui.ui.screens.log_view import LogScreen
from ahoy_tui.ui.games.ahoy.scores import ScoresScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen
from ahoy_tui.ui.widgets.turn_strip import TurnStrip

SIZE = (80, 24)


def _mine(app) -> bool:
    table = app.table_screen
    u = table.update
    return u is not None and u.view is not None and u.view.seat in tuple(u.waiting_for or ())


async def test_the_log_view_says_it_is_your_move_shows_the_clock_and_follows_the_table():
    lobby = Lobby(timing=Timing(bot_delay=(0.0, 0.0), between_hands=0.0, clock_scale=0.5), seed=3)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        host = lobby.connect("user:bo", "bo")
        tid = lobby.create_table(host, TableConfig.make(name="Fast", seats=2, limit=100, clocks="normal"))
        lobby.join(app.handle, tid)
        app.open_table(tid)
        lobby.set_ready(app.handle, tid, True)
        lobby.start(host, tid)
        await wait_for(pilot, at_table)
        await wait_for(pilot, lambda a: not _mine(a))          # bo (a person, not acting) has the move
        await pilot.press("e")
        await wait_for(pilot, lambda a: isinstance(a.screen, LogScreen))
        logged = len(app.screen.entries)
        assert "Your move" not in screen_text(app)
        table, bo = lobby.tables[tid], make_bot("baseline", 1)
        while 1 not in awaiting(table.game.state):                # bo plays until anna must act
            lobby.act(host, tid, bo.choose(table.game.view(0), table.game.legal(0)), table.version)
        await wait_for(pilot, lambda a: _mine(a) and len(a.screen.entries) > logged)
        await wait_for(pilot, lambda a: "Your move" in screen_text(a))
        top = screen_text(app).splitlines()[0]
        assert "Your move" in top and "⏱" in top                # the alert and the running clock, top row
        assert isinstance(app.screen, LogScreen)
        await pilot.press("escape")
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen))


async def test_every_dialog_over_the_table_gets_the_alert_in_the_players_language():
    app = make_app(new_lobby(seed=5), lang="de")
    async with app.run_test(size=SIZE) as pilot:
        bot_table(app, players=3, limit=100)
        await wait_for(pilot, lambda a: at_table(a) and _mine(a))
        await pilot.press("s")                                   # scores
        await wait_for(pilot, lambda a: isinstance(a.screen, ScoresScreen))
        await wait_for(pilot, lambda a: "Du bist dran" in screen_text(a))
        app.push_screen(ConfirmScreen("?", "?", "ja", "nein"))  # a dialog over the dialog: its own strip
        await wait_for(pilot, lambda a: isinstance(a.screen, ConfirmScreen) and a.screen.query(TurnStrip))
        await wait_for(pilot, lambda a: "Du bist dran" in screen_text(a))


async def test_the_alert_reads_without_colour_in_ascii_mode():
    app = make_app(new_lobby(seed=5), utf8=False)
    async with app.run_test(size=SIZE) as pilot:
        bot_table(app, players=3, limit=100)
        await wait_for(pilot, lambda a: at_table(a) and _mine(a))
        await pilot.press("s")
        await wait_for(pilot, lambda a: "> Your move!" in screen_text(a))
        strip = app.screen.query_one(TurnStrip)
        assert "reverse" in str(strip.query_one("#turn-alert").rich_style) or strip.has_class("-mine")


async def test_the_followed_log_and_the_strip_show_no_card_the_seat_may_not_know():
    """New bytes while a dialog is open (followed log entries, the strip) never name a hidden card (R18)."""
    from test_hidden_info import known_cards, leaked, secret_cards

    lobby = new_lobby(seed=8)
    app = make_app(lobby)
    async with app.run_test(size=(120, 40)) as pilot:
        host = lobby.connect("user:bo", "bo")
        host.subscribe(lambda message: None)
        tid = lobby.create_table(host, TableConfig.make(name="Crew", seats=3, limit=1000, clocks="untimed"))
        lobby.join(app.handle, tid)
        lobby.add_bot(host, tid, "baseline")
        app.open_table(tid)
        lobby.set_ready(app.handle, tid, True)
        lobby.start(host, tid)
        await wait_for(pilot, at_table)
        await pilot.press("e")
        await wait_for(pilot, lambda a: isinstance(a.screen, LogScreen))
        log = app.screen
        table, bo = lobby.tables[tid], make_bot("baseline", 1)
        before = len(log.entries)
        for _ in range(40):                                       # bo plays while anna reads the log
            if 0 not in awaiting(table.game.state) or table.game.state.revealed is not None:
                break
            lobby.act(host, tid, bo.choose(table.game.view(0), table.game.legal(0)), table.version)
            await pilot.pause()
            forbidden = secret_cards(lobby, tid, 1) - known_cards(app.table_screen)
            shown = screen_text(app) + "\n" + "\n".join(e.plain for e in log.entries)
            assert not leaked(shown, forbidden)
        assert len(log.entries) > before and app.screen is log


async def test_a_dialog_over_the_ahoi_table_gets_the_same_alert():
    """Ahoi: the same mechanism (F1 help over the table while the round waits for this player)."""
    from test_ahoi_table import ahoi_table_for

    from ahoy_tui.ui.games.ahoi.table import AhoiTableScreen
    from ahoy_tui.ui.screens.help import HelpScreen

    app = make_app(new_lobby(seed=3))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        ahoi_table_for(app)
        await wait_for(pilot, lambda a: isinstance(a.screen, AhoiTableScreen) and a.screen.update is not None
                       and _mine(a), timeout=10)
        await pilot.press("f1")
        await wait_for(pilot, lambda a: isinstance(a.screen, HelpScreen))
        await wait_for(pilot, lambda a: screen_text(a).splitlines()[0].startswith("▶ Your move!"))

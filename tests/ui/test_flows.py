"""Pilot tests of every flow, against the real in-process lobby (issue 5)."""

from __future__ import annotations

import re

from ui_driver import play_until
from ui_helpers import at_table, bot_table, make_app, new_lobby, screen_text, toasts, wait_for

from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.lobby.messages import ChatMessage
from ahoy_tui.ui.games.ahoy.discards import DiscardsScreen
from ahoy_tui.ui.games.ahoy.game_over import GameOverScreen
from ahoy_tui.ui.games.ahoy.offer import OfferScreen
from ahoy_tui.ui.games.ahoy.scores import ScoresScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen
from ahoy_tui.ui.prefs import STORE
from ahoy_tui.ui.screens.create_table import CreateTableScreen
from ahoy_tui.ui.screens.help import HelpScreen
from ahoy_tui.ui.screens.lobby import LobbyScreen
from ahoy_tui.ui.screens.too_small import TooSmallScreen

SIZE = (80, 24)


async def test_lobby_lists_tables_and_pirates_and_chats():
    lobby = new_lobby()
    other = lobby.connect("user:bo", "bo")
    lobby.create_table(other, lobby_config("Queen Anne"))
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Queen Anne" in text and "bo" in text and "Pirates online (2)" in text
        await pilot.press("c", *"hello crew", "enter")
        await pilot.pause()
        assert "anna: hello crew" in screen_text(app)


def lobby_config(name: str, **kw):
    from ahoy_tui.lobby import TableConfig

    return TableConfig.make(name=name, clocks="untimed", **kw)


async def test_create_table_dialog_sets_every_setting_then_bot_and_start():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        assert isinstance(app.screen, CreateTableScreen)
        dialog = app.screen
        dialog.query_one("#c-name").value = "Revenge"
        dialog.query_one("#c-seats").value = 3
        dialog.query_one("#c-limit").value = -1
        await pilot.pause()
        dialog.query_one("#c-limit-custom").value = "33"
        dialog.query_one("#c-clocks").value = "untimed"
        for box in ("#c-ace-low", "#c-verified-step-in", "#c-private"):
            dialog.query_one(box).value = True
        await pilot.click("#c-create")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        table = next(iter(lobby.tables.values()))
        cfg = table.config
        assert (cfg.name, cfg.seats, cfg.option("limit"), cfg.option("ace_low"), cfg.option("verified_step_in"), cfg.clocks, cfg.private) == \
            ("Revenge", 3, 33, True, True, "untimed", True)
        text = screen_text(app)
        assert "Revenge" in text and "Invite code" in text
        await pilot.press("b", "2", "b", "3")              # the add-bot key asks the level (issue 17)
        await wait_for(pilot, lambda a: sum(s.kind == "bot" for s in table.seats) == 2)
        assert [s.bot_kind for s in table.seats if s.kind == "bot"] == ["baseline", "hard"]
        await wait_for(pilot, lambda a: "bot, hard" in screen_text(a))
        assert "bot, normal" in screen_text(app)
        await pilot.press("g")
        await wait_for(pilot, at_table)
        assert app.screen.view is not None and app.screen.view.hand_no == 1


async def test_custom_limit_is_checked():
    app = make_app(new_lobby())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        dialog = app.screen
        dialog.query_one("#c-limit").value = -1
        await pilot.pause()
        dialog.query_one("#c-limit-custom").value = "5"
        await pilot.click("#c-create")
        await pilot.pause()
        assert isinstance(app.screen, CreateTableScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, LobbyScreen)


def _secret_table():
    """A lobby with bo's private 2-seat table: (lobby, bo's handle, table id, its code)."""
    lobby = new_lobby()
    host = lobby.connect("user:bo", "bo")
    tid = lobby.create_table(host, lobby_config("Secret", seats=2, private=True))
    return lobby, host, tid, lobby.tables[tid].code


async def test_join_by_code_and_ready():
    lobby, host, tid, code = _secret_table()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("k", *code.lower(), "enter")
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen) and a.screen._ready)
        assert isinstance(app.screen, TableScreen) and app.screen.table_id == tid
        await pilot.press("r")
        await pilot.pause()
        assert lobby.tables[tid].seats[1].ready
        assert "ready" in screen_text(app)
        lobby.start(host, tid)
        await wait_for(pilot, at_table)
        assert app.screen.view is not None and app.screen.view.seat == 1


async def test_too_many_wrong_codes_are_refused_on_screen():
    lobby, _, tid, code = _secret_table()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for guess in ("aaaaaa", "bbbbbb", "cccccc", "dddddd", "eeeeee"):
            app.clear_notifications()
            await pilot.press("k", *guess, "enter")
            await wait_for(pilot, lambda a: toasts(a) == ["No table has that code"])
        app.clear_notifications()
        await pilot.press("k", *code.lower(), "enter")
        await wait_for(pilot, lambda a: [re.sub(r"\d+", "N", t) for t in toasts(a)]
                       == ["Too many wrong codes: wait N s"])
        assert isinstance(app.screen, LobbyScreen) and lobby.tables[tid].seat_of("user:anna") is None


async def test_join_from_list_and_leave_back_to_lobby():
    lobby = new_lobby()
    host = lobby.connect("user:bo", "bo")
    tid = lobby.create_table(host, lobby_config("Open", seats=3))
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("j")
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen) and a.screen._ready)
        assert lobby.tables[tid].seat_of("user:anna") == 1
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert lobby.tables[tid].seat_of("user:anna") is None


async def test_spectator_sees_no_hand_and_no_actions():
    lobby = new_lobby()
    host = make_app(lobby, "bo")
    async with host.run_test(size=SIZE) as hp:
        await hp.pause()
        tid = bot_table(host)
        await hp.pause()
        app = make_app(lobby)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("w")
            await wait_for(pilot, at_table)
            screen = app.screen
            assert isinstance(screen, TableScreen) and screen.view.seat is None
            assert screen.view.hand == () and not screen.legal
            assert "watching" in screen_text(app)
            assert tid == screen.table_id


async def test_whole_game_to_game_over_then_rematch():
    lobby = new_lobby(seed=3)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=3, limit=20)
        steps = await play_until(pilot, lambda a: isinstance(a.screen, GameOverScreen), accept=True)
        assert {"d", "o", "offer_sent", "discard"} <= set(steps)
        text = screen_text(app)
        assert "BIGGEST LOSER OF THE NIGHT" in text and "Winner" in text
        await pilot.press("r")
        await wait_for(pilot, lambda a: lobby.tables[tid].status == "playing" and at_table(a))
        assert isinstance(app.screen, TableScreen) and app.screen.view.hand_no == 1


async def test_turn_keys_draw_offer_preview_discard_and_side_views():
    lobby = new_lobby(seed=5)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bot_table(app, players=2, limit=100)
        await wait_for(pilot, at_table)
        await play_until(pilot, lambda a: isinstance(a.screen, TableScreen) and
                         any(o.key == "d" for o in a.screen.prompt.options))
        await pilot.press("d")
        await pilot.pause()
        assert app.screen.view.phase is Phase.ACTION
        await pilot.press("o")
        assert isinstance(app.screen, OfferScreen)
        app.screen.query_one("#offer-want").value = 17  # 6♥
        app.screen.query_one("#offer-give").value = 14  # 5♦
        await pilot.pause()
        assert app.screen.preview_text() == "anna → " + app.screen.other + ": I want your 6♥, I'll give you my 5♦"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda a: not isinstance(a.screen, OfferScreen))
        await play_until(pilot, lambda a: isinstance(a.screen, TableScreen) and
                         a.screen.prompt.hand_mode == "discard", accept=False)
        before = len(app.screen.view.discard)
        await pilot.press("right", "enter")
        await wait_for(pilot, lambda a: len(a.screen.view.discard) > before)
        await pilot.press("x")
        assert isinstance(app.screen, DiscardsScreen)
        await pilot.press("escape", "s")
        assert isinstance(app.screen, ScoresScreen)
        assert "Scoreboard" in screen_text(app)
        await pilot.press("escape", "f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)


async def test_theme_ascii_and_language_toggles_are_remembered_per_identity():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")
        assert app.theme == "high-contrast"
        await pilot.press("m", "l")
        await pilot.pause()
        assert app.ascii_only and app.lang == "es"
        assert "Piratas conectados" in screen_text(app)
    again = make_app(lobby)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.theme == "high-contrast" and again.ascii_only and again.lang == "es"
    assert STORE.get("user:bo") is None


async def test_language_and_ascii_from_session():
    lobby = new_lobby()
    app = make_app(lobby, lang="es", utf8=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bot_table(app, players=2)
        await wait_for(pilot, at_table)
        text = screen_text(app)
        assert "Tu mano" in text
        hand = app.screen.view.hand
        assert not any(s in text for s in "♠♥♦♣")
        assert all(ch.isascii() for ch in "".join(text.split("\n")[1:12])) or hand == ()


async def test_too_small_window_says_so_and_recovers():
    app = make_app(new_lobby())
    async with app.run_test(size=(59, 19)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "at least 60x20" in screen_text(app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def test_hostile_names_and_chat_reach_the_screen_as_plain_text():
    lobby = new_lobby()
    evil = lobby.connect("user:evil", "ev\x1b[31mil\u202e")
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.lobby_screen.add_chat(ChatMessage("lobby", "x\x1b]0;pwn\x07", "[b]hi[/b] \u2067\x1b[2J", 0.0))
        await pilot.pause()
        text = screen_text(app)
        assert "\x1b" not in text and "\u202e" not in text and "\u2067" not in text
        assert "[b]hi[/b]" in text
        lobby.disconnect(evil)


async def test_idle_table_has_no_timer_running():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bot_table(app, players=2)
        await wait_for(pilot, at_table)
        clock = app.screen.query_one("#clock")
        assert clock.deadline is None and clock._timer is None
        for inp in app.query("Input"):
            assert inp.cursor_blink is False


async def test_local_play_lands_at_a_started_table_with_bots():
    from ahoy_tui.ui.local import start_local_table

    lobby = new_lobby()
    app = make_app(lobby, on_ready=lambda a: start_local_table(a, 4, ["baseline", "random"], 50))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, at_table)
        table = next(iter(lobby.tables.values()))
        assert [s.kind for s in table.seats] == ["person", "bot", "bot", "bot"]
        assert table.config.option("limit") == 50 and app.screen.view.players == 4


async def test_local_play_takes_the_bot_pace():
    """``ahoy play --bot-pace fast`` (issue 24, 14): the local table's bots run at that pace."""
    from ahoy_tui.cli import build_parser
    from ahoy_tui.ui.local import start_local_table

    args = build_parser().parse_args(["play", "--bot-pace", "fast"])
    lobby = new_lobby()
    app = make_app(lobby, on_ready=lambda a: start_local_table(a, 2, ["hard"], 50, args.bot_pace))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, at_table)
        assert next(iter(lobby.tables.values())).bot_pace == "fast"


async def test_the_offer_composer_closes_when_the_autopilot_offers_instead():
    """The clock runs out with the composer open: the autopilot offers, and the stale composer goes."""
    lobby = new_lobby(seed=5)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=2, limit=100)
        await wait_for(pilot, at_table)
        await play_until(pilot, lambda a: isinstance(a.screen, TableScreen) and
                         any(o.key == "d" for o in a.screen.prompt.options))
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("o")
        assert isinstance(app.screen, OfferScreen)
        lobby.set_autopilot(app.handle, tid, True)  # what a run-out clock does: the autopilot acts for the seat
        await wait_for(pilot, lambda a: not any(isinstance(s, OfferScreen) for s in a.screen_stack))
        assert not any(isinstance(s, OfferScreen) for s in app.screen_stack)  # (a hand report may be on top)


async def test_create_dialog_fills_the_other_seats_with_hard_bots_and_the_ring_shows_the_level():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        assert isinstance(app.screen, CreateTableScreen)
        dialog = app.screen
        dialog.query_one("#c-seats").value = 3
        dialog.query_one("#c-clocks").value = "untimed"
        dialog.query_one("#c-bots").value = "hard"
        await pilot.pause()
        await pilot.click("#c-create")
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen) and lobby.tables
                       and sum(s.kind == "bot" for s in next(iter(lobby.tables.values())).seats) == 2)
        table = next(iter(lobby.tables.values()))
        assert [s.bot_kind for s in table.seats if s.kind == "bot"] == ["hard", "hard"]
        # the seat list names both ("2. Mary Read  (bot, hard · 2231)", issue 30); the table chat by level
        await wait_for(pilot, lambda a: len(re.findall(r"\d\. .+\(bot, hard[^)]*\)", screen_text(a))) == 2)

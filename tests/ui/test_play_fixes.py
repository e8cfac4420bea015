"""Pilot tests for what a first real game over SSH showed (issue 5 play-test)."""

from __future__ import annotations

from dataclasses import replace

from textual import events
from ui_helpers import at_table, bot_table, make_app, new_lobby, screen_text, wait_for

from ahoy_tui.ui.glyphs import SessionScrollBarRender
from ahoy_tui.ui.screens.confirm import ConfirmScreen
from ahoy_tui.ui.screens.create_table import CreateTableScreen
from ahoy_tui.ui.screens.hand_over import HandOverScreen
from ahoy_tui.ui.screens.lobby import LobbyScreen
from ahoy_tui.ui.screens.pick_seat import PickSeatScreen
from ahoy_tui.ui.screens.table import TableScreen

SIZE = (80, 24)


def _packet(app, text: str) -> None:
    """Queue ``text`` as the keys of one terminal packet (no pause between keys)."""
    for ch in text:
        key = {"\r": "enter", " ": "space"}.get(ch, ch)
        app.post_message(events.Key(key, ch))


async def test_chat_line_and_enter_in_one_packet_send_two_lines():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        _packet(app, "ahoy crew\rsecond line\r")
        await wait_for(pilot, lambda a: "second line" in screen_text(a))
        text = screen_text(app)
        assert "ahoy crewsecond" not in text
        assert text.count("anna: ahoy crew") == 1 and text.count("anna: second line") == 1
        assert isinstance(app.screen, LobbyScreen)


def _config(name: str, **kw):
    from ahoy_tui.lobby import TableConfig

    return TableConfig(name=name, clocks="untimed", **kw)


async def test_waiting_room_shows_table_chat_and_host_keys_only_to_the_host():
    lobby = new_lobby()
    host = lobby.connect("user:bo", "bo")
    tid = lobby.create_table(host, _config("Secret", seats=3, private=True))
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("k", *lobby.tables[tid].code, "enter")
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen) and a.screen._ready)
        screen = app.screen
        assert screen.query_one("#table-chat").display and screen.query_one("#table-chat").region.height > 0
        assert not screen.model.host
        footer = screen_text(app).splitlines()[-1]
        assert "Ready" in footer and "Add bot" not in footer and "Start" not in footer
        await pilot.press("c", *"hi crew", "enter")
        await wait_for(pilot, lambda a: "anna: hi crew" in screen_text(a))


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
        assert app.table_screen is None and tid not in app.lobby.tables or \
            lobby.tables[tid].seat_of("user:anna") in (0, None)


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
        screen.action_autopilot()
        await wait_for(pilot, lambda a: not table.seats[0].auto)


async def test_every_seat_stays_visible_at_80_columns_with_autopilot_marks():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=4, limit=1000)
        await wait_for(pilot, at_table)
        table = lobby.tables[tid]
        # a long status must not wrap and push the last seat out of the panel
        app.screen.state.update = replace(app.screen.update, table=replace(app.screen.update.table, seats=[
            replace(s, autopilot=True) for s in app.screen.update.table.seats]))
        app.screen.refresh_texts()
        await pilot.pause()
        text = screen_text(app)
        # names are cut (to 7 characters and "…") before a seat's state is
        assert all(s.name[:7] in text for s in table.seats)


async def test_host_gives_a_seat_to_a_bot_by_number():
    lobby = new_lobby()
    other = lobby.connect("user:bo", "bo")
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = lobby.create_table(app.handle, _config("Crew", seats=3, limit=1000))
        app.open_table(tid)
        lobby.join(other, tid)
        lobby.add_bot(app.handle, tid, "baseline")
        lobby.set_ready(app.handle, tid, True)
        lobby.set_ready(other, tid, True)
        lobby.start(app.handle, tid)
        await wait_for(pilot, at_table)
        await pilot.press("B")
        await pilot.pause()
        assert isinstance(app.screen, PickSeatScreen)
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)  # asked first (tests/ui/test_table_feedback.py)
        await pilot.press("y")
        await pilot.pause()
        assert lobby.tables[tid].seats[1].kind == "bot"


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


async def test_ascii_mode_swaps_textual_glyphs_and_toasts():
    lobby = new_lobby()
    app = make_app(lobby, utf8=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, CreateTableScreen)
        assert screen_text(app).isascii(), [ln for ln in screen_text(app).splitlines() if not ln.isascii()]
        app.notify("←/→ 5♥")
        await pilot.pause()
        assert any(n.message == "<-/-> 5H" for n in app._notifications)
        bars = SessionScrollBarRender.render_bar(size=5, virtual_size=20, window_size=5, position=3)
        assert "".join(seg.text for seg in bars.segments if seg.text).isascii()


async def test_lobby_status_keeps_private_visible_and_footer_fits_80():
    from ahoy_tui.lobby.messages import TableSummary

    app = make_app(new_lobby())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.lobby_screen.set_lobby([TableSummary("t1", "A rather long ship name", 1, 4, "waiting", 50,
                                                 private=True, host="captainlongname")], ["anna"])
        await pilot.pause()
        text = screen_text(app)
        assert "private" in text
        assert text.splitlines()[-1].rstrip().endswith("Help")


def test_create_app_uses_the_servers_handle_and_two_argument_factories_still_work():
    from ahoy_tui.session import SessionInfo
    from ahoy_tui.ui.app import create_app
    from server.ssh import _default_app_factory, build_app

    lobby = new_lobby()
    info = SessionInfo(identity="user:anna", display_name="anna")
    handle = lobby.connect(info.identity, "anna")
    app = build_app(_default_app_factory, info, lobby, handle)
    assert app.handle is handle and not app._own_handle
    assert create_app(info, lobby).handle is None
    seen = []
    build_app(lambda i, lb: seen.append((i, lb)), info, lobby, handle)
    assert seen == [(info, lobby)]


# -- footer in step with the prompt (SSH e2e: the key bar lagged one decision behind) --------


def _footer_keys(screen) -> set[str]:
    from ahoy_tui.ui.widgets.key_footer import KeyFooter

    return {e[0] for e in screen.query_one(KeyFooter)._entries}


_DECISION_KEYS = {"d", "o", "u", "a", "y", "n", "i", "p", "enter"}


async def test_footer_paints_in_the_same_frame_as_the_prompt():
    """Every frame painted at the table shows in the footer the keys the prompt bar offers.

    The footer used to read the bindings only after the next refresh, so the frame that drew a
    new prompt ("Dirty deal … Enter") still drew the old keys ("y Accept  n Decline").
    """
    from ahoy_tui.ui.widgets.prompt_bar import PromptBar
    from ui_driver import step

    lobby = new_lobby(5)
    app = make_app(lobby)
    bad: list[tuple[str, set[str], set[str]]] = []
    frames = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bot_table(app, players=3)
        await wait_for(pilot, at_table)
        table = app.screen
        assert isinstance(table, TableScreen)
        real = table._compositor_refresh

        def checked_refresh() -> None:
            nonlocal frames
            if app.screen is table and table._ready:
                prompt = table.query_one(PromptBar).prompt
                offered = {o.key for o in prompt.options} & _DECISION_KEYS if prompt is not None else set()
                shown = _footer_keys(table) & _DECISION_KEYS
                frames += 1
                if offered != shown:
                    bad.append((prompt.text[:50] if prompt else "", offered, shown))
            real()

        table._compositor_refresh = checked_refresh
        for _ in range(120):
            await pilot.pause()
            if await step(pilot, accept=True) == "game_over":
                break
        await pilot.pause()
    assert frames > 30
    assert not bad, bad[:5]


async def test_keys_typed_right_after_c_go_into_the_chat_line():
    """``c`` then "lo\\r" in one packet: the text is chat, not a language switch ("l") or a join (Enter)."""
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        from ahoy_tui.lobby import TableConfig

        bo = lobby.connect("user:bo", "bo")  # a table in the list: Enter there would join it
        lobby.create_table(bo, TableConfig(name="Sloop", seats=3, limit=20, clocks="untimed"))
        await wait_for(pilot, lambda a: "Sloop" in screen_text(a))
        assert isinstance(app.screen, LobbyScreen)
        _packet(app, "clol ahoy\r")
        await wait_for(pilot, lambda a: "anna: lol ahoy" in screen_text(a))
        assert app.lang == "en" and isinstance(app.screen, LobbyScreen)

        bot_table(app, players=3, name="Revenge")
        await wait_for(pilot, at_table)
        _packet(app, "cdl yo\r")
        await wait_for(pilot, lambda a: "anna: dl yo" in screen_text(a))
        assert app.lang == "en" and isinstance(app.screen, TableScreen)


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


async def test_footer_under_a_dialog_lists_the_dialogs_keys_not_the_tables():
    """A dialog dims the table behind it; the table's keys don't work there, so the footer lists the dialog's."""
    lobby = new_lobby(5)
    app = make_app(lobby)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bot_table(app, players=3)
        await wait_for(pilot, at_table)
        table = app.screen
        await pilot.pause()
        assert "Scores" in screen_text(app).splitlines()[-1]
        table.action_scores()
        await wait_for(pilot, lambda a: a.screen is not table)
        await pilot.pause()
        await pilot.pause()
        bottom = screen_text(app).splitlines()[-1]
        assert "Scores" not in bottom and "Leave" not in bottom, bottom
        assert "Close" in bottom, bottom  # the dialog's own key
        await pilot.press("escape")
        await wait_for(pilot, lambda a: a.screen is table)
        await pilot.pause()
        await pilot.pause()
        assert "Scores" in screen_text(app).splitlines()[-1]


async def test_a_chat_flood_shows_one_slow_down_toast_not_a_stack():
    """Each rejected chat line posts "Slow down"; the flooder sees it once while it is on screen."""
    from ahoy_tui.lobby.lobby import LOBBY
    from ahoy_tui.lobby.messages import Notice

    lobby = new_lobby(5)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for i in range(30):
            lobby.chat(app.handle, LOBBY, f"flood {i}")
        await pilot.pause()
        await pilot.pause()
        slow = [n for n in app._notifications if "Slow down" in n.message]
        assert len(slow) == 1, [n.message for n in app._notifications]
        lobby.post(app.handle, Notice("Another thing.", "info"))
        await pilot.pause()
        await pilot.pause()
        assert any(n.message == "Another thing." for n in app._notifications)  # other notices still show


async def test_a_key_that_arrives_after_the_table_moved_on_says_too_late_in_words():
    """A refused stale action reads as a sentence for a player, not the lobby's version numbers."""
    lobby = new_lobby(5)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=3)
        await wait_for(pilot, at_table)
        assert app.call_lobby("act", tid, None, -1) is None
        await pilot.pause()
        shown = [n.message for n in app._notifications]
        assert "Too late: the table has moved on. Look again." in shown, shown
        assert not any("version" in m or "stale" in m for m in shown), shown


async def test_the_focused_drop_down_in_the_create_table_dialog_stands_out():
    """Tab onto a drop-down (compact, no border): its current value is drawn in clearly different colours."""
    from textual.widgets import Select
    from textual.widgets._select import SelectCurrent

    lobby = new_lobby(5)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(CreateTableScreen())
        await wait_for(pilot, lambda a: isinstance(a.screen, CreateTableScreen))
        seats = app.screen.query_one("#c-seats", Select)
        current = seats.query_one(SelectCurrent)
        await pilot.pause()
        blurred = current.rich_style.bgcolor
        seats.focus()
        await pilot.pause()
        await pilot.pause()
        assert seats.has_focus
        focused = current.rich_style.bgcolor
        # Textual's own change (#102040 -> #1b2a47 in the default theme) is too faint to see
        contrast = sum(abs(a - b) for a, b in zip(focused.get_truecolor(), blurred.get_truecolor()))
        assert contrast > 150, (blurred, focused)


async def test_a_refused_command_reads_as_a_sentence():
    """The lobby's reasons are lower-case clauses; a player reads them as a sentence."""
    lobby = new_lobby(5)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bo = lobby.connect("user:bo", "bo")
        from ahoy_tui.lobby import TableConfig

        tid = lobby.create_table(bo, TableConfig(name="Full", seats=2, clocks="untimed"))
        lobby.add_bot(bo, tid, "baseline")
        assert app.call_lobby("join", tid) is None
        await pilot.pause()
        assert "The table is full; you can watch it" in [n.message for n in app._notifications]

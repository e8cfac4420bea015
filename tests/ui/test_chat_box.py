"""The chat line: long and multi-line pastes, keys typed right after ``c``, a line and Enter in one packet,
a flood told once, chat lines redrawn in ASCII."""

from __future__ import annotations

from textual import events
from ui_helpers import at_table, bot_table, make_app, new_lobby, screen_text, wait_for

from ahoy_tui.lobby.lobby import LOBBY
from ahoy_tui.ui.screens.lobby import LobbyScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen
from ahoy_tui.ui.widgets.chat_box import ChatBox, ChatInput

SIZE = (80, 24)
LIMIT = 300


def _chat_input(app) -> ChatInput:
    return app.screen.query_one(ChatInput)


def _warnings(app) -> list[str]:
    return [n.message for n in app._notifications if n.severity == "warning"]


def _chat_panel(app) -> str:
    """The text painted inside the active screen's chat box (what the player reads there)."""
    region = app.screen.query_one(ChatBox).region
    strips = app.screen._compositor.render_strips()
    rows = strips[region.y: region.y + region.height]
    return "\n".join(s.crop(region.x, region.x + region.width).text.rstrip() for s in rows)


async def _paste(pilot, text: str) -> None:
    """A bracketed paste as the terminal sends it (the app hands it to the focused widget)."""
    pilot.app.post_message(events.Paste(text))
    await pilot.pause()
    await pilot.pause()


async def test_a_paste_longer_than_the_line_is_cut_to_fit_and_said_once():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await _paste(pilot, "C" * LIMIT + " end")
        assert _chat_input(app).value == "C" * LIMIT
        assert _warnings(app) == ["Pasted text cut to 300 characters."]
        await pilot.press("enter")
        await pilot.pause()
        assert [m.text for m in lobby.chat_log.recent()] == ["C" * LIMIT]
        panel = _chat_panel(app)  # the 300 characters, wrapped under "anna:"
        assert "anna:" in panel and panel.count("C") == LIMIT

        # Text already typed keeps its place; the paste fills only the room left.
        await pilot.press(*"hi", "space")
        await _paste(pilot, "D" * 400)
        assert _chat_input(app).value == "hi " + "D" * (LIMIT - 3)
        assert _warnings(app)[-1] == "Pasted text cut to 297 characters."
        # A full line takes nothing more, and says why instead of only ringing the bell.
        await _paste(pilot, "more")
        assert _chat_input(app).value == "hi " + "D" * (LIMIT - 3)
        assert _warnings(app)[-1] == "The chat line is full (300 characters): nothing was pasted."
        # A paste that fits is taken whole, without a word.
        _chat_input(app).value = ""
        before = len(_warnings(app))
        await _paste(pilot, "x" * 40)
        assert _chat_input(app).value == "x" * 40 and len(_warnings(app)) == before


async def test_a_multi_line_paste_keeps_the_first_line_sends_nothing_and_says_so():
    """Sending every pasted line would be a burst the rate limit cuts; only the first is kept."""
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await _paste(pilot, "\ntext\nsecond line\r\nthird")
        assert _chat_input(app).value == "text"
        assert lobby.chat_log.recent() == []  # nothing sent by the paste itself
        assert _warnings(app) == ["Only the first line of the paste was kept."]
        await pilot.press("enter")
        await pilot.pause()
        assert [m.text for m in lobby.chat_log.recent()] == ["text"]
        assert "second line" not in screen_text(app)

        await _paste(pilot, "one\n" + "E" * 400)  # both notes in one toast
        assert _chat_input(app).value == "one"
        await _paste(pilot, "F" * 400 + "\nmore")
        assert _chat_input(app).value == "one" + "F" * (LIMIT - 3)
        assert _warnings(app)[-1] == "Only the first line of the paste was kept. Pasted text cut to 297 characters."


async def test_a_long_paste_in_spanish_is_told_in_spanish():
    lobby = new_lobby()
    app = make_app(lobby, lang="es")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await _paste(pilot, "C" * (LIMIT + 4))
        assert _chat_input(app).value == "C" * LIMIT
        assert _warnings(app) == ["Texto pegado recortado a 300 caracteres."]


async def test_ascii_mode_redraws_the_lobby_chat_lines_already_shown_and_back():
    lobby = new_lobby()
    bo = lobby.connect("user:bo", "bo")
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lobby.chat(bo, LOBBY, "a\ufffd\ufffd\ufffd(\ufffdb")
        lobby.chat(bo, LOBBY, "wait… señor ♥")
        await wait_for(pilot, lambda a: "señor" in _chat_panel(a))
        assert "bo: a\ufffd\ufffd\ufffd(\ufffdb" in _chat_panel(app)

        await pilot.press("m")
        await pilot.pause()
        panel = _chat_panel(app)
        assert panel.isascii(), panel
        assert "bo: a???(?b" in panel and "bo: wait... senor H" in panel

        lobby.chat(bo, LOBBY, "ñandú")  # new lines follow the mode as before
        await wait_for(pilot, lambda a: "bo: nandu" in _chat_panel(a))

        await pilot.press("m")
        await pilot.pause()
        panel = _chat_panel(app)
        assert "bo: wait… señor ♥" in panel and "bo: ñandú" in panel
        assert "bo: a\ufffd\ufffd\ufffd(\ufffdb" in panel

        await pilot.press("l")  # a language switch keeps every line (players' words are not translated)
        await pilot.pause()
        panel = _chat_panel(app)
        assert app.lang == "es" and isinstance(app.screen, LobbyScreen)
        assert "bo: wait… señor ♥" in panel and "bo: ñandú" in panel


async def test_ascii_mode_redraws_the_table_chat_lines_already_shown():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=3)
        await wait_for(pilot, at_table)
        lobby.chat(app.handle, tid, "¡Ahoy! señor…")
        await wait_for(pilot, lambda a: "¡Ahoy! señor…" in _chat_panel(a))
        await pilot.press("m")
        await pilot.pause()
        panel = _chat_panel(app)
        assert panel.isascii(), panel
        assert "anna: !Ahoy! senor..." in panel
        await pilot.press("m")
        await pilot.pause()
        assert "anna: ¡Ahoy! señor…" in _chat_panel(app)


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


async def test_keys_typed_right_after_c_go_into_the_chat_line():
    """``c`` then "lo\\r" in one packet: the text is chat, not a language switch ("l") or a join (Enter)."""
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        from ahoy_tui.lobby import TableConfig

        bo = lobby.connect("user:bo", "bo")  # a table in the list: Enter there would join it
        lobby.create_table(bo, TableConfig.make(name="Sloop", seats=3, limit=20, clocks="untimed"))
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

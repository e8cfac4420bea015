"""``q Quit`` in the lobby (footer and help promise it) ends the session."""

from __future__ import annotations

from ui_helpers import make_app, new_lobby, wait_for

from ahoy_tui.ui.screens.lobby import LobbyScreen

SIZE = (80, 24)


async def test_q_in_the_lobby_quits():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))
        await pilot.press("q")
        await wait_for(pilot, lambda a: a._exit)
    assert app.return_code == 0


async def test_q_typed_in_the_chat_line_is_a_letter():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))
        await pilot.press("c", "q")
        await wait_for(pilot, lambda a: getattr(a.focused, "value", None) == "q")
        assert not app._exit

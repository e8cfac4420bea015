"""Ctrl+C never quits or stops anything; it says, in the session's language, which key does (issue 24 #13)."""

from __future__ import annotations

import pytest
from ui_helpers import at_table, bot_table, make_app, new_lobby, toasts, wait_for

SAYS = {
    "en": ("Press q to leave the game", "Press q to leave the table", "Esc closes this window"),
    "es": ("Pulsa q para salir del juego", "Pulsa q para dejar la mesa", "Esc cierra esta ventana"),
    "de": ("Drücke q, um das Spiel zu verlassen", "Drücke q, um den Tisch zu verlassen", "Esc schließt dieses Fenster"),
}


@pytest.mark.parametrize("lang", ["en", "es", "de"])
async def test_ctrl_c_says_how_to_leave_in_the_lobby_at_the_table_in_the_chat_and_in_a_dialog(lang):
    lobby_says, table_says, dialog_says = SAYS[lang]
    app = make_app(new_lobby(seed=5), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda a: any(lobby_says in t for t in toasts(a)))
        bot_table(app, players=3, limit=100)
        await wait_for(pilot, at_table)
        await pilot.press("c", "h", "i")                       # typing in the table chat
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda a: any(table_says in t for t in toasts(a)))
        await pilot.press("escape", "s")                       # a dialog (scores)
        await wait_for(pilot, lambda a: a.screen is not a.table_screen)
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda a: any(dialog_says in t for t in toasts(a)))
        assert app.is_running and app.table_screen in app.screen_stack

"""Ctrl+Q at a game in play asks before quitting, as q at the table does; elsewhere it quits at once."""

from __future__ import annotations

import pytest
from ui_helpers import at_table, bot_table, make_app, new_lobby, wait_for

from ahoy_tui.ui.screens.confirm import ConfirmScreen

ASKS = {"en": "Quit Ahoy?", "es": "¿Salir de Ahoy?", "de": "Ahoy beenden?"}


@pytest.mark.parametrize("lang", ["en", "es", "de"])
async def test_ctrl_q_at_a_game_in_play_asks_first_and_n_keeps_playing(lang):
    app = make_app(new_lobby(seed=5), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bot_table(app, players=3, limit=100)
        await wait_for(pilot, at_table)
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda a: isinstance(a.screen, ConfirmScreen))
        assert app.screen.title_text == ASKS[lang]
        await pilot.press("n")
        await wait_for(pilot, lambda a: a.screen is a.table_screen)
        assert app.is_running
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda a: isinstance(a.screen, ConfirmScreen))
        await pilot.press(app.t("confirm.yes_key"))
        await wait_for(pilot, lambda a: not a.is_running)


async def test_ctrl_q_in_the_lobby_quits_at_once():
    app = make_app(new_lobby(seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda a: not a.is_running)

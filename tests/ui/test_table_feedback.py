"""Pilot tests for what real play found at the table (issue "What real play found", items 3, 6, 9, 10, 11, 17)."""

from __future__ import annotations

from dataclasses import replace

from ui_helpers import at_table, bot_table, make_app, new_lobby, wait_for

SIZE = (80, 24)


async def test_the_same_toast_refreshes_instead_of_stacking():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bot_table(app, players=3, limit=1000)
        await wait_for(pilot, at_table)
        table = app.screen
        table.prompt = replace(table.prompt, hand_mode="discard")
        for _ in range(3):
            table._confirm_hand()
            await pilot.pause()
        app.notify("Something else.")
        await pilot.pause()
        shown = [n.message for n in app._notifications]
        assert sum("Pick a card first" in m for m in shown) == 1, shown
        assert "Something else." in shown

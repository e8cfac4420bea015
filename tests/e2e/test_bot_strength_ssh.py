"""Known strength (issue 30) over SSH: a Spanish terminal at 80x24 reads each bot level's measured rating in
the add-bot chooser and the waiting room's seat list, as the game's ``bot_strength.json`` gives it."""

from __future__ import annotations

import re

from harness import connect, start_server

from ahoy_tui.ui.bot_levels import strength_label


async def test_the_chooser_and_the_seat_list_show_the_levels_rating_over_ssh(tmp_path):
    from ahoy_tui.ui.app import create_app

    hard, easy = strength_label("ahoy", "hard"), strength_label("ahoy", "random")
    assert hard and easy
    srv = await start_server(tmp_path, app_factory=create_app)
    try:
        p = await connect(srv.port, "anna", cols=80, rows=24, env={"LANG": "es_ES.UTF-8"})
        await p.wait_for("Mesas", timeout=10)
        p.send("n")
        await p.wait_for("Crear una mesa", timeout=10)
        p.send("\r")
        await p.wait_for("esperando a la tripulación", timeout=10)
        p.send("b")
        await p.wait_for(rf"3\. difícil · {hard}", timeout=10)
        assert f"1. fácil · {easy}" in p.text()
        p.send("3")
        await p.wait_for(rf"2\. .*\(bot, difícil · {re.escape(hard)}\)", timeout=10)
        await p.close()
    finally:
        await srv.stop()

"""The game-over view: names stay after people leave, no blank seat around a rematch,
spectators are offered no rematch, the prompt says the game is over (English and Spanish)."""

from __future__ import annotations

from game_end_helpers import close_reports, dialog_text, game_over, seat_lines, untimed
from ui_helpers import at_table, bot_table, make_app, new_lobby, screen_text, wait_for

from ahoy_tui.ui.games.ahoy.widgets.prompt_bar import PromptBar
from ahoy_tui.ui.games.ahoy.widgets.seat_list import SeatList

SIZE = (80, 24)


async def test_names_stay_on_the_game_over_view_and_seat_list_after_people_leave():
    lobby = new_lobby(seed=7)
    zelda = lobby.connect("user:zelda", "zelda")
    yuri = lobby.connect("user:yuri", "yuri")
    app = make_app(lobby)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        tid = lobby.create_table(app.handle, untimed("Wake", seats=4, limit=20))
        app.open_table(tid)
        for other in (zelda, yuri):
            lobby.join(other, tid)
            lobby.set_ready(other, tid, True)
        lobby.add_bot(app.handle, tid, "baseline")
        lobby.start(app.handle, tid)
        await wait_for(pilot, at_table)
        for who in (app.handle, zelda, yuri):
            lobby.set_autopilot(who, tid, True)
        lobby.leave(zelda, tid)  # during play: the autopilot keeps her seat until the game ends
        await wait_for(pilot, game_over, timeout=60)
        assert lobby.tables[tid].seat_of("user:zelda") is None  # the lobby freed her seat
        over = dialog_text(app)
        assert "zelda" in over and "yuri" in over and "Total" in over
        await close_reports(pilot)
        lobby.leave(yuri, tid)  # after the game
        await wait_for(pilot, lambda a: any("yuri" in line and "left" in line for line in seat_lines(a)))
        lines = seat_lines(app)
        assert any("zelda" in line and "left" in line for line in lines)
        assert any("anna" in line for line in lines)
        assert all(line.strip() for line in lines)


async def test_no_blank_seat_at_game_over_or_when_the_rematch_starts():
    """A 4-seat table played by 3: no frame shows a blank fourth seat (it used to flash at the rematch)."""
    lobby = new_lobby(seed=3)
    app = make_app(lobby)
    blank: list[list[str]] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = lobby.create_table(app.handle, untimed("Wake", seats=4, limit=20))
        app.open_table(tid)
        lobby.add_bot(app.handle, tid, "baseline")
        lobby.add_bot(app.handle, tid, "baseline")
        lobby.start(app.handle, tid)
        await wait_for(pilot, at_table)
        table = app.screen
        real = table._compositor_refresh

        def checked_refresh() -> None:
            if app.screen is table and table.has_class("-playing"):
                rows = table.query_one(SeatList).rows
                if len(rows) != 3 or not all(r.name for r in rows):
                    blank.append([strip.text for strip in table.query_one(SeatList)._rows])
            real()

        table._compositor_refresh = checked_refresh
        lobby.set_autopilot(app.handle, tid, True)
        await wait_for(pilot, game_over, timeout=60)
        await close_reports(pilot)  # stay and look at the table
        await pilot.press("r")
        await wait_for(pilot, lambda a: lobby.tables[tid].status == "playing" and at_table(a)
                       and a.screen.view.hand_no == 1)
        await pilot.pause()
    assert not blank, blank[:3]


async def test_spectators_are_not_offered_a_rematch():
    lobby = new_lobby(seed=3)
    bo = lobby.connect("user:bo", "bo")
    tid = lobby.create_table(bo, untimed("Wake", seats=3, limit=20))
    lobby.add_bot(bo, tid, "baseline")
    lobby.add_bot(bo, tid, "baseline")
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.open_table(tid)
        lobby.spectate(app.handle, tid)
        lobby.start(bo, tid)
        lobby.set_autopilot(bo, tid, True)
        await wait_for(pilot, game_over, timeout=60)
        assert app.screen.view.seat is None
        text = dialog_text(app) + screen_text(app).splitlines()[-1]  # the dialog and its footer
        assert "rematch" not in text.lower() and "back to the lobby" in text
        await pilot.press("r")
        await pilot.pause()
        assert game_over(app)  # r is not a key for a spectator
        await close_reports(pilot)
        assert app.screen.query_one(PromptBar).prompt.text == "The game is over (q: back to the lobby)."
        assert "rematch" not in screen_text(app).lower()
        await pilot.press("r")
        await pilot.pause()
        assert not any("seat" in n.message for n in app._notifications)


async def _after_game_over_prompt(lang: str) -> tuple[str, str, bool]:
    """Play to game over on autopilot and close the report.

    Returns the prompt bar's text, the screen, and whether ``r`` at the table then started the rematch.
    """
    lobby = new_lobby(seed=3)
    app = make_app(lobby, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=3, limit=20)
        await wait_for(pilot, at_table)
        lobby.set_autopilot(app.handle, tid, True)
        await wait_for(pilot, game_over, timeout=60)
        await close_reports(pilot)
        bar = app.screen.query_one(PromptBar).prompt
        text = " ".join(filter(None, (bar.text, bar.note)))
        shown = screen_text(app)
        await pilot.press("r")
        try:
            await wait_for(pilot, lambda a: lobby.tables[tid].status == "playing")
        except AssertionError:
            return text, shown, False
        return text, shown, True


async def test_after_game_over_the_prompt_says_so_not_autopilot():
    text, shown, rematched = await _after_game_over_prompt("en")
    assert text == "The game is over: rematch (r) or back to the lobby (q)."
    assert "autopilot" not in shown and "r Rematch" in shown
    assert rematched
    text, shown, rematched = await _after_game_over_prompt("es")
    assert text == "La partida ha terminado: revancha (r) o volver al salón (q)."
    assert "piloto" not in shown and "r Revancha" in shown
    assert rematched

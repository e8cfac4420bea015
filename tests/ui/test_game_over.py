"""Pilot tests for what a tester found at the end of a game and in the waiting room.

Names stay after people leave a finished game; no blank seat around a
rematch; spectators are offered no rematch; removing a person asks first;
the seat list shows "(you)" and "autopilot" at 80 columns; after game over the
prompt says the game is over (English and Spanish).
"""

from __future__ import annotations

from game_end_helpers import close_reports, dialog_text, game_over, seat_lines, table_of, untimed
from ui_helpers import at_table, bot_table, make_app, new_lobby, screen_text, wait_for

from ahoy_tui.ui.screens.confirm import ConfirmScreen
from ahoy_tui.ui.screens.table import TableScreen
from ahoy_tui.ui.widgets.prompt_bar import PromptBar
from ahoy_tui.ui.widgets.seat_list import SeatList

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
        await wait_for(pilot, game_over, timeout=20)
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
        await wait_for(pilot, game_over, timeout=20)
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
        await wait_for(pilot, game_over, timeout=20)
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


async def test_removing_a_seated_person_asks_first_but_a_bot_goes_at_once():
    lobby = new_lobby()
    bo = lobby.connect("user:bo", "bo")
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = lobby.create_table(app.handle, untimed("Crew", seats=3))
        app.open_table(tid)
        lobby.join(bo, tid)
        lobby.add_bot(app.handle, tid, "baseline")
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen) and a.screen._ready
                       and a.screen.update is not None and a.screen.update.table.seats[2].kind == "bot")
        table = lobby.tables[tid]
        await pilot.press("minus")
        await wait_for(pilot, lambda a: a.screen.update.table.seats[2].kind == "empty")
        assert not isinstance(app.screen, ConfirmScreen)
        await pilot.press("minus")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Remove bo from the table?" in screen_text(app)
        assert table.seat_of("user:bo") == 1
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and table.seat_of("user:bo") == 1
        await pilot.press("minus")
        await pilot.pause()
        await pilot.press("y")
        await wait_for(pilot, lambda a: table.seat_of("user:bo") is None)
        assert isinstance(app.screen, TableScreen)


async def _autopilot_seat_line(lang: str) -> str:
    app = make_app(new_lobby(), lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=4, limit=1000)
        await wait_for(pilot, at_table)
        app.lobby.set_autopilot(app.handle, tid, True)
        await wait_for(pilot, lambda a: table_of(a).query_one(SeatList).rows[0].status != "")
        lines = seat_lines(app)
        names = [s.name for s in app.lobby.tables[tid].seats]
        assert all(name[:6] in "\n".join(lines) for name in names)  # every seat still named
        return lines[0]


async def test_own_autopilot_seat_reads_in_full_at_80_columns():
    """Your row says "(you)" and "autopilot" in full; "(you)" sits after your name, so other names keep their room."""
    for lang, you, auto in (("en", "anna (you)", "autopilot"), ("es", "anna (tú)", "autopiloto")):
        line = await _autopilot_seat_line(lang)
        assert you in line and line.rstrip().endswith(auto)


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
        await wait_for(pilot, game_over, timeout=20)
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


async def test_a_remove_question_that_went_out_of_date_removes_nobody_and_says_so():
    """bo leaves and cy sits down while the host is asked about bo: a yes must not remove cy."""
    lobby = new_lobby()
    bo = lobby.connect("user:bo", "bo")
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = lobby.create_table(app.handle, untimed("Crew", seats=2))
        app.open_table(tid)
        lobby.join(bo, tid)
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen) and a.screen._ready
                       and a.screen.update is not None and a.screen.update.table.seats[1].kind == "person")
        await pilot.press("minus")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        lobby.leave(bo, tid)
        cy = lobby.connect("user:cy", "cy")
        lobby.join(cy, tid)
        await pilot.pause()
        await pilot.press("y")
        await wait_for(pilot, lambda a: any("no longer holds that seat" in n.message for n in a._notifications))
        assert lobby.tables[tid].seat_of("user:cy") == 1


async def test_add_bot_leaves_the_footer_when_the_table_is_full():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = lobby.create_table(app.handle, untimed("Crew", seats=2))
        app.open_table(tid)
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen) and a.screen._ready
                       and a.screen.update is not None)
        await pilot.pause()
        assert "Add bot" in screen_text(app).splitlines()[-1]
        lobby.add_bot(app.handle, tid, "baseline")
        await wait_for(pilot, lambda a: a.screen.update.table.seats[1].kind == "bot")
        await pilot.pause()
        await pilot.pause()
        assert "Add bot" not in screen_text(app).splitlines()[-1]

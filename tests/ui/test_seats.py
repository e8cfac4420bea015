"""The seat list and the host's seat keys: who sits where, autopilot marks at 80 columns,
removing a person (asked first), giving a seat to a bot, adding bots."""

from __future__ import annotations

from dataclasses import replace

from game_end_helpers import seat_lines, table_of, untimed
from ui_helpers import at_table, bot_table, make_app, new_lobby, screen_text, wait_for

from ahoy_tui.ui.screens.confirm import ConfirmScreen
from ahoy_tui.ui.screens.pick_seat import PickSeatScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen
from ahoy_tui.ui.games.ahoy.widgets.seat_list import SeatList

SIZE = (80, 24)


def _config(name: str, **kw):
    from ahoy_tui.lobby import TableConfig

    return TableConfig.make(name=name, clocks="untimed", **kw)


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
        app.lobby.core.set_autopilot(app.handle, tid, True)
        await wait_for(pilot, lambda a: table_of(a).query_one(SeatList).rows[0].status != "")
        lines = seat_lines(app)
        names = [s.name for s in app.lobby.core.tables[tid].seats]
        assert all(name[:6] in "\n".join(lines) for name in names)  # every seat still named
        return lines[0]


async def test_own_autopilot_seat_reads_in_full_at_80_columns():
    """Your row says "(you)" and "autopilot" in full; "(you)" sits after your name, so other names keep their room."""
    for lang, you, auto in (("en", "anna (you)", "autopilot"), ("es", "anna (tú)", "autopiloto")):
        line = await _autopilot_seat_line(lang)
        assert you in line and line.rstrip().endswith(auto)


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


async def test_your_autopilot_does_not_squeeze_the_other_names():
    """With your seat on autopilot every seat name stays whole (your row drops "(you)" instead)."""
    from textual.app import App

    from ahoy_tui.ui.games.ahoy.widgets.seat_list import SeatList, SeatRow

    rows = (SeatRow("anna", 5, 10, you=True, status="autopilot"), SeatRow("Calico Jack", 5, 12),
            SeatRow("Charles Vane", 4, 0, turn=True), SeatRow("Anne Bonny", 5, 3, status="bot"))

    class Seats(App[None]):
        def compose(self):
            yield SeatList(classes="seats")

    app = Seats()
    async with app.run_test(size=(44, 8)) as pilot:
        seats = app.query_one(SeatList)
        seats.styles.width = 44
        seats.rows = rows
        await wait_for(pilot, lambda a: "autopilot" in screen_text(a))
        text = screen_text(app)
        for name in ("Calico Jack", "Charles Vane", "Anne Bonny"):
            assert name in text, text
        assert "anna (you)" in text and "autopilot" in text


async def _footer_after_ready(game: str) -> tuple[str, str, str, str]:
    """A guest's waiting room: the footer line before ``r``, after ``r`` and after a second ``r``, and the
    screen once ready."""
    lobby = new_lobby()
    host = lobby.connect("user:bo", "bo")
    tid = lobby.create_table(host, _config("Crew", seats=3, game=game))
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lobby.join(app.handle, tid)
        app.open_table(tid)
        await wait_for(pilot, lambda a: getattr(a.screen, "_ready", False) and a.screen.update is not None)
        footers = [screen_text(app).splitlines()[-1]]
        shown = ""
        for ready in (True, False):
            await pilot.press("r")
            await wait_for(pilot, lambda a: any(s.name == "anna" and s.ready == ready
                                                for s in a.screen.update.table.seats))
            await wait_for(pilot, lambda a: ("Not ready" in screen_text(a).splitlines()[-1]) == ready)
            footers.append(screen_text(app).splitlines()[-1])
            shown = shown or screen_text(app)
        return footers[0], footers[1], footers[2], shown


async def test_the_ready_key_says_what_it_does_in_both_games():
    """``r`` reads "Ready" while one's seat is not ready and "Not ready" once it is: the key's label says
    what pressing it does, not the state the seat already has; the prompt says the host starts."""
    for game in ("ahoy", "ahoi"):
        before, ready, again, shown = await _footer_after_ready(game)
        assert "r Ready" in before and "Not ready" not in before, (game, before)
        assert "r Not ready" in ready, (game, ready)
        assert "r Ready" in again and "Not ready" not in again, (game, again)
        left = " ".join(" ".join(line[:46] for line in shown.splitlines()).split())
        assert "You are ready; the host starts the game" in left, (game, shown)


def _left_column(app) -> str:
    """The left column's words (the waiting room and its prompt, wrapped), one space between."""
    return " ".join(" ".join(line[:46] for line in screen_text(app).splitlines()).split())


async def test_the_host_of_a_full_table_is_told_to_start_not_to_add_bots():
    """The host's waiting room at a full table: no "Add bots (b)" (no seat is free), no ready key or
    ready tag for the host (the game waits for the guests' ready, never the host's); once the guest is
    ready the prompt says to start."""
    for game in ("ahoy", "ahoi"):
        lobby = new_lobby()
        app = make_app(lobby)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            tid = lobby.create_table(app.handle, _config("Crew", seats=3, game=game))
            app.open_table(tid)
            guest = lobby.connect("user:bo", "bo")
            lobby.join(guest, tid)
            lobby.add_bot(app.handle, tid, "baseline")
            await wait_for(pilot, lambda a: getattr(a.screen, "update", None) is not None
                           and all(s.kind != "empty" for s in a.screen.update.table.seats))
            await wait_for(pilot, lambda a: "start the game (g) once everyone is ready" in _left_column(a))
            text = screen_text(app)
            assert "Add bots" not in text and "anna  (host)" in text and "bo  (not ready)" in text, (game, text)
            assert "Ready" not in text.splitlines()[-1] and "g Start" in text.splitlines()[-1], (game, text)
            lobby.set_ready(guest, tid, True)
            await wait_for(pilot, lambda a: "everyone is ready: start the game (g)" in _left_column(a))

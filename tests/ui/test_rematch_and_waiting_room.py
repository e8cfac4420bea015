"""Coming back after game over, the rematch and the waiting room.

A player who comes back after game over is not shown as "left"; a rematch
left alone says what it waits for and the host can add a bot to start it;
a spectator in the waiting room is told they are watching; the ``-`` key
says it removes a player (English and Spanish).
"""

from __future__ import annotations

import pytest

from game_end_helpers import close_reports, dialog_text, game_over, prompt_text, seat_lines, untimed
from ui_helpers import make_app, new_lobby, screen_text, wait_for

from ahoy_tui.ui.screens.lobby import LobbyScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen

SIZE = (80, 24)


def _waiting_room(app) -> bool:
    s = app.screen
    return isinstance(s, TableScreen) and s._ready and s.update is not None and s.view is None


def _finished_game(lobby, host, guest) -> str:
    """``host`` and ``guest`` play a game to its end on autopilot (call inside the app's run)."""
    tid = lobby.create_table(host, untimed("Wake", seats=2, limit=20))
    lobby.join(guest, tid)
    lobby.set_ready(guest, tid, True)
    lobby.start(host, tid)
    for who in (host, guest):
        lobby.set_autopilot(who, tid, True)
    return tid


async def _at_game_over(pilot, host, guest) -> str:
    """``host`` and ``guest`` play a game to its end; the app watches it up to its game-over report."""
    app = pilot.app
    tid = _finished_game(app.lobby.core, host, guest)
    app.open_table(tid)
    await wait_for(pilot, game_over, timeout=60)
    return tid


async def test_a_player_who_comes_back_after_game_over_is_not_shown_as_left():
    lobby = new_lobby(seed=3)
    dan = lobby.connect("user:dan", "dan")
    app = make_app(lobby, "bo")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = await _at_game_over(pilot, dan, app.handle)
        await pilot.press("q")  # back to the lobby
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))
        assert lobby.tables[tid].seat_of("user:bo") is None
        await pilot.press("j")  # the same table again
        await wait_for(pilot, game_over)
        over = dialog_text(app)
        assert "bo" in over and "(left)" not in over
        await close_reports(pilot)
        mine = next(line for line in seat_lines(app) if "bo" in line)
        assert "(you)" in mine and "left" not in mine
        assert "You asked" not in prompt_text(app) and "rematch (r)" in prompt_text(app)


async def test_a_rematch_left_alone_says_what_it_waits_for_and_the_host_can_add_a_bot():
    lobby = new_lobby(seed=3)
    bo = lobby.connect("user:bo", "bo")
    app = make_app(lobby, "dan")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = await _at_game_over(pilot, app.handle, bo)
        lobby.leave(bo, tid)
        await pilot.press("r")  # rematch, from the report
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen) and "You asked" in prompt_text(a))
        assert prompt_text(app) == ("You asked for a rematch: waiting for another player. Add a bot (b)"
                                " or wait for someone to sit down (q: back to the lobby).")
        assert "b Add bot" in screen_text(app).splitlines()[-1]
        await pilot.press("b", "2")                      # normal level
        await wait_for(pilot, lambda a: lobby.tables[tid].status == "playing" and isinstance(a.screen, TableScreen)
                       and a.screen.view is not None and a.screen.view.hand_no == 1)
        assert [s.kind for s in lobby.tables[tid].seats] == ["person", "bot"]


async def test_a_rematch_says_who_has_not_asked_yet():
    lobby = new_lobby(seed=3)
    bo = lobby.connect("user:bo", "bo")
    app = make_app(lobby, "dan", lang="es")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = await _at_game_over(pilot, app.handle, bo)
        await pilot.press("r")
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen) and "Pediste" in prompt_text(a))
        assert prompt_text(app) == "Pediste la revancha: esperando a bo (q: volver al salón)."
        lobby.leave(bo, tid)
        await wait_for(pilot, lambda a: "falta otro jugador" in prompt_text(a))
        assert "Añade un bot (b)" in prompt_text(app)


async def _waiting_room_texts(lang: str) -> tuple[str, str, str]:
    """The spectator's prompt and screen, and the host's footer, in a waiting room."""
    lobby = new_lobby()
    watcher = make_app(lobby, "cy", lang=lang)
    host = make_app(lobby, "dan", lang=lang)
    async with host.run_test(size=SIZE) as hp:
        await hp.pause()
        tid = lobby.create_table(host.handle, untimed("Crew", seats=3))
        host.open_table(tid)
        lobby.add_bot(host.handle, tid, "baseline")
        await wait_for(hp, _waiting_room)
        async with watcher.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("w")
            await wait_for(pilot, _waiting_room)
            assert watcher.screen.update.seat is None
            await pilot.press("r")  # not theirs: nothing happens
            await pilot.pause()
            assert not any(s.kind == "person" and s.name == "cy" for s in lobby.tables[tid].seats)
            return prompt_text(watcher), screen_text(watcher), screen_text(host).splitlines()[-1]


async def test_a_spectator_in_the_waiting_room_is_told_they_are_watching():
    prompt, shown, _ = await _waiting_room_texts("en")
    assert prompt == "You are watching. The game starts when the host starts it."
    assert "Press r" not in shown
    prompt, shown, _ = await _waiting_room_texts("es")
    assert prompt == "Estás mirando. La partida empieza cuando el anfitrión la empiece."
    assert "Pulsa r" not in shown


async def test_the_minus_key_says_it_removes_a_player():
    _, _, footer = await _waiting_room_texts("en")
    assert "- Remove player" in footer and "Remove seat" not in footer
    _, _, footer = await _waiting_room_texts("es")
    assert "- Quitar jugador" in footer and "plaza" not in footer


async def test_someone_who_sits_down_after_game_over_shows_in_the_seat_list_as_new_and_is_not_watching():
    """The prompt names who the rematch waits for; the seat list must show that person too."""
    lobby = new_lobby(seed=3)
    bo = lobby.connect("user:bo", "bo")
    app = make_app(lobby, "dan")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = await _at_game_over(pilot, app.handle, bo)
        await close_reports(pilot)
        lobby.leave(bo, tid)
        cy = lobby.connect("user:cy", "cy")
        lobby.join(cy, tid)
        await wait_for(pilot, lambda a: any("cy" in line for line in seat_lines(a)))
        line = next(line for line in seat_lines(app) if "cy" in line)
        assert "new" in line
        assert any("bo" in line and "left" in line for line in seat_lines(app))


async def test_someone_who_sits_down_after_game_over_is_seated_not_watching():
    lobby = new_lobby(seed=3)
    dan, bo = lobby.connect("user:dan", "dan"), lobby.connect("user:bo", "bo")
    app = make_app(lobby, "cy")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = _finished_game(lobby, dan, bo)
        await wait_for(pilot, lambda a: lobby.tables[tid].status == "game_over", timeout=60)
        lobby.leave(bo, tid)
        lobby.join(app.handle, tid)
        app.open_table(tid)
        await wait_for(pilot, lambda a: any("cy" in line for line in seat_lines(a))
                       if any(isinstance(s, TableScreen) for s in a.screen_stack) else False)
        await close_reports(pilot)
        await pilot.pause()
        title = screen_text(app).splitlines()[0]
        assert "watching" not in title, title
        assert any("cy" in line and "(you)" in line for line in seat_lines(app))


@pytest.mark.parametrize("viewer", ["bo stays", "dan joins again", "dan watches"])
async def test_a_seat_left_during_play_reads_the_same_for_every_viewer(viewer):
    """dan leaves during play and the autopilot ends his game: the game-over report marks him
    "dan (left)" for bo, who stayed, and for dan himself when he comes back to sit or to watch."""
    lobby = new_lobby(seed=3)
    me, other = ("bo", "dan") if viewer == "bo stays" else ("dan", "bo")
    app = make_app(lobby, me)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        peer = lobby.connect(f"user:{other}", other)
        bo, dan = (app.handle, peer) if me == "bo" else (peer, app.handle)
        tid = lobby.create_table(bo, untimed("Wake", seats=2, limit=20))
        lobby.join(dan, tid)
        lobby.set_ready(dan, tid, True)
        lobby.start(bo, tid)
        await wait_for(pilot, lambda a: getattr(a.screen, "table_id", None) == tid)
        if me == "dan":
            await pilot.press("q", "y")  # leave during play: the autopilot keeps the seat
            await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))
        else:
            lobby.leave(dan, tid)
        lobby.set_autopilot(bo, tid, True)
        await wait_for(pilot, lambda a: lobby.tables[tid].status == "game_over", timeout=60)
        if me == "dan":
            await pilot.press("j" if viewer == "dan joins again" else "w")
        await wait_for(pilot, game_over, timeout=60)
        head = dialog_text(app).splitlines()[1:3]
        assert any("dan (left)" in line for line in head), head
        assert all("bo (left)" not in line and "dan" not in line.replace("dan (left)", "") for line in head), head

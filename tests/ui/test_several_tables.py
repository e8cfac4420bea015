"""A player with seats at two tables: the lobby marks them, a return shows the whole hand and the chat."""

from __future__ import annotations

from ui_helpers import make_app, screen_text, wait_for

from ahoy_tui.lobby import Lobby, TableConfig, Timing
from ahoy_tui.ui.screens.lobby import LobbyScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen
from ahoy_tui.ui.widgets.chat_box import ChatBox

#: Bots think for a minute: both games stay where they are during the test.
SLOW = Timing(bot_delay=(60, 60), clock_scale=100)


def _two_games(lobby: Lobby) -> tuple[str, str]:
    """anna (another, earlier session) plays at two tables with a bot each; she was last at the second."""
    earlier = lobby.connect("user:anna", "anna")
    tids = []
    for _ in range(2):
        tid = lobby.create_table(earlier, TableConfig.make(name="Black Pearl", seats=2, clocks="untimed"))
        lobby.add_bot(earlier, tid)
        lobby.start(earlier, tid)
        tids.append(tid)
        if len(tids) == 1:
            lobby.leave(earlier, tid)
    lobby.chat(earlier, tids[1], "yo ho")
    lobby.disconnect(earlier)
    return tids[0], tids[1]


def _at(tid: str):
    def cond(app) -> bool:
        s = app.screen
        return isinstance(s, TableScreen) and s.table_id == tid and s._ready and s.view is not None
    return cond


async def test_seated_tables_are_marked_and_a_return_shows_the_hand_and_the_chat():
    lobby = Lobby(timing=SLOW, seed=4)
    first, second = _two_games(lobby)
    app = make_app(lobby)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, _at(second))  # the reconnect lands at the table anna was last at
        chat = app.screen.query_one(ChatBox)
        assert any("yo ho" in m[1] for m in chat._messages)  # its chat came with it
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")  # leave: the autopilot keeps the seat
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen) and "★ your seat" in screen_text(a))
        text = screen_text(app)
        assert sum("★" in line and "Black Pearl" in line for line in text.splitlines()) == 2, text
        assert "Black Pearl (2)" in text  # two tables never share a name
        assert app.table_screen is None
        assert all(h not in lobby.tables[first].members for h in lobby.players["user:anna"])
        lobby_screen = app.screen
        row = [str(s.table_id) for s in lobby_screen.tables].index(first)
        lobby_screen.query_one("#tables").move_cursor(row=row)
        await pilot.press("j")
        await wait_for(pilot, _at(first))
        screen = app.screen
        assert screen.record.events[0].kind == "hand_started"  # the log starts at the hand's start
        seat = lobby.tables[first].seat_of("user:anna")
        assert all(e.visible_to(seat) for e in screen.record.events)  # only what her seat was shown (R18)
        chat = screen.query_one(ChatBox)
        assert any(m[3] == "game_begins" for m in chat._messages), chat._messages


async def test_chat_history_that_arrives_before_the_table_screen_is_built_is_shown():
    from ahoy_tui.lobby.messages import ChatMessage

    app = make_app(Lobby(timing=SLOW, seed=4))
    async with app.run_test(size=(100, 30)) as pilot:
        screen = TableScreen("t9")
        screen.set_chat([ChatMessage("t9", "bo", "ahoy there", 0.0)])  # before it is composed
        screen.add_chat(ChatMessage("t9", "bo", "anyone?", 0.0))
        app.push_screen(screen)
        await wait_for(pilot, lambda a: a.screen is screen and screen._ready)
        assert [m[1] for m in screen.query_one(ChatBox)._messages] == ["ahoy there", "anyone?"]

"""The lobby list under many tables and players (issue 6): rows updated in place, names that fit.

What a player would notice: the table list always matches the lobby (after
any mix of new tables, joins, leaves and closed tables), the row under the
cursor stays selected while other tables come and go, a change to one table
touches only its row, and a crowded lobby shows the names that fit with
"+N more" instead of a list cut off at the border.
"""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import DataTable
from ui_helpers import make_app, new_lobby, screen_text, wait_for

from ahoy_tui.lobby import LobbyError, TableConfig
from ahoy_tui.ui.screens import lobby as lobby_screen
from ahoy_tui.ui.screens.lobby import OnlineList

SIZE = (80, 24)


@pytest.fixture
def no_rate_limit(monkeypatch):
    """Show every lobby change at once (the rate limit is about time, not about what is shown)."""
    monkeypatch.setattr(lobby_screen, "FILL_RATE", 1e9)
    monkeypatch.setattr(lobby_screen, "PRESENCE_RATE", 1e9)
    monkeypatch.setattr(lobby_screen, "PRESENCE_BUDGET", 1e9)


def config(name: str, seats: int = 4, private: bool = False) -> TableConfig:
    return TableConfig.make(name=name, seats=seats, clocks="untimed", private=private)


def rows(app) -> list[tuple[str, list[str]]]:
    """The table list as shown: (row key, cell texts) in order."""
    table = app.lobby_screen.query_one("#tables", DataTable)
    out = []
    for row in table.ordered_rows:
        cells = [str(getattr(c, "plain", c)) for c in table.get_row(row.key)]
        out.append((row.key.value, cells))
    return out


def expected(lobby) -> list[tuple[str, str, str]]:
    """(table id, seats, status word) for every open table, in the lobby's order."""
    return [(s.table_id, f"{s.seats_taken}/{s.seats}", s.status) for s in lobby.table_summaries()]


def check_matches(app, lobby) -> None:
    shown = rows(app)
    want = expected(lobby)
    assert [key for key, _ in shown] == [tid for tid, _, _ in want]
    for (key, cells), (tid, seats, status), summary in zip(shown, want, lobby.table_summaries()):
        assert cells[1] == seats, (key, cells)
        assert cells[3].endswith(status.replace("_", " ")) or status in cells[3], (key, cells)
        assert summary.name.startswith(cells[0].rstrip("…")[:8]), (key, cells)
        assert ("private" in cells[3]) == summary.private


async def test_one_table_changing_updates_only_its_row_and_the_cursor_stays(no_rate_limit):
    lobby = new_lobby()
    hosts = [lobby.connect(f"user:h{i}", f"h{i}") for i in range(10)]
    tids = [lobby.create_table(hosts[i // 3], config(f"Ship {i:02d}")) for i in range(30)]
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.lobby_screen.query_one("#tables", DataTable)
        table.move_cursor(row=5)
        await pilot.pause()
        before = rows(app)
        calls: list[tuple] = []
        original_update, original_clear = table.update_cell, table.clear
        table.update_cell = lambda *a, **k: (calls.append(("update", a[0], a[1])), original_update(*a, **k))[1]
        table.clear = lambda *a, **k: (calls.append(("clear",)), original_clear(*a, **k))[1]

        guest = lobby.connect("user:guest", "guest")
        lobby.join(guest, tids[7])
        await pilot.pause()

        after = rows(app)
        assert [k for k, _ in after] == [k for k, _ in before]
        changed = [k for (k, a), (_, b) in zip(before, after) if a != b]
        assert changed == [tids[7]]
        assert after[7][1][1] == "2/4"
        assert calls == [("update", tids[7], "lobby.col.seats")]
        # a table above the cursor closes: the cursor stays on the table it was on
        lobby.close_table(tids[2], "closed")
        await pilot.pause()
        assert table.coordinate_to_cell_key((table.cursor_row, 0)).row_key.value == tids[5]
        check_matches(app, lobby)


_OPS = st.lists(st.tuples(st.sampled_from(["create", "join", "leave", "close", "watch", "bot", "come", "go"]),
                          st.integers(0, 7), st.integers(0, 40)), min_size=1, max_size=25)


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=_OPS)
def test_rows_follow_random_creates_joins_leaves_and_closes(no_rate_limit, ops):
    asyncio.run(_random_lobby(ops))


async def _random_lobby(ops) -> None:
    lobby = new_lobby()
    people = {i: lobby.connect(f"user:p{i}", f"p{i}") for i in range(8)}
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for n, (op, who, k) in enumerate(ops):
            handle = people.get(who)
            tids = list(lobby.tables)
            tid = tids[k % len(tids)] if tids else None
            try:
                if op == "create" and handle is not None:
                    lobby.create_table(handle, config(f"T{n} {'~' * (k % 30)}", seats=2 + k % 7, private=k % 5 == 0))
                elif op == "join" and handle is not None and tid:
                    table = lobby.tables[tid]
                    lobby.join(handle, tid, table.code)
                elif op == "leave" and handle is not None and tid:
                    lobby.leave(handle, tid)
                elif op == "close" and tid:
                    lobby.close_table(tid, "closed")
                elif op == "watch" and handle is not None and tid:
                    lobby.spectate(handle, tid)
                elif op == "bot" and handle is not None and tid:
                    lobby.add_bot(handle, tid, "baseline")
                elif op == "come" and handle is None:
                    people[who] = lobby.connect(f"user:p{who}", f"p{who}")
                elif op == "go" and handle is not None:
                    lobby.disconnect(handle)
                    del people[who]
            except LobbyError:
                pass
            if n % 3 == 2 or n == len(ops) - 1:
                await pilot.pause()
                check_matches(app, lobby)
                box = app.lobby_screen.query_one(OnlineList)
                assert box.visible_lines(box.size.height)[:1] == lobby.online_names()[:1]
                assert f"({len(lobby.online_names())})" in (box.border_title or "")


async def test_a_crowded_lobby_shows_the_names_that_fit_and_how_many_more(no_rate_limit):
    lobby = new_lobby()
    for i in range(299):
        lobby.connect(f"user:s{i}", f"sailor{i:03d}")
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = screen_text(app).splitlines()
        box = [line[52:].strip("│ ") for line in lines[1:13]]
        assert "Pirates online (300)" in box[0]
        names = box[1:-1]
        # 10 rows inside the box (the lobby footer takes two rows at 80x24): 9 names (anna first,
        # sorted), then the rest as a count
        assert names[:3] == ["anna", "sailor000", "sailor001"]
        assert len(names) == 10 and names[-1] == "+291 more"
        # someone leaves and someone arrives: the count and the names follow
        lobby.connect("user:aaron", "aaron")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        assert "Pirates online (301)" in lines[1]
        assert [line[52:].strip("│ ") for line in lines[2:4]] == ["aaron", "anna"]
        assert lines[11][52:].strip("│ ") == "+292 more"
        # a taller window shows more names, still ending with the count of the others
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        left = lines[1].index("╭─ Pirates online")
        bottom = next(i for i, line in enumerate(lines) if i > 1 and line[left:].startswith("╰"))
        shown = [line[left:].strip("│ ") for line in lines[2:bottom]]
        assert len(shown) > 11 and shown[:2] == ["aaron", "anna"]
        assert shown[-1] == f"+{301 - (len(shown) - 1)} more"


async def test_hidden_lobby_queues_no_messages_and_shows_the_latest_state_when_back(no_rate_limit):
    from ahoy_tui.ui.games.ahoy.table import TableScreen
    from ui_helpers import bot_table, wait_for

    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=2, start=False)
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen))
        posted = []
        original = app.post_message
        app.post_message = lambda m: (posted.append(type(m.payload).__name__)
                                      if hasattr(m, "payload") else None, original(m))[1]
        others = [lobby.connect(f"user:x{i}", f"x{i}") for i in range(20)]
        lobby.create_table(others[0], config("Later"))
        await pilot.pause()
        assert "LobbyChanged" not in posted
        app.post_message = original
        lobby.leave(app.handle, tid)
        app.close_table()
        await wait_for(pilot, lambda a: a.screen is a.lobby_screen)
        assert "Pirates online (21)" in screen_text(app)
        check_matches(app, lobby)


async def test_chat_history_sent_before_the_lobby_is_built_is_shown():
    lobby = new_lobby()
    bo = lobby.connect("user:bo", "bo")
    lobby.chat(bo, "lobby", "first words")
    app = make_app(lobby)
    early = []
    original = lobby_screen.LobbyScreen.set_chat

    def spy(self, messages):
        early.append(self._built())
        original(self, messages)

    lobby_screen.LobbyScreen.set_chat = spy
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "bo: first words" in screen_text(app)
    finally:
        lobby_screen.LobbyScreen.set_chat = original


async def test_a_long_chat_history_shows_its_newest_messages():
    from textual.widgets import RichLog

    from ahoy_tui.lobby.messages import ChatMessage

    lobby = new_lobby()
    for i in range(200):  # the lobby keeps the last 200; a new session writes the newest 50
        lobby.chat_log.add(ChatMessage("lobby", "bo", f"m{i:03d}", 0.0))
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = [strip.text.strip() for strip in app.lobby_screen.query_one(RichLog).lines]
        assert lines[0] == "bo: m150" and lines[-1] == "bo: m199" and len(lines) == 50
        assert "bo: m199" in screen_text(app)


async def test_a_lobby_change_before_the_list_has_columns_waits_for_them(no_rate_limit):
    """Many players arriving at once: a change can reach a lobby screen whose list is not set up yet.

    It used to add rows to a list without columns, which ended that player's session.
    """
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.lobby_screen.query_one("#tables", DataTable)
        table.clear(columns=True)  # as between compose and the first refresh_texts
        lobby.create_table(lobby.connect("user:bo", "bo"), config("Early bird"))
        await pilot.pause()
        await app.lobby_screen.lobby_changed()
        await pilot.pause()
        assert app.is_running and not table.columns  # waited, did not crash
        app.lobby_screen.refresh_texts()
        await pilot.pause()
        check_matches(app, lobby)
        assert "Early bird" in screen_text(app)


async def test_online_names_follow_arrivals_and_departures_in_a_short_list(no_rate_limit):
    """Found by a tester: with few players, a name leaving stayed on screen and a new last name was never drawn."""
    lobby = new_lobby()
    handles = {name: lobby.connect(f"user:{name}", name) for name in ("bo", "cy", "dan")}
    app = make_app(lobby, "fay")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()

        def online() -> list[str]:
            lines = screen_text(app).splitlines()
            left = lines[1].index("╭─ Pirates online")
            names = [line[left:].strip("│ ") for line in lines[2:12]]
            return [n for n in names if n]

        assert online() == ["bo", "cy", "dan", "fay"]
        lobby.disconnect(handles.pop("dan"))  # the last row must be cleared
        await wait_for(pilot, lambda a: online() == ["bo", "cy", "fay"])
        lobby.disconnect(handles.pop("bo"))
        handles["gus"] = lobby.connect("user:gus", "gus")  # one row more: it must be drawn
        await wait_for(pilot, lambda a: online() == ["cy", "fay", "gus"])
        handles["hal"] = lobby.connect("user:hal", "hal")
        await wait_for(pilot, lambda a: online() == ["cy", "fay", "gus", "hal"])
        assert "Pirates online (4)" in screen_text(app)


async def test_tables_named_alike_stay_apart_in_a_narrow_lobby_list():
    """ "Barco de bo" and the "Barco de bo (2)" the lobby made of the same name both read "Barco de b"
    at 80 columns with a long status; the number is kept when a name is cut."""
    lobby = new_lobby()
    bo = lobby.connect("user:bo", "bo")
    lobby.create_table(bo, TableConfig.make(name="Barco de bo", private=True, clocks="untimed"))
    lobby.create_table(bo, TableConfig.make(name="Barco de bo", clocks="untimed"))
    assert sorted(s.name for s in lobby.table_summaries()) == ["Barco de bo", "Barco de bo (2)"]
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda a: "(2)" in screen_text(a))
        rows = [line for line in screen_text(app).splitlines() if "Barco" in line]
        assert len(rows) == 2
        names = [line.split("│")[1].split("1/4")[0].strip() for line in rows]
        assert names[0] != names[1] and names[1].endswith("(2)")


async def test_a_seated_playing_row_keeps_the_host_column_at_80x24():
    """"★ your seat · playing" pushed the Host column out at 80 columns: the status is "★ playing"
    and the box's subtitle says "★ your seat"."""
    lobby = new_lobby()
    bo = lobby.connect("user:bo", "bo")
    tid = lobby.create_table(bo, TableConfig.make(name="Black Pearl", seats=2, clocks="untimed"))
    lobby.create_table(bo, TableConfig.make(name="Hideout", seats=3, clocks="untimed"))
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lobby.join(app.handle, tid)
        lobby.set_ready(app.handle, tid, True)
        lobby.start(bo, tid)
        await wait_for(pilot, lambda a: getattr(a.screen, "table_id", None) == tid)
        await pilot.press("q", "y")  # leave: the autopilot keeps the seat
        await wait_for(pilot, lambda a: "★ your seat" in screen_text(a))
        lines = screen_text(app).splitlines()
        (head,) = [line for line in lines if "Status" in line]
        (pearl,) = [line for line in lines if "Black Pe" in line]
        (hideout,) = [line for line in lines if "Hideout" in line]
        assert "Host" in head and "★ playing" in pearl and "★" not in hideout
        assert pearl.split("│")[1].split()[-1] == "bo" and hideout.split("│")[1].split()[-1] == "bo"

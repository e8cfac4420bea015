"""The leaderboard (``L``), profile cards (``v``) and the rating change on the game-over screen (docs/community.md)."""

from __future__ import annotations

import re

import pytest
from game_end_helpers import dialog_text, game_over
from ui_helpers import screen_text, wait_for

from ahoy_tui.community.service import Community
from ahoy_tui.lobby import InMemoryLobby, Lobby, TableConfig, Timing
from ahoy_tui.session import SessionInfo
from ahoy_tui.ui.ahoy_app import AhoyApp
from ahoy_tui.ui.screens.leaderboard import LeaderboardScreen
from ahoy_tui.ui.screens.lobby import LobbyScreen
from ahoy_tui.ui.screens.profile import ProfileScreen
from tests.community.helpers import ANNA, BO, CY, game

SIZE = (100, 30)
CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([SHDC♠♥♦♣])(?![0-9A-Za-z])|(?<![0-9A-Za-z])JK(?![0-9A-Za-z])")


@pytest.fixture
def community():
    c = Community()
    yield c
    c.close()


def _app(lobby: Lobby, identity: str, name: str, **session) -> AhoyApp:
    return AhoyApp(SessionInfo(identity=identity, display_name=name, **session), InMemoryLobby(lobby))


def _board(app) -> bool:
    return isinstance(app.screen, LeaderboardScreen) and app.screen.fetched


def _card(name: str):
    return lambda app: isinstance(app.screen, ProfileScreen) and app.screen.shown == name


def _played(community: Community) -> None:
    for n in range(4):      # cy wins the 4-seat games, anna the 3-seat ones: two different orders
        ids, names = ((CY, BO, ANNA, None), ("cy", "bo", "anna", "Hook")) if n < 2 else \
            ((ANNA, BO, CY), ("anna", "bo", "cy"))
        community.record(game(f"g{n}", ids, tuple(range(1, len(ids) + 1)), finished=1e9 + n, names=names))
    assert community.flush()


async def test_the_leaderboard_switches_boards_and_opens_a_profile(community):
    _played(community)
    lobby = Lobby(timing=Timing.instant(), community=community, wall=lambda: 1e9 + 100)
    app = _app(lobby, "user:zoe", "zoe")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("L")
        await wait_for(pilot, _board)
        text = screen_text(app)
        assert "overall" in text and "provisional" in text
        names = [r.name for r in app.screen.rows]
        assert set(names) == {"anna", "bo", "cy"} and "Hook" not in text
        await pilot.press("4")
        await wait_for(pilot, lambda a: _board(a) and a.screen.players == 4)
        assert [r.name for r in app.screen.rows] == ["cy", "bo", "anna"]
        assert "4-player games" in screen_text(app)
        await pilot.press("3")
        await wait_for(pilot, lambda a: _board(a) and a.screen.players == 3)
        assert [r.name for r in app.screen.rows][0] == "anna"
        await pilot.press("d")
        await wait_for(pilot, lambda a: _board(a) and a.screen.board == "recent")
        assert "30 days" in screen_text(app) and "+" in screen_text(app)
        await pilot.press("8")
        await wait_for(pilot, lambda a: _board(a) and a.screen.players == 8)
        assert "Nobody is on this leaderboard yet" in screen_text(app)
        await pilot.press("o")
        await wait_for(pilot, lambda a: _board(a) and a.screen.board == "overall")
        first = app.screen.rows[0].name
        await pilot.press("enter")
        await wait_for(pilot, _card(first))
        card = screen_text(app)
        assert "games 4" in card and "lies told" in card and "rating" in card
        await pilot.press("escape")
        await wait_for(pilot, _board)
        await pilot.press("escape")
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))


async def test_a_profile_card_from_the_online_list_marks_a_keyless_name(community):
    _played(community)
    lobby = Lobby(timing=Timing.instant(), community=community)
    community.record(game("g9", ("user:zoe", None), (1, 2), names=("zoe", "Hook"))).result(5)
    app = _app(lobby, "user:zoe", "zoe", lang="es")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await wait_for(pilot, _card("zoe"))
        card = " ".join(screen_text(app).split())
        assert "nunca puntúa" in card and "partidas 1 victorias 1" in card


async def test_the_game_over_screen_shows_both_rating_changes(community):
    lobby = Lobby(timing=Timing.instant(), seed=3, community=community)
    app = _app(lobby, ANNA, "anna")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        core = lobby
        bo = core.connect(BO, "bo")
        bo.subscribe(lambda m: None)
        tid = core.create_table(app.handle, TableConfig.make(name="Wake", seats=3, limit=20, clocks="untimed"))
        app.open_table(tid)
        core.join(bo, tid)
        core.set_ready(bo, tid, True)
        core.add_bot(app.handle, tid, "baseline")
        core.start(app.handle, tid)
        core.set_autopilot(app.handle, tid, True)
        core.set_autopilot(bo, tid, True)
        await wait_for(pilot, game_over, timeout=30)
        await wait_for(pilot, lambda a: "Ratings" in dialog_text(a))
        text = dialog_text(app)
        ratings = {i: community.rating(i).shown for i in (ANNA, BO)}
        assert f"anna: 1000 -> {ratings[ANNA]}" in text and f"bo: 1000 -> {ratings[BO]}" in text
        await pilot.press("v")
        await wait_for(pilot, lambda a: isinstance(a.screen, ProfileScreen) and a.screen.shown)
        card = str(app.screen.query_one("#profile-card").render())
        assert "rated games" in card and "lies told" in card
        assert not CARD.search(card)          # counts only: no card of the game reaches the card (R18)


async def test_v_at_a_table_opens_the_cards_of_its_seats(community):
    _played(community)
    lobby = Lobby(timing=Timing.instant(), community=community)
    app = _app(lobby, ANNA, "anna")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = lobby.create_table(app.handle, TableConfig.make(name="Wake", seats=2, clocks="untimed"))
        app.open_table(tid)
        lobby.add_bot(app.handle, tid, "baseline")
        await wait_for(pilot, lambda a: "Add bot" in screen_text(a) or "Start" in screen_text(a))
        await pilot.press("v")
        await wait_for(pilot, _card("anna"))
        assert app.screen.names[0] == "anna" and len(app.screen.names) == 2
        assert "games 4" in screen_text(app)
        await pilot.press("down")
        await wait_for(pilot, _card(app.screen.names[1]))
        assert "Nobody called" in screen_text(app)          # a bot has no card

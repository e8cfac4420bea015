"""The leaderboard (``L``), profile cards (``v``) and the rating change on the game-over screen (docs/community.md)."""

from __future__ import annotations

import re

import pytest
from game_end_helpers import dialog_text, game_over
from ui_helpers import screen_text, wait_for

from ahoy_tui.community.rating import label
from ahoy_tui.community.service import Community
from ahoy_tui.lobby import InMemoryLobby, Lobby, TableConfig, Timing
from ahoy_tui.session import SessionInfo
from ahoy_tui.ui.ahoy_app import AhoyApp
from ahoy_tui.ui.screens.leaderboard import LeaderboardScreen
from ahoy_tui.ui.screens.lobby import LobbyScreen
from ahoy_tui.ui.screens.profile import ProfileScreen
from tests.community.helpers import ANNA, BO, CY, ahoi_game, game

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


async def _own_card(app: AhoyApp, name: str) -> str:
    """The text of ``name``'s profile card, opened with ``v`` in the lobby (``name`` is the only one online),
    on one line (words joined by single spaces)."""
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await wait_for(pilot, _card(name))
        return " ".join(screen_text(app).split())


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
    card = await _own_card(_app(lobby, "user:zoe", "zoe", lang="es"), "zoe")
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
        ratings = {i: label(community.rating(i)) for i in (ANNA, BO)}   # as the leaderboard shows them
        assert ratings[ANNA].endswith("?")                                # a first game: provisional
        assert f"anna: 1000? -> {ratings[ANNA]} (" in text and f"bo: 1000? -> {ratings[BO]} (" in text
        await pilot.press("v")
        await wait_for(pilot, lambda a: isinstance(a.screen, ProfileScreen) and a.screen.shown)
        card = str(app.screen.query_one("#profile-card").render())
        assert "after 1 rated game\n" in card and "lies told" in card
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
        card = " ".join(screen_text(app).split())           # a bot's card: it is a bot, its level's strength
        assert "is a bot: AHOY!! V2, level normal" in card and "Nobody called" not in card   # (issue 30)


async def test_the_leaderboard_and_the_card_show_each_game_apart(community):
    """``g`` switches the board to Ahoi (its own ratings and players); a card has a part per game."""
    _played(community)                                   # AHOY!! V2: anna, bo, cy
    for i in range(2):
        community.record(ahoi_game(f"a{i}", (BO, "user:dan", CY), seed=30 + i, names=("bo", "dan", "cy"),
                                   finished=1e9 + 10 + i))
    assert community.flush()
    lobby = Lobby(timing=Timing.instant(), community=community, wall=lambda: 1e9 + 100)
    app = _app(lobby, "user:zoe", "zoe")
    async with app.run_test(size=(80, 20)) as pilot:
        await pilot.pause()
        await pilot.press("L")
        await wait_for(pilot, _board)
        assert "AHOY!! V2" in screen_text(app) and app.screen.game == "ahoy"
        await pilot.press("3")
        await wait_for(pilot, lambda a: _board(a) and a.screen.players == 3)
        await pilot.press("g")
        await wait_for(pilot, lambda a: _board(a) and a.screen.game == "ahoi")
        assert app.screen.players == 3 and "Ahoi" in screen_text(app) and "3-player games" in screen_text(app)
        assert {r.name for r in app.screen.rows} == {"bo", "cy", "dan"}
        await pilot.press("o")
        await wait_for(pilot, lambda a: _board(a) and a.screen.board == "overall" and a.screen.game == "ahoi")
        ahoi = {r.name: r.rating for r in app.screen.rows}
        assert set(ahoi) == {"bo", "cy"}                              # dan has no key: on no rated board
        assert ahoi["bo"] == community.rating(BO, "ahoi") != community.rating(BO)
        app.screen.query_one("#board").move_cursor(row=[r.name for r in app.screen.rows].index("bo"))
        await pilot.press("enter")
        await wait_for(pilot, _card("bo"))
        card = str(app.screen.query_one("#profile-card").render())
        assert card.index("AHOY!! V2 · rating") < card.index("lies told") < card.index("Ahoi · rating") \
            < card.index("„Ahoi“ calls") and "rounds" in card and "Tauschen" in card
        assert not CARD.search(card)
        await pilot.press("pagedown")                  # 80x20: the two games' card is taller than the box
        await wait_for(pilot, lambda a: a.screen.query_one("#profile-scroll").scroll_y > 0)
        await pilot.press("escape")
        await wait_for(pilot, _board)
        await pilot.press("g")
        await wait_for(pilot, lambda a: _board(a) and a.screen.game == "ahoy")
        assert {r.name for r in app.screen.rows} == {"anna", "bo", "cy"}


async def test_the_ahoi_game_over_dialog_shows_the_ahoi_rating_changes(community):
    """An Ahoi game of two keyed players ends with their Ahoi rating changes in the last round's dialog."""
    from ahoy_tui.ui.games.ahoi.round import AhoiRoundScreen

    lobby = Lobby(timing=Timing.instant(), seed=5, community=community)
    app = _app(lobby, ANNA, "anna")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        bo = lobby.connect(BO, "bo")
        bo.subscribe(lambda m: None)
        tid = lobby.create_table(app.handle, TableConfig(name="Reef", seats=2, clocks="untimed", game="ahoi"))
        app.open_table(tid)
        lobby.join(bo, tid)
        lobby.set_ready(bo, tid, True)
        lobby.start(app.handle, tid)
        lobby.set_autopilot(app.handle, tid, True)
        lobby.set_autopilot(bo, tid, True)
        await wait_for(pilot, lambda a: isinstance(a.screen, AhoiRoundScreen) and "Ratings" in screen_text(a),
                       timeout=30)
        text = screen_text(app)
        after = {i: label(community.rating(i, "ahoi")) for i in (ANNA, BO)}
        assert f"anna: 1000? -> {after[ANNA]} (" in text and f"bo: 1000? -> {after[BO]} (" in text
        assert community.rating(ANNA) is None              # no AHOY!! V2 rating made


@pytest.mark.parametrize("size", [(80, 24), (80, 25), (100, 30)])
async def test_the_profile_card_has_one_bottom_border(community, size):
    """The box's bottom border never sits on the lobby's behind it (two bottom lines, one under the other)."""
    _played(community)
    lobby = Lobby(timing=Timing.instant(), community=community)
    app = _app(lobby, ANNA, "anna")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await wait_for(pilot, _card("anna"))
        lines = screen_text(app).splitlines()
        bottoms = [i for i, line in enumerate(lines) if "╰─" in line and "─╯" in line]
        assert bottoms and not any(b + 1 in bottoms for b in bottoms), "\n".join(lines)
        if size == (80, 24):
            assert len(bottoms) == 1 and "rating 1067?" in "\n".join(lines)


async def test_a_profile_card_puts_the_player_ahead_of_a_leaver(community):
    """bob left mid-game; his seat (a bot) beat anna on points: anna's card reads 3rd of 4, not 4th."""
    community.record(game("g1", (ANNA, None, "user:carl", None), (4, 3, 1, 2), forfeits=(None, BO, None, None),
                          finished=1_700_000_000.0, names=("anna", "bob", "carl", "Hook"))).result(5)
    card = await _own_card(_app(Lobby(timing=Timing.instant(), community=community), ANNA, "anna"), "anna")
    assert "2023-11-14 3/4" in card and "average place 3.00" in card
    assert "after 1 rated game " in card and "4 players: 1 game, 0 wins" in card


async def _alone_with_bots(community: Community, lang: str = "en") -> tuple[str, str, str]:
    """anna (keyed) plays two whole games against bots (issue 24.8); returns what her game-over dialog,
    the leaderboard (L) and her own profile card (v) then say, each on one line."""
    lobby = Lobby(timing=Timing.instant(), seed=3, community=community)
    app = _app(lobby, ANNA, "anna", lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for n in range(2):
            tid = lobby.create_table(app.handle, TableConfig.make(name=f"Solo{n}", seats=2, limit=20,
                                                                   clocks="untimed"))
            app.open_table(tid)
            lobby.add_bot(app.handle, tid, "baseline")
            lobby.start(app.handle, tid)
            lobby.set_autopilot(app.handle, tid, True)
            await wait_for(pilot, game_over, timeout=30)
            head = community_words(lang, "cm.changes_head")
            await wait_for(pilot, lambda a: head in dialog_text(a))
            over = " ".join(dialog_text(app).split())
            app.close_table()
            await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))
        assert community.flush()
        await pilot.press("L")
        await wait_for(pilot, _board)
        board = " ".join(screen_text(app).split())
        await pilot.press("escape")
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))
        await pilot.press("v")
        await wait_for(pilot, _card("anna"))
        card = " ".join(str(app.screen.query_one("#profile-card").render()).split())
    return over, board, card


def community_words(lang: str, key: str) -> str:
    from ahoy_tui.ui.i18n import tr

    return tr(lang, key)


@pytest.mark.parametrize("lang,why", [("en", "games against bots are not rated"),
                                      ("es", "las partidas contra bots no puntúan"),
                                      ("de", "Spiele gegen Bots werden nicht gewertet")])
async def test_a_player_alone_with_bots_is_told_why_there_is_no_rating(community, lang, why):
    """Issue 24.8: a keyed player's two finished games against bots left the leaderboard saying only
    "Nobody is on this leaderboard yet"; the game-over screen, the leaderboard and the card now say why."""
    over, board, card = await _alone_with_bots(community, lang)
    assert why in over and why in board
    assert community.rating(ANNA) is None
    assert {"en": "not bot games", "es": "no contra bots", "de": "keine gegen Bots"}[lang] in card


async def test_b_shows_the_bot_api_programs_board_and_o_the_people_again(community):
    """Bots are rated apart (docs/bot-api.md): ``b`` lists the programs, the people's boards never do."""
    _played(community)
    community.record(game("g9", ("bot:SHA256:r2", ANNA, "bot:SHA256:d2"), (1, 2, 3), finished=1e9 + 9,
                          names=("r2d2", "anna", "dee")))
    assert community.flush()
    lobby = Lobby(timing=Timing.instant(), community=community, wall=lambda: 1e9 + 100)
    app = _app(lobby, "user:zoe", "zoe")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("L")
        await wait_for(pilot, _board)
        assert "r2d2" not in screen_text(app) and "b bots" in screen_text(app)
        await pilot.press("b")
        await wait_for(pilot, lambda a: _board(a) and a.screen.board == "bots")
        assert [r.name for r in app.screen.rows] == ["r2d2", "dee"]
        assert "bot API programs" in screen_text(app)
        await pilot.press("o")
        await wait_for(pilot, lambda a: _board(a) and a.screen.board == "overall")
        assert {r.name for r in app.screen.rows} == {"anna", "bo", "cy"}

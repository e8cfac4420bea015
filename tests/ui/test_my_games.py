"""My games (``g`` in the lobby) and the replay viewer: the list, stepping, hidden information (R18)."""

from __future__ import annotations

from test_hidden_info import leaked
from ui_helpers import make_app, new_lobby, screen_text, wait_for

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.ui.screens.lobby import LobbyScreen
from ahoy_tui.ui.screens.my_games import MyGamesScreen
from ahoy_tui.ui.screens.replay_view import ReplayScreen
from tests.community.helpers import game as archived_game
from tests.history_helpers import finished_lobby, seen_by

SIZE = (80, 24)


def listed(app) -> bool:
    return isinstance(app.screen, MyGamesScreen) and app.screen.fetched


def replaying(app) -> bool:
    return isinstance(app.screen, ReplayScreen)


async def test_my_games_lists_a_finished_game_and_says_when_there_is_none():
    lobby = finished_lobby(seed=7)
    (game,) = lobby.my_games(lobby.connect("user:anna", "anna"))
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "g Games" in "\n".join(screen_text(app).splitlines()[-2:])  # the lobby footer may take two rows
        await pilot.press("g")
        await wait_for(pilot, listed)
        text = screen_text(app)
        row = next(line for line in text.splitlines() if "Wake 1" in line)
        assert "anna" in row and f"{game.places[0]} of 3" in row and str(game.totals[0]) in row
        assert "2026" in row or "20" in row.split()[1]  # the date column
        assert "Replay" in text.splitlines()[-1] and "Back" in text.splitlines()[-1]
        await pilot.press("m")  # ASCII mode
        await pilot.pause()
        assert screen_text(app).isascii()
        await pilot.press("escape")
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))
    for lang, words in (("en", "No finished games yet"), ("es", "Aún no hay partidas terminadas")):
        app = make_app(new_lobby(), f"zoe_{lang}", lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("g")
            await wait_for(pilot, listed)
            assert words in " ".join(screen_text(app).split())


async def test_the_viewer_steps_through_the_game_and_goes_back():
    lobby = finished_lobby(seed=7, games=2)
    app = make_app(lobby, lang="es")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await wait_for(pilot, listed)
        await pilot.press("down", "enter")  # the older game
        await wait_for(pilot, replaying)
        viewer = app.screen
        assert viewer.game.table_name == "Wake 1" and viewer.at == 0
        await pilot.press("right", "l", "right")
        await wait_for(pilot, lambda a: viewer.at == 3)
        assert "paso 3/" in screen_text(app) and "Tu mano" in screen_text(app)
        await pilot.press("left", "h")
        await wait_for(pilot, lambda a: viewer.at == 1)
        assert "Te repartieron" in screen_text(app)
        await pilot.press("pagedown")
        await wait_for(pilot, lambda a: viewer.at > 1)
        assert viewer.at == len(viewer.steps) - 1 or viewer.steps[viewer.at].line.get("chance") == "deal"
        await pilot.press("end")
        await wait_for(pilot, lambda a: viewer.at == len(viewer.steps) - 1)
        assert "Fin de la partida" in screen_text(app)
        await pilot.press("home")
        await wait_for(pilot, lambda a: viewer.at == 0)
        await pilot.press("m")
        await pilot.pause()
        assert screen_text(app).isascii()
        await pilot.press("escape")
        await wait_for(pilot, listed)
        await pilot.press("escape")
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))


async def test_the_viewer_never_shows_a_card_the_seat_was_not_shown():
    lobby = finished_lobby(seed=11, players=4, limit=30)
    full = lobby.finished_records[-1][1]
    everything = {C.identity(c) for c in C.full_deck(4)}
    shown = seen_by(full, 0)
    app = make_app(lobby)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await wait_for(pilot, listed)
        await pilot.press("enter")
        await wait_for(pilot, replaying)
        viewer = app.screen
        assert len(viewer.steps) == len(full)
        secrets = 0
        for k in range(len(full)):
            assert viewer.at == k
            forbidden = everything - shown[k]
            secrets += bool(forbidden)
            assert not leaked(screen_text(app), forbidden), (k, full[k])
            await pilot.press("right")
            await pilot.pause()
        assert secrets == len(full)  # there was always something to hide


async def test_a_damaged_game_is_refused_with_a_toast_and_the_session_goes_on():
    from ahoy_tui.store import StoreError

    lobby = finished_lobby(seed=7)

    def damaged(game_id):
        raise StoreError(f"archived game {game_id!r} is damaged")

    lobby.store.archived = damaged
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("g")
        await wait_for(pilot, listed)
        await pilot.press("enter")
        await wait_for(pilot, lambda a: any("damaged" in n.message for n in a._notifications))
        assert isinstance(app.screen, MyGamesScreen) and app.is_running


async def test_my_games_puts_a_leaver_last_and_those_who_stayed_ahead():
    """bob left; a bot finished his seat 3rd on points, ahead of anna: anna reads 3 of 4, bob 4 of 4."""
    lobby = new_lobby()
    lobby.store.archive(archived_game("g1", ("user:anna", "user:bob", "user:carl", None), (4, 3, 1, 2),
                                      forfeits=(None, "user:bob", None, None), names=("anna", "bob", "carl", "Hook")))
    for name, place in (("anna", "3 of 4"), ("bob", "4 of 4")):
        app = make_app(lobby, name)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("g")
            await wait_for(pilot, listed)
            row = next(line for line in screen_text(app).splitlines() if "Wake" in line)
            assert place in row, (name, row)

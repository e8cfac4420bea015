"""A session speaks its terminal's language unless the player chose one with ``l`` (issue 24.7).

An identity's preferences are remembered (theme, hints shown, ...); before,
the language and ASCII mode of its first session were remembered with them,
so anna, who first came from an English terminal, got English ever after,
even from a terminal with ``LANG=es_ES.UTF-8``. Now only a choice made with
a key (``l``, ``m``) is kept over the terminal's.
"""

from __future__ import annotations

from textual.widgets import Static
from ui_helpers import new_lobby, wait_for

from ahoy_tui.lobby import InMemoryLobby
from ahoy_tui.session import SessionInfo
from ahoy_tui.ui.ahoy_app import AhoyApp
from ahoy_tui.ui.prefs import PrefsStore
from ahoy_tui.ui.screens.lobby import LobbyScreen


def _app(store: PrefsStore, lang: str, utf8: bool = True) -> AhoyApp:
    info = SessionInfo(identity="key:SHA256:anna", display_name="anna", lang=lang, utf8=utf8)
    return AhoyApp(info, InMemoryLobby(new_lobby(seed=3)), prefs=store)


async def _title(app: AhoyApp, pilot, keys: str = "") -> str:  # noqa: ANN001
    """The lobby's title line as anna sees it, after pressing ``keys``."""
    await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))
    for key in keys:
        await pilot.press(key)
    await pilot.pause()
    return str(app.screen.query_one("#lobby-title", Static).render())


async def test_a_later_session_speaks_its_terminals_language_and_a_chosen_one_is_kept():
    store = PrefsStore()
    first = _app(store, "en")
    async with first.run_test(size=(80, 24)) as pilot:
        assert "welcome aboard" in await _title(first, pilot)
        first.save_prefs()  # remembered, as any preference change or hint shown does
    spanish = _app(store, "es")
    async with spanish.run_test(size=(80, 24)) as pilot:
        assert "bienvenido a bordo" in await _title(spanish, pilot)
        assert "willkommen" in await _title(spanish, pilot, "l")  # she chooses: es -> de
    english = _app(store, "en")
    async with english.run_test(size=(80, 24)) as pilot:
        assert "willkommen" in await _title(english, pilot), "the language she chose is kept"


async def test_ascii_follows_the_terminal_until_chosen():
    store = PrefsStore()
    plain = _app(store, "en", utf8=False)
    async with plain.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))
        assert plain.ascii_only
        plain.save_prefs()
    utf8 = _app(store, "en")
    async with utf8.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))
        assert not utf8.ascii_only, "a UTF-8 terminal gets the cards' suits, not the first session's ASCII"
        await pilot.press("m")
        assert utf8.ascii_only
    again = _app(store, "en")
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))
        assert again.ascii_only, "ASCII chosen with m is kept"

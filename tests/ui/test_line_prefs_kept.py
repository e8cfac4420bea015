"""The full screen keeps line mode's preferences when it saves its own (issue 28.1: ``line on`` and
``suits words`` are kept per identity, like the theme)."""

from __future__ import annotations

from ui_helpers import new_lobby, wait_for

from ahoy_tui.lobby import InMemoryLobby
from ahoy_tui.session import SessionInfo
from ahoy_tui.ui.ahoy_app import AhoyApp
from ahoy_tui.ui.prefs import Prefs, PrefsStore
from ahoy_tui.ui.screens.lobby import LobbyScreen


async def test_saving_the_full_screens_preferences_keeps_line_modes():
    store = PrefsStore()
    store.put("key:SHA256:anna", Prefs("pirate", False, "en", line_mode=True, suit_words=True))
    app = AhoyApp(SessionInfo(identity="key:SHA256:anna", display_name="anna"), InMemoryLobby(new_lobby(seed=3)),
                  prefs=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))
        app.save_prefs()
    kept = store.get("key:SHA256:anna")
    assert kept is not None and kept.line_mode and kept.suit_words

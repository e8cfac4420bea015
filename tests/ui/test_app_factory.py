"""How the server builds a session's app: the server's lobby handle, older two-argument factories."""

from __future__ import annotations

from ui_helpers import new_lobby

from ahoy_tui.lobby import InMemoryLobby


def test_create_app_uses_the_servers_handle_and_two_argument_factories_still_work():
    from ahoy_tui.session import SessionInfo
    from ahoy_tui.ui.app import create_app
    from server.app_factory import build_app
    from ahoy_tui.ui.app import create_app

    lobby = InMemoryLobby(new_lobby())
    info = SessionInfo(identity="user:anna", display_name="anna")
    handle = lobby.core.connect(info.identity, "anna")
    app = build_app(create_app, info, lobby, handle)
    assert app.handle is handle and not app._own_handle
    assert create_app(info, lobby).handle is None
    seen = []
    build_app(lambda i, lb: seen.append((i, lb)), info, lobby, handle)
    assert seen == [(info, lobby)]

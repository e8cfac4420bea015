"""The UI's entry point: one Textual app per player's session.

The SSH server (``server/``) and ``ahoy play`` call :func:`create_app`.
Everything about hosting the app over SSH (driver, per-session console,
disabled server-side actions, crash handling) lives in ``server/`` and is
applied to whatever :class:`textual.app.App` this returns.
"""

from __future__ import annotations

from textual.app import App

from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.session import SessionInfo


def create_app(session: SessionInfo, lobby: LobbyAPI, handle: PlayerHandle | None = None) -> App:
    """Build the app for one player's session.

    Args:
        session: What the front door learned about the connection.
        lobby: The process-wide lobby (docs/lobby-api.md).
        handle: The session's ``PlayerHandle`` when the host already
            connected it (``await lobby.connect(...)``; the SSH server does and
            also disconnects it). None: the app connects its own handle when it
            loads and disconnects it on exit.

    Returns:
        A Textual app, not yet running.
    """
    from ahoy_tui.ui.ahoy_app import AhoyApp

    return AhoyApp(session, lobby, handle)

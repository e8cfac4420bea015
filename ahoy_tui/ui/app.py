"""The UI's entry point: one Textual app per player's session.

The SSH server (``server/``) and ``ahoy play`` call :func:`create_app`.
Everything about hosting the app over SSH (driver, per-session console,
disabled server-side actions, crash handling) lives in ``server/`` and is
applied to whatever :class:`textual.app.App` this returns.
"""

from __future__ import annotations

from typing import Any

from textual.app import App

from ahoy_tui.lobby import Lobby
from ahoy_tui.session import SessionInfo


def create_app(session: SessionInfo, lobby: Lobby, handle: Any = None) -> App:
    """Build the app for one player's session.

    Args:
        session: What the front door learned about the connection.
        lobby: The process-wide lobby.
        handle: The session's ``PlayerHandle`` when the host already
            connected it (the SSH server does; it also disconnects it). None:
            the app connects its own handle and disconnects it on exit.

    Returns:
        A Textual app, not yet running.
    """
    from ahoy_tui.ui.ahoy_app import AhoyApp

    return AhoyApp(session, lobby, handle)

"""Placeholder Textual app: greets the player and lists who is online.

The real UI replaces this module and keeps :func:`create_app`'s signature.
Everything about hosting the app over SSH (driver, per-session console,
disabled server-side actions, crash handling) lives in ``server/`` and is
applied to whatever :class:`textual.app.App` ``create_app`` returns.
"""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from ahoy_tui.lobby import Lobby
from ahoy_tui.session import SessionInfo


class AhoyApp(App[None]):
    """Greeting screen: who you are, who is online, a line to type in.

    Attributes:
        session: The connection this app serves.
        lobby: The process-wide lobby.
    """

    CSS = """
    #greeting { padding: 1 2; text-style: bold; color: $accent; }
    #online { padding: 0 2; height: 1fr; }
    #said { padding: 0 2; height: 3; }
    """
    BINDINGS = [Binding("q", "quit", "Quit")]

    def __init__(self, session: SessionInfo, lobby: Lobby) -> None:
        super().__init__()
        self.session = session
        self.lobby = lobby

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Ahoy, {self.session.display_name}!", id="greeting", markup=False)
            yield Static(self._online_text(), id="online", markup=False)
            yield Static("", id="said", markup=False)
            yield Input(placeholder="Say something (Enter), Esc to leave the line, q to quit")

    def _online_text(self) -> str:
        names = self.lobby.online_names()
        return f"Players online ({len(names)}): " + ", ".join(names)

    def lobby_changed(self) -> None:
        """Redraw the list of players online; the host calls this on presence changes."""
        self.query_one("#online", Static).update(self._online_text())

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Echo the typed line and clear the input."""
        self.query_one("#said", Static).update(f"You said: {event.value}")
        event.input.value = ""

    def on_key(self, event) -> None:  # noqa: ANN001 - textual.events.Key
        """Esc leaves the input so that ``q`` quits."""
        if event.key == "escape":
            self.set_focus(None)


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
    from ahoy_tui.ui.ahoy_app import AhoyApp as GameApp

    return GameApp(session, lobby, handle)

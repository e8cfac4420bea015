"""The test app the e2e tests and benchmarks host (a copy of the first placeholder UI).

It is independent of the real UI in ``ahoy_tui/ui`` so these tests pin the
hosting behaviour, not the screens. ``ahoy-server --app greeter:create_app``
hosts it (with ``tests/e2e`` on ``PYTHONPATH``).
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Static

from ahoy_tui.lobby import LobbyAPI, PlayerHandle
from ahoy_tui.session import SessionInfo


class GreeterApp(App[None]):
    """Greeting screen: who you are, who is online, a line to type in.

    Attributes:
        session: The connection this app serves.
        lobby: The process-wide lobby.
        handle: The session's lobby handle (the server connected it); the
            list of players online is redrawn on every lobby message.
    """

    CSS = """
    #greeting { padding: 1 2; text-style: bold; color: $accent; }
    #online { padding: 0 2; height: 1fr; }
    #said { padding: 0 2; height: 3; }
    """
    BINDINGS = [Binding("q", "quit", "Quit")]

    def __init__(self, session: SessionInfo, lobby: LobbyAPI, handle: PlayerHandle | None = None) -> None:
        super().__init__()
        self.session = session
        self.lobby = lobby
        self.handle = handle

    async def on_mount(self) -> None:
        """Hear of players coming and going (``PlayerHandle.subscribe``)."""
        if self.handle is not None:
            self.handle.subscribe(self._from_lobby)
        await self.lobby_changed()

    def on_unmount(self) -> None:
        if self.handle is not None:
            self.handle.unsubscribe(self._from_lobby)

    def _from_lobby(self, _msg: object) -> None:
        self.call_later(self.lobby_changed)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Ahoy, {self.session.display_name}!", id="greeting", markup=False)
            yield Static("", id="online", markup=False)
            yield Static("", id="said", markup=False)
            yield Input(placeholder="Say something (Enter), Esc to leave the line, q to quit")

    async def lobby_changed(self) -> None:
        """Redraw the list of players online."""
        names = await self.lobby.online_names()
        self.query_one("#online", Static).update(f"Players online ({len(names)}): " + ", ".join(names))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Echo the typed line and clear the input."""
        self.query_one("#said", Static).update(f"You said: {event.value}")
        event.input.value = ""

    def on_key(self, event) -> None:  # noqa: ANN001 - textual.events.Key
        """Esc leaves the input so that ``q`` quits."""
        if event.key == "escape":
            self.set_focus(None)


def create_app(session: SessionInfo, lobby: LobbyAPI, handle: PlayerHandle | None = None) -> App:
    """Build the app for one player's session.

    Args:
        session: What the front door learned about the connection.
        lobby: The process-wide lobby.
        handle: The session's lobby handle, connected by the server.

    Returns:
        A Textual app, not yet running.
    """
    return GreeterApp(session, lobby, handle)

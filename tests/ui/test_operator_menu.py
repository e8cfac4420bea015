"""The operator menu (``O`` in the lobby) and the MOTD line (docs/moderation.md)."""

from __future__ import annotations

from ui_helpers import make_app, new_lobby, screen_text, wait_for

from ahoy_tui.lobby import InMemoryLobby
from ahoy_tui.session import SessionInfo
from ahoy_tui.ui.ahoy_app import AhoyApp
from ahoy_tui.ui.screens.lobby import LobbyScreen
from ahoy_tui.ui.screens.operator import OperatorScreen

SIZE = (80, 24)


class Console:
    """Records the lines an operator ran; answers like the server's console."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    async def run(self, line: str) -> str:
        self.lines.append(line)
        return "kicked ben\n\x1b[2Jdone"


async def test_only_an_operator_has_the_menu_and_it_runs_the_typed_command():
    app = make_app(new_lobby(), "ben")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "operator" not in screen_text(app).lower()
        footer = "\n".join(screen_text(app).splitlines()[-2:])
        assert "L Top" in footer and "v Profile" in footer and "q Quit" in footer  # every key fits at 80x24
        await pilot.press("O")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
    console = Console()
    info = SessionInfo(identity="key:SHA256:" + "o" * 43, display_name="anna", operator=console)
    app = AhoyApp(info, InMemoryLobby(new_lobby()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "O: operator menu" in screen_text(app).splitlines()[0]
        footer = "\n".join(screen_text(app).splitlines()[-2:])
        assert "O Operator" in footer and "L Top" in footer and "v Profile" in footer  # issue 24 #9
        await pilot.press("O")
        await wait_for(pilot, lambda a: isinstance(a.screen, OperatorScreen))
        await pilot.press("enter")                       # the first entry: kick
        await pilot.pause()
        await pilot.press(*"ben rude", "enter")
        await wait_for(pilot, lambda a: bool(console.lines))
        await pilot.pause()
        assert console.lines == ["kick ben rude"]
        text = screen_text(app)
        assert "kicked ben" in text and "[2Jdone" in text and "\x1b" not in text
        await pilot.press("escape")
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))


async def test_the_motd_line_is_shown_cleaned_and_hidden_when_empty():
    app = make_app(new_lobby(), "ben", motd="Fair \x1b[5mwinds\u202e")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen_text(app).splitlines()[1].strip() == "Fair [5mwinds"
    app = make_app(new_lobby(), "ben")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Tables" in screen_text(app).splitlines()[1]


async def test_a_command_typed_at_once_goes_to_the_command_line_and_enter_runs_it():
    """Typing right after ``O`` is not lost, and Enter runs the typed command, not the first entry (issue 24 #9)."""
    console = Console()
    info = SessionInfo(identity="key:SHA256:" + "o" * 43, display_name="anna", operator=console)
    app = AhoyApp(info, InMemoryLobby(new_lobby()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("O")
        await wait_for(pilot, lambda a: isinstance(a.screen, OperatorScreen))
        await pilot.press(*"mutes", "enter")
        await wait_for(pilot, lambda a: bool(console.lines))
        assert console.lines == ["mutes"]

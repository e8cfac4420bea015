"""What the screens use of the session's app, as one typed protocol (:class:`AppServices`).

Screens, dialogs and their helpers reach the app through ``self.app``
(Textual types it ``App``); what they use beyond Textual's ``App`` — the
player's preferences, the lobby, the translated texts, the table to open —
is written here once, so tools and readers can follow a screen to the app.
``ui.ahoy_app.AhoyApp`` provides all of it; a test may provide a stand-in.
Textual's private internals are not part of it (``ui.textual_private``
takes an ``App``). What the app uses of a screen beyond Textual's ``Screen``
is :class:`RedrawsTexts`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Awaitable, Callable, Concatenate, ParamSpec, Protocol, TypeVar, cast

if TYPE_CHECKING:
    from rich.console import Console
    from textual.geometry import Size
    from textual.screen import Screen
    from textual.signal import Signal
    from textual.worker import Worker

    from ahoy_tui.lobby.api import LobbyAPI
    from ahoy_tui.lobby.handle import PlayerHandle
    from ahoy_tui.lobby.messages import LobbyChanged
    from ahoy_tui.session import SessionInfo
    from ahoy_tui.ui.terminal_alerts import TerminalAlerts

P = ParamSpec("P")
T = TypeVar("T")


class AppServices(Protocol):
    """The session's app as screens use it (``AhoyApp``).

    Attributes:
        lang: ``"en"``, ``"es"`` or ``"de"``.
        ascii_only: Suits as letters, ASCII frames and punctuation.
        theme: The Textual theme's name (its card styles: ``card_styles``).
        auto_pass: "Always pass on step-in" is on (AHOY, R10).
        hints: First-game hints are on; ``hints_shown``: the hints already shown.
        turn_alerts: The bell, title and notification of turn alerts (``ui.terminal_alerts``).
        session: What the host learned about the terminal and the player (``SessionInfo``).
        lobby: The lobby's commands (``LobbyAPI``); run them with :meth:`ask`.
        handle: This session's lobby handle (None before it connected).
        lobby_state: The latest ``LobbyChanged`` the lobby sent (None before the first).
    """

    lang: str
    ascii_only: bool
    theme: str
    auto_pass: bool
    hints: bool
    hints_shown: set[str]
    turn_alerts: TerminalAlerts
    session: SessionInfo
    lobby: LobbyAPI
    handle: PlayerHandle | None
    lobby_state: LobbyChanged | None
    title: str

    # -- the player and the texts ------------------------------------------------------------
    @property
    def me(self) -> str:
        """This session's lobby name (hostile: compare it cleaned)."""
        ...

    @property
    def keyed(self) -> bool:
        """This session logged in with an SSH key (its name is its own, not a nickname)."""
        ...

    @property
    def card_styles(self) -> dict[str, str]:
        """Rich styles for cards in the current theme (suit, back, ...)."""
        ...

    def t(self, key: str, **kw: object) -> str:
        """The text ``key`` in the session's language (``ui.i18n``), filled with ``kw``."""
        ...

    def save_prefs(self) -> None:
        """Keep the preferences (language, ASCII, theme, hints ...) for this player's next session."""
        ...

    # -- the lobby ------------------------------------------------------------------------------
    async def ask(self, command: Callable[Concatenate[PlayerHandle, P], Awaitable[T]],
                  *args: P.args, **kwargs: P.kwargs) -> T | None:
        """Run a lobby command for this session; None when the lobby refused it (the player was told)."""
        ...

    def open_table(self, table_id: str) -> None:
        """Show table ``table_id`` (its game's table screen)."""
        ...

    def close_table(self) -> None:
        """Leave the table screen for the lobby."""
        ...

    # -- screens and messages (Textual's App) -----------------------------------------------------
    @property
    def screen(self) -> Screen[Any]: ...

    @property
    def screen_stack(self) -> list[Screen[Any]]: ...

    @property
    def size(self) -> Size: ...

    @property
    def console(self) -> Console: ...

    @property
    def too_small(self) -> bool:
        """The terminal is below the smallest size the screens are drawn for."""
        ...

    def push_screen(self, screen: Any, callback: Callable[[Any], Any] | None = None,
                    wait_for_dismiss: bool = False) -> Any: ...

    def push_unasked(self, screen: Screen[Any], callback: Callable[[Any], Any] | None = None) -> None:
        """Push a screen that opened by itself (keys typed before it showed do not close it)."""
        ...

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None: ...

    def run_worker(self, work: Any, name: str | None = "", group: str = "default", description: str = "",
                   exit_on_error: bool = True, start: bool = True, exclusive: bool = False,
                   thread: bool = False) -> Worker[Any]: ...

    def call_later(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> bool: ...

    def bell(self) -> None: ...

    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None: ...

    def get_key_display(self, binding: Any) -> str: ...

    def simulate_key(self, key: str) -> None: ...

    @property
    def return_code(self) -> int | None:
        """Set once the app is exiting (``ui.live.exiting``)."""
        ...

    @property
    def screen_change_signal(self) -> Signal[Screen[Any]]:
        """Textual's signal when the active screen changes (``table_kit.watch``)."""
        ...


class RedrawsTexts:
    """A screen the app redraws after a language, ASCII or theme change (``AhoyApp.refresh_texts``):
    a base class beside ``Screen``; other screens follow such a change when they are next built."""

    def refresh_texts(self) -> None:
        """Draw the screen's words again in the session's language and ASCII mode."""
        raise NotImplementedError


def services(node: Any) -> AppServices:
    """The app of a mounted widget or screen (``node.app``) as :class:`AppServices`."""
    return cast(AppServices, node.app)

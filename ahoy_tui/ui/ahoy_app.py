"""The Ahoy Textual app: one per player session (SSH or local).

The app subscribes to the lobby through the player's handle and turns every
pushed lobby message into a Textual message (:class:`LobbyMessage`), so that
only handlers on the app's own loop turn change what is shown (STYLE.md 8).
It knows nothing about SSH: the front door adds the driver and console.
"""

from __future__ import annotations

import logging
import re
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.cache import LRUCache
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.message import Message
from textual.notifications import Notify
from textual.screen import Screen

from ahoy_tui.session import SessionInfo
from ahoy_tui.ui.dialog_keys import SecondTapGuard
from ahoy_tui.ui.glyphs import apply_ascii, install_scrollbars
from ahoy_tui.ui.i18n import keyed, normalize_lang, tr
from ahoy_tui.ui import prefs as prefs_module
from ahoy_tui.ui.prefs import STORE, Prefs, PrefsStore
from ahoy_tui.ui.themes import DEFAULT_THEME, ThemeSpec, themes

log = logging.getLogger(__name__)

MIN_SIZE = (60, 20)


@dataclass
class LobbyMessage(Message):
    """A message the lobby pushed to this session (any contract message)."""

    payload: Any


class LobbyRefused(Exception):
    """A lobby command was refused; ``reason`` is a sentence for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def table_config_class(lobby: Any) -> type:
    """The ``TableConfig`` class that goes with ``lobby`` (docs/lobby-api.md)."""
    module = sys.modules.get(type(lobby).__module__)
    cls = getattr(module, "TableConfig", None)
    if cls is None:
        import ahoy_tui.lobby as lobby_pkg

        cls = getattr(lobby_pkg, "TableConfig")
    return cls


_SHARED_RULES: LRUCache[tuple, list[RuleSet]] = LRUCache(512)
"""Parsed CSS rules of every app in the process, by source and CSS variables (:class:`SharedStylesheet`)."""
_VARIABLE_KEYS: dict[tuple, tuple] = {}
"""One copy of each theme's CSS variables as a key (every app of a theme shares it)."""


class SharedStylesheet(Stylesheet):
    """A Textual ``Stylesheet`` whose parsed rules are shared by every app of the process.

    Textual parses the app's CSS and every widget's ``DEFAULT_CSS`` again for
    each app, and once more when the app sets its theme: the largest single
    cost of a session's start (docs/performance.md). Parsed rules are a pure
    function of the CSS text, where it came from and the CSS variables (the
    theme), and nothing changes them afterwards (within one app they are
    already shared by every widget they match), so one parse per source and
    theme serves the whole process.
    """

    _variables_key: tuple | None = None

    def set_variables(self, variables: dict[str, str]) -> None:
        super().set_variables(variables)
        self._variables_key = None

    def _parse_rules(self, css: str, read_from: Any, is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
        if self._variables_key is None:
            key = tuple(sorted(self._variables.items()))
            self._variables_key = _VARIABLE_KEYS.setdefault(key, key)
        key = (css, read_from, is_default_rules, tie_breaker, scope, self._variables_key)
        rules = _SHARED_RULES.get(key)
        if rules is None:
            rules = super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
            _SHARED_RULES[key] = rules
        return rules

    def copy(self) -> Stylesheet:
        stylesheet = SharedStylesheet(variables=self._variables.copy())
        stylesheet.source = self.source.copy()
        return stylesheet

    def reparse(self) -> None:
        """As ``Stylesheet.reparse`` (textual 8.2.8), through the shared rules."""
        stylesheet = SharedStylesheet(variables=self._variables)
        stylesheet._variables_key = self._variables_key
        for read_from, (css, is_defaults, tie_breaker, scope) in self.source.items():
            stylesheet.add_source(css, read_from=read_from, is_default_css=is_defaults,
                                  tie_breaker=tie_breaker, scope=scope)
        try:
            stylesheet.parse()
        except Exception:
            self._invalid_css.update(stylesheet._invalid_css)
            raise
        self._rules = stylesheet.rules
        self._rules_map = None
        self.source = stylesheet.source
        self._require_parse = False


class AhoyApp(App[int]):
    """The game for one player.

    Attributes:
        session: What the front door learned about the connection.
        lobby: The process-wide lobby (docs/lobby-api.md).
        handle: This session's lobby handle.
        lang: ``"en"`` or ``"es"``.
        ascii_only: Suits as letters, ASCII borders.
        specs: Loaded themes by name.
    """

    CSS_PATH = "ahoy.tcss"
    TITLE = "AHOY!! V2"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("f1,question_mark", "help", "Help"),
        Binding("t", "next_theme", "Theme", show=False),
        Binding("m", "toggle_ascii", "ASCII", show=False),
        Binding("l", "toggle_lang", "Lang", show=False),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("ctrl+l", "redraw", "Redraw", show=False, priority=True),
    ]

    def __init__(self, session: SessionInfo, lobby: Any, handle: Any = None,
                 prefs: PrefsStore = STORE, on_ready: Callable[["AhoyApp"], None] | None = None) -> None:
        super().__init__()
        self.stylesheet = SharedStylesheet(variables=self.stylesheet._variables)
        self.session = session
        self.lobby = lobby
        self.handle = handle
        self._own_handle = handle is None
        self._prefs_store = prefs
        self._on_ready = on_ready
        self.specs: dict[str, ThemeSpec] = themes()
        saved = prefs.get(session.identity)
        self.lang = saved.lang if saved else normalize_lang(session.lang)
        self.ascii_only = saved.ascii_only if saved else not session.utf8
        self._theme_name = saved.theme if saved and saved.theme in self.specs else DEFAULT_THEME
        self.auto_pass = saved.auto_pass if saved else False
        """Always pass on step-in (``prefs.Prefs.auto_pass``)."""
        self.hints = saved.hints if saved else prefs_module.HINTS_DEFAULT
        """Show first-game hints (``prefs.Prefs.hints``)."""
        self.hints_shown: set[str] = set()
        """Hint keys already shown in this session (each hint comes once)."""
        install_scrollbars()
        self.set_class(self.ascii_only, "-ascii")
        for spec in self.specs.values():
            self.register_theme(spec.theme)
        self.theme = self._theme_name
        self.table_screen = None
        self.lobby_screen = None
        self.lobby_state: Any = None
        """The latest ``LobbyChanged`` (its lists are shared with every session: never change them)."""
        self._lobby_posted = False
        self._last_notice: tuple[str, float] = ("", 0.0)  # text and time of the last toast (see _notice)
        self._closing_tables: set[str] = set()
        self._second_tap = SecondTapGuard()

    # -- helpers for screens -------------------------------------------------
    def notify(self, message: str, *args: Any, **kwargs: Any) -> None:
        """A toast; in ASCII mode its text is made ASCII too (arrows, suits, accents)."""
        if self.ascii_only and isinstance(message, str):
            from ahoy_tui.ui.text import asciify

            message = asciify(message)
        super().notify(message, *args, **kwargs)

    def on_notify(self, event: Notify) -> None:
        """One toast per distinct message: a repeat replaces the one on screen (full time again).

        Runs before Textual's own ``App._on_notify`` adds the new notification:
        a live one with the same message, title and severity is dropped, so the
        toast rack shows the new one alone instead of a stack of copies
        ("Pick a card first" for each Enter).
        """
        new = event.notification
        for old in list(self._notifications):
            if (old.message, old.title, old.severity) == (new.message, new.title, new.severity):
                self._unnotify(old, refresh=False)

    def t(self, key: str, **kw: object) -> str:
        """Translated UI text."""
        return tr(self.lang, key, **kw)

    @property
    def card_styles(self) -> dict[str, str]:
        """Rich styles for cards in the current theme."""
        return self.specs.get(self.theme, self.specs[DEFAULT_THEME]).cards

    @property
    def keyed(self) -> bool:
        """This session logged in with an SSH key (its name is its own, not a nickname)."""
        return str(self.session.identity).startswith("key:")

    @property
    def me(self) -> str:
        """This player's lobby name."""
        return self.handle.name if self.handle is not None else self.session.display_name

    def call_lobby(self, command: str, *args: Any) -> Any:
        """Run a lobby command; a refusal becomes a notification and None.

        Errors that carry a ``reason`` (``LobbyError``) are shown to the
        player (a ``"stale: ..."`` refusal as "Too late: the table has moved
        on"); any other exception is a bug and propagates.
        """
        try:
            return getattr(self.lobby, command)(self.handle, *args)
        except Exception as exc:  # noqa: BLE001 - LobbyError is the lobby's own class
            reason = getattr(exc, "reason", None)
            if reason is None and type(exc).__name__ != "LobbyError":
                raise
            text = str(reason or exc)
            if text.startswith("stale:"):  # the choice was gone before the key arrived (lobby.errors)
                text = self.t("act.too_late")
            self.notify(text[:1].upper() + text[1:], severity="warning", timeout=4)  # the lobby's reasons are lower case
            return None

    def make_config(self, **kw: Any) -> Any:
        """A lobby ``TableConfig`` from keyword arguments (game options by name: ``TableConfig.make``)."""
        return table_config_class(self.lobby).make(**kw)

    def save_prefs(self) -> None:
        """Remember this identity's preferences (theme, ASCII, language, always pass, hints)."""
        self._save_prefs()

    def _save_prefs(self) -> None:
        self._prefs_store.put(self.session.identity, Prefs(self.theme, self.ascii_only, self.lang,
                                                           self.auto_pass, self.hints))

    def refresh_texts(self) -> None:
        """Redraw every screen after a language, ASCII or theme change."""
        from ahoy_tui.ui.keys import translate_bindings

        translate_bindings(self, self.lang, self.ascii_only)
        self.set_class(self.ascii_only, "-ascii")
        for screen in self.screen_stack:
            apply_ascii(screen, self.ascii_only)
            hook = getattr(screen, "refresh_texts", None)
            if hook is not None:
                hook()

    # -- lifecycle -----------------------------------------------------------
    def get_default_screen(self) -> Screen:
        """The lobby is the first screen on the stack (no empty screen under it).

        An empty default screen under the lobby is laid out and repainted on
        its own, and every repaint of a screen below makes Textual repaint the
        whole screen on top: two extra full frames per session start.
        """
        from ahoy_tui.ui.screens.lobby import LobbyScreen

        self._connect_handle()
        self.lobby_screen = LobbyScreen()
        return self.lobby_screen

    def _connect_handle(self) -> None:
        if self.handle is None:
            self.handle = self.lobby.connect(self.session.identity, self.session.display_name)

    def on_mount(self) -> None:
        self._connect_handle()
        from ahoy_tui.ui.keys import translate_bindings

        translate_bindings(self, self.lang, self.ascii_only)
        self.handle.subscribe(self._from_lobby)
        self._check_size(self.size.width, self.size.height)
        if self._on_ready is not None:
            self.call_after_refresh(self._on_ready, self)

    def on_key(self, event: events.Key) -> None:
        """Keys typed right behind ``c`` go into the chat line, not to the shortcuts; a second tap
        of the key that closed a dialog stops here (``ui/dialog_keys.py``).

        Runs before ``App._on_key`` checks the bindings; see ``ChatBox.focus_input``.
        """
        if self.screen_stack and self._second_tap.swallow(event.key, self.screen):  # ui/dialog_keys.py
            event.stop()
            event.prevent_default()
            return
        box = getattr(self.screen, "_chat_type_ahead", None) if self.screen_stack else None
        if box is not None and (event.is_printable or event.key == "enter") and box.type_ahead(event):
            event.stop()
            event.prevent_default()
            return
        self._second_tap.pressed(event.key, self.screen if self.screen_stack else None)
        self.call_later(self._second_tap.handled)

    def pop_screen(self):  # noqa: ANN201
        """Pop the top screen; a dialog closed by a key onto the table arms the second-tap guard."""
        self._second_tap.popping(self.screen_stack, self.table_screen)
        return super().pop_screen()

    def on_unmount(self) -> None:
        if self._own_handle and self.handle is not None:
            self.lobby.disconnect(self.handle)

    def _from_lobby(self, message: object) -> None:
        """The lobby's callback: never blocks, only queues (docs/lobby-api.md).

        A ``LobbyChanged`` reaches every session on every join and leave, so
        it is kept as :attr:`lobby_state` and queued only when the lobby
        screen will show it soon: at most one is queued at a time (the
        handler reads the latest), and none while the lobby screen is hidden
        or already waiting to refresh (it reads the latest state then). This
        runs inside whichever session's handler changed the lobby: plain
        attribute reads only, no Textual calls on this app.
        """
        if type(message).__name__ == "LobbyChanged":
            self.lobby_state = message
            screen = self.lobby_screen
            if self._lobby_posted or (screen is not None and not screen.wants(message)):
                return
            if self.is_running:
                self._lobby_posted = True
                self.post_message(LobbyMessage(message))
            return
        if self.is_running:
            self.post_message(LobbyMessage(message))

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    @property
    def too_small(self) -> bool:
        """True while the terminal is under 60x20 (``MIN_SIZE``; from there the table has a compact layout)."""
        return self.size.width < MIN_SIZE[0] or self.size.height < MIN_SIZE[1]

    def _check_size(self, width: int, height: int) -> None:
        from ahoy_tui.ui.screens.too_small import TooSmallScreen

        if self.lobby_screen is None:
            return
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        if small:
            if isinstance(self.screen, TooSmallScreen):
                self.screen.set_size(width, height)
            else:
                self.push_screen(TooSmallScreen())
        else:
            while isinstance(self.screen, TooSmallScreen) and len(self.screen_stack) > 1:
                self.pop_screen()

    def push_screen(self, screen, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN201
        """Push ``screen``; while the window is too small the notice stays on top."""
        from ahoy_tui.ui.screens.too_small import TooSmallScreen

        result = super().push_screen(screen, *args, **kwargs)
        if self.ascii_only:
            self.call_after_refresh(apply_ascii, screen, True)
        if self.too_small and self.lobby_screen is not None and not isinstance(screen, TooSmallScreen):
            super().push_screen(TooSmallScreen())
        return result

    # -- lobby messages --------------------------------------------------------
    def on_lobby_message(self, event: LobbyMessage) -> None:
        msg = event.payload
        kind = type(msg).__name__
        if kind == "LobbyChanged":
            self._lobby_posted = False
            if self.lobby_screen is not None:
                self.lobby_screen.lobby_changed()
        elif kind == "ChatMessage":
            self._chat_screen(msg.channel, lambda s: s.add_chat(msg))
        elif kind == "ChatHistory":
            self._chat_screen(msg.channel, lambda s: s.set_chat(list(msg.messages)))
        elif kind == "Notice":
            self._notice(keyed(self.lang, "notice", msg, str(msg.text))[:300], getattr(msg, "level", "info"))
        elif kind == "TableUpdate":
            self._table_update(msg)
        elif kind == "TableClosed":
            self._table_closed(msg.table_id, keyed(self.lang, "closed", msg, str(msg.reason)))

    def _chat_screen(self, channel: str, apply: Callable[[Any], None]) -> None:
        if channel == "lobby":
            if self.lobby_screen is not None:
                apply(self.lobby_screen)
        elif self.table_screen is not None and self.table_screen.table_id == channel:
            apply(self.table_screen)

    def _notice(self, text: str, level: str) -> None:
        """Show a lobby notice as a toast, once while the same text is still on screen.

        A player flooding the chat gets "Slow down" for each rejected line; one
        toast says it (it stays its full time again), not a stack of copies.
        """
        severity = {"warning": "warning", "error": "error"}.get(level, "information")
        now, shape = time.monotonic(), re.sub(r"\d+", "#", text)  # "wait 3 s" and "wait 2 s" are one notice
        if shape == self._last_notice[0] and now - self._last_notice[1] < self.NOTIFICATION_TIMEOUT:
            return
        self._last_notice = (shape, now)
        self.notify(text, severity=severity, markup=False)

    def _table_update(self, update: Any) -> None:
        from ahoy_tui.ui.screens.table import TableScreen

        tid = update.table.table_id
        if tid in self._closing_tables:
            return
        if self.table_screen is not None and self.table_screen.table_id != tid:
            return
        if self.table_screen is None:
            if not getattr(update, "catch_up", False):
                return  # a table this session does not show; a screen starts with the whole table
            self.table_screen = TableScreen(tid)
            self.push_screen(self.table_screen)
        self.table_screen.apply_update(update)

    def _table_closed(self, table_id: str, reason: str) -> None:
        if self.table_screen is not None and self.table_screen.table_id == table_id:
            self.notify(str(reason)[:200], markup=False)
            self.close_table()

    def open_table(self, table_id: str) -> None:
        """The player joined, created or watches ``table_id``: accept its updates."""
        self._closing_tables.discard(table_id)

    def close_table(self) -> None:
        """Leave the table screen (the lobby command was already sent)."""
        screen = self.table_screen
        if screen is None:
            return
        self._closing_tables.add(screen.table_id)
        self.table_screen = None
        while len(self.screen_stack) > 1 and self.screen is not self.lobby_screen:
            self.pop_screen()

    # -- global actions --------------------------------------------------------
    def action_redraw(self) -> None:
        """Paint the whole screen again (Ctrl+L): repairs a terminal something else drew on.

        A full update also resets the server's record of the client's screen
        (``server.framediff``), which otherwise sends only changed cells.
        """
        self.screen.refresh()

    def action_help(self) -> None:
        from ahoy_tui.ui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_next_theme(self) -> None:
        names = list(self.specs)
        i = names.index(self.theme) if self.theme in names else -1
        self.theme = names[(i + 1) % len(names)]
        self._save_prefs()
        self.refresh_texts()
        self.notify(self.t("theme.now", name=self.theme_label(self.theme)), timeout=2)

    def theme_label(self, name: str) -> str:
        """The theme's name in the session's language (``theme.name.<name>``; else its file's ``label``)."""
        key = f"theme.name.{name}"
        text = self.t(key)
        return self.specs[name].label if text == key else text

    def action_toggle_ascii(self) -> None:
        self.ascii_only = not self.ascii_only
        self._save_prefs()
        self.refresh_texts()
        self.notify(self.t("ascii.on" if self.ascii_only else "ascii.off"), timeout=2)

    def action_toggle_lang(self) -> None:
        self.lang = "es" if self.lang == "en" else "en"
        self._save_prefs()
        self.refresh_texts()
        self.notify(self.t("lang.now"), timeout=2)

"""The Ahoy Textual app: one per player session (SSH or local).

The app subscribes to the lobby through the player's handle and turns every
pushed lobby message into a Textual message (:class:`LobbyMessage`), so that
only handlers on the app's own loop turn change what is shown (STYLE.md 8).
It knows nothing about SSH: the front door adds the driver and console.
"""

from __future__ import annotations

import logging
import re
import time
from dataclasses import dataclass
from functools import partial
from typing import Any, Awaitable, Callable, Concatenate, ParamSpec, TypeVar

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.message import Message
from textual.notifications import Notify
from textual.screen import Screen

from ahoy_tui.hosting import textual_private
from ahoy_tui.hosting.textual_private import SharedStylesheet, write_to_terminal
from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.lobby.errors import LobbyError, Stale, TooFast
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.listing import is_keyed
from ahoy_tui.lobby.messages import ChatHistory, ChatMessage, LobbyChanged, Notice, TableClosed, TableUpdate
from ahoy_tui.session import SessionInfo
from ahoy_tui.ui import prefs as prefs_module
from ahoy_tui.ui.dialog_keys import SecondTapGuard, TypedBefore
from ahoy_tui.ui.game_uis import game_ui, lobby_help, styles
from ahoy_tui.ui.glyphs import apply_ascii, install_scrollbars
from ahoy_tui.ui.i18n import keyed, next_lang, normalize_lang, tr
from ahoy_tui.ui.i18n_refusals import refusal
from ahoy_tui.ui.prefs import STORE, Prefs, PrefsStore
from ahoy_tui.ui.services import RedrawsTexts
from ahoy_tui.ui.table_kit.screen import TableScreenBase, table_screen
from ahoy_tui.ui.terminal_alerts import TerminalAlerts
from ahoy_tui.ui.themes import DEFAULT_THEME, ThemeSpec, themes
from ahoy_tui.ui.widgets.chat_box import ChatHost

log = logging.getLogger(__name__)

MIN_SIZE = (60, 20)

P = ParamSpec("P")
T = TypeVar("T")


@dataclass
class LobbyMessage(Message):
    """A message the lobby pushed to this session (any contract message).

    ``received``: ``time.monotonic()`` when the lobby handed it over, so a
    decision clock's ``remaining`` seconds count from its arrival, not from
    whenever this app's queue reaches it (a busy loop would shift the clock).
    """

    payload: Any
    received: float


class AhoyApp(App[int]):
    """The game for one player.

    Attributes:
        session: What the front door learned about the connection.
        lobby: The process-wide lobby (docs/lobby-api.md).
        handle: This session's lobby handle (None until ``on_load`` connects it, when the
            host did not pass one).
        lang: ``"en"``, ``"es"`` or ``"de"`` (``i18n.LANGS``).
        ascii_only: Suits as letters, ASCII borders.
        specs: Loaded themes by name.
    """

    CSS_PATH = ["ahoy.tcss", *styles()]
    """The shared styles, then each registered game's own (``GameUI.styles``)."""
    TITLE = "AHOY!! V2"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("f1,question_mark", "help", "Help"),
        Binding("t", "next_theme", "Theme", show=False),
        Binding("m", "toggle_ascii", "ASCII", show=False),
        Binding("l", "toggle_lang", "Lang", show=False),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True),
        Binding("ctrl+l", "redraw", "Redraw", show=False, priority=True),
        Binding("ctrl+c", "help_quit", show=False, priority=True),  # before the chat line's copy: say so
    ]

    def __init__(self, session: SessionInfo, lobby: LobbyAPI, handle: PlayerHandle | None = None,
                 prefs: PrefsStore = STORE,
                 on_ready: Callable[["AhoyApp"], Awaitable[None] | None] | None = None) -> None:
        super().__init__()
        self.stylesheet = SharedStylesheet.replacing(self.stylesheet)
        self.session = session
        self.lobby: LobbyAPI = lobby
        self.handle: PlayerHandle | None = handle
        self._own_handle = handle is None
        self._prefs_store = prefs
        self._on_ready = on_ready
        self.specs: dict[str, ThemeSpec] = themes()
        saved = prefs.get(session.identity)
        self._chosen: set[str] = set(saved.chosen) if saved else set()
        """The display preferences this identity chose with a key (``prefs.Prefs.chosen``)."""
        self._line_prefs = (saved.line_mode, saved.suit_words) if saved else (False, False)
        """Line mode's preferences (``Prefs.line_mode``, ``suit_words``): kept as they were when this app saves."""
        self.lang = saved.lang if saved and "lang" in self._chosen else normalize_lang(session.lang)
        self.ascii_only = saved.ascii_only if saved and "ascii_only" in self._chosen else not session.utf8
        self._theme_name = saved.theme if saved and saved.theme in self.specs else DEFAULT_THEME
        self.auto_pass = saved.auto_pass if saved else False
        """Always pass on step-in (``prefs.Prefs.auto_pass``)."""
        self.hints = saved.hints if saved else prefs_module.HINTS_DEFAULT
        """Show first-game hints (``prefs.Prefs.hints``)."""
        self.hints_shown: set[str] = set(saved.hints_seen) if saved else set()
        """Hint keys already shown to this identity (each hint comes once per identity: ``Prefs.hints_seen``)."""
        self.turn_alerts = TerminalAlerts(partial(write_to_terminal, self), self.bell, title=session.title,
                                          notify=session.notify, mode=saved.alerts if saved else "bell")
        """Turn alerts on this session's terminal (``Prefs.alerts``; ``N`` at a table, ``table_kit.alerts``)."""
        install_scrollbars()
        self.set_class(self.ascii_only, "-ascii")
        for spec in self.specs.values():
            self.register_theme(spec.theme)
        self.theme = self._theme_name
        self.table_screen: TableScreenBase | None = None
        self.lobby_screen = None
        self.lobby_state: LobbyChanged | None = None
        """The latest ``LobbyChanged`` (its lists are shared with every session: never change them)."""
        self._lobby_posted = False
        self._last_notice: tuple[str, float] = ("", 0.0)  # text and time of the last toast (see _notice)
        self._closing_tables: set[str] = set()
        self._second_tap = SecondTapGuard()
        self._typed_before = TypedBefore()

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
        for old in textual_private.notifications(self):
            if (old.message, old.title, old.severity) == (new.message, new.title, new.severity):
                textual_private.unnotify(self, old, refresh=False)

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
        return is_keyed(str(self.session.identity))

    @property
    def me(self) -> str:
        """This player's lobby name."""
        return self.handle.name if self.handle is not None else self.session.display_name

    async def ask(self, command: Callable[Concatenate[PlayerHandle, P], Awaitable[T]],
                  *args: P.args, **kwargs: P.kwargs) -> T | None:
        """Run a lobby command for this session, e.g. ``await app.ask(app.lobby.act, tid, action, v)``.

        Returns the command's result, or None when the lobby refused it: a
        ``LobbyError`` is shown to the player as a toast (a ``Stale`` one as
        "Too late: the table has moved on"). Any other exception is a bug
        and propagates.
        """
        assert self.handle is not None, "the app connects its handle in on_load"
        try:
            return await command(self.handle, *args, **kwargs)
        except Stale:  # the choice was gone before the key arrived
            self.notify(self.t("act.too_late"), severity="warning", timeout=4)
        except TooFast as refused:  # a table flood (code_guard): said in the player's language
            self.notify(self.t("create.too_fast", wait=refused.wait), severity="warning", timeout=4)
        except LobbyError as refused:  # an English sentence: shown in the session's language (i18n_refusals)
            self.notify(refusal(self.t, refused.reason), severity="warning", timeout=4)
        return None

    def save_prefs(self) -> None:
        """Remember this identity's preferences (theme, ASCII, language, always pass, hints and hints shown)."""
        self._save_prefs()

    def _save_prefs(self) -> None:
        self._prefs_store.put(self.session.identity, Prefs(self.theme, self.ascii_only, self.lang,
                                                           self.auto_pass, self.hints,
                                                           tuple(sorted(self.hints_shown)), tuple(sorted(self._chosen)),
                                                           alerts=self.turn_alerts.mode, line_mode=self._line_prefs[0],
                                                           suit_words=self._line_prefs[1]))

    def refresh_texts(self) -> None:
        """Redraw every screen after a language, ASCII or theme change."""
        
        self.set_class(self.ascii_only, "-ascii")
        for screen in self.screen_stack:
            apply_ascii(screen, self.ascii_only)
            if isinstance(screen, RedrawsTexts):
                screen.refresh_texts()

    # -- lifecycle -----------------------------------------------------------
    def get_default_screen(self) -> Screen:
        """The lobby is the first screen on the stack (no empty screen under it).

        An empty default screen under the lobby is laid out and repainted on
        its own, and every repaint of a screen below makes Textual repaint the
        whole screen on top: two extra full frames per session start.
        """
        from ahoy_tui.ui.screens.lobby import LobbyScreen

        self.lobby_screen = LobbyScreen()
        return self.lobby_screen

    async def on_load(self) -> None:
        """Connect this session's handle when the host did not (before the first screen is built)."""
        if self.handle is None:
            self.handle = await self.lobby.connect(self.session.identity, self.session.display_name)

    def on_mount(self) -> None:
        assert self.handle is not None
        self.handle.subscribe(self._from_lobby)
        self._check_size(self.size.width, self.size.height)
        if self._on_ready is not None:
            self.call_after_refresh(self._on_ready, self)

    def on_key(self, event: events.Key) -> None:
        """Keys typed right behind ``c`` go into the chat line, not to the shortcuts; a second tap
        of the key that closed a dialog, and a key typed before a report that opened by itself was
        on screen, stop here (``ui/dialog_keys.py``).

        Runs before ``App._on_key`` checks the bindings; see ``ChatBox.focus_input``.
        """
        if self.screen_stack and (self._typed_before.swallow(event.time, self.screen)
                                  or self._second_tap.swallow(event.key, self.screen)):  # ui/dialog_keys.py
            event.stop()
            event.prevent_default()
            return
        screen = self.screen if self.screen_stack else None
        box = screen.chat_type_ahead if isinstance(screen, ChatHost) else None
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

    async def on_unmount(self) -> None:
        self.turn_alerts.clear()  # a title saying "your turn" must not outlive the session
        if self._own_handle and self.handle is not None:
            await self.lobby.disconnect(self.handle)

    def _from_lobby(self, message: object) -> None:
        """The lobby's callback: never blocks, only queues (docs/lobby-api.md).

        A ``LobbyChanged`` reaches every session on every join and leave, so
        it is kept as :attr:`lobby_state` and queued only when the lobby
        screen will show it soon: at most one is queued at a time (the
        handler reads the latest), and none while the lobby screen is hidden
        or already waiting to refresh (it reads the latest state then); the
        screen tells a new table list by ``LobbyChanged.tables_version``,
        not by identity. This runs inside whichever session's handler
        changed the lobby: plain attribute reads only, no Textual calls on
        this app.
        """
        if isinstance(message, LobbyChanged):
            self.lobby_state = message
            screen = self.lobby_screen
            if self._lobby_posted or (screen is not None and not screen.wants(message)):
                return
            if self.is_running:
                self._lobby_posted = True
                self.post_message(LobbyMessage(message, time.monotonic()))
            return
        if self.is_running:
            self.post_message(LobbyMessage(message, time.monotonic()))

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

    def push_unasked(self, screen: Screen[Any], callback: Callable[[Any], Any] | None = None) -> None:
        """Push a report the player did not ask for (an update opened it): keys typed before it
        was on screen do not reach it (``dialog_keys.TypedBefore``); ``callback`` gets its result."""
        self.push_screen(screen, callback)
        self._typed_before.opened(screen)

    # -- lobby messages --------------------------------------------------------
    async def on_lobby_message(self, event: LobbyMessage) -> None:
        if not self.screen_stack:  # the app is closing: its screens are gone, the lobby may still speak
            return
        match event.payload:
            case LobbyChanged():
                self._lobby_posted = False
                if self.lobby_screen is not None:
                    await self.lobby_screen.lobby_changed()
            case ChatMessage() as msg:
                self._chat_screen(msg.channel, lambda s: s.add_chat(msg))
            case ChatHistory() as msg:
                self._chat_screen(msg.channel, lambda s: s.set_chat(list(msg.messages)))
            case Notice(key="motd") as msg:
                self.session.motd = str(msg.text)
                if self.lobby_screen is not None:
                    self.lobby_screen.show_motd()
                if msg.text:
                    self._notice(str(msg.text)[:300], msg.level)
            case Notice() as msg:
                self._notice(keyed(self.lang, "notice", msg, str(msg.text))[:300], msg.level)
            case TableUpdate() as msg:
                self._table_update(msg, event.received)
            case TableClosed() as msg:
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

    def _table_update(self, update: TableUpdate, received: float) -> None:
        tid = update.table.table_id
        if tid in self._closing_tables:
            return
        if self.table_screen is not None and self.table_screen.table_id != tid:
            return
        if self.table_screen is None:
            if not update.catch_up:
                return  # a table this session does not show; a screen starts with the whole table
            self.table_screen = table_screen(update.table.config.game, tid)
            self.push_screen(self.table_screen)
        self.table_screen.apply_update(update, received)

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
        (``ahoy_tui.hosting.framediff``), which otherwise sends only changed cells.
        """
        self.screen.refresh()

    def action_quit(self) -> None:
        """Ctrl+Q: quit. While the player holds a seat in a game in play, ask first: the game goes on
        and the autopilot plays the seat until she comes back (R17), as ``q`` at the table asks."""
        from ahoy_tui.ui.screens.confirm import ConfirmScreen

        table = self.table_screen
        if table is None or not table.seat_keys.holds_seat_in_play() or isinstance(self.screen, ConfirmScreen):
            self.exit()
            return
        t = self.t
        self.push_screen(ConfirmScreen(t("quit.title"), t("quit.question"), t("quit.yes"), t("quit.no")),
                         lambda yes: self.exit() if yes else None)

    def action_help_quit(self) -> None:
        """Ctrl+C: never quits or stops anything, says in the session's language which key leaves (issue 24 #13).

        In the lobby ``q`` quits, at a table ``q`` leaves it, a dialog closes with Esc.
        With text selected in a chat line it copies it, as Textual's input does.
        """
        from textual.widgets import Input

        focused = self.focused
        if isinstance(focused, Input) and focused.selected_text:
            focused.action_copy()
            return
        screen = self.screen
        key = ("ctrlc.lobby" if screen is self.lobby_screen else
               "ctrlc.table" if screen is self.table_screen else "ctrlc.dialog")
        self.notify(self.t(key), title=self.t("ctrlc.title"), timeout=5, markup=False)

    def action_help(self) -> None:
        from ahoy_tui.ui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            screen = self.screen  # a game's table names its own help (GameUI.help_texts)
            texts = game_ui(screen.GAME).help_texts if isinstance(screen, TableScreenBase) else None
            self.push_screen(HelpScreen(texts[0], tuple(texts[1:])) if texts else HelpScreen(*lobby_help()))

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
        self._chosen.add("ascii_only")
        self._save_prefs()
        self.refresh_texts()
        self.notify(self.t("ascii.on" if self.ascii_only else "ascii.off"), timeout=2)

    def action_toggle_lang(self) -> None:
        """The next language of ``i18n.LANGS`` (English, Spanish, German, English, ...)."""
        self.lang = next_lang(self.lang)
        self._chosen.add("lang")
        self._save_prefs()
        self.refresh_texts()
        self.notify(self.t("lang.now"), timeout=2)

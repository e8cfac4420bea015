"""A chat channel: the last messages and a line to type (hostile text shown plain)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input, RichLog

from ahoy_tui.lobby.messages import ChatMessage
from ahoy_tui.ui.bot_levels import bot_tag
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.services import services
from ahoy_tui.ui.text import asciify, clean, steady_width

MAX_CHAT = 300
"""Characters of one chat line (the input's limit) and messages the box keeps."""


class ChatInput(Input):
    """An ``Input`` that takes its line at the Enter key itself.

    Input's own Enter is a binding, run only after the key has bubbled up to
    the app; keys that came in the same packet ("hi\\rmore") are typed into
    the line first, so the submitted text would be "himore", twice. Here the
    line is taken and cleared in key order, inside the input's own queue.
    """

    @dataclass
    class Line(Message):
        """Enter was pressed; ``text`` is the line as it was at that key."""

        text: str

    def replace(self, text: str, start: int, end: int) -> None:
        """Typed or pasted text goes in without emoji joiners, variation selectors and skin
        tone modifiers (:func:`~ahoy_tui.ui.text.steady_width`), so the line and its border
        take the columns Textual lays out in every terminal."""
        text = steady_width(text)
        if text or start != end:
            super().replace(text, start, end)

    def on_key(self, event: events.Key) -> None:
        """Enter takes the line; any other key goes on to ``Input`` (its handler runs next)."""
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            text, self.value = self.value, ""
            self.post_message(self.Line(text))

    def on_paste(self, event: events.Paste) -> None:
        """Insert a paste as one line, cut to the room left; say once what was left out.

        Textual's own Input refuses a paste that would pass ``max_length``
        whole (only a bell) and drops every line after the first silently.
        Here the first line with text is kept and cut to fit, and one toast
        says so; the other lines are never sent (a paste must not become a
        burst of messages: chat is rate-limited).
        """
        event.stop()
        event.prevent_default()
        lines = [line for line in event.text.splitlines() if line.strip()]
        if not lines:
            return
        text = lines[0].replace("\t", " ")
        start, end = sorted(min(len(self.value), max(0, i)) for i in self.selection)
        room = max(0, self.max_length - (len(self.value) - (end - start))) if self.max_length else len(text)
        notes = []
        if len(lines) > 1:
            notes.append("chat.paste_first_line")
        if len(text) > room:
            text = text[:room]
            notes.append("chat.paste_cut" if room else "chat.paste_full")
        if text:
            self.replace(text, start, end)
        if notes:
            lang = services(self).lang
            message = " ".join(tr(lang, key, n=len(text), limit=self.max_length) for key in notes)
            self.app.notify(message, severity="warning", timeout=4, markup=False)


class ChatBox(Widget):
    """Messages above, input below; posts :class:`ChatBox.Said`."""

    placeholder: reactive[str] = reactive("")
    """Input placeholder text."""
    ascii_only: reactive[bool] = reactive(False)
    """Show names and text as ASCII."""
    lang: reactive[str] = reactive("en")
    """Language of system lines (``"en"``/``"es"``): they are rendered here, from their key."""

    @dataclass
    class Said(Message):
        """The player typed a line (not yet cleaned: the lobby owns rate limits)."""

        text: str

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:  # noqa: A002 - Textual's name
        super().__init__(id=id, classes=classes)
        self._messages: deque[tuple[str, str, bool, str, tuple[tuple[str, str], ...]]] = deque(maxlen=MAX_CHAT)
        """The shown messages, cleaned (sender, text, system, key, args): redrawn when ASCII mode
        or the language changes."""

    def compose(self) -> ComposeResult:
        yield RichLog(wrap=True, markup=False, highlight=False, max_lines=MAX_CHAT, min_width=10, classes="chat-log")
        inp = ChatInput(placeholder=self.placeholder, max_length=MAX_CHAT, classes="chat-input")
        inp.cursor_blink = False
        yield inp

    def watch_placeholder(self, value: str) -> None:
        for inp in self.query(Input):
            inp.placeholder = value

    def watch_ascii_only(self, old: object, new: object) -> None:
        """Redraw the messages already shown in the new mode or language (new ones follow it anyway)."""
        if old == new or not self._messages or not self.is_mounted:
            return
        log = self.query_one(RichLog)
        log.clear()
        for entry in self._messages:
            log.write(self._render_line(*entry))

    watch_lang = watch_ascii_only

    def add(self, sender: str, text: str, system: bool = False, key: str = "",
            args: tuple[tuple[str, str], ...] = ()) -> None:
        """Append one message; the strings are hostile and shown as plain text.

        A system line with a ``key`` is the sentence ``"sys." + key`` with
        ``args`` (name/value pairs), in the box's ``lang``.
        """
        entry = (clean(sender, 16), clean(text, MAX_CHAT), system, str(key or ""),
                 tuple((str(k), clean(str(v), 40)) for k, v in args))
        self._messages.append(entry)
        self.query_one(RichLog).write(self._render_line(*entry))

    def add_message(self, msg: ChatMessage) -> None:
        """Append a lobby ``ChatMessage`` (system lines rendered from their key)."""
        self.add(msg.sender, msg.text, msg.system, msg.key, tuple(msg.args))

    def _render_line(self, sender: str, text: str, system: bool, key: str = "",
                     args: tuple[tuple[str, str], ...] = ()) -> Text:
        """One cleaned message as a line of the log, in ASCII when the box is in ASCII mode."""
        line = Text()
        fix = asciify if self.ascii_only else (lambda s: s)
        if system:
            if key:
                try:
                    text = tr(self.lang, "sys." + key, **_named(self.lang, key, dict(args)))
                except (KeyError, IndexError, ValueError):  # an argument missing: show the key, no crash
                    text = key
            line.append(fix(text), style="italic dim")
        else:
            line.append(fix(sender), style="bold")
            line.append(": ")
            line.append(fix(text))
        return line

    def clear(self) -> None:
        """Forget every shown message (a new history is coming)."""
        self._messages.clear()
        self.query_one(RichLog).clear()

    def on_chat_input_line(self, event: ChatInput.Line) -> None:
        event.stop()
        text = event.text.strip()
        if text:
            self.post_message(self.Said(text))

    def focus_input(self) -> None:
        """Move the keyboard to the input line, and take the keys typed right behind ``c``.

        Keys of the same packet as ``c`` ("c" + "lo" + Enter) were already
        routed before the focus moved: they would reach the screen's and the
        app's shortcuts (``l`` language, Enter join). Until the next refresh
        the app hands such keys to :meth:`type_ahead` instead
        (``AhoyApp.on_key``, through the screen's ``ChatHost.chat_type_ahead``).
        """
        inp = self.query_one(ChatInput)
        if inp.focusable:
            self.screen.set_focus(inp)  # at once: Widget.focus waits for the queued keys
        else:
            inp.focus()
        screen = self.screen
        if isinstance(screen, ChatHost):
            screen.chat_type_ahead = self
            self.call_after_refresh(self._end_type_ahead, screen)

    def _end_type_ahead(self, screen: ChatHost) -> None:
        if screen.chat_type_ahead is self:
            screen.chat_type_ahead = None

    def type_ahead(self, event: events.Key) -> bool:
        """Type a key that was meant for the input line (printable or Enter); True if taken."""
        if not self.is_attached:
            return False
        inp = self.query_one(ChatInput)
        if event.key == "enter":
            text, inp.value = inp.value, ""
            inp.post_message(ChatInput.Line(text))
            return True
        if event.is_printable and event.character:
            inp.insert_text_at_cursor(event.character)
            return True
        return False


def _named(lang: str, key: str, args: dict[str, str]) -> dict[str, str]:
    """A system line's arguments with a bot's ``kind`` (``baseline``) as players name it everywhere
    ("bot, normal": ``bot_levels.bot_tag``); a line without one (an older worker's) gets plain "bot"."""
    if key in ("bot_sat_down", "seat_to_bot"):
        args["kind"] = bot_tag(lambda k, **kw: tr(lang, k, **kw), args.get("kind"))
    return args


class ChatHost:
    """A screen with a :class:`ChatBox` (the lobby, a table): a base class beside ``Screen``.

    Attributes:
        chat_type_ahead: The chat box that takes the keys typed right behind ``c`` until the
            next refresh (``ChatBox.focus_input``, ``AhoyApp.on_key``), else None.
    """

    chat_type_ahead: ChatBox | None = None

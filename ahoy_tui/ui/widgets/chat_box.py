"""A chat channel: the last messages and a line to type (hostile text shown plain)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input, RichLog

from ahoy_tui.ui.text import asciify, clean

MAX_CHAT = 300


class ChatBox(Widget):
    """Messages above, input below; posts :class:`ChatBox.Said`."""

    placeholder: reactive[str] = reactive("")
    """Input placeholder text."""
    ascii_only: reactive[bool] = reactive(False)
    """Show names and text as ASCII."""

    @dataclass
    class Said(Message):
        """The player typed a line (not yet cleaned: the lobby owns rate limits)."""

        text: str

    def compose(self) -> ComposeResult:
        yield RichLog(wrap=True, markup=False, highlight=False, max_lines=MAX_CHAT, min_width=10, classes="chat-log")
        inp = Input(placeholder=self.placeholder, max_length=MAX_CHAT, classes="chat-input")
        inp.cursor_blink = False
        yield inp

    def watch_placeholder(self, value: str) -> None:
        for inp in self.query(Input):
            inp.placeholder = value

    def add(self, sender: str, text: str, system: bool = False) -> None:
        """Append one message; both strings are hostile and shown as plain text."""
        line = Text()
        fix = asciify if self.ascii_only else (lambda s: s)
        if system:
            line.append(fix(clean(text, MAX_CHAT)), style="italic dim")
        else:
            line.append(fix(clean(sender, 16)), style="bold")
            line.append(": ")
            line.append(fix(clean(text, MAX_CHAT)))
        self.query_one(RichLog).write(line)

    def clear(self) -> None:
        """Forget every shown message (a new history is coming)."""
        self.query_one(RichLog).clear()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        event.input.value = ""
        if text:
            self.post_message(self.Said(text))

    def focus_input(self) -> None:
        """Move the keyboard to the input line."""
        self.query_one(Input).focus()



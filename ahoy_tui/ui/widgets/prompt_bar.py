"""The focused prompt: one question and buttons for exactly the legal choices."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Button, Static

from ahoy_tui.ui.prompts import Option, Prompt
from ahoy_tui.ui.text import asciify

_KEY_NAMES = {"enter": "Enter", "escape": "Esc"}


class PromptBar(Widget):
    """Draws a :class:`~ahoy_tui.ui.prompts.Prompt`; posts :class:`PromptBar.Chosen`."""

    prompt: reactive[Prompt | None] = reactive(None, recompose=True)
    """The prompt to draw."""
    ascii_only: reactive[bool] = reactive(False, recompose=True)
    """ASCII text only."""

    @dataclass
    class Chosen(Message):
        """An option's button was pressed."""

        option: Option

    def compose(self) -> ComposeResult:
        p = self.prompt
        if p is None:
            yield Static("", classes="prompt-text")
            return
        fix = asciify if self.ascii_only else (lambda s: s)
        yield Static(Text(fix(p.text)), classes="prompt-text" + (" mine" if p.mine else ""))
        if p.note:
            yield Static(Text(fix(p.note)), classes="prompt-note")
        if p.options:
            with Horizontal(classes="prompt-buttons"):
                for i, opt in enumerate(p.options):
                    key = _KEY_NAMES.get(opt.key, opt.key)
                    b = Button(Text(fix(f"{key} {opt.label}")), id=f"opt-{i}", compact=True,
                               classes="ahoy" if opt.key == "a" else "")
                    b.can_focus = False
                    yield b

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.prompt is None or not event.button.id:
            return
        index = int(event.button.id.removeprefix("opt-"))
        if 0 <= index < len(self.prompt.options):
            self.post_message(self.Chosen(self.prompt.options[index]))

"""The focused prompt: one question and buttons for exactly the legal choices."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
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


def _show(widget: Widget, shown: bool) -> None:
    """Set ``display`` only when it changes (every assignment lays the screen out again)."""
    if widget.display != shown:
        widget.display = shown


class PromptBar(Widget):
    """Draws a :class:`~ahoy_tui.ui.prompts.Prompt`; posts :class:`PromptBar.Chosen`.

    The children are built once and updated in place (a new prompt arrives
    with almost every table update; remounting widgets restyles them all).
    """

    prompt: reactive[Prompt | None] = reactive(None)
    """The prompt to draw."""
    ascii_only: reactive[bool] = reactive(False)
    """ASCII text only."""

    @dataclass
    class Chosen(Message):
        """An option's button was pressed."""

        option: Option

    def __init__(self, **kwargs) -> None:  # noqa: ANN003
        super().__init__(**kwargs)
        self._text = Static("", classes="prompt-text")
        self._note = Static("", classes="prompt-note")
        self._row = Horizontal(classes="prompt-buttons")
        self._buttons: list[Button] = []
        self._shown: tuple | None = None

    def compose(self) -> ComposeResult:
        self._note.display = False
        self._row.display = False
        yield self._text
        yield self._note
        yield self._row

    def on_mount(self) -> None:
        self._sync()

    def watch_prompt(self) -> None:
        self._sync()

    def watch_ascii_only(self) -> None:
        self._sync()

    def _sync(self) -> None:
        """Make the children show ``prompt``; touch only what changed."""
        if not self.is_mounted:
            return
        p = self.prompt
        fix = asciify if self.ascii_only else (lambda s: s)
        text = "" if p is None else fix(p.text)
        mine = p is not None and p.mine
        note = fix(p.note) if p is not None and p.note else ""
        labels = [] if p is None else [(fix(f"{_KEY_NAMES.get(o.key, o.key)} {o.label}"), o.key == "a")
                                       for o in p.options]
        shown = (text, mine, note, labels)
        old = self._shown or (None, None, None, None)
        if shown == old:
            return
        self._shown = shown
        if text != old[0]:
            self._text.update(Text(text), layout=not self._fits(old[0], text))
        if mine != old[1]:
            self._text.set_class(mine, "mine")
        if note != old[2]:
            self._note.update(Text(note), layout=not self._fits(old[2], note))
            _show(self._note, bool(note))
        if labels != old[3]:
            self._set_buttons(labels)

    def _set_buttons(self, labels: list[tuple[str, bool]]) -> None:
        """Relabel the buttons in place; spare ones are hidden and kept for later prompts."""
        for i, (label, ahoy) in enumerate(labels):
            if i < len(self._buttons):
                b = self._buttons[i]
                if str(b.label) != label:
                    b.label = Text(label)
                    b.refresh(layout=True)  # a compact button keeps its old width otherwise
                b.set_class(ahoy, "ahoy")
                _show(b, True)
            else:
                b = Button(Text(label), id=f"opt-{i}", compact=True, classes="ahoy" if ahoy else "")
                b.can_focus = False
                self._buttons.append(b)
                self._row.mount(b)
        for b in self._buttons[len(labels):]:
            _show(b, False)
        _show(self._row, bool(labels))

    def _fits(self, old: str | None, new: str) -> bool:
        """Both texts are one line at the current width (no new layout needed)."""
        width = self.content_region.width
        return old is not None and 0 < cell_len(old) <= width and 0 < cell_len(new) <= width

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.prompt is None or not event.button.id:
            return
        index = int(event.button.id.removeprefix("opt-"))
        if 0 <= index < len(self.prompt.options):
            self.post_message(self.Chosen(self.prompt.options[index]))

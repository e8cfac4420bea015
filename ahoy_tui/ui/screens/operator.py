"""The operator menu (lobby key ``O``, named in the lobby's title for operators only; docs/moderation.md).

A list of the operator commands; Enter on one puts it in the command line,
where the operator fills in the name, duration and reason and presses Enter.
A command can also be typed at once: a printable key pressed on the list
goes to the command line (it is not lost, and Enter then runs what was
typed, not the highlighted entry).
The command runs through the session's ``SessionInfo.operator`` console,
the same one ``ssh host kick ...`` uses, and its answer is shown below as
plain text (never markup). Esc closes the menu.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, RichLog
from textual.widgets.option_list import Option

from ahoy_tui.ui.services import services
from ahoy_tui.ui.live import built
from ahoy_tui.ui.text import asciify, clean

#: (what the command line starts with, what the menu says it does)
MENU: tuple[tuple[str, str], ...] = (
    ("kick NAME REASON", "end a player's session"),
    ("ban key NAME 1d REASON", "refuse a player's key at login"),
    ("ban addr NAME 1d REASON", "refuse a player's address (IPv6: /64)"),
    ("bans", "bans in force"),
    ("unban ID", "lift a ban"),
    ("mute NAME 1h REASON", "silence a player in the lobby chat"),
    ("unmute NAME", "lift a mute"),
    ("mutes", "mutes in force"),
    ("close TABLE REASON", "close a table for everyone at it"),
    ("motd TEXT", "set the message of the day"),
    ("audit", "the last moderation actions"),
)
MAX_ANSWER = 4000
"""Characters of one answer shown."""


class OperatorScreen(ModalScreen[None]):
    """The operator menu: pick a command, complete it, Enter runs it; Esc closes."""

    BINDINGS = [Binding("escape", "close", "Close")]

    def compose(self) -> ComposeResult:
        app = services(self)
        fix = asciify if app.ascii_only else (lambda s: s)
        with Vertical(id="operator-box", classes="dialog") as box:
            box.border_title = fix(app.t("operator.title"))
            yield OptionList(*[Option(f"{cmd:<26} {what}", id=str(i)) for i, (cmd, what) in enumerate(MENU)],
                             id="operator-menu", compact=True)
            line = Input(max_length=512, id="operator-line", compact=True, select_on_focus=False,
                         placeholder=fix(app.t("operator.line")))
            line.cursor_blink = False
            yield line
            yield RichLog(wrap=True, markup=False, highlight=False, min_width=10, id="operator-answer")

    def on_mount(self) -> None:
        if not built(self, "#operator-menu"):
            return
        self.set_class(self.app.ascii_only, "-ascii")  # type: ignore[attr-defined]
        menu = self.query_one("#operator-menu", OptionList)
        menu.highlighted = 0
        menu.focus()

    def on_key(self, event: events.Key) -> None:
        """A printable key on the menu is typed into the command line (which takes the focus)."""
        line = self.query_one("#operator-line", Input)
        if self.focused is line or not event.is_printable or not event.character:
            return
        event.stop()
        event.prevent_default()
        line.focus()
        line.insert_text_at_cursor(event.character)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        command = MENU[int(event.option.id or 0)][0]
        words = [w for w in command.split() if not w.isupper() and w not in ("1d", "1h")]
        line = self.query_one("#operator-line", Input)
        line.value = " ".join(words) + " "
        line.cursor_position = len(line.value)
        line.focus()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            return
        event.input.value = ""
        app = services(self)
        console = app.session.operator
        answer = await console.run(text) if console is not None else "ahoy: only an operator can do that."
        log = self.query_one("#operator-answer", RichLog)
        log.write(Text(f"> {clean(text, 200)}", style="bold"))
        for row in str(answer)[:MAX_ANSWER].splitlines():
            log.write(Text(asciify(clean(row, 300)) if app.ascii_only else clean(row, 300)))

    def action_close(self) -> None:
        self.dismiss(None)

"""The message of the day under the lobby's title (docs/moderation.md)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ahoy_tui.ui.text import asciify, clean

MAX_MOTD = 300
"""Characters shown (the server keeps no more)."""


class MotdLine(Static):
    """One or two lines of the MOTD; hidden while there is none.

    The MOTD is an operator's text, so it is shown as plain text (never
    markup) without control or bidi characters, like chat.
    """

    DEFAULT_CSS = """
    MotdLine { height: auto; max-height: 2; padding: 0 1; color: $warning; display: none; }
    """

    def show(self, motd: str, ascii_only: bool) -> None:
        """Show ``motd`` ("" hides the line)."""
        text = clean(motd, MAX_MOTD)
        self.display = bool(text)
        self.update(Text(asciify(text) if ascii_only else text))

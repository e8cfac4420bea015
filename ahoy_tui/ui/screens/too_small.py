"""Shown instead of a broken layout when the terminal is under 60x20 (``ahoy_app.MIN_SIZE``)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from ahoy_tui.ui.services import RedrawsTexts


class TooSmallScreen(Screen[None], RedrawsTexts):
    """One sentence: make the window at least 60x20."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen Static { width: 100%; content-align: center middle; text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        yield Static(self._text(*self.app.size), id="too-small")

    def _text(self, w: int, h: int) -> Text:
        return Text(self.app.t("too_small", w=w, h=h))  # type: ignore[attr-defined]

    def set_size(self, w: int, h: int) -> None:
        """Show the current size."""
        for notice in self.query("#too-small"):
            notice.update(self._text(w, h))

    def on_screen_resume(self) -> None:
        if not self.app.too_small:  # type: ignore[attr-defined]
            self.call_later(self.dismiss)
        else:
            self.set_size(*self.app.size)

    def refresh_texts(self) -> None:
        self.set_size(*self.app.size)

"""The draw pile count and the discard pile, top card prominent (R11)."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.reactive import reactive

from ahoy_tui.ui.games.ahoy.cards import card_text
from ahoy_tui.ui.widgets.rows import RowsWidget


class Piles(RowsWidget):
    """``Draw pile: 37   Discard: [7♥]  5♣ 9♦ …``; click for the full history.

    The top card, then as many older cards (newest first) as fit the row's
    width whole, then ``…`` when some did not fit. One row, repainted only
    when its text changes (issue 6).
    """

    DEFAULT_CSS = "Piles { height: 1; }"

    draw_size: reactive[int] = reactive(0, repaint=False)
    """Cards in the draw pile."""
    discard: reactive[tuple[int, ...]] = reactive(tuple, repaint=False)
    """The discard pile, bottom first."""
    ascii_only: reactive[bool] = reactive(False, repaint=False)
    """Suits as letters."""
    card_styles: reactive[dict] = reactive(dict, always_update=True, repaint=False)
    """Theme card styles."""
    labels: reactive[tuple[str, str, str]] = reactive(("Draw pile", "Discard", "empty"), repaint=False)
    """Translated ``(draw, discard, empty)`` words."""

    class HistoryRequested(Message):
        """The player asked for the whole discard pile."""

    def _changed(self) -> None:
        self.rebuild()

    watch_draw_size = watch_discard = watch_ascii_only = watch_card_styles = watch_labels = _changed

    def rebuild(self) -> None:
        if self.is_mounted and self.row_width > 0:
            self.set_rows(self.wrap(self._line(), wrap=False))

    def _line(self) -> Text:
        draw, disc, empty = self.labels
        t = Text()
        t.append(f"{draw}: ", style="dim")
        t.append(f"{self.draw_size:<3}", style="bold")
        t.append(f"  {disc}: ", style="dim")
        if not self.discard:
            t.append(empty, style="dim")
            return t
        top = self.discard[-1]
        t.append("[" if self.ascii_only else "▐")
        t.append_text(card_text(top, self.card_styles, self.ascii_only, "reverse"))
        t.append("]" if self.ascii_only else "▌")
        more = " ..." if self.ascii_only else " …"
        width = self.row_width
        older = list(reversed(self.discard[:-1]))
        for n, ident in enumerate(older):
            card = card_text(ident, self.card_styles, self.ascii_only, "dim")
            left = len(older) - n - 1  # cards still older than this one
            if t.cell_len + 1 + card.cell_len + (len(more) if left else 0) > width:
                t.append(more, style="dim")  # the rest is in the history (x)
                break
            t.append(" ")
            t.append_text(card)
        return t

    def on_click(self) -> None:
        self.post_message(self.HistoryRequested())

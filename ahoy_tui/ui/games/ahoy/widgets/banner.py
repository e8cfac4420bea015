"""The table's banner: what the hand waits for at a glance (the offer, a HANDS UP!, whose turn).

One line of text; during a HANDS UP! the target's face-down cards are drawn
as card backs (R7): as card frames when the banner is 4 rows high (tall
terminals), else inline before the sentence. The widget only ever gets the
*number* of face-down cards, never a card: a back has no face to leak (R18).

The banner's height is fixed by the stylesheet (1 row, 4 on tall
terminals), so an offer that appears or goes repaints its rows and never
lays the screen out (docs/performance.md).
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from ahoy_tui.ui.widgets.rows import RowsWidget

CARD_W = 5
"""Cells of one drawn card back, as in the hand (``╭───╮``)."""


class TableBanner(RowsWidget):
    """``line`` on the first row; ``backs`` card backs, numbered 1..backs, below it or after it.

    Attributes are set by the table screen (``table_banner.banner_for``).
    """

    DEFAULT_CSS = "TableBanner { height: 1; }"

    line: reactive[Text] = reactive(Text, repaint=False)
    """The banner's sentence (already translated and cleaned)."""
    backs: reactive[int] = reactive(0, repaint=False)
    """Face-down cards of a HANDS UP! (0: none shown)."""
    ascii_only: reactive[bool] = reactive(False, repaint=False)
    """ASCII card frames."""
    card_styles: reactive[dict] = reactive(dict, always_update=True, repaint=False)
    """Theme card styles (``back``)."""

    def _changed(self) -> None:
        self.rebuild()

    watch_line = watch_backs = watch_ascii_only = watch_card_styles = _changed

    def rebuild(self) -> None:
        if self.is_mounted and self.row_width > 0:
            self.set_rows(self.wrap(row, wrap=False)[0] for row in self.lines(self.size.height))

    def lines(self, height: int) -> list[Text]:
        """The banner's rows for a banner ``height`` rows high (at least the text line)."""
        back_style = self.card_styles.get("back", "") or "bold"
        first = self.line.copy()
        if not self.backs:
            return [first]
        if height < 4:  # the backs first: a long sentence is cut at its end, never the cards
            inline = Text(no_wrap=True, overflow="ellipsis")
            for i in range(self.backs):
                inline.append(f"[{i + 1}]" if self.ascii_only else f"▐{i + 1}▌", style=back_style)
                inline.append(" ")
            inline.append_text(first)
            return [inline]
        if self.ascii_only:
            tl, tr_, bl, br, h, v, fill = "+", "+", "+", "+", "-", "|", "#"
        else:
            tl, tr_, bl, br, h, v, fill = "╭", "╮", "╰", "╯", "─", "│", "▒"
        rows = [Text(), Text(), Text()]
        for i in range(self.backs):
            gap = " " if i else ""
            rows[0].append(gap + tl + h * 3 + tr_, style=back_style)
            rows[1].append(gap + v + fill + str(i + 1) + fill + v, style=back_style)
            rows[2].append(gap + bl + h * 3 + br, style=back_style)
        return [first, *rows]

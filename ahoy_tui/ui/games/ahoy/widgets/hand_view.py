"""The player's own hand as card faces (issue 5: sorted, treasure cards highlighted)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive

from ahoy_tui.ui.games.ahoy.cards import card_label, card_style_key
from ahoy_tui.ui.widgets.rows import RowsWidget

CARD_W = 5
GAP = 1


class HandView(RowsWidget):
    """Card faces in a row; click a card to choose it.

    Parents set the attributes; the widget posts :class:`HandView.CardClicked`.
    Four rows (frame, face, frame, number), repainted only where they change.
    """

    DEFAULT_CSS = "HandView { height: 4; }"

    cards: reactive[tuple[int, ...]] = reactive(tuple, repaint=False)
    """Identities of the hand, sorted (as the view gives them)."""
    highlight: reactive[frozenset[int]] = reactive(frozenset, repaint=False)
    """Indices of cards towards a possible treasure."""
    cursor: reactive[int | None] = reactive(None, repaint=False)
    """Index of the selected card, or None."""
    marked: reactive[frozenset[int]] = reactive(frozenset, repaint=False)
    """Indices marked (laying down for HANDS UP!)."""
    faded: reactive[frozenset[int]] = reactive(frozenset, repaint=False)
    """Indices of cards not in hand now (laid face down, locked)."""
    ascii_only: reactive[bool] = reactive(False, repaint=False)
    """Suits as letters and ASCII borders."""
    card_styles: reactive[dict] = reactive(dict, always_update=True, repaint=False)
    """Theme card styles (``[cards]`` table)."""

    @dataclass
    class CardClicked(Message):
        """A card was clicked; ``index`` into ``cards``."""

        index: int

    def _changed(self) -> None:
        self.rebuild()

    watch_cards = watch_highlight = watch_cursor = watch_marked = watch_faded = _changed
    watch_ascii_only = watch_card_styles = _changed

    def rebuild(self) -> None:
        if self.is_mounted and self.row_width > 0:
            self.set_rows(self.wrap(row, wrap=False)[0] for row in self._lines())

    def _lines(self) -> list[Text]:
        a = self.ascii_only
        tl, tr_, bl, br, h, v = ("+", "+", "+", "+", "-", "|") if a else ("╭", "╮", "╰", "╯", "─", "│")
        rows = [Text(), Text(), Text(), Text()]
        st = self.card_styles
        for i, ident in enumerate(self.cards):
            frame = ""
            if i in self.highlight:
                frame = st.get("marked", "bold")
            if i == self.cursor:
                frame = f"{frame} {st.get('selected', 'reverse')}".strip()
            label = card_label(ident, a)
            face = f"{label:>3}"
            suit = st.get(card_style_key(ident), "")
            if i in self.highlight:
                suit = f"{suit} {st.get('treasure', 'underline')}"
            if i in self.faded:
                suit = f"{suit} dim"
            if i == self.cursor:
                suit = f"{suit} {st.get('selected', 'reverse')}"
            rows[0].append(tl + h * 3 + tr_, style=frame)
            rows[1].append(v, style=frame)
            rows[1].append(face, style=suit.strip())
            rows[1].append(v, style=frame)
            rows[2].append(bl + h * 3 + br, style=frame)
            mark = ("^" if a else "▲") if i in self.marked else ("*" if a else "★") if i in self.highlight else " "
            rows[3].append(f"{i + 1}{mark}".center(CARD_W), style=st.get("marked", "bold") if i in self.marked else "")
            for r in rows:
                r.append(" " * GAP)
        return rows

    def on_click(self, event: events.Click) -> None:
        index = event.x // (CARD_W + GAP)
        if 0 <= index < len(self.cards) and event.x % (CARD_W + GAP) < CARD_W:
            self.post_message(self.CardClicked(index))

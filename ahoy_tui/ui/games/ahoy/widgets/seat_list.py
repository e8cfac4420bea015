"""Every seat in play order, drawn as the ring of R4: name, hand size as card backs, total, state (issue 5).

The seats go down the list in play order; a line on the left closes the
ring from the last seat back to the first (``╭→`` on the first row, ``╰─``
on the last), so the arrow shows who comes after the last seat (R4: the
next player of seat i is seat (i+1) mod n). ``▶`` marks whose turn it is.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.strip import Strip

from ahoy_tui.ui.games.ahoy.model import SeatRow
from ahoy_tui.ui.text import asciify, clean
from ahoy_tui.ui.widgets.rows import RowsWidget


NAME_CELLS = 16
"""Widest name column (cells)."""
MIN_NAME = 6
"""Narrowest name column (cells) when seat states need the room (``reconnecting 17 s``, R17,
needs 6 at 80 columns; shorter states leave names wider)."""
FIXED_CELLS = 2 + 2 + 1 + 6 + 8
"""Ring gutter, marker, gap, card backs and total (cells)."""
RING = {"first": ("╭→", "+>"), "middle": ("│ ", "| "), "last": ("╰─", "+-"), "only": ("  ", "  ")}
"""The ring's gutter per row position: (Unicode, ASCII) (R4)."""


def ring_place(i: int, n: int) -> str:
    """Where seat ``i`` of ``n`` sits on the drawn ring: ``first``, ``middle``, ``last`` or ``only``."""
    if n < 2:
        return "only"
    return "first" if i == 0 else "last" if i == n - 1 else "middle"


class SeatList(RowsWidget):
    """One line per seat, in play order, closed into a ring by the left gutter (R4).

    Drawn line by line: a move changes one or two seats (a hand size, the
    turn marker), and only those rows are repainted (issue 6).
    """

    DEFAULT_CSS = "SeatList { height: auto; }"

    rows: reactive[tuple[SeatRow, ...]] = reactive(tuple, repaint=False)
    """The seats, in play order."""
    ascii_only: reactive[bool] = reactive(False, repaint=False)
    """ASCII markers and card backs."""
    card_styles: reactive[dict] = reactive(dict, always_update=True, repaint=False)
    """Theme card styles."""
    you_label: reactive[str] = reactive("you", repaint=False)
    """Translated word for the viewer's own seat."""
    pts_label: reactive[str] = reactive("{n} pts", repaint=False)
    """Translated template for a total."""

    def __init__(self, **kwargs) -> None:  # noqa: ANN003
        super().__init__(**kwargs)
        self._drawn: dict[tuple[SeatRow, str], Strip] = {}  # each (seat, ring place)'s row as last drawn
        self._drawn_with: tuple | None = None  # what those rows depend on besides the seat

    def _tail(self, r: SeatRow, room: int | None = None) -> str:
        """The seat's state after its total: ``(you) autopilot``, ``bot``, ``left`` ... ("" for none).

        On the viewer's own row ``(you)`` comes first when ``room`` cells
        allow it (None: always); otherwise only the state word (``(you)``
        then goes after the name, see ``_line``).
        """
        tail = r.status
        if r.you:
            full = f"({self.you_label}) {r.status}".strip()
            if room is None or len(full) <= room or not r.status:
                tail = full
        return asciify(tail) if self.ascii_only else tail

    def name_width(self) -> int:
        """Cells for the name column: 16, fewer (down to ``MIN_NAME``) when a seat's state would not fit.

        The state word (autopilot, offline, left) matters more than the end of
        a long name, so names are cut first (with an ellipsis); every row gets
        the same width so the columns stay aligned. The viewer's ``(you)``
        never takes room from the names: where ``(you) autopilot`` does not
        fit, ``(you)`` follows the viewer's name (cut like a name) instead.
        """
        widest = max((len(asciify(r.status) if self.ascii_only else r.status) for r in self.rows), default=0)
        free = self.row_width - FIXED_CELLS - (1 + widest if widest else 0)
        return max(MIN_NAME, min(NAME_CELLS, free))

    def _line(self, r: SeatRow, name_w: int = NAME_CELLS, place: str = "only") -> Text:
        back = "#" if self.ascii_only else "▮"
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(RING[place][self.ascii_only], style="dim")
        marker = (">" if self.ascii_only else "▶") if r.turn else ("*" if self.ascii_only else "•") if r.waiting else " "
        line.append(f"{marker} ", style=self.card_styles.get("turn", "bold"))
        name = clean(r.name, NAME_CELLS)
        room = self.row_width - FIXED_CELLS - name_w - 1
        tail = self._tail(r, room)
        if r.you and r.status and tail == (asciify(r.status) if self.ascii_only else r.status):
            name = f"{name} ({self.you_label})"  # no room for "(you) autopilot": "(you)" goes with the name
        if self.ascii_only:
            name = asciify(name)
        if len(name) > name_w:
            name = name[:name_w - 1] + ("~" if self.ascii_only else "…")
        line.append(f"{name:<{name_w}.{name_w}}", style="bold" if r.you else "")
        line.append(" ")
        line.append(f"{back * r.cards:<6}", style=self.card_styles.get("back", ""))
        line.append(f"{self.pts_label.format(n=r.total):>8}")
        if tail:
            line.append(f" {tail}", style="dim" if not r.you else "")
        return line

    def rebuild(self) -> None:
        """One line per seat (ellipsis): a wrapped line would push the last seats out of sight."""
        if not self.is_mounted or self.row_width <= 0:
            return
        name_w = self.name_width()
        key = (self.row_width, name_w, self.ascii_only, self.you_label, self.pts_label, self.card_styles,
               self.style_generation)
        if key != self._drawn_with:
            self._drawn_with, self._drawn = key, {}
        drawn = self._drawn
        n = len(self.rows)
        keys = [(r, ring_place(i, n)) for i, r in enumerate(self.rows)]
        for key in keys:
            if key not in drawn:
                drawn[key] = self.wrap(self._line(key[0], name_w, key[1]), wrap=False)[0]
        self.set_rows(drawn[key] for key in keys)
        if len(drawn) > 64:
            self._drawn = {key: drawn[key] for key in keys}

    watch_rows = rebuild
    watch_ascii_only = watch_card_styles = watch_you_label = watch_pts_label = rebuild

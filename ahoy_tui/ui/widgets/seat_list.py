"""Every seat in play order: name, hand size as card backs, total, state (issue 5)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ahoy_tui.ui.text import asciify, clean


@dataclass(frozen=True)
class SeatRow:
    """What one seat line shows.

    Attributes:
        name: Seat name (hostile, cleaned when drawn).
        cards: Hand size (card backs).
        total: Total score.
        you: This is the viewer's seat.
        turn: The seat whose turn it is.
        waiting: The hand waits for this seat's decision.
        status: ``""``, ``"offline"``, ``"autopilot"`` or ``"bot"`` (already translated).
    """

    name: str
    cards: int
    total: int
    you: bool = False
    turn: bool = False
    waiting: bool = False
    status: str = ""


class SeatList(Widget):
    """One line per seat, in play order (R4)."""

    DEFAULT_CSS = "SeatList { height: auto; text-wrap: nowrap; text-overflow: ellipsis; }"

    rows: reactive[tuple[SeatRow, ...]] = reactive(tuple)
    """The seats, in play order (a new count of seats lays the screen out again)."""
    ascii_only: reactive[bool] = reactive(False)
    """ASCII markers and card backs."""
    card_styles: reactive[dict] = reactive(dict, always_update=True)
    """Theme card styles."""
    you_label: reactive[str] = reactive("you")
    """Translated word for the viewer's own seat."""
    pts_label: reactive[str] = reactive("{n} pts")
    """Translated template for a total."""

    def render(self) -> Text:
        out = []
        back = "#" if self.ascii_only else "▮"
        for r in self.rows:
            line = Text()
            marker = (">" if self.ascii_only else "▶") if r.turn else ("*" if self.ascii_only else "•") if r.waiting else " "
            line.append(f"{marker} ", style=self.card_styles.get("turn", "bold"))
            name = clean(r.name, 16)
            if self.ascii_only:
                name = asciify(name)
            line.append(f"{name:<16.16}", style="bold" if r.you else "")
            line.append(" ")
            line.append(f"{back * r.cards:<6}", style=self.card_styles.get("back", ""))
            line.append(f"{self.pts_label.format(n=r.total):>8}")
            tail = f"({self.you_label}) {r.status}".strip() if r.you else r.status
            if tail:
                line.append(f"  {asciify(tail) if self.ascii_only else tail}", style="dim" if not r.you else "")
            out.append(line)
        # one line per seat (CSS nowrap + ellipsis): a wrapped line would push the last seats out of sight
        return Text("\n").join(out) if out else Text("")

    def watch_rows(self, old: tuple[SeatRow, ...], new: tuple[SeatRow, ...]) -> None:
        if len(old) != len(new):
            self.refresh(layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:  # noqa: ANN001
        return max(1, len(self.rows))

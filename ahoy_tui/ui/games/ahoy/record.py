"""What a table screen keeps of the updates it took: events (with the names of their time) and hands.

The whole-log dialog (``e``), the last hand's report (``h``), the hand
history (``H``) and the game-over report read it. Only events the lobby
projected for this viewer arrive (R18); this keeps them, never adds any.
No Textual here.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text

from ahoy_tui.ui.games.ahoy.narrate import Narrator
from ahoy_tui.ui.games.ahoy.reveal_view import HandBook
from ahoy_tui.ui.games.ahoy.model import Facts

MAX_EVENTS = 1000
"""Projected events kept per table screen: the whole-log dialog (``e``) and the last hand's report."""


class TableRecord:
    """Kept events (newest last, at most :data:`MAX_EVENTS`) and the game's finished hands.

    Attributes:
        events: Kept events, oldest first.
        names: Seat names as they were when each kept event arrived (parallel to ``events``).
        book: The finished hands of this game with their reveals (``ui.games.ahoy.reveal_view``).
    """

    def __init__(self) -> None:
        self.events: list[Any] = []
        self.names: list[tuple[str, ...]] = []
        self.book = HandBook()
        self._last_over: Any = None

    def take(self, events: Sequence[Any], names: Sequence[str], catch_up: bool = False) -> None:
        """Keep ``events`` that arrived with seat ``names``; a catch-up replaces what was kept."""
        if catch_up:
            self.events = []
            self.names = []
        self.events.extend(events)
        at = tuple(names)
        if self.names and self.names[-1] == at:
            at = self.names[-1]  # one shared tuple while the names stay
        self.names.extend([at] * len(events))
        self.book.take(events, reset=catch_up)
        trimmed = len(self.events) > MAX_EVENTS
        if trimmed:
            del self.events[:-MAX_EVENTS]
            del self.names[:-MAX_EVENTS]
        if catch_up or trimmed or any(e.kind == "hand_over" for e in events):
            self._last_over = next((e for e in reversed(self.events) if e.kind == "hand_over"), None)

    def facts(self) -> Facts:
        """What the keys ``H`` and ``h`` need to know."""
        return Facts(has_history=bool(self.book.hands), has_last_hand=self.last_hand_over() is not None)

    def last_hand_over(self) -> Any:
        """The newest kept ``hand_over`` event, or None."""
        return self._last_over

    def last_ahoy(self) -> Any:
        """The newest kept ``ahoy`` event, or None."""
        return next((e for e in reversed(self.events) if e.kind == "ahoy"), None)

    def ahoy_of(self, over: Any) -> Any:
        """The ``ahoy`` event of the hand that ``over`` (a ``hand_over`` event) ended, or None."""
        hand = over.data.get("hand")
        return next((e for e in reversed(self.events) if e.kind == "ahoy" and e.data.get("hand", hand) == hand),
                    None)

    def names_at(self, event: Any, now: Sequence[str]) -> list[str]:
        """The seat names when ``event`` (a kept event) arrived; ``now`` if it is not kept."""
        for e, at in zip(reversed(self.events), reversed(self.names)):
            if e is event:
                return list(at)
        return list(now)

    def narrate_kept(self, seat: int | None, lang: str, ascii_only: bool, last: int | None = None) -> list[Text]:
        """Sentences for the kept events (the newest ``last``, or all), each with the names of its time.

        A seat given to a bot keeps its old name in what it did before
        ("bo and anna swapped cards", not the bot's name). Events a catch-up
        brought (join, reconnect) carry the names of the catch-up.
        """
        events, names = self.events, self.names
        if last is not None:
            events, names = events[-last:], names[-last:]
        narrators: dict[int, Narrator] = {}
        out = []
        for event, at in zip(events, names):
            narrator = narrators.get(id(at))
            if narrator is None:
                narrator = narrators[id(at)] = Narrator(at, seat, lang, ascii_only)
            line = narrator.line(event)
            if line is not None:
                out.append(line)
        return out


def narrate(events: Sequence[Any], names: Sequence[str], seat: int | None, lang: str,
            ascii_only: bool) -> list[Text]:
    """Sentences for ``events`` with the seat names of now (for events that just arrived)."""
    narrator = Narrator(names, seat, lang, ascii_only)
    return [line for line in map(narrator.line, events) if line is not None]

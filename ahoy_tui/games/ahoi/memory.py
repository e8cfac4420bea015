"""What one viewer has seen of every layout, fed with the events it sees (AH15).

:class:`Memory` is the memory aid's table (the engine keeps one per seat and
one for spectators when the option is on) and the baseline bot's memory
(fed with its view's ``recent`` events). A value stays at its position as
long as the card stays in the viewer's sight: it moves with the card in a
Tauschen and with the close-up after AH8, and is forgotten when an unseen
card replaces it.
"""

from __future__ import annotations

from typing import Iterable

from ahoy_tui.games.ahoi.events import AhoiEvent


class Memory:
    """Per seat, per position (``table[s][p - 1]``): the value last seen there, or None.

    Args:
        seat: The viewer (None: a spectator); only used to read ``peek`` events addressed to it.
    """

    __slots__ = ("seat", "table")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.table: list[list[int | None]] = []

    def see_all(self, events: Iterable[AhoiEvent]) -> None:
        """``see`` each of ``events`` in order."""
        for e in events:
            self.see(e)

    def see(self, e: AhoiEvent) -> None:
        """Update the table with one event this viewer saw."""
        d = e.data
        kind = e.kind
        if kind == "deal":
            self.table = [[None] * n for n in d["sizes"]]
        elif kind in ("peek", "shown"):
            row = self.table[d["owner"] if kind == "peek" else d["seat"]]
            for p, v in zip(d["positions"], d["values"]):
                row[p - 1] = v
        elif kind == "place":
            self._place(d)
        elif kind == "placed_card":
            self.table[d["seat"]][d["position"] - 1] = d["card"]
        elif kind == "tauschen":
            a, b = self.table[d["seat"]], self.table[d["target"]]
            i, j = d["position"] - 1, d["target_position"] - 1
            a[i], b[j] = b[j], a[i]
        elif kind == "round_end":
            self.table = [list(layout) for layout in d["layouts"]]

    def _place(self, d: dict) -> None:
        row = self.table[d["seat"]]
        if d["matched"] is False:
            return
        keep = d["position"]
        for p in sorted(d["positions"], reverse=True):
            if p != keep:
                del row[p - 1]
        row[keep - 1] = d["card"]

    def snapshot(self) -> tuple[tuple[int | None, ...], ...]:
        """The table as tuples (a view's ``known``)."""
        return tuple(tuple(row) for row in self.table)

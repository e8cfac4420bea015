"""What the hard Ahoi bot knows: every layout card it has seen and the cards it has not (AH15, AH16).

:class:`Knowledge` is fed with one seat's views only: their ``recent`` events
(its peeks, drawn and placed cards, Lupe and Fernrohr results, every public
placement, swap and discard) and, with the memory aid on, ``known``. From
them it keeps

* ``memory``: per seat, per position, the value last seen there (the same
  :class:`~ahoy_tui.games.ahoi.memory.Memory` the memory aid uses), and
* ``pile``: how many cards of each value lie face up on the discard pile
  (everything that went there, minus what was taken back).

The cards it has *not* seen (:meth:`Knowledge.unseen`, counts per value
0..13) are the deck minus the discard pile, every layout value it knows and
the card in hand: the draw pile and the unknown layout cards are drawn from
them uniformly (no one sees the draw pile's order, AH16).
"""

from __future__ import annotations

from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.memory import Memory
from ahoy_tui.games.ahoi.view import AhoiView

VALUES = range(14)
"""Card values 0..13 (AH1)."""

DECK_COUNTS: tuple[int, ...] = tuple(C.VALUES.count(v) for v in VALUES)
"""Cards of each value in the deck (AH1: two 0s, four each of 1–12, two 13s)."""


class Knowledge:
    """One seat's memory of a round, from its views alone (AH16)."""

    __slots__ = ("memory", "pile", "round", "seen", "kept", "turns")

    def __init__(self) -> None:
        self.memory = Memory(None)
        self.pile = [0] * 14
        self.kept: list[list[str | None]] = []
        self.turns: list[int] = []
        self.round = -1
        self.seen: tuple = ()

    def update(self, view: AhoiView) -> None:
        """Read the events ``view`` shows that were not read yet (a view asked again before the
        seat acted repeats them first) and, with the memory aid on, its ``known`` table."""
        self.memory.seat = view.seat
        if view.round_no != self.round:
            self.round, self.seen = view.round_no, ()
            self.memory.table = [[None] * n for n in view.layout_sizes]
            self.kept = [[None] * n for n in view.layout_sizes]
            self.turns = [0] * len(view.layout_sizes)
            self.pile = [0] * 14
            if view.discard_top is not None:
                self.pile[view.discard_top] = 1
        recent = view.recent
        start = len(self.seen) if self.seen and recent[:len(self.seen)] == self.seen else 0
        for e in recent[start:]:
            self.memory.see(e)
            self._see_pile(e.kind, e.data)
            self._see_kept(e.kind, e.data, view.seat)
        self.seen = recent
        if view.known is not None:
            self.memory.table = [list(row) for row in view.known]
        if [len(r) for r in self.memory.table] != list(view.layout_sizes):
            self.memory.table = [[None] * n for n in view.layout_sizes]
        if [len(r) for r in self.kept] != list(view.layout_sizes):
            self.kept = [[None] * n for n in view.layout_sizes]
        if len(self.turns) != len(view.layout_sizes):
            self.turns = [0] * len(view.layout_sizes)

    def _see_kept(self, kind: str, d: dict, me: int | None) -> None:
        """Mark what another seat's choices say about its unseen cards: ``"kept"`` for a card it drew
        and kept (AH7, AH8) or took from a layout with Tauschen (AH9), ``"looked"`` for a card it saw
        at its first look (AH4) and has not replaced since: both are likely low."""
        if kind == "deal":
            self.kept = [[None] * n for n in d["sizes"]]
            self.turns = [0] * len(d["sizes"])
        elif kind == "first_look" and d["seat"] != me and d["seat"] < len(self.kept):
            row = self.kept[d["seat"]]
            for p in d["positions"]:
                if p <= len(row):
                    row[p - 1] = "looked"
        elif kind == "turn" and d["seat"] < len(self.turns):
            self.turns[d["seat"]] += 1
        elif kind == "place" and d["matched"] is not False and d["seat"] < len(self.kept):
            row = self.kept[d["seat"]]
            keep = d["position"]
            for p in sorted(d["positions"], reverse=True):
                if p != keep and p <= len(row):
                    del row[p - 1]
            if keep <= len(row):
                row[keep - 1] = "kept" if d["source"] == "draw" and d["seat"] != me else None
        elif kind == "tauschen":
            a, b = self.kept[d["seat"]], self.kept[d["target"]]
            i, j = d["position"] - 1, d["target_position"] - 1
            a[i], b[j] = ("kept" if d["seat"] != me else None), None

    def marks(self, settled: int = 2) -> list[list[str | None]]:
        """``kept`` with ``"looked"`` only for seats that have had ``settled`` turns or more (a high
        card seen at the first look is gone by then)."""
        return [[None if m == "looked" and self.turns[s] < settled else m for m in row]
                for s, row in enumerate(self.kept)]

    def _see_pile(self, kind: str, d: dict) -> None:
        pile = self.pile
        if kind == "deal":
            self.pile = [0] * 14
            self.pile[d["discard"]] = 1
        elif kind == "take_discard":
            pile[d["card"]] = max(0, pile[d["card"]] - 1)
        elif kind in ("discard", "lupe", "fernrohr", "tauschen"):
            pile[d["card"]] += 1
        elif kind == "place":
            for v in d["removed"]:
                pile[v] += 1
            if d["matched"] is False and d["card"] is not None:
                pile[d["card"]] += 1

    @property
    def table(self) -> list[list[int | None]]:
        """``table[seat][position - 1]``: the value last seen there, or None."""
        return self.memory.table

    def unseen(self, view: AhoiView) -> list[int]:
        """Per value 0..13, the cards of it this seat has not seen where they are now (never negative)."""
        out = list(DECK_COUNTS)
        for v in VALUES:
            out[v] -= self.pile[v]
        for row in self.memory.table:
            for v in row:
                if v is not None:
                    out[v] -= 1
        if view.held is not None:
            out[view.held] -= 1
        return [max(0, c) for c in out]


def mean(counts: list[int]) -> float:
    """The average value of the cards ``counts`` (per value) holds; 6.5 for none."""
    n = sum(counts)
    return sum(v * c for v, c in enumerate(counts)) / n if n else 6.5


def as_cards(counts: list[int]) -> list[int]:
    """``counts`` (per value) as a list of values, lowest first."""
    return [v for v, c in enumerate(counts) for _ in range(c)]

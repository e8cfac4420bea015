"""Per-seat statistics of one finished game, counted from its full record (RECORDS.md; docs/community.md).

Every count is over a *finished* game, whose hands are all over: what a
lie was is then public (R14 shows every hand, and the reveal, see
``ahoy_tui.game.reveal``, shows each deal's statements beside the cards
given), so the aggregates give nothing away that the table did not see.

A *lie* is a card given in an exchange (R10) that differs from the claim it
answers (R8): the offerer's card against the offer's ``give``, the
partner's card against the offer's ``want``. The other trader *received* it.
An AHOY! *with a dealt treasure* (R13) is one whose four cards were all
among the caller's five dealt cards (R3: dealt one at a time from the
hand's first seat). Records of other games (Ahoi) count games, places and
hands only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, fields
from typing import Iterator, Sequence

DEALT = 5
"""Cards each seat is dealt (R3)."""


@dataclass(slots=True)
class SeatStats:
    """What one player did in one or more finished games (sums; see the module docstring).

    Attributes:
        games, wins: Games finished, and won (place 1, ties included).
        place_sum: Sum of places (average place = place_sum / games).
        hands, hands_won: Hands played to the end (becalmed ones included), and won.
        points: Points scored over those hands (R14; lower is better).
        ahoys, ahoys_dealt: AHOY! calls, and those with a dealt treasure.
        raids_made, raids_suffered: HANDS UP! made, and aimed at this player (R7).
        offers_made, offers_accepted: Offers made (R8), and those that found a partner (R9).
        lies_told, lies_received: Cards given that differed from the claim, and received so.
        biggest_loser: BIGGEST LOSER OF THE NIGHT titles (R15).
        left: Games this player left during play or gave to a bot.
    """

    games: int = 0
    wins: int = 0
    place_sum: int = 0
    hands: int = 0
    hands_won: int = 0
    points: int = 0
    ahoys: int = 0
    ahoys_dealt: int = 0
    raids_made: int = 0
    raids_suffered: int = 0
    offers_made: int = 0
    offers_accepted: int = 0
    lies_told: int = 0
    lies_received: int = 0
    biggest_loser: int = 0
    left: int = 0

    def add(self, other: "SeatStats") -> None:
        """Add ``other``'s counts to these."""
        for f in FIELDS:
            setattr(self, f, getattr(self, f) + getattr(other, f))

    def values(self) -> tuple[int, ...]:
        """The counts in ``FIELDS`` order."""
        return tuple(getattr(self, f) for f in FIELDS)

    @property
    def points_per_hand(self) -> float | None:
        """Average points per hand played, or None before any hand."""
        return self.points / self.hands if self.hands else None

    @property
    def average_place(self) -> float | None:
        """Average place, or None before any game."""
        return self.place_sum / self.games if self.games else None


FIELDS: tuple[str, ...] = tuple(f.name for f in fields(SeatStats))
"""The count names, in column order."""


def game_stats(record: Sequence[dict], places: Sequence[int],
               forfeited: Sequence[bool] = ()) -> list[SeatStats]:
    """Per seat (play order), what it did in one finished game.

    Args:
        record: The full record (RECORDS.md lines, header first).
        places: Per seat, its place (1 = won).
        forfeited: Per seat, the person left or gave the seat away (counted in ``left``).

    Returns:
        One ``SeatStats`` per seat, each with ``games`` 1.
    """
    out = [SeatStats(games=1, wins=int(p == 1), place_sum=p) for p in places]
    for seat, gone in enumerate(forfeited):
        out[seat].left = int(bool(gone))
    header = record[0] if record else {}
    if header.get("format") not in (None, "ahoy-record") or header.get("game", "ahoy") != "ahoy":
        _count_hands(record, out, "round", "caller")
        return out
    _count_hands(record, out, "hand", "winner")
    for fn in (_count_ahoys, _count_deals):
        fn(record, out)
    for line in record:
        if line.get("result") == "game":
            for seat in line.get("biggest_losers", ()):
                out[seat].biggest_loser += 1
    return out


def _count_hands(record: Sequence[dict], out: list[SeatStats], kind: str, winner: str) -> None:
    for line in record:
        if line.get("result") != kind:
            continue
        for seat, points in enumerate(line.get("scores", ())):
            out[seat].hands += 1
            out[seat].points += int(points)
        if line.get(winner) is not None:
            out[line[winner]].hands_won += 1


def _hands(record: Sequence[dict]) -> Iterator[tuple[dict, list[dict]]]:
    """Each hand's ``deal`` line with the lines that follow it."""
    deal: dict | None = None
    lines: list[dict] = []
    for line in record:
        if line.get("chance") == "deal":
            if deal is not None:
                yield deal, lines
            deal, lines = line, []
        elif deal is not None:
            lines.append(line)
    if deal is not None:
        yield deal, lines


def _count_ahoys(record: Sequence[dict], out: list[SeatStats]) -> None:
    n = len(out)
    for deal, lines in _hands(record):
        deck = deal.get("deck") or []
        first = deal.get("first_seat", 0)
        dealt = [Counter() for _ in range(n)]
        for i, card in enumerate(deck[:DEALT * n]):
            dealt[(first + i) % n][card] += 1
        for line in lines:
            if line.get("act") == "ahoy":
                seat = line["seat"]
                out[seat].ahoys += 1
                if deck and not Counter(line.get("cards", ())) - dealt[seat]:
                    out[seat].ahoys_dealt += 1


def _count_deals(record: Sequence[dict], out: list[SeatStats]) -> None:
    offer: dict | None = None
    for line in record:
        act, seat = line.get("act"), line.get("seat")
        if act == "hands_up":
            out[seat].raids_made += 1
            out[line["target"]].raids_suffered += 1
            offer = None
        elif act == "offer":
            out[seat].offers_made += 1
            offer = {"seat": seat, "want": line.get("want"), "give": line.get("give"), "cards": {}}
        elif offer is None:
            continue
        elif act == "exchange":
            offer["cards"][seat] = line.get("card")
            if len(offer["cards"]) == 2:
                _exchange(offer, out)
                offer = None
        elif act in ("discard", "draw"):
            offer = None


def _exchange(offer: dict, out: list[SeatStats]) -> None:
    """Count one completed exchange: the offer was accepted; compare each card with its claim."""
    offerer = offer["seat"]
    partner = next(s for s in offer["cards"] if s != offerer)
    out[offerer].offers_accepted += 1
    if offer["cards"].get(offerer) != offer["give"]:
        out[offerer].lies_told += 1
        out[partner].lies_received += 1
    if offer["cards"].get(partner) != offer["want"]:
        out[partner].lies_told += 1
        out[offerer].lies_received += 1

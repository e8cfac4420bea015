"""What each seat did in a finished game of AHOY!! V2, read from its full record (``AhoySpec.stats``;
RECORDS.md, docs/community.md).

Every count is over a *finished* game, whose hands are all over: what a
lie was is then public (R14 shows every hand, and the reveal, see
``ahoy_tui.games.ahoy.reveal``, shows each deal's statements beside the cards
given), so the sums give nothing away that the table did not see.

A *lie* is a card given in an exchange (R10) that differs from the claim it
answers (R8): the offerer's card against the offer's ``give``, the
partner's card against the offer's ``want``. The other trader *received* it.
An AHOY! *with a dealt treasure* (R13) is one whose four cards were all
among the caller's five dealt cards (R3: dealt one at a time from the
hand's first seat).
"""

from __future__ import annotations

from collections import Counter
from typing import Iterator, Sequence

from ahoy_tui.games.base import SeatTally, StatLine

DEALT = 5
"""Cards each seat is dealt (R3)."""

STAT_LINES: tuple[StatLine, ...] = (
    StatLine("ahoys", "AHOY! calls {ahoys} (with a dealt treasure {ahoys_dealt})", ("ahoys", "ahoys_dealt")),
    StatLine("raids", "HANDS UP! raids made {raids_made}  suffered {raids_suffered}",
             ("raids_made", "raids_suffered")),
    StatLine("offers", "offers made {offers_made}  accepted {offers_accepted}  declined {offers_declined}",
             ("offers_made", "offers_accepted", "offers_declined")),
    StatLine("lies", "lies told {lies_told}  received {lies_received}", ("lies_told", "lies_received")),
    StatLine("loser", "BIGGEST LOSER OF THE NIGHT {biggest_loser} times", ("biggest_loser",)),
)
"""AHOY's own counters on a profile card: AHOY! calls (R12, R13), HANDS UP! (R7), offers (R8) and how
the addressed player answered them (R9.1: a declined offer stays declined when someone steps in),
lies (R10) and BIGGEST LOSER titles (R15)."""


def game_stats(record: Sequence[dict]) -> list[SeatTally]:
    """Per seat (play order), what it did in one finished game (see the module docstring).

    Args:
        record: The full record (RECORDS.md lines, header first).

    Returns:
        One ``SeatTally`` per seat of the header's ``seats``.
    """
    header = record[0] if record else {}
    out = [SeatTally() for _ in header.get("seats", ())]
    _count_hands(record, out)
    _count_ahoys(record, out)
    _count_deals(record, out)
    for line in record:
        if line.get("result") == "game":
            for seat in line.get("biggest_losers", ()):
                out[seat].bump("biggest_loser")
    return out


def _count_hands(record: Sequence[dict], out: list[SeatTally]) -> None:
    for line in record:
        if line.get("result") != "hand":
            continue
        for seat, points in enumerate(line.get("scores", ())):
            out[seat].hands += 1
            out[seat].points += int(points)
        if line.get("winner") is not None:
            out[line["winner"]].hands_won += 1


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


def _count_ahoys(record: Sequence[dict], out: list[SeatTally]) -> None:
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
                out[seat].bump("ahoys")
                if deck and not Counter(line.get("cards", ())) - dealt[seat]:
                    out[seat].bump("ahoys_dealt")


def _count_deals(record: Sequence[dict], out: list[SeatTally]) -> None:
    offer: dict | None = None
    for line in record:
        act, seat = line.get("act"), line.get("seat")
        if act == "hands_up":
            out[seat].bump("raids_made")
            out[line["target"]].bump("raids_suffered")
            offer = None
        elif act == "offer":
            out[seat].bump("offers_made")
            offer = {"seat": seat, "want": line.get("want"), "give": line.get("give"), "cards": {}}
        elif offer is None:
            continue
        elif act == "respond":
            out[offer["seat"]].bump("offers_accepted" if line.get("accept") else "offers_declined")
        elif act == "exchange":
            offer["cards"][seat] = line.get("card")
            if len(offer["cards"]) == 2:
                _exchange(offer, out)
                offer = None
        elif act in ("discard", "draw"):
            offer = None


def _exchange(offer: dict, out: list[SeatTally]) -> None:
    """Count one completed exchange (accepted, or with a pirate who stepped in after a decline, R9):
    compare each card with its claim."""
    offerer = offer["seat"]
    partner = next(s for s in offer["cards"] if s != offerer)
    if offer["cards"].get(offerer) != offer["give"]:
        out[offerer].bump("lies_told")
        out[partner].bump("lies_received")
    if offer["cards"].get(partner) != offer["want"]:
        out[partner].bump("lies_told")
        out[offerer].bump("lies_received")

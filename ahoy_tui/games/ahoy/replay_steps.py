"""AHOY!! V2 replayed from one seat's record, step by step (``GameSpec.replay_steps``; R18).

The viewer gets only the seat's projection (``LobbyAPI.game_record``), which
hides cards as ``null``, so the engine cannot replay it. Instead
:class:`ahoy_tui.games.ahoy.follow.Follower` reads it line by line and keeps what is
known of every hand; a :class:`Moment` per line keeps what *this seat* had in
front of it after that line: its own hand (cards it was dealt, drew — the
projection names its own draws, RECORDS.md "Projections" —, received and
took), the discard pile, the draw pile's size, each seat's number of cards
and the running totals. Other seats' cards are known only where the live
table showed them: in statements (offers), in AHOY!s and discards, in what
the seat received or took, and at a hand's end (``HandReport.deals``: the
projection reveals the deals then, R14).

Moments hold seat numbers and card identities, never words (the UI words them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.follow import HAND_SIZE, Follower
from ahoy_tui.games.base import ReplayStep


@dataclass(frozen=True, slots=True)
class HandReport:
    """A hand's end as its result line and the projection tell it.

    Attributes:
        hand: Hand number (1-based).
        winner: The seat that called AHOY!, or None (becalmed).
        ahoy: The treasure's identities (empty when becalmed).
        scores: Points per seat this hand.
        totals: Running totals per seat.
        deals: Per seat, the identities it was dealt (None where the projection hides one).
    """

    hand: int
    winner: int | None
    ahoy: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    deals: tuple[tuple[int | None, ...], ...]


@dataclass(frozen=True, slots=True)
class Moment:
    """The table after one record line, as the viewing seat knew it.

    Attributes:
        line: The record line (a dict; step 0 is the header).
        facts: What the line moved (``Follower.apply``'s answer).
        hand: The hand being played (0 before the first deal).
        mine: The viewer's known cards (identities), in the order they came.
        unknown: The viewer's cards the record does not name (none in a seat's own projection).
        counts: Cards held per seat (an exchange card chosen but not yet traded still counts).
        discard: The discard pile, bottom first (identities).
        draw_size: Cards in the draw pile.
        totals: Running totals per seat.
        report: The hand's report on its result line, else None.
    """

    line: dict
    facts: dict
    hand: int
    mine: tuple[int, ...]
    unknown: int
    counts: tuple[int, ...]
    discard: tuple[int, ...]
    draw_size: int
    totals: tuple[int, ...]
    report: HandReport | None = None

    @property
    def discard_top(self) -> int | None:
        """The discard pile's top identity, or None when empty."""
        return self.discard[-1] if self.discard else None


def deals(deal_line: dict, players: int) -> tuple[tuple[int | None, ...], ...]:
    """Per seat, its dealt identities from a deal line (R3: one at a time from ``first_seat``)."""
    first = deal_line.get("first_seat", 0)
    per: list[list[int | None]] = [[] for _ in range(players)]
    for i, name in enumerate(deal_line.get("deck", [])[:HAND_SIZE * players]):
        per[(first + i) % players].append(None if name is None else C.identity(C.parse(name)))
    return tuple(tuple(x) for x in per)


def moments(record: Sequence[dict], seat: int) -> list[Moment]:
    """Every step of ``record`` (a projection for ``seat``) as that seat saw it.

    Args:
        record: RECORDS.md lines, the header first (``LobbyAPI.game_record``).
        seat: The viewing seat (``GameListing.seat_of``).

    Returns:
        One :class:`Moment` per line, the header's first.

    Raises:
        ahoy_tui.games.ahoy.errors.RuleError: a line the record cannot hold (the rule it breaks).
    """
    f = Follower(record[0])
    out = [_moment(f, record[0], {}, seat)]
    deal: dict = {}
    ahoy: tuple[int, ...] = ()
    for line in record[1:]:
        facts = f.apply(line)
        report = None
        if line.get("chance") == "deal":
            deal, ahoy = line, ()
        elif line.get("act") == "ahoy":
            ahoy = tuple(C.identity(C.parse(c)) for c in line.get("cards", []))
        elif line.get("result") == "hand":
            report = HandReport(line["hand"], line.get("winner"), ahoy, tuple(line["scores"]),
                                tuple(line["totals"]), deals(deal, f.players))
        out.append(_moment(f, line, facts, seat, report))
    return out


def replay_steps(record: Sequence[dict], seat: int) -> list[ReplayStep]:
    """``GameSpec.replay_steps`` for AHOY!! V2: one step per line, its picture a :class:`Moment`.

    Raises:
        ahoy_tui.games.ahoy.errors.RuleError: (a ``ValueError``) a line the record cannot hold.
    """
    return [ReplayStep(m.line, m.hand, m) for m in moments(record, seat)]


def _moment(f: Follower, line: dict, facts: dict, seat: int, report: HandReport | None = None) -> Moment:
    mine = f.hands[seat]
    return Moment(line=line, facts=facts, hand=f.hand_no, mine=tuple(mine.known), unknown=mine.unknown,
                  counts=tuple(h.size + (s in f.trade) for s, h in enumerate(f.hands)),
                  discard=tuple(f.discard), draw_size=len(f.draw_pile), totals=tuple(f.totals), report=report)

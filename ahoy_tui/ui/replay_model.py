"""One past game, step by step, as one seat saw it (the replay viewer's model; pure, no Textual).

The approach: the viewer gets only the seat's projection (``LobbyAPI.game_record``,
R18), which hides cards as ``null``, so the engine cannot replay it. Instead
:class:`ahoy_tui.game.follow.Follower` reads it line by line and keeps what is
known of every hand; a :class:`Moment` per line keeps what *this seat* had in
front of it after that line: its own hand (cards it was dealt, received, took,
and ``unknown`` cards it drew: the projection does not write a drawn card, so
it stays "?" until the seat itself names it), the discard pile, the draw pile's
size, each seat's number of cards and the running totals. Other seats' cards
are shown only where the live table showed them: in statements (offers), in
AHOY!s and discards, in what the seat received or took, and at a hand's end
(``HandReport.deals``: the projection reveals the deals then, R14).

Moments hold seat numbers and card identities, never words: the screen words
them in the session's language (:func:`sentence`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ahoy_tui.game import cards as C
from ahoy_tui.game.follow import HAND_SIZE, Follower


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
        unknown: The viewer's cards the record does not name (drawn ones).
        counts: Cards held per seat (an exchange card chosen but not yet traded still counts).
        discard_top: The discard pile's top identity, or None when empty.
        discard_size: Cards on the discard pile.
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
    discard_top: int | None
    discard_size: int
    draw_size: int
    totals: tuple[int, ...]
    report: HandReport | None = None


def _deals(deal_line: dict, players: int) -> tuple[tuple[int | None, ...], ...]:
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
        ahoy_tui.game.errors.RuleError: a line the record cannot hold (the rule it breaks).
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
                                tuple(line["totals"]), _deals(deal, f.players))
        out.append(_moment(f, line, facts, seat, report))
    return out


def _moment(f: Follower, line: dict, facts: dict, seat: int, report: HandReport | None = None) -> Moment:
    mine = f.hands[seat]
    return Moment(line=line, facts=facts, hand=f.hand_no, mine=tuple(mine.known), unknown=mine.unknown,
                  counts=tuple(h.size + (s in f.trade) for s, h in enumerate(f.hands)), discard_top=f.discard[-1] if f.discard else None,
                  discard_size=len(f.discard), draw_size=len(f.draw_pile), totals=tuple(f.totals),
                  report=report)


def hand_starts(steps: Sequence[Moment]) -> list[int]:
    """Indexes of the deal lines (PgUp/PgDn jump between them)."""
    return [i for i, m in enumerate(steps) if m.line.get("chance") == "deal"]


def sentence(m: Moment, seat: int, t: Any, name: Any, card: Any, cards: Any) -> str:
    """What happened at ``m``, worded for the viewing ``seat``.

    Args:
        t: ``t(key, **kw)`` translates (``AhoyApp.t``).
        name: ``name(seat) -> str``; ``card(ident | None)``, ``cards(idents)`` label cards.
    """
    d, f = m.line, m.facts
    who = d.get("seat")
    act = d.get("act")
    if "format" in d:
        return t("replay.start", players=", ".join(name(i) for i in range(len(d.get("seats", [])))),
                 limit=(d.get("settings") or {}).get("limit", "?"))
    if d.get("chance") == "deal":
        mine = [c for c in _deals(d, len(m.counts))[seat] if c is not None]
        return (t("ev.hand_started", hand=d.get("hand"), name=name(d.get("first_seat")))
                + " " + t("ev.dealt", cards=cards(mine)))
    if d.get("chance") == "reshuffle":
        return t("ev.reshuffled", n=m.draw_size)
    if d.get("result") == "hand":
        w = d.get("winner")
        return (t("ev.hand_over_becalmed", hand=d.get("hand")) if w is None
                else t("ev.hand_over", hand=d.get("hand"), winner=f"AHOY! {name(w)}"))
    if d.get("result") == "game":
        return t("ev.game_over", winners=", ".join(name(x) for x in d.get("winners", [])))
    if act == "draw":
        if not f.get("drew"):
            return t("ev.drew_nothing", name=name(who))
        return t("replay.drew_me") if who == seat else t("ev.drew", name=name(who))
    if act == "offer":
        return t("ev.offered", name=name(who), to=name((who + 1) % len(m.counts)),
                 want=card(_ident(d.get("want"))), give=card(_ident(d.get("give"))))
    if act == "respond":
        return t("ev.accepted" if d.get("accept") else "ev.declined", name=name(who))
    if act in ("step_in", "pass"):
        return t("ev.stepped_in" if act == "step_in" else "ev.passed", name=name(who))
    if act == "choose_partner":
        return t("ev.partner", name=name(who), partner=name(d.get("partner")))
    if act == "exchange":
        return _exchange(m, seat, t, name, card)
    if act == "hands_up":
        return t("ev.hands_up", name=name(who), target=name(d.get("target")))
    if act == "lay_down":
        if who == seat:
            return t("ev.laid_down_cards", cards=cards([_ident(c) for c in d.get("cards", [])]))
        return t("ev.laid_down", name=name(who), n=len(d.get("cards", [])))
    if act == "pick":
        attacker, target, got = f.get("took", (who, None, None))
        if attacker == seat:
            return t("ev.took", card=card(got), target=name(target))
        if target == seat:
            return t("ev.lost", to=name(attacker), card=card(got))
        return t("ev.picked", name=name(attacker), target=name(target))
    if act == "discard":
        return t("ev.discarded", name=name(who), card=card(_ident(d.get("card"))))
    if act == "ahoy":
        return t("ev.ahoy", name=name(who), cards=cards([_ident(c) for c in d.get("cards", [])]))
    return "?"


def _exchange(m: Moment, seat: int, t: Any, name: Any, card: Any) -> str:
    """An exchange card chosen; when it completes the trade, what the viewer gave and got."""
    text = t("ev.exchange_locked", name=name(m.line.get("seat")))
    trade = m.facts.get("trade")
    if trade is None:
        return text
    a, ca, b, cb = trade
    if seat in (a, b):
        gave, got, other = (ca, cb, b) if seat == a else (cb, ca, a)
        return text + " " + t("ev.received", gave=card(gave), card=card(got), other=name(other))
    return text + " " + t("ev.traded", name=name(a), partner=name(b))


def _ident(v: Any) -> int | None:
    return None if v is None else C.identity(C.parse(v))

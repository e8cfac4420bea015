"""Follow a record that may hide cards (a projection, R18), line by line.

The engine replays only complete records: a projection (``replay.project``)
has ``null`` for every hidden card (the undealt deck, reshuffled piles,
other seats' exchange and laid-down cards before the hand's end), so the
card a draw gives is not written anywhere. :class:`Follower` keeps instead,
per seat, the cards it is *known* to hold (identities) and how many it holds
that the record does not name (``unknown``). A line that names a card the
seat is not known to hold turns one of its unknown cards into that card,
provided a copy of it is still unaccounted for (``pool``); otherwise the
line is impossible and the rule it breaks is raised. Nothing is guessed:
an unknown card stays unknown until the seat itself names it.

It checks the card flow (R1, R2, R6, R7, R10-R12), seat numbers (R4), the
hand order (R3) and the arithmetic of the result lines (R14, R15); turn
order and phases are the engine's job and are not checked here, nor are
scores (they depend on unknown cards).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.errors import RuleError
from ahoy_tui.games.ahoy.record import FORMAT_NAME, ReplaySummary
from ahoy_tui.games.ahoy.treasure import is_treasure
from ahoy_tui.games.kit.records import RecordError

HAND_SIZE = 5
"""Cards dealt to each seat (R3)."""


@dataclass(slots=True)
class SeatCards:
    """What is known of one seat's hand.

    Attributes:
        known: Identities (0-52) it holds, in the order they arrived.
        unknown: How many more cards it holds that the record does not name.
    """

    known: list[int] = field(default_factory=list)
    unknown: int = 0

    @property
    def size(self) -> int:
        """Cards held."""
        return len(self.known) + self.unknown


def is_projection(lines: list[Any]) -> bool:
    """Does this record hide any card (a ``null`` in a deal, reshuffle, exchange or lay-down line)?"""
    for obj in lines:
        if not isinstance(obj, dict):
            continue
        for key in ("deck", "draw_pile", "cards"):
            v = obj.get(key)
            if isinstance(v, list) and any(x is None for x in v):
                return True
        if obj.get("act") == "exchange" and obj.get("card", "") is None:
            return True
    return False


def _name(v: Any) -> int | None:
    """A card name, or None for ``null`` (a hidden card)."""
    if v is None:
        return None
    if not isinstance(v, str):
        raise RuleError("FORMAT", "a card must be a name or null")
    return C.identity(C.parse(v))


def _names(obj: dict, key: str) -> list[int | None]:
    v = obj.get(key)
    if not isinstance(v, list):
        raise RuleError("FORMAT", f"missing field {key!r}")
    return [_name(x) for x in v]


def _seat(obj: dict, key: str, players: int) -> int:
    v = obj.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise RuleError("FORMAT", f"field {key!r} must be a seat number")
    if not 0 <= v < players:
        raise RuleError("R4", f"seat {v} does not exist")
    return v


class Follower:
    """The known cards of every seat while a (projected) record is read.

    Attributes:
        seats: Seat names from the header.
        hands: Per seat, its :class:`SeatCards`.
        discard: The discard pile, bottom first (identities; always public).
        draw_pile: The draw pile, top first (identities, None when hidden).
        pool: Identities not accounted for: what unknown cards may be.
        totals: Running totals from the result lines.
        hand_no: The last hand dealt (0 before the first deal).
        trade: Exchange cards chosen in the current exchange: seat -> identity or None.
        laid: ``(target seat, cards)`` laid face down for a HANDS UP!, or None.
        game_over: A ``game`` result line was read.
    """

    def __init__(self, header: dict) -> None:
        seats = header.get("seats") if isinstance(header, dict) else None
        if not isinstance(seats, list) or not 2 <= len(seats) <= 8:
            raise RuleError("FORMAT", "the header needs 2-8 seats")
        settings = header.get("settings") or {}
        self.seats = [str(s) for s in seats]
        self.players = len(seats)
        self.ace_low = bool(settings.get("ace_low", False))
        self.hands = [SeatCards() for _ in seats]
        self.discard: list[int] = []
        self.draw_pile: list[int | None] = []
        self.pool: Counter[int] = Counter()
        self.totals = [0] * self.players
        self.hand_no = 0
        self.trade: dict[int, int | None] = {}
        self.laid: tuple[int, list[int | None]] | None = None
        self.ahoy_seat: int | None = None
        self.game_over = False
        self.results: list[dict] = []

    # -- cards ---------------------------------------------------------------------
    def take(self, seat: int, card: int | None, rule: str) -> None:
        """``seat`` gives up ``card`` (None: a card the record hides).

        Raises:
            RuleError: ``rule`` when the seat cannot hold that card.
        """
        h = self.hands[seat]
        if card is None:
            if h.unknown:
                h.unknown -= 1
            elif h.known:  # one of its known cards went, which one is hidden
                self.pool.update(h.known)
                h.unknown, h.known = len(h.known) - 1, []
            else:
                raise RuleError(rule, f"seat {seat} holds no card")
            return
        if card in h.known:
            h.known.remove(card)
        elif h.unknown and self.pool[card] > 0:
            h.unknown -= 1
            self.pool[card] -= 1
        else:
            raise RuleError(rule, f"{C.name(card)} is not in seat {seat}'s hand")

    def give(self, seat: int, card: int | None) -> None:
        """``seat`` receives ``card`` (None: hidden)."""
        if card is None:
            self.hands[seat].unknown += 1
        else:
            self.hands[seat].known.append(card)

    def show(self, seat: int, cards: list[int | None], rule: str) -> None:
        """``seat`` shows ``cards`` it keeps (a lay-down, an AHOY!): unknown ones become known."""
        for c in cards:
            self.take(seat, c, rule)
        for c in cards:
            self.give(seat, c)

    # -- lines ---------------------------------------------------------------------
    def apply(self, obj: Any) -> dict:
        """Read one line after the header; returns what it moved (for narration).

        Returns:
            ``{}`` or one of ``{"drew": bool}`` (a card came), ``{"trade": (a, ca, b, cb)}``
            (an exchange completed), ``{"took": (attacker, target, card)}`` (a pick).

        Raises:
            RuleError: the line is malformed or impossible (its rule id).
        """
        if not isinstance(obj, dict):
            raise RuleError("FORMAT", "a line must be a JSON object")
        if "chance" in obj:
            return self._chance(obj)
        if "result" in obj:
            return self._result(obj)
        if "act" in obj or "seat" in obj:
            return self._action(obj)
        raise RuleError("FORMAT", "a line must be a chance, action or result")

    def _chance(self, obj: dict) -> dict:
        kind = obj.get("chance")
        if kind == "deal":
            return self._deal(obj)
        if kind == "reshuffle":
            pile = _names(obj, "draw_pile")
            below = self.discard[:-1]
            if len(pile) != len(below) or self.draw_pile:
                raise RuleError("R6", "the reshuffled draw pile is not the discard pile below its top")
            rest = Counter(below)
            rest.subtract(c for c in pile if c is not None)
            if min(rest.values(), default=0) < 0:
                raise RuleError("R6", "the reshuffled draw pile is not the discard pile below its top")
            self.pool.update(+rest)
            self.draw_pile, self.discard = pile, self.discard[-1:]
            return {}
        raise RuleError("FORMAT", f"unknown chance {kind!r}")

    def _deal(self, obj: dict) -> dict:
        if self.game_over:
            raise RuleError("R15", "the game is over")
        if obj.get("hand") != self.hand_no + 1:
            raise RuleError("R3", f"expected hand {self.hand_no + 1}")
        first = _seat(obj, "first_seat", self.players)
        deck = _names(obj, "deck")
        full = Counter(C.identity(c) for c in C.full_deck(self.players))
        if len(deck) != sum(full.values()):
            raise RuleError("R1", "the deck is not this game's card set")
        named = Counter(c for c in deck if c is not None)
        if named - full:
            raise RuleError("R1", "the deck is not this game's card set")
        self.pool = full - named
        self.hand_no += 1
        self.hands = [SeatCards() for _ in range(self.players)]
        dealt = HAND_SIZE * self.players
        for i, c in enumerate(deck[:dealt]):
            self.give((first + i) % self.players, c)
        self.draw_pile, self.discard = deck[dealt:], []
        self.trade, self.laid, self.ahoy_seat = {}, None, None
        return {}

    def _action(self, obj: dict) -> dict:
        if self.game_over:
            raise RuleError("R15", "the game is over")
        seat = _seat(obj, "seat", self.players)
        act = obj.get("act")
        if act == "draw":
            return self._draw(seat, obj)
        if act in ("offer", "respond", "step_in", "pass", "choose_partner"):
            if act == "offer":
                _name(obj.get("want")), _name(obj.get("give"))
            if act == "choose_partner":
                _seat(obj, "partner", self.players)
            return {}
        if act == "hands_up":
            _seat(obj, "target", self.players)
            self.take(seat, C.JOKER, "R7")
            self.discard.append(C.JOKER)
            return {}
        if act == "discard":
            card = _name(obj.get("card"))
            if card is None:
                raise RuleError("FORMAT", "a discard names its card")
            self.take(seat, card, "R11")
            self.discard.append(card)
            return {}
        if act == "exchange":
            return self._exchange(seat, _name(obj.get("card")))
        if act == "lay_down":
            cards = _names(obj, "cards")
            self.show(seat, cards, "R7")
            self.laid = (seat, cards)
            return {}
        if act == "pick":
            return self._pick(seat, obj.get("index"))
        if act == "ahoy":
            cards = _names(obj, "cards")
            if None in cards or not is_treasure([c for c in cards if c is not None], self.ace_low):
                raise RuleError("R2", "the cards are not a treasure")
            self.show(seat, cards, "R12")
            self.ahoy_seat = seat
            return {}
        raise RuleError("FORMAT", f"unknown act {act!r}")

    def _draw(self, seat: int, obj: dict) -> dict:
        """The draw pile's top to ``seat`` (R6); a seat's own projection names it (``"card"``).

        Raises:
            RuleError: R6 when the named card is not the pile's top (or no copy of it is left).
        """
        named = _name(obj.get("card"))
        if not self.draw_pile:
            if named is not None:
                raise RuleError("R6", "the draw pile is empty")
            return {"drew": False}
        top = self.draw_pile.pop(0)
        if named is not None and top is None:
            if self.pool[named] <= 0:
                raise RuleError("R6", f"no copy of {C.name(named)} was left to draw")
            self.pool[named] -= 1
            top = named
        elif named is not None and named != top:
            raise RuleError("R6", f"the draw pile's top is {C.name(top)}, not {C.name(named)}")
        self.give(seat, top)
        return {"drew": True}

    def _exchange(self, seat: int, card: int | None) -> dict:
        if seat in self.trade:
            raise RuleError("R10", f"seat {seat} already chose its card")
        self.take(seat, card, "R10")
        self.trade[seat] = card
        if len(self.trade) < 2:
            return {}
        (a, ca), (b, cb) = self.trade.items()
        self.give(a, cb)
        self.give(b, ca)
        self.trade = {}
        return {"trade": (a, ca, b, cb)}

    def _pick(self, seat: int, index: Any) -> dict:
        if self.laid is None:
            raise RuleError("R7", "nothing is laid down")
        target, cards = self.laid
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(cards):
            raise RuleError("R7", f"no face-down card at position {index!r}")
        card = cards[index]
        self.take(target, card, "R7")
        self.give(seat, card)
        self.laid = None
        return {"took": (seat, target, card)}

    def _result(self, obj: dict) -> dict:
        kind = obj.get("result")
        if kind == "hand":
            scores, totals = obj.get("scores"), obj.get("totals")
            ok = (isinstance(scores, list) and isinstance(totals, list) and len(scores) == self.players
                  and len(totals) == self.players and obj.get("hand") == self.hand_no
                  and all(isinstance(x, int) and x >= 0 for x in scores)
                  and totals == [t + s for t, s in zip(self.totals, scores)]
                  and (self.ahoy_seat is None or obj.get("winner") == self.ahoy_seat))
            if not ok:
                raise RuleError("R14", "the hand result does not add up")
            self.totals = list(totals)
            self.results.append(dict(obj))
            return {}
        if kind == "game":
            low, high = min(self.totals), max(self.totals)
            for key, want in (("winners", low), ("biggest_losers", high)):
                got = obj.get(key)
                if not isinstance(got, list) or set(got) != {i for i, t in enumerate(self.totals) if t == want}:
                    raise RuleError("R15", f"{key} {got} do not match the totals")
            if obj.get("totals") != self.totals:
                raise RuleError("R15", "the game's totals do not match")
            self.game_over = True
            return {}
        raise RuleError("FORMAT", f"unknown result {kind!r}")


def check_projection(lines: list[tuple[int, Any]]) -> ReplaySummary:
    """Check a projected record as far as it names its cards (see the module docstring).

    Args:
        lines: ``(line number, object)`` pairs, the header first.

    Returns:
        Its summary (``projected=True``).

    Raises:
        RecordError: at the first impossible line (line number, rule id, text).
    """
    no, head = lines[0]
    if not isinstance(head, dict) or head.get("format") != FORMAT_NAME:
        raise RecordError(no, "FORMAT", "the first line must be an ahoy-record header")
    try:
        f = Follower(head)
    except RuleError as e:
        raise RecordError(no, e.rule, e.message) from None
    for no, obj in lines[1:]:
        try:
            f.apply(obj)
        except (RuleError, ValueError) as e:
            rule, text = (e.rule, e.message) if isinstance(e, RuleError) else ("R1", str(e))
            raise RecordError(no, rule, text) from None
    low, high = (min(f.totals), max(f.totals))
    return ReplaySummary(
        results=[{"hand": r.get("hand"), "winner": r.get("winner"), "scores": list(r.get("scores", []))}
               for r in f.results],
        totals=list(f.totals), game_over=f.game_over,
        winners=[i for i, t in enumerate(f.totals) if t == low] if f.game_over else [],
        losers=[i for i, t in enumerate(f.totals) if t == high] if f.game_over else [],
        projected=True)

"""What the hard bot remembers of one hand, built only from its own views (R18).

The bot is shown a :class:`~ahoy_tui.games.ahoy.view.PlayerView` at each of its
decisions. Between two decisions it compares views: its own hand, the
discard pile, the offer standing. From that it keeps

* ``out``: per seat, card identities this seat gave to that seat (a dirty
  deal, R10, or a card lost to HANDS UP!, R7) and not seen discarded since;
* ``claims``: per seat, the identities it said it *wanted* in offers (R8)
  that this seat saw; a claim is likelier wanted than not (opponent model);
* ``gave_claims``: per seat, the identities it said it would *give*.
* ``needs`` and ``junk``: per seat, public evidence of what it collects, in
  the order seen: a card it said it wanted or stepped in for (R8, R9) is
  likely one it needs; a card it said it gives, discarded (R11), handed this
  seat in a dirty deal (R10), declined or passed on (R9) likely is not
  (``hard_model`` weighs them). A discard is the active seat's: the pile's
  top non-Joker card was discarded by the seat before the active one, the
  next by the one before that (R5, R11; a Joker is laid by HANDS UP!, R7).

Nothing here reads game state: only view fields and the bot's own choices.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.view import PlayerView

# Kinds of public evidence of what a seat collects (``hard_model.EVIDENCE`` weighs them).
NEED_CLAIM = "claim"  # it said it wants the card (R8)
NEED_STEP_IN = "step_in"  # it stepped in for the card the offer says it gives (R9)
NEED_ACCEPT = "accept"  # it accepted that card (R9)
JUNK_GIVE_CLAIM = "give"  # it said it gives the card (R8)
JUNK_DISCARD = "discard"  # it discarded it (R11)
JUNK_GIVEN = "given"  # it handed it to this seat (R10)
JUNK_PASS = "pass"  # it declined or passed on it (R9)


@dataclass
class HandMemory:
    """Memory of one hand for one seat (identities 0..52; seats 0..players-1)."""

    hand_no: int = -1
    players: int = 0
    out: dict[int, Counter] = field(default_factory=dict)
    claims: dict[int, list[int]] = field(default_factory=dict)
    gave_claims: dict[int, list[int]] = field(default_factory=dict)
    seen_offers: set = field(default_factory=set)
    last_hand: tuple[int, ...] = ()
    discard_len: int = 0
    reshuffles: int = 0
    pending_to: int | None = None
    pending_cards: tuple[int, ...] = ()
    pending_trade: bool = False
    needs: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    junk: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    answers_seen: set = field(default_factory=set)
    last_top: int | None = None

    def update(self, v: PlayerView) -> None:
        """Fold ``v`` (this seat's newest view) into the memory."""
        if v.hand_no != self.hand_no:
            self.__init__()  # type: ignore[misc]
            self.hand_no, self.players = v.hand_no, v.players
            self.out = {s: Counter() for s in range(v.players)}
            self.claims = {s: [] for s in range(v.players)}
            self.gave_claims = {s: [] for s in range(v.players)}
            self.needs = {s: [] for s in range(v.players)}
            self.junk = {s: [] for s in range(v.players)}
            self.last_hand = v.hand
        self._lost(v)
        self._discards(v)
        self._offer(v)
        self.last_hand = v.hand

    def _lost(self, v: PlayerView) -> None:
        """Cards gone from the hand since last time went to the pending receiver."""
        if self.pending_to is None:
            return
        gone = Counter(self.last_hand) - Counter(v.hand)
        for ident, k in gone.items():
            if ident in self.pending_cards:
                self.out[self.pending_to][ident] += k
        if self.pending_trade and gone:  # the card it got back is the partner's junk (R10)
            for ident in (Counter(v.hand) - Counter(self.last_hand)):
                self.junk[self.pending_to].append((ident, JUNK_GIVEN))
        self.pending_to, self.pending_cards, self.pending_trade = None, (), False

    def _discards(self, v: PlayerView) -> None:
        if v.reshuffles != self.reshuffles or len(v.discard) < self.discard_len:
            # R6: the top discard stayed; the rest went into the draw pile. That card was read
            # already when it was the top of the last pile seen (else it is new, and the
            # previous turn's discard all the same).
            seen = bool(v.discard) and self.discard_len > 0 and v.discard[0] == self.last_top
            self.reshuffles, self.discard_len = v.reshuffles, 1 if seen else 0
        for ident in v.discard[self.discard_len:]:
            for c in self.out.values():
                if c[ident]:
                    c[ident] -= 1
                    break
        seat = v.active
        for pos in range(len(v.discard) - 1, self.discard_len - 1, -1):
            ident = v.discard[pos]
            if ident == C.JOKER:  # laid by a HANDS UP! (R7) or discarded: no turn of its own
                continue
            seat = (seat - 1) % v.players
            if seat != v.seat:
                self.junk[seat].append((ident, JUNK_DISCARD))
        self.discard_len = len(v.discard)
        self.last_top = v.discard[-1] if v.discard else None

    def _offer(self, v: PlayerView) -> None:
        if v.offer is None:
            return
        key = (v.offer, v.active, v.draw_size)
        offerer, addressed, want, give = v.offer
        if key not in self.seen_offers:
            self.seen_offers.add(key)
            if offerer != v.seat:
                self.claims[offerer].append(want)
                self.gave_claims[offerer].append(give)
                self.needs[offerer].append((want, NEED_CLAIM))
                self.junk[offerer].append((give, JUNK_GIVE_CLAIM))
        if give == C.JOKER:
            return
        answers = [(s, a) for s, a in enumerate(v.step_answers) if a is not None]
        if answers or v.phase in ("step_in", "choose_partner"):
            answers.append((addressed, None))  # a Decline opened the offer (R9.2)
        elif v.partner == addressed:
            answers.append((addressed, True))
        for s, a in answers:
            if s == v.seat or (key, s) in self.answers_seen:
                continue
            self.answers_seen.add((key, s))
            if a:  # stepped in / accepted: the card it is told it gets is one it needs (R9)
                self.needs[s].append((give, NEED_STEP_IN if s != addressed else NEED_ACCEPT))
            else:  # declined / passed: it does not need it
                self.junk[s].append((give, JUNK_PASS))

    def expect_loss(self, to: int, cards: tuple[int, ...], trade: bool = False) -> None:
        """One of ``cards`` (identities) leaves this hand for seat ``to`` (R7; R10 when ``trade``:
        the card that comes back is ``to``'s)."""
        self.pending_to, self.pending_cards, self.pending_trade = to, tuple(cards), trade

    def known_out(self) -> Counter:
        """Identities this seat knows to sit in other hands, with multiplicity."""
        total: Counter = Counter()
        for c in self.out.values():
            total.update(+c)
        return total


def unseen_pool(v: PlayerView, mem: HandMemory) -> list[int]:
    """Identities that may still be drawn: the game's cards minus own hand,
    the discard pile and cards known to be in others' hands (R1, R11, R18).

    Returns:
        A sorted list of identities with multiplicity (two decks: two copies).
    """
    copies = 1 if v.players <= 4 else 2
    left = Counter({i: copies for i in range(C.IDENTITIES)})
    left.subtract(v.hand)
    left.subtract(v.discard)
    left.subtract(mem.known_out())
    return sorted((+left).elements())

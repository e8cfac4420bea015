"""What the hard bot remembers of one hand, built only from its own views (R18).

The bot is shown a :class:`~ahoy_tui.games.ahoy.view.PlayerView` at each of its
decisions. Between two decisions it compares views: its own hand, the
discard pile, the offer standing. From that it keeps

* ``out``: per seat, card identities this seat gave to that seat (a dirty
  deal, R10, or a card lost to HANDS UP!, R7) and not seen discarded since;
* ``claims``: per seat, the identities it said it *wanted* in offers (R8)
  that this seat saw; a claim is likelier wanted than not (opponent model);
* ``gave_claims``: per seat, the identities it said it would *give*.

Nothing here reads game state: only view fields and the bot's own choices.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.view import PlayerView


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

    def update(self, v: PlayerView) -> None:
        """Fold ``v`` (this seat's newest view) into the memory."""
        if v.hand_no != self.hand_no:
            self.__init__()  # type: ignore[misc]
            self.hand_no, self.players = v.hand_no, v.players
            self.out = {s: Counter() for s in range(v.players)}
            self.claims = {s: [] for s in range(v.players)}
            self.gave_claims = {s: [] for s in range(v.players)}
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
        self.pending_to, self.pending_cards = None, ()

    def _discards(self, v: PlayerView) -> None:
        if v.reshuffles != self.reshuffles or len(v.discard) < self.discard_len:
            self.reshuffles, self.discard_len = v.reshuffles, 0
        for ident in v.discard[self.discard_len:]:
            for c in self.out.values():
                if c[ident]:
                    c[ident] -= 1
                    break
        self.discard_len = len(v.discard)

    def _offer(self, v: PlayerView) -> None:
        if v.offer is None:
            return
        key = (v.offer, v.active, v.draw_size)
        if key in self.seen_offers:
            return
        self.seen_offers.add(key)
        offerer, _, want, give = v.offer
        if offerer != v.seat:
            self.claims[offerer].append(want)
            self.gave_claims[offerer].append(give)

    def expect_loss(self, to: int, cards: tuple[int, ...]) -> None:
        """One of ``cards`` (identities) leaves this hand for seat ``to`` (R7, R10)."""
        self.pending_to, self.pending_cards = to, tuple(cards)

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

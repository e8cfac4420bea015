"""The hard Ahoi bot (issue 30): counts the cards it has not seen and calls „Ahoi“ on the odds.

It sees one seat's :class:`~ahoy_tui.games.ahoi.view.AhoiView` and the legal
actions only (AH16). What it knows (``hard_knowledge``): every value its
views showed it (its first look, drawn cards, Lupe and Fernrohr, public
placements from the discard pile, AH8 cards shown to it, swaps moving what it
knew) and so the cards it has *not* seen: an unknown card is worth their
average, and the next draw is one of them.

Policy, by decision:

* First look (AH4): positions 1 and 2 (all are alike).
* Turn (AH5, AH10): call „Ahoi“ when the sampled worlds (``hard_search``)
  say a call now wins at least :data:`CALL_ODDS` of the time, or at least
  :data:`CALL_FLOOR` and more often than waiting a turn; else take the
  discard if placing it, less :data:`EXPOSE` (a card everyone sees is what
  another seat's Tauschen takes), is worth at least the expected worth of a
  draw (over every value it could draw).
* Holding a card (AH7–AH9): the option worth most: a placement lowers its
  expected sum (over equal known cards: AH8), turns an unknown card into a
  known one and makes a pair of known equal cards (:data:`PAIR`: a later AH8
  placement takes both); Lupe looks at an unknown own card; Fernrohr at an unknown card of
  the seat that looks lowest; Tauschen gives a high card to the seat that
  looks lowest for a lower one. A low card handed to the next seat on the
  discard pile costs a little (it would take it).
* Its last turn after another seat's call (AH10): every option (take or
  draw, then each placement, the discard and the best swaps) is played out in
  sampled worlds, and the one that beats the caller most often is taken.

Another seat's unknown card counts as the average unseen card, or lower when
that seat's choices say so (``Knowledge.marks``: a card it drew and kept,
took with Tauschen, or saw at its first look and still has).

Deterministic for its seed as long as the per-decision time budget is not
hit (``budget=None`` turns it off).
"""

from __future__ import annotations

import random
import time
from itertools import combinations
from typing import Sequence

from ahoy_tui.games.ahoi.actions import (CallAhoi, DiscardDrawn, DrawCard, Fernrohr, FirstLook, Lupe, Place,
                                        TakeDiscard, Tauschen)
from ahoy_tui.games.ahoi.hard_knowledge import Knowledge, as_cards, mean
from ahoy_tui.games.ahoi.hard_search import WEIGHTS, call_odds, kept_mean, last_turn_odds
from ahoy_tui.games.ahoi.state import AhoiPhase
from ahoy_tui.games.ahoi.view import AhoiView

#: Default seconds per decision before the search stops starting new worlds.
BUDGET = 0.04
#: Worlds sampled for a call decision.
WORLDS = 200
#: Call „Ahoi“ when a call now wins at least this share of the sampled worlds (AH12).
CALL_ODDS = 0.8
#: ...or when a call now wins this much more often than waiting a turn and calling then.
CALL_EDGE = 0.05
#: ...but never below this share.
CALL_FLOOR = 0.5
#: Tauschen options weighed in worlds on a last turn (the best by expectation).
SWAPS_WEIGHED = 6
#: Worth (in points) of knowing one more own card (Lupe, or placing over an unknown card).
KNOW_OWN = 1.0
#: Worth of knowing one more card of another seat (Fernrohr).
KNOW_OTHER = 0.3
#: Weight of a swap's harm to the seat that looks lowest (points it gains per point given).
HARM = 1.0
#: Cost (points) of a card every seat sees in its layout (a discard taken, AH5.1): a known low
#: card is what another seat's Tauschen takes away.
EXPOSE = 1.5
#: Worth, per point of its value, of a pair of known equal cards in its layout (a later AH8 takes both).
PAIR = 2.5
#: Share of :data:`PAIR` a swap that makes (or breaks) a pair counts.
SWAP_PAIR = 1.0
#: Share of a low card's worth the next seat gains when it is left on the discard pile.
DENY = 0.3


class HardBot:
    """Card counting, expectation over the next draw and sampled worlds for „Ahoi“.

    Args:
        rng: The bot's own RNG (never the game's).
        worlds: Worlds sampled per call decision.
        budget: Seconds per decision (None: no limit, fully deterministic).
    """

    name = "hard"
    searches = True
    """Its call decisions sample worlds: run off the lobby's event loop (``lobby.autopilot``)."""

    def __init__(self, rng: random.Random, worlds: int = WORLDS, budget: float | None = BUDGET) -> None:
        self.rng = rng
        self.worlds = worlds
        self.budget = budget
        self.know = Knowledge()
        self._low: dict = {}
        self._marks: list = []

    # -- the interface -----------------------------------------------------------------

    def would_search(self, view: AhoiView, legal: Sequence[object]) -> bool:
        """True when ``choose`` samples worlds: at the start of a turn while „Ahoi“ may be called, and
        every decision of its last turn after another seat's call."""
        return (view.phase is AhoiPhase.TURN and CallAhoi() in legal) or self._last(view)

    @staticmethod
    def _last(view: AhoiView) -> bool:
        return (view.caller is not None and view.caller != view.seat
                and view.phase in (AhoiPhase.TURN, AhoiPhase.DRAWN, AhoiPhase.TAKEN))

    def choose(self, view: AhoiView, legal: Sequence[object]) -> object:
        """One of ``legal`` (non-empty) for ``view``'s seat; never raises."""
        try:
            self.know.update(view)
            action = self._decide(view, legal)
            return action if action in legal else legal[0]
        except (KeyError, IndexError, TypeError, ValueError, ZeroDivisionError):
            return legal[self.rng.randrange(len(legal))]

    # -- estimates ---------------------------------------------------------------------

    def _avg(self, view: AhoiView) -> float:
        return mean(self.know.unseen(view))

    def _expect(self, seat: int, p: int, avg: float) -> float:
        """What the card at ``seat``'s position ``p`` (0-based) is worth: its value if known, the
        average of the unseen cards, or less for a card another seat drew and kept."""
        v = self.know.table[seat][p]
        if v is not None:
            return v
        marks = self._marks
        mark = marks[seat][p] if seat < len(marks) and p < len(marks[seat]) else None
        return self._low.get(mark, avg)

    def _sum(self, seat: int, avg: float) -> float:
        """``seat``'s expected sum (``_expect`` per position)."""
        return sum(self._expect(seat, p, avg) for p in range(len(self.know.table[seat])))

    def _threat(self, view: AhoiView, avg: float, allowed: Sequence[int]) -> int | None:
        """The seat among ``allowed`` whose layout looks lowest."""
        return min(allowed, key=lambda s: (self._sum(s, avg), s), default=None)

    # -- decisions ---------------------------------------------------------------------

    def _decide(self, view: AhoiView, legal: Sequence[object]) -> object:
        if view.phase is AhoiPhase.FIRST_LOOK:
            return next(a for a in legal if isinstance(a, FirstLook))
        avg = self._avg(view)
        counts = self.know.unseen(view)
        self._marks = self.know.marks()
        self._low = {m: kept_mean(counts, w) for m, w in WEIGHTS.items()}
        if self._last(view):
            return self._last_turn(view, legal, avg)
        if view.phase is AhoiPhase.TURN:
            return self._turn(view, legal, avg)
        options = self._options(view, legal, view.held, avg)
        return max(options, key=lambda o: o[0])[1]

    def _turn(self, view: AhoiView, legal: Sequence[object], avg: float) -> object:
        me = view.seat
        if CallAhoi() in legal and self._call(view, me):
            return CallAhoi()
        draw = self._draw_worth(view, legal, avg)
        if TakeDiscard() in legal and view.discard_top is not None:
            take = max(w for w, a in self._placements(view, view.discard_top, avg))
            if take - EXPOSE >= draw:
                return TakeDiscard()
        return DrawCard()

    def _last_turn(self, view: AhoiView, legal: Sequence[object], avg: float) -> object:
        """Its last turn after another seat's call (AH10): the option that wins the round in most
        sampled worlds (``hard_search.last_turn_odds``), ties by expectation."""
        me = view.seat
        counts = self.know.unseen(view)
        if view.phase is AhoiPhase.TURN:
            choice = {v: max(self._options(view, None, v, avg), key=lambda o: o[0])[1] for v in range(14)}
            options: list = ["draw"]
            if TakeDiscard() in legal and view.discard_top is not None:
                choice["take"] = max(self._placements(view, view.discard_top, avg), key=lambda o: o[0])[1]
                options.append("take")
            card = None
        else:
            ranked = sorted(self._options(view, legal, view.held, avg), key=lambda o: -o[0])
            swaps = [o for o in ranked if isinstance(o[1], Tauschen)][:SWAPS_WEIGHED]
            options = [a for _, a in ranked if not isinstance(a, (Tauschen, Lupe, Fernrohr))] + [a for _, a in swaps]
            choice, card = {}, view.held
        if len(options) == 1:
            return self._pick(options[0], legal)
        deadline = None if self.budget is None else time.perf_counter() + self.budget
        worlds = max(20, min(self.worlds, 3000 // len(options)))
        odds = last_turn_odds(me, view.caller, self.know.table, self._marks, as_cards(counts), view.discard_top,
                              view.last_turns, card, options, choice, self.rng, worlds, deadline)
        best = max(range(len(options)), key=lambda k: (odds[k], -k))
        return self._pick(options[best], legal)

    @staticmethod
    def _pick(option: object, legal: Sequence[object]) -> object:
        if option == "take":
            return TakeDiscard()
        if option == "draw":
            return DrawCard()
        return option

    def _call(self, view: AhoiView, me: int) -> bool:
        n = view.players
        order = [(me + i) % n for i in range(1, n)]
        deadline = None if self.budget is None else time.perf_counter() + self.budget
        now, wait = call_odds(me, self.know.table, self._marks, as_cards(self.know.unseen(view)),
                              view.discard_top, order, self.rng, self.worlds, deadline, guess=self._avg(view))
        return now >= CALL_ODDS or (now >= CALL_FLOOR and now > wait + CALL_EDGE)

    def _draw_worth(self, view: AhoiView, legal: Sequence[object], avg: float) -> float:
        """The expected worth of the best option after a draw, over the values not seen (AH5.2)."""
        counts = self.know.unseen(view)
        total = sum(counts)
        if not total:
            return 0.0
        worth = 0.0
        for v, c in enumerate(counts):
            if c:
                worth += c * max(w for w, _ in self._options(view, None, v, avg))
        return worth / total

    def _options(self, view: AhoiView, legal: Sequence[object] | None, card: int, avg: float
                 ) -> list[tuple[float, object]]:
        """Every option with ``card`` in hand and its worth in points (``legal`` None: a draw being
        weighed, every option the card allows)."""
        taken = view.held_from == "discard" and legal is not None
        out = self._placements(view, card, avg)
        if taken:
            return out
        out.append((-self._deny(view, card, avg), DiscardDrawn()))
        last = view.caller is not None
        me = view.seat
        row = self.know.table[me]
        if card in (7, 8) and not last:
            out += [(KNOW_OWN * self._future(view), Lupe(p)) for p, v in enumerate(row, 1) if v is None]
        elif card in (9, 10) and not last:
            others = [s for s in range(view.players) if s != me]
            t = self._threat(view, avg, others)
            if t is not None:
                out += [(KNOW_OTHER * self._future(view), Fernrohr(t, q))
                        for q, v in enumerate(self.know.table[t], 1) if v is None]
        elif card in (11, 12):
            out += self._swaps(view, avg)
        if legal is not None:
            ok = set(legal)
            out = [o for o in out if o[1] in ok] or [(0.0, legal[0])]
        return out

    def _future(self, view: AhoiView) -> float:
        """How much knowing a card is still worth: less as the draw pile runs out."""
        return min(1.0, view.draw_size / (3.0 * view.players))

    def _deny(self, view: AhoiView, card: int, avg: float) -> float:
        """The cost of leaving ``card`` on top of the discard pile for the next seat."""
        return DENY * max(0.0, avg - card - 1.0)

    def _placements(self, view: AhoiView, card: int, avg: float) -> list[tuple[float, object]]:
        """Every placement of ``card`` (AH7; AH8 over known equal cards) and its worth."""
        row = self.know.table[view.seat]
        fut = self._future(view)
        out: list[tuple[float, object]] = []
        for p, v in enumerate(row, 1):
            if v is None:
                w = avg - card + KNOW_OWN * fut * 0.5
                w -= self._deny(view, round(avg), avg) * 0.5
            else:
                w = v - card - self._deny(view, v, avg)
            others = [x for q, x in enumerate(row, 1) if q != p and x is not None]
            w += PAIR * fut * (card * (card in others) - (v or 0) * (v in others))
            out.append((w, Place((p,))))
        for size in range(len(row), 1, -1):
            for ps in combinations(range(1, len(row) + 1), size):
                vals = {row[p - 1] for p in ps}
                if None not in vals and len(vals) == 1:
                    v = vals.pop()
                    out.append((size * v - card - self._deny(view, v, avg), Place(ps)))
        return out

    def _swaps(self, view: AhoiView, avg: float) -> list[tuple[float, object]]:
        """Tauschen (AH9): own card for another seat's, worth the points saved plus the harm done."""
        me = view.seat
        row = self.know.table[me]
        others = [s for s in range(view.players) if s != me and s != view.caller]
        threat = self._threat(view, avg, others)
        out: list[tuple[float, object]] = []
        fut = self._future(view)
        for p, mine in enumerate(row, 1):
            m = avg if mine is None else mine
            rest = [x for k, x in enumerate(row, 1) if k != p and x is not None]
            broken = (mine or 0) * (mine in rest)
            for s in others:
                for q, theirs in enumerate(self.know.table[s], 1):
                    t = self._expect(s, q - 1, avg)
                    gain = m - t
                    if s == threat:
                        gain += HARM * (m - t)
                    if mine is not None and theirs is None:
                        gain -= KNOW_OWN * fut * 0.5
                    elif mine is None and theirs is not None:
                        gain += KNOW_OWN * fut * 0.5
                    gain += PAIR * SWAP_PAIR * fut * ((theirs or 0) * (theirs in rest) - broken)
                    out.append((gain, Tauschen(p, s, q)))
        return out

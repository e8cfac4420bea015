"""The hard bot: plans with determinized rollouts over its own view (issue 17).

It sees only its :class:`~ahoy_tui.games.ahoy.view.PlayerView` and the legal
actions (R18); what it remembers between decisions (cards it gave away,
claims it heard, who stepped in, passed or discarded what) comes from
comparing its own views (``hard_memory``).

Policy, by decision:

* AHOY! (R12): at once, whenever it is legal.
* Discard (R11) and the dirty-deal card (R10): the card whose loss the
  rollouts (``hard_search``) mind least; a card that likely feeds the
  partner's treasure (``hard_model``: what every public act it saw says the
  partner collects, R8–R11) costs ``feed_cost`` to hand over; a card that
  likely feeds another seat's treasure is a good discard (``deny_feed``: one
  deck, it is dead until the next reshuffle, R1, R6). In the worlds a card
  other seats likely collect comes late (``collect_down``): they keep it or
  want it, so it seldom reaches this seat by a draw or a trade.
  As the partner of someone else's offer it expects the card the offer says
  it gives (R8) and keeps what that card completes.
* HANDS UP! (R7): always when it holds a Joker, against the seat it thinks
  closest to a treasure (bigger hand, claims focused on one treasure, the
  same card named twice in a row: one card short, lower total).
* Offer (R8): it lies when it pays. It says it *gives* the card that makes a
  trade likeliest: one the addressed seat likely misses (``hard_model``: its
  claims, step-ins and accepts), else one another seat would step in for
  (``give_model``); it says it *wants* a decoy, so its real needs stay hidden.
* Accept and step in (R9): whenever it can: a trade is one more card seen,
  and it hands over a card it does not need.
* Laying down for HANDS UP! (R7): the three cards it minds least (most
  points first, R14).

Deterministic for a seed as long as the time budget is not hit
(``budget=None`` turns the budget off). The constants are a
``hard_tuning.HardTuning`` (tuned by self-play, ``bench/tune_hard.py``).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Sequence

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import (Action, Ahoy, ChoosePartner, Discard, Draw, Exchange, HandsUp, LayDown, Offer,
                                         Pass, Pick, Respond, StepIn)
from ahoy_tui.games.ahoy.bots.base import by_kind
from ahoy_tui.games.ahoy.bots.hard_memory import HandMemory, unseen_pool
from ahoy_tui.games.ahoy.bots.hard_model import danger as feeds
from ahoy_tui.games.ahoy.bots.hard_model import needs_of, run_weights
from ahoy_tui.games.ahoy.bots.hard_search import RunIndex, run_index, score_drops
from ahoy_tui.games.ahoy.bots.hard_tuning import DEFAULT, HardTuning
from ahoy_tui.games.ahoy.view import PlayerView

#: Default seconds per decision before the search stops starting new worlds.
BUDGET = 0.10


class HardBot:
    """Information-set Monte Carlo over determinized worlds of one seat's view.

    Args:
        rng: The bot's own RNG (never the game's).
        worlds: Worlds sampled per decision (None: ``tuning.worlds``).
        horizon: Own draws played out per world (None: ``tuning.horizon``).
        budget: Seconds per decision (None: no limit, fully deterministic).
        tuning: The constants (``hard_tuning``; self-play tries others).
    """

    name = "hard"
    searches = True
    """Slow enough to be run off the lobby's event loop (``lobby.autopilot``)."""

    def __init__(self, rng: random.Random, worlds: int | None = None, horizon: int | None = None,
                 budget: float | None = BUDGET, tuning: HardTuning = DEFAULT) -> None:
        self.rng = rng
        self.t = tuning
        self.n_worlds = tuning.worlds if worlds is None else worlds
        self.horizon = tuning.horizon if horizon is None else horizon
        self.budget = budget
        self.mem = HandMemory()
        self._models: dict[int, list[float]] = {}
        self._needs: dict[int, dict[int, float]] = {}

    # -- the interface -----------------------------------------------------------

    def would_search(self, view: PlayerView, legal: Sequence[Action]) -> bool:
        """True when ``choose`` would play out rollouts for this decision (a discard or
        a dirty-deal card, R10, R11, with no AHOY! to call); the rest is quick."""
        if not legal or isinstance(legal[0], Ahoy):
            return False
        return len(legal) > 1 and isinstance(legal[-1], (Discard, Exchange))

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` (non-empty) for ``view``'s seat; never raises."""
        self.mem.update(view)
        self._models, self._needs = {}, {}  # this decision's opponent model per seat (``_model``, ``_exact``)
        kinds = by_kind(legal)
        if Ahoy in kinds:
            return kinds[Ahoy][0]
        if Draw in kinds:
            return kinds[Draw][0]
        if HandsUp in kinds and (self.t.hands_up or Offer not in kinds):
            return HandsUp(self._target([a.target for a in kinds[HandsUp]], view))  # type: ignore[attr-defined]
        if Offer in kinds:
            return self._offer(view)
        if Respond in kinds:
            yes = Respond(True) in kinds[Respond] and self._takes(view, self.t.accept_min)
            return Respond(yes)
        if StepIn in kinds and self._takes(view, self.t.step_in_min):
            return StepIn()
        if Pass in kinds:
            return Pass()
        if ChoosePartner in kinds:
            seats = [a.partner for a in kinds[ChoosePartner]]  # type: ignore[attr-defined]
            return ChoosePartner(min(seats, key=lambda s: (self._closeness(s, view), s)))
        if Exchange in kinds:
            return self._exchange(view, [a.card for a in kinds[Exchange]])  # type: ignore[attr-defined]
        if LayDown in kinds:
            return self._lay_down(view, kinds[LayDown])  # type: ignore[arg-type]
        if Pick in kinds:
            return kinds[Pick][self.rng.randrange(len(kinds[Pick]))]
        if Discard in kinds:
            return self._discard(view, [a.card for a in kinds[Discard]])  # type: ignore[attr-defined]
        return legal[0] if legal else Draw()

    # -- opponent model -------------------------------------------------------------

    def _danger(self, ident: int, seat: int) -> float:
        """How likely ``seat`` wants ``ident`` (0..1), from its claims (R8)."""
        if ident == C.JOKER:
            return 0.0
        best = 0.0
        for w in self.mem.claims.get(seat, ()):
            if w == C.JOKER or w % 4 != ident % 4:
                continue
            d = abs(w // 4 - ident // 4)
            best = max(best, (1.0, 0.5, 0.3, 0.2)[d] if d < 4 else 0.0)
        return best

    def _open(self, ident: int, view: PlayerView, idx: RunIndex) -> float:
        """Share (0..1) of the treasures (R2) with ``ident`` that another seat could still
        complete with it: none of their other cards is all discarded or in this hand."""
        if ident == C.JOKER:
            return 0.0
        copies = 1 if view.players <= 4 else 2
        gone = Counter(view.discard)
        mine = set(view.hand)
        n = 0
        for r in idx.runs_of[ident]:
            if all(j == ident or (gone[j] < copies and j not in mine) for j in idx.runs[r]):
                n += 1
        return n / 4.0

    def _closeness(self, seat: int, view: PlayerView) -> float:
        """A guess at how near ``seat`` is to a treasure (bigger: nearer)."""
        claims = [w for w in self.mem.claims.get(seat, ()) if w != C.JOKER]
        focus = max((sum(1 for w in set(claims) if w % 4 == s and abs(w // 4 - r) <= 3)
                     for s in range(4) for r in range(13)), default=0)
        lead = min(view.totals) == view.totals[seat]
        nxt = seat == (view.seat + 1) % view.players if view.seat is not None else False
        t = self.t
        needs = [i for i, _ in self.mem.needs.get(seat, ()) if i != C.JOKER]
        short = len(needs) >= 2 and needs[-1] == needs[-2]  # one card short: it names that card again
        return (view.hand_sizes[seat] * t.target_size + focus * t.target_focus + (t.target_lead if lead else 0.0)
                + (t.target_next if nxt else 0.0) + (t.target_repeat if short else 0.0))

    def _feed(self, ident: int, seat: int, model: list[float], idx: RunIndex, mine: Counter) -> float:
        """How likely (0..1) handing ``ident`` to ``seat`` feeds its treasure (``hard_model``): the
        share ``exact_share`` from the evidence it needs exactly that card, the rest from its
        treasures' weights ``model``."""
        d = feeds(ident, model, idx, mine)
        if self.t.exact_share:
            exact = self._exact(seat).get(ident, 0.0) if ident != C.JOKER else 0.0
            d = (1 - self.t.exact_share) * d + self.t.exact_share * exact
        return d

    def _takes(self, view: PlayerView, least: float | None) -> bool:
        """Whether to accept or step in (R9): always when ``least`` is None, else when the
        card the offer says it gives (R8) adds at least ``least`` to the hand's worth."""
        if least is None or view.offer is None:
            return True
        card = view.offer[3]
        if card == C.JOKER:
            return True
        idx = run_index(view.ace_low)
        hand = Counter(view.hand)
        hand[card] += 1
        alive = idx.alive(hand, unseen_pool(view, self.mem))
        return idx.loss(card, hand, idx.counts(hand), alive, self.t.w) >= least

    def _target(self, targets: list[int], view: PlayerView) -> int:
        return max(targets, key=lambda t: (self._closeness(t, view), -view.totals[t], -t))

    # -- search -------------------------------------------------------------------

    def _scores(self, view: PlayerView, candidates: Sequence[int],
                first: int | None = None) -> tuple[RunIndex, dict[int, float]]:
        idx = run_index(view.ace_low)
        pool = unseen_pool(view, self.mem)
        if first is not None and first in pool:
            pool.remove(first)
        else:
            first = None
        weights: dict[int, float] = {}
        if self.t.hold_weight != 1.0 and not self.t.collect_down:
            for s, wants in self.mem.claims.items():
                w = next((x for x in reversed(wants) if x != C.JOKER), None) if s != view.seat else None
                if w is None:
                    continue
                for i in pool:  # its treasure's other cards: likelier in its hand (R8)
                    if i != C.JOKER and i != w and i % 4 == w % 4 and abs(i // 4 - w // 4) <= 3:
                        weights[i] = self.t.hold_weight
        for s, gives in self.mem.gave_claims.items():
            if s != view.seat:
                for g in gives:
                    weights[g] = self.t.give_claim_weight
        if self.t.collect_down:
            collected = self._collected(view, idx, set(pool))
            for i, share in collected.items():
                weights[i] = max(0.05, weights.get(i, 1.0) * (1.0 - self.t.collect_down * min(1.0, share)))
        deadline = None if self.budget is None else time.perf_counter() + self.budget
        scores = score_drops(idx, view.hand, candidates, pool, weights, self.rng,
                             self.n_worlds, self.horizon, gamma=self.t.gamma, deadline=deadline, w=self.t.w,
                             first=first)
        if C.JOKER in scores:
            scores[C.JOKER] -= self.t.joker_keep  # keep it for a HANDS UP! next turn (R7)
        return idx, scores

    def _discard(self, view: PlayerView, pool: list[int]) -> Discard:
        idx, scores = self._scores(view, pool)
        others = [s for s in range(view.players) if s != view.seat]
        feeds_others = self._feeds_others(view, idx, pool) if self.t.deny_feed else {}

        def key(i: int) -> tuple:
            deny = max((self._danger(i, s) for s in others), default=0.0) if self.t.denial_bonus else 0.0
            deny_open = self.t.deny_open * self._open(i, view, idx) if self.t.deny_open else 0.0
            deny_feed = self.t.deny_feed * feeds_others.get(i, 0.0)
            return (scores[i] + self.t.denial_bonus * deny + deny_open + deny_feed + C.VALUES[i] * 1e-4, i)
        return Discard(max(pool, key=key))

    def _model(self, view: PlayerView, idx: RunIndex, seat: int) -> list[float]:
        """``hard_model.run_weights`` of ``seat``, computed once per decision (the denial, the worlds
        and the hand-over all read it)."""
        model = self._models.get(seat)
        if model is None:
            model = self._models[seat] = run_weights(view, self.mem, idx, seat, self.t.model_decay,
                                                     self.t.out_boost)
        return model

    def _exact(self, seat: int) -> dict[int, float]:
        """``hard_model.needs_of`` of ``seat`` (identity → how sure it needs exactly that card), computed
        once per decision (every card ``_feed`` weighs and the offer's ``_need`` read it)."""
        exact = self._needs.get(seat)
        if exact is None:
            exact = self._needs[seat] = needs_of(self.mem, seat, self.t.model_decay)
        return exact

    def _others(self, view: PlayerView) -> list[int]:
        """The other seats that hold cards (R7, R10 need a card)."""
        return [s for s in range(view.players) if s != view.seat and view.hand_sizes[s] > 0]

    def _feeds_others(self, view: PlayerView, idx: RunIndex, cards: Sequence[int]) -> dict[int, float]:
        """Per identity of ``cards``, the largest chance (0..1) over the other seats that it feeds that
        seat's treasure (``_feed``: the opponent model, R8–R11): discarding it (R11) denies it to them."""
        mine = Counter(view.hand) if view.players <= 4 else Counter()
        out = {i: 0.0 for i in cards}
        for s in self._others(view):
            model = self._model(view, idx, s)
            for i in out:
                out[i] = max(out[i], self._feed(i, s, model, idx, mine))
        return out

    def _collected(self, view: PlayerView, idx: RunIndex, cards: set[int]) -> dict[int, float]:
        """Per identity of ``cards`` (not the Joker), the chance summed over the other seats that it
        belongs to the treasure that seat collects (``hard_model.danger`` with nothing blocked):
        such a card stays in, or goes to, that seat's hand (R8–R10)."""
        out = {i: 0.0 for i in cards if i != C.JOKER}
        empty: Counter = Counter()
        for s in self._others(view):
            model = self._model(view, idx, s)
            for i in out:
                out[i] += feeds(i, model, idx, empty)
        return out

    def _exchange(self, view: PlayerView, pool: list[int]) -> Exchange:
        other = view.active if view.seat != view.active else view.partner
        coming = None
        if self.t.trust_give and view.seat != view.active and view.offer is not None:
            coming = view.offer[3]  # the offerer said it gives this (R8): likely what comes (R10)
        idx, scores = self._scores(view, pool, coming)
        model = None
        if self.t.feed_cost and other is not None:
            model = self._model(view, idx, other)
            mine = Counter(view.hand) if view.players <= 4 else Counter()

        def key(i: int) -> tuple:
            danger = self._danger(i, other) if other is not None else 0.0
            feed = self.t.open_cost * self._open(i, view, idx) if self.t.open_cost else 0.0
            if model is not None:
                feed += self.t.feed_cost * self._feed(i, other, model, idx, mine)
            return (scores[i] - self.t.danger_cost * danger - feed, C.VALUES[i], i)
        card = max(pool, key=key)
        if other is not None:
            self.mem.expect_loss(other, (card,), trade=True)
        return Exchange(card)

    def _lay_down(self, view: PlayerView, options: list[LayDown]) -> LayDown:
        idx = run_index(view.ace_low)
        hand = Counter(view.hand)
        alive = idx.alive(hand, unseen_pool(view, self.mem))
        cnt = idx.counts(hand)
        loss = {i: idx.loss(i, hand, cnt, alive, self.t.w) for i in hand}
        best = min(options, key=lambda a: (sum(loss[i] for i in a.cards),
                                           -sum(C.VALUES[i] for i in a.cards), a.cards))
        if view.hands_up is not None:
            self.mem.expect_loss(view.hands_up[0], best.cards)
        return best

    # -- statements -----------------------------------------------------------------

    def _offer(self, view: PlayerView) -> Offer:
        """Say what makes a trade likely, not what is true (R8)."""
        addressed = (view.active + 1) % view.players
        idx = run_index(view.ace_low)
        hand = Counter(view.hand)
        alive = idx.alive(hand, unseen_pool(view, self.mem))
        cnt = idx.counts(hand)
        give = self._give_to_trade(view, addressed, idx, hand) if self.t.give_model else None
        if give is None:
            give = self._claimed_give(view, addressed, hand)
        if give is None:
            give = self.rng.randrange(52)
        junk = [i for i in hand if i != C.JOKER and idx.loss(i, hand, cnt, alive, self.t.w) < self.t.w_decoy]
        want = self.rng.choice(sorted(junk)) if junk else self.rng.randrange(52)
        return Offer(want, give)

    def _claimed_give(self, view: PlayerView, addressed: int, hand: Counter) -> int | None:
        """The card the addressed seat (then the others) claimed to want last and can still get (R8),
        or None: the give when the opponent model names none (``give_model`` off)."""
        wanted = list(reversed(self.mem.claims.get(addressed, [])))
        for s in range(view.players):
            if s not in (addressed, view.seat):
                wanted += list(reversed(self.mem.claims.get(s, [])))
        if self.t.live_claims:
            copies = 1 if view.players <= 4 else 2
            gone = Counter(view.discard)
            wanted = [w for w in wanted if gone[w] < copies and hand[w] < copies]
        return next((w for w in wanted if w != C.JOKER), None)

    def _need(self, view: PlayerView, seat: int, idx: RunIndex, hand: Counter, dead: set) -> list[float]:
        """Per identity (0..51), how likely ``seat`` still misses it from the treasure it collects
        (``hard_model``: its claims, step-ins and accepts, R8, R9, and its treasures' weights); a card
        in this hand it cannot hold (one deck, R1), a card this seat gave it (R10) it holds."""
        model = self._model(view, idx, seat)
        exact = self._exact(seat)
        given = self.mem.out.get(seat, Counter())
        one_deck = view.players <= 4
        out = [0.0] * C.JOKER
        for i in range(C.JOKER):
            if i in dead or given[i] > 0:
                continue
            miss = 1.0 if one_deck and hand[i] else self.t.give_miss
            out[i] = min(1.0, exact.get(i, 0.0) + miss * sum(model[r] for r in idx.runs_of[i]))
        return out

    def _give_to_trade(self, view: PlayerView, addressed: int, idx: RunIndex, hand: Counter) -> int | None:
        """The card to say it gives (R8) that makes a trade likeliest: the addressed seat accepts a
        card it misses (R9.1); after a Decline another seat steps in for one (R9.2). Before any
        evidence every live treasure weighs the same, so a card of its own hand comes first (the
        addressed seat cannot hold it). None only when no card is left in play."""
        copies = 1 if view.players <= 4 else 2
        gone = Counter(view.discard)
        dead = {i for i, k in gone.items() if k >= copies}
        acc = self._need(view, addressed, idx, hand, dead)
        others = [self._need(view, s, idx, hand, dead) for s in range(view.players)
                  if s not in (addressed, view.seat) and view.hand_sizes[s] > 0]
        best, best_p = None, 0.0
        for i in range(C.JOKER):
            none = 1.0
            for o in others:
                none *= 1.0 - o[i]
            p = acc[i] + (1.0 - acc[i]) * (1.0 - none) * self.t.give_step_in
            if p > best_p + 1e-12:
                best, best_p = i, p
        return best

"""The hard bot's constants in one value, so that self-play can try others (issue 30).

``HardTuning()`` is what the bot plays; ``bench/tune_hard.py`` plays candidate
values against it on the same deals (docs/bots.md says which were tuned and
over how many hands). Units: ``hard_search.W`` units for losses and gains,
rollout score (0..1, ``gamma ** t``) for costs and bonuses added to it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace


@dataclass(frozen=True, slots=True)
class HardTuning:
    """Constants of ``HardBot`` (RULES.md rule ids where they act).

    Attributes:
        worlds: Worlds sampled per searched decision.
        horizon: Own draws played out per world.
        gamma: Discount per draw of a completed treasure (R2).
        w: Worth of holding k (index) of a treasure's four cards.
        give_claim_weight: Sampling weight of a card someone said they would give (R8);
            below 1 it is likelier in their hand than in the draw pile.
        hold_weight: Sampling weight of a card near (same suit, 3 ranks) the last card a seat
            said it wanted (R8): below 1 it is likelier in that seat's hand than in the draw pile.
            Only while ``collect_down`` is 0 (the opponent model's weights replace it).
        danger_cost: Cost of handing over a card the receiver likely wants (R10), per unit of danger.
        open_cost: Cost of handing over a card (R10) per share of its treasures others could
            still complete (``HardBot._open``).
        deny_open: Bonus of discarding a card (R11) per share of its treasures others could still complete.
        denial_bonus: Bonus of discarding a card others likely want (R11), per unit of danger.
        joker_keep: Cost of discarding a Joker (kept for a HANDS UP! next turn, R7).
        w_decoy: Below this loss a held card is junk and may be named as a decoy want (R8).
        accept_min: Accept an offer (R9) only when the card it names gains at least this; None: always.
        step_in_min: The same for stepping in (R9); None: always.
        trust_give: Score a dirty-deal card (R10) as if the offer's *give* (R8) comes first.
        live_claims: Name as the offer's *give* (R8) only claimed wants still in play (not all
            discarded, not all in its own hand).
        hands_up: Play HANDS UP! (R7) whenever it holds a Joker (else it offers).
        target_size: Weight of a seat's hand size when choosing a HANDS UP! target (R7).
        target_focus: Weight of a seat's claims focused on one treasure.
        target_lead: Weight of a seat having the lowest total (R15).
        target_next: Weight of the seat being the next player (the one it trades with, R8).
        feed_cost: Cost of handing over a card (R10) per unit of ``hard_model.danger``: the chance it
            belongs to the treasure the receiver collects, read from every public act seen.
        model_decay: How much older evidence counts less in ``hard_model.run_weights``.
        out_boost: Weight of a treasure with a card this seat gave the receiver (R10).
        exact_share: Share of the feeding risk taken from the evidence that the receiver needs
            exactly that card (``hard_model.needs_of``); the rest from its treasures' weights.
        give_model: Name as the offer's *give* (R8) the card that makes a trade likeliest by the
            opponent model (``HardBot._give_to_trade``) instead of the addressed seat's last claim.
        give_miss: In that choice, the chance that a seat misses a card of its likely treasure that is
            not in this hand (a card in this hand it misses for sure, one deck).
        give_step_in: Weight of another seat stepping in after a Decline (R9.2) in that choice.
        deny_feed: Bonus of discarding a card (R11) per unit of the largest chance that it feeds
            another seat's treasure (``HardBot._feed`` of each other seat): one deck, a discarded card
            is dead until the next reshuffle (R1, R6), and so is every treasure with it.
        target_repeat: Weight, when choosing a HANDS UP! target (R7), of a seat whose last two needs
            (claims, step-ins, accepts: R8, R9) named the same card: one card short of a treasure.
        collect_down: Worlds (``hard_search.worlds``): the sampling weight of an unseen card falls by
            this share of the chance that other seats collect it (``hard_model.danger`` summed over
            them, at most 1): a card they keep or want seldom comes to this seat, by draw or by trade
            (R10). 0: off (then ``hold_weight`` applies).
    """

    worlds: int = 128
    horizon: int = 18
    gamma: float = 0.9
    w: tuple[float, ...] = (0.0, 0.002, 0.03, 0.25, 100.0)
    give_claim_weight: float = 0.4
    hold_weight: float = 0.5
    danger_cost: float = 0.0
    open_cost: float = 0.0
    deny_open: float = 0.0
    denial_bonus: float = 0.0
    joker_keep: float = 0.02
    w_decoy: float = 0.01
    accept_min: float | None = None
    step_in_min: float | None = None
    trust_give: bool = True
    live_claims: bool = True
    hands_up: bool = True
    target_size: float = 2.0
    target_focus: float = 1.0
    target_lead: float = 0.5
    target_next: float = 0.0
    feed_cost: float = 0.3
    model_decay: float = 0.8
    out_boost: float = 2.0
    exact_share: float = 0.5
    give_model: bool = True
    give_miss: float = 0.5
    give_step_in: float = 1.0
    deny_feed: float = 0.05
    target_repeat: float = 3.0
    collect_down: float = 0.6

    def with_(self, **changes: object) -> "HardTuning":
        """A copy with ``changes`` (field names); ValueError names an unknown field."""
        names = {f.name for f in fields(self)}
        bad = sorted(set(changes) - names)
        if bad:
            raise ValueError(f"unknown tuning field(s) {', '.join(bad)}; choose from {', '.join(sorted(names))}")
        return replace(self, **changes)  # type: ignore[arg-type]


DEFAULT = HardTuning()
"""The values the hard bot plays. Tuned by ``bench/tune_hard.py`` (hard vs 3 baseline, 4 players,
paired units, seeds 30-32): ``worlds``/``horizon`` 32/10 → 64/14, ``trust_give``, ``live_claims``,
``danger_cost`` 0.04 → 0.2 and ``hold_weight`` 1 → 0.5 together +5.4 points of hands won over 800
hands (95 % interval +0.9…+9.9); then the opponent model (``hard_model``, issue 30): ``feed_cost`` 0.3,
``exact_share`` 0.5 and ``danger_cost`` 0.2 → 0 (seeds 30–38; ``bench/bots.py`` 1hard-4p 41.5 % →
47.2 % of hands); then ``give_model`` (the offer's *give* by the model, seeds 51–53 in whole games:
+1.8 points on average; ``bench/bots.py`` 1hard-4p 47.2 % → 49.1 %); then ``deny_feed`` 0.05 (with
``denial_bonus`` 0.01 → 0), ``target_repeat`` 3 and ``collect_down`` 0.6 (which replaces
``hold_weight``): whole games, seeds 62–63, about 3,000 hands a line, +1.5 (denial alone) and +3.0
points (all three), confirmed on seeds 64–65 (+1.3, +0.8); then a bigger search again, ``worlds``/``horizon``
64/14 → 128/18 (single hands, seeds 80–81: +3.3, +1.7 points) and ``gamma`` 0.85 → 0.9 (seed 82: +3.0),
about 2.6 times the search's CPU; the rest as set by hand (docs/bots.md)."""

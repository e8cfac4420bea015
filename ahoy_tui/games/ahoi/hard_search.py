"""The hard Ahoi bot's search: how often a „Ahoi“ called now wins the round (AH10–AH12).

:func:`call_odds` samples *determinized worlds*: every layout card the seat
has not seen is dealt from the cards it has not seen (``Knowledge.unseen``),
the rest is the draw pile in a random order. In each world every other seat
then plays its one last turn (AH10) by a simple, optimistic model of a good
player (it takes a low discard or draws, and puts a low card over its highest
card), and the call wins when the caller's sum is the lowest, ties included
(AH12). Pure and deterministic for its RNG as long as the deadline is not hit.
"""

from __future__ import annotations

import random
import time
from typing import Sequence

from ahoy_tui.games.ahoi.actions import Place, Tauschen

#: How likely a seat keeps a drawn card of each value 0..13 (measured on the baseline bot): a card
#: another seat drew and kept unseen is dealt in a world by this weight (rejection sampling).
KEEP_WEIGHT: tuple[float, ...] = (1.0, 1.0, 1.0, 1.0, 0.98, 0.85, 0.24, 0.14, 0.1, 0.05, 0.03, 0.01, 0.005, 0.005)
#: How a card another seat saw at its first look and still has is dealt (measured on the baseline:
#: its cards of 7 and more are mostly replaced by then).
LOOKED_WEIGHT: tuple[float, ...] = (1.0, 0.85, 1.0, 0.9, 0.8, 0.7, 0.8, 0.12, 0.08, 0.01, 0.01, 0.005, 0.005, 0.005)
WEIGHTS = {"kept": KEEP_WEIGHT, "looked": LOOKED_WEIGHT}
"""Dealing weights per mark (``Knowledge.marks``)."""
#: A last-turn player takes the discard at or below this value (AH5.1)...
TAKE_AT = 3
#: ...and keeps a drawn card at or below this value over its highest card (AH7).
KEEP_AT = 6
#: Another seat calls „Ahoi“ when its sum is at or below this (the baseline bot's rule, AH10).
CALL_AT = 9


def last_turn(layout: list[int], top: int | None, draw: list[int]) -> int | None:
    """One other seat's last turn in a world (changes ``layout`` and ``draw``); the new discard top."""
    high = max(layout)
    if top is not None and top <= TAKE_AT and top < high:
        layout[layout.index(high)] = top
        return high
    if not draw:
        return top
    card = draw.pop()
    if card <= KEEP_AT and card < high:
        layout[layout.index(high)] = card
        return high
    return card


def kept_mean(counts: Sequence[int], weight: Sequence[float] = KEEP_WEIGHT) -> float:
    """The expected value of a card another seat drew and kept (or one of another ``weight``),
    among the values ``counts`` holds."""
    w = [c * weight[v] for v, c in enumerate(counts)]
    total = sum(w)
    return sum(v * x for v, x in enumerate(w)) / total if total else 3.0


def deal_world(table: Sequence[Sequence[int | None]], kept: Sequence[Sequence[str | None]], pool: list[int],
               rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """One world: every unknown layout card dealt from ``pool`` (marked ones by their :data:`WEIGHTS`),
    and the rest of the pool as the draw pile (top last). Changes ``pool``'s order."""
    rng.shuffle(pool)
    rest = list(pool)
    layouts = [list(row) for row in table]
    plain = []
    for s, row in enumerate(layouts):
        for p, v in enumerate(row):
            if v is not None:
                continue
            weight = WEIGHTS.get(kept[s][p]) if s < len(kept) and p < len(kept[s]) else None  # type: ignore
            if weight is not None:
                for i, c in enumerate(rest):
                    if rng.random() < weight[c]:
                        row[p] = rest.pop(i)
                        break
                else:
                    row[p] = rest.pop() if rest else 6
            else:
                plain.append((s, p))
    for s, p in plain:
        layouts[s][p] = rest.pop() if rest else 6
    return layouts, rest  # type: ignore[return-value]


def own_turn(layout: list[int], guess: list[float], top: int | None, draw: list[int]) -> int | None:
    """The caller's own next turn in a world, played on what it expects (``guess`` per position,
    changed with ``layout``), not on the world's values; the new discard top."""
    p = max(range(len(guess)), key=guess.__getitem__)
    if top is not None and top <= TAKE_AT and top < guess[p]:
        old, layout[p], guess[p] = layout[p], top, top
        return old
    if not draw:
        return top
    card = draw.pop()
    if card <= KEEP_AT and card < guess[p]:
        old, layout[p], guess[p] = layout[p], card, card
        return old
    return card


def call_odds(me: int, table: Sequence[Sequence[int | None]], kept: Sequence[Sequence[str | None]], unseen: list[int],
              top: int | None, order: Sequence[int], rng: random.Random, worlds: int,
              deadline: float | None = None, guess: float = 6.5, call_at: int = CALL_AT) -> tuple[float, float]:
    """How often calling now wins, and how often waiting one turn and calling then wins, over sampled worlds.

    Args:
        me: The seat that would call.
        table: Per seat, per position, the value it knows there or None (``Knowledge.table``).
        kept: Per seat, per position: what another seat's choices say of its card (``Knowledge.marks``).
        unseen: The values it has not seen, one per card (``as_cards(Knowledge.unseen(view))``).
        top: The discard pile's top value, None when empty.
        order: The other seats in play order from ``me`` (their last turns, AH10).
        rng: The bot's RNG.
        worlds: Worlds to sample (at least one is played even past the deadline).
        deadline: ``time.perf_counter()`` value after which no new world starts (None: none).
        guess: What ``me`` expects an unknown own card to be worth.
        call_at: Another seat calls when its sum in the world is at or below this (AH10).

    Returns:
        ``(now, wait)``: the share 0..1 of worlds a call now wins (AH12: the caller wins ties),
        and the share a wait wins: the others play a turn each (one may call, then ``me`` has its
        last turn and needs a lower sum than the caller's), then ``me`` plays one turn and calls.
    """
    pool = list(unseen)
    now = wait = played = 0
    mine_guess = [guess if v is None else float(v) for v in table[me]]
    for _ in range(worlds):
        if deadline is not None and played and time.perf_counter() > deadline:
            break
        layouts, draw = deal_world(table, kept, pool, rng)
        played += 1
        # a call now: every other seat has one last turn
        after = [list(x) for x in layouts]
        d, t = list(draw), top
        for s in order:
            t = last_turn(after[s], t, d)
        mine = sum(layouts[me])
        now += all(mine <= sum(after[s]) for s in order)
        # a wait: the others play on; the first at or below ``call_at`` calls
        t, caller = top, None
        g = list(mine_guess)
        for i, s in enumerate(order):
            if sum(layouts[s]) <= call_at:
                caller = i
                break
            t = last_turn(layouts[s], t, draw)
        t = own_turn(layouts[me], g, t, draw)
        mine = sum(layouts[me])
        if caller is not None:          # me had its last turn; the rest of the order still to play
            for s in order[caller + 1:]:
                t = last_turn(layouts[s], t, draw)
            c = order[caller]
            wait += mine < sum(layouts[c]) and all(mine <= sum(layouts[s]) for s in order)
        else:
            for s in order:
                t = last_turn(layouts[s], t, draw)
            wait += all(mine <= sum(layouts[s]) for s in order)
    return now / played, wait / played


def play_option(layout: list[int], option: object, card: int, layouts: list[list[int]]) -> int | None:
    """Apply one of the holder's options to a world (``layout`` is its own, changed in place; a
    Tauschen changes ``layouts``); the discard pile's new top, None when unchanged.

    ``option``: a ``Place`` (AH7, AH8: all equal or the card is discarded), a ``Tauschen`` (AH9: the
    card is discarded), any other action (``DiscardDrawn``, ``Lupe``, ``Fernrohr``) a discard.
    """
    if isinstance(option, Place):
        ordered = sorted(option.positions)
        values = [layout[p - 1] for p in ordered]
        if len(set(values)) > 1:
            return card                      # AH8 not matching: the new card goes to the discard pile
        for p in reversed(ordered[1:]):
            del layout[p - 1]
        layout[ordered[0] - 1] = card
        return values[-1]
    if isinstance(option, Tauschen):
        other = layouts[option.target]
        i, j = option.position - 1, option.target_position - 1
        layout[i], other[j] = other[j], layout[i]
    return card


def last_turn_odds(me: int, caller: int, table: Sequence[Sequence[int | None]], kept: Sequence[Sequence[str | None]],
                   unseen: list[int], top: int | None, rest: Sequence[int], card: int | None,
                   options: Sequence[object], draw_choice: dict, rng: random.Random, worlds: int,
                   deadline: float | None = None) -> list[float]:
    """``me``'s last turn after ``caller``'s „Ahoi“ (AH10): for each option, the share of sampled worlds
    in which ``me`` then wins the round (a lower sum than the caller's, none lower among the others, AH12).

    Args:
        card: The card ``me`` holds (None: the turn's start; options are then ``"take"`` and ``"draw"``,
            the taken top placed by ``draw_choice["take"]``, a drawn card by ``draw_choice[value]``).
        options: The options to weigh (actions, or the two words above).
        draw_choice: Per card value, the option ``me`` would take holding it (its expectation policy);
            under ``"take"`` the placement of the taken top.
        rest: The seats still to play their last turn after ``me``, in order.
    """
    pool = list(unseen)
    wins = [0] * len(options)
    played = 0
    for _ in range(worlds):
        if deadline is not None and played and time.perf_counter() > deadline:
            break
        base, draw = deal_world(table, kept, pool, rng)
        played += 1
        for k, option in enumerate(options):
            layouts = [list(x) for x in base]
            d = list(draw)
            if option == "take":
                t = play_option(layouts[me], draw_choice["take"], top, layouts)  # type: ignore[arg-type]
            elif option == "draw":
                c = d.pop() if d else 6
                t = play_option(layouts[me], draw_choice[c], c, layouts)
            else:
                t = play_option(layouts[me], option, card, layouts)  # type: ignore[arg-type]
            for s in rest:
                t = last_turn(layouts[s], t, d)
            mine = sum(layouts[me])
            wins[k] += mine < sum(layouts[caller]) and all(mine <= sum(x) for s, x in enumerate(layouts) if s != me)
    return [w / played for w in wins]

"""Per-seat projections of the state (RULES.md R18; STYLE.md 3).

``view(state, seat)`` is everything ``seat`` may know; ``view(state, None)``
is a spectator's view (public information only). UI, bots, logs and records
only ever see these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.engine import ahoy_locked, awaiting
from ahoy_tui.games.ahoy.state import HandResult, Phase, State


@dataclass(frozen=True, slots=True)
class PlayerView:
    """What one seat (or a spectator, ``seat=None``) may know (R18).

    Cards are identities (0..52). Seats are 0..players-1 in play order (R4).

    Attributes:
        hand: Own hand, sorted, including cards laid face down or locked
            for an exchange (empty for spectators).
        laid_down: Own cards laid face down for a HANDS UP!, in face-down order.
        locked: Own card locked for the dirty deal, or None.
        hand_sizes: Cards held by each seat (public, R11).
        draw_size: Cards in the draw pile (public).
        discard: The discard pile, bottom first (public, R11).
        offer: ``(offerer, addressed, want, give)`` while an offer stands.
        step_answers: Per seat: True stepped in, False passed, None not (yet) asked/answered.
        partner: The trade partner during an exchange, else None.
        exchange_locked: Seats that have locked their exchange card.
        hands_up: ``(attacker, target, cards laid down)`` during a HANDS UP!.
        waiting_for: Seats whose decision the hand waits for.
        dealt_lock: True when this seat holds a treasure R13 forbids calling yet.
        revealed: Every hand face up once a hand is over (R14), else None.
    """

    seat: int | None
    players: int
    hand_no: int
    phase: Phase
    active: int
    first_seat: int
    hand: tuple[int, ...]
    laid_down: tuple[int, ...]
    locked: int | None
    hand_sizes: tuple[int, ...]
    draw_size: int
    discard: tuple[int, ...]
    totals: tuple[int, ...]
    results: tuple[HandResult, ...]
    limit: int
    ace_low: bool
    verified_step_in: bool
    offer: tuple[int, int, int, int] | None
    step_answers: tuple[bool | None, ...]
    partner: int | None
    exchange_locked: tuple[int, ...]
    hands_up: tuple[int, int, int] | None
    waiting_for: tuple[int, ...]
    dealt_lock: bool
    ahoy_cards: tuple[int, ...]
    revealed: tuple[tuple[int, ...], ...] | None
    winners: tuple[int, ...]
    biggest_losers: tuple[int, ...]
    reshuffles: int


def view(state: State, seat: int | None) -> PlayerView:
    """Project ``state`` for ``seat`` (``None``: a spectator) (R18).

    Raises:
        ValueError: when ``seat`` is not None and not a seat of this game.
    """
    return views(state, (seat,))[0]


def views(state: State, seats: Iterable[int | None]) -> list[PlayerView]:
    """``view(state, seat)`` for each of ``seats``, sharing the public part.

    Raises:
        ValueError: when a seat is not None and not a seat of this game.
    """
    ident = C.IDENTITIES
    has_offer = state.offer_want >= 0 and state.phase in _OFFER_PHASES
    answers = state.step_answers
    public = dict(
        players=state.players,
        hand_no=state.hand_no,
        phase=state.phase,
        active=state.active,
        first_seat=state.first_seat,
        hand_sizes=tuple(len(h) for h in state.hands),
        draw_size=len(state.draw_pile),
        discard=tuple(c % ident for c in state.discard),
        totals=tuple(state.totals),
        results=tuple(state.results),
        limit=state.settings.limit,
        ace_low=state.settings.ace_low,
        verified_step_in=state.settings.verified_step_in,
        offer=(state.active, state.addressed, state.offer_want, state.offer_give) if has_offer else None,
        step_answers=tuple(answers.get(x) for x in range(state.players)),
        partner=state.partner if state.partner >= 0 else None,
        exchange_locked=tuple(sorted(state.locked)),
        hands_up=(state.active, state.target, len(state.laid_down)) if state.target >= 0 else None,
        waiting_for=awaiting(state),
        ahoy_cards=state.ahoy_cards,
        revealed=state.revealed,
        winners=state.winners,
        biggest_losers=state.biggest_losers,
        reshuffles=state.reshuffles,
    )
    out = []
    for seat in seats:
        if seat is None:
            out.append(PlayerView(seat=None, hand=(), laid_down=(), locked=None, dealt_lock=False, **public))
            continue
        if not 0 <= seat < state.players:
            raise ValueError(f"seat {seat} does not exist")
        lc = state.locked.get(seat)
        out.append(PlayerView(
            seat=seat,
            hand=tuple(sorted(c % ident for c in state.hands[seat])),
            laid_down=tuple(c % ident for c in state.laid_down) if seat == state.target else (),
            locked=None if lc is None else lc % ident,
            dealt_lock=state.dealt_lock[seat] and ahoy_locked(state, seat) if state.dealt_lock else False,
            **public))
    return out


_OFFER_PHASES = (Phase.RESPOND, Phase.STEP_IN, Phase.CHOOSE_PARTNER, Phase.EXCHANGE, Phase.DISCARD)

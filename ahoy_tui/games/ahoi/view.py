"""Per-seat projections of the Ahoi state (AHOI-RULES.md AH15, AH16).

``view(state, seat)`` is everything ``seat`` may know now; ``view(state,
None)`` is a spectator's. UI, bots, logs and records only ever see these.
"""

from __future__ import annotations

from dataclasses import dataclass

from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.events import AhoiEvent
from ahoy_tui.games.ahoi.rules import awaiting
from ahoy_tui.games.ahoi.state import TARGET, AhoiPhase, RoundResult, State
from ahoy_tui.games.kit.events import for_viewer


@dataclass(frozen=True, slots=True)
class AhoiView:
    """What one seat (or a spectator, ``seat=None``) may know (AH16).

    Cards are values 0..13; positions are 1-based (``known[s][p - 1]``).

    Attributes:
        seat: The viewer, None for a spectator.
        players: Seats in play order, 2..6 (AH1, AH3).
        round_no: The current (or last) round, 0 before the first deal.
        dealer: This round's dealer (AH3), -1 before the first deal.
        phase: Where the round stands (``AhoiPhase``).
        active: Whose turn it is in TURN/DRAWN/TAKEN, else None.
        waiting_for: Seats whose decision the round waits for (several in the first look).
        looked: Per seat: has had its first look this round (AH4).
        layout_sizes: Cards in each seat's layout (AH2).
        draw_size: Cards in the draw pile.
        discard_top: The discard pile's top value, None when empty.
        discard_size: Cards in the discard pile.
        held: The value of the card the active seat holds, when this viewer may see it (its
            own drawn card; a taken discard is public), else None.
        held_from: ``"draw"`` or ``"discard"`` while the active seat holds a card, else None.
        caller: Who called „Ahoi“ this round (AH10), or None.
        last_turns: Seats still to take their last turn after the call, in order.
        totals: Running totals (AH12).
        results: Every scored round so far.
        memory_aid: The AH15 table option.
        known: Memory aid on: per seat, per position, the value this viewer last saw there
            while the card stayed in its sight (AH15), else None. Off (and before the first deal): None.
        revealed: Every layout's values after the round ended (AH11), until the next deal.
        recent: The events this viewer saw since its own last action (a spectator: since the
            last action), oldest first; each shows values only as its visibility allows.
        winners, losers: Once the game is over (AH13).
        target: The total that ends the game (AH13: 101).
    """

    seat: int | None
    players: int
    round_no: int
    dealer: int
    phase: AhoiPhase
    active: int | None
    waiting_for: tuple[int, ...]
    looked: tuple[bool, ...]
    layout_sizes: tuple[int, ...]
    draw_size: int
    discard_top: int | None
    discard_size: int
    held: int | None
    held_from: str | None
    caller: int | None
    last_turns: tuple[int, ...]
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    memory_aid: bool
    known: tuple[tuple[int | None, ...], ...] | None
    revealed: tuple[tuple[int, ...], ...] | None
    recent: tuple[AhoiEvent, ...]
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    target: int


def view(state: State, seat: int | None) -> AhoiView:
    """Project ``state`` for ``seat`` (None: a spectator) (AH15, AH16).

    Raises:
        ValueError: when ``seat`` is not None and not a seat of this game.
    """
    n = state.players
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat {seat} does not exist")
    holding = state.held >= 0
    from_discard = state.phase is AhoiPhase.TAKEN
    sees_held = holding and (from_discard or seat == state.active)
    in_turn = state.phase in (AhoiPhase.TURN, AhoiPhase.DRAWN, AhoiPhase.TAKEN)
    slot = n if seat is None else seat
    mark = state.marks[slot] if state.marks else 0
    known = state.memories[slot].snapshot() if state.memory_aid and state.memories else None
    return AhoiView(
        seat=seat, players=n, round_no=state.round_no, dealer=state.dealer, phase=state.phase,
        active=state.active if in_turn else None, waiting_for=awaiting(state),
        looked=tuple(state.looked) if state.looked else (False,) * n,
        layout_sizes=tuple(len(x) for x in state.layouts) if state.layouts else (0,) * n,
        draw_size=len(state.draw_pile), discard_top=C.value(state.discard[-1]) if state.discard else None,
        discard_size=len(state.discard), held=C.value(state.held) if sees_held else None,
        held_from=("discard" if from_discard else "draw") if holding else None,
        caller=state.caller if state.caller >= 0 else None, last_turns=tuple(state.last_turns),
        totals=tuple(state.totals), results=tuple(state.results), memory_aid=state.memory_aid, known=known,
        revealed=state.revealed, recent=tuple(for_viewer(state.log[mark:], seat)),
        winners=state.winners, losers=state.losers, target=TARGET)

"""A game of Ahoi with its seeded RNG and its record (AHOI-RULES.md AH3; RECORDS.md).

:class:`AhoiGame` is what a table owns: the engine state, one injected
``random.Random(seed)`` and the full record written while playing. Every
deal draws from the RNG the same way whether or not its outcome is forced,
so a record replayed from its seed alone follows the same game.
"""

from __future__ import annotations

import random
from typing import Sequence

from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.engine import apply, new_state, next_dealer, start_round
from ahoy_tui.games.ahoi.events import AhoiEvent
from ahoy_tui.games.ahoi.record import action_line, deal_line, header_line, result_lines
from ahoy_tui.games.ahoi.rules import legal_actions
from ahoy_tui.games.ahoi.state import AhoiPhase, State
from ahoy_tui.games.ahoi.view import AhoiView, view
from ahoy_tui.games.base import IllegalAction


class AhoiGame:
    """One game of Ahoi with its RNG and record.

    Args:
        seats: Display names in play order, 2..6 (AH1, AH3).
        memory_aid: The AH15 table option.
        seed: Seed of this game's ``random.Random``; never shown to players (AH16).
        first_dealer: The host's pick for the first round's dealer, or None for random (AH3).

    Raises:
        IllegalAction: AH1 for a seat count outside 2..6, AH3 for a bad ``first_dealer``.
    """

    def __init__(self, seats: Sequence[str], memory_aid: bool = False, seed: int | None = None,
                 first_dealer: int | None = None) -> None:
        self.seats = list(seats)
        self.seed = seed
        self.rng = random.Random(seed)
        self.state: State = new_state(len(self.seats), memory_aid)
        if first_dealer is not None and not 0 <= first_dealer < len(self.seats):
            raise IllegalAction("AH3", f"seat {first_dealer} does not exist")
        self.first_dealer = first_dealer
        self.record: list[dict] = [header_line(self.seats, memory_aid, seed)]

    @property
    def over(self) -> bool:
        """True once the game has ended (AH13)."""
        return self.state.phase is AhoiPhase.GAME_OVER

    def deal(self, deck: Sequence[int] | None = None, dealer: int | None = None) -> list[AhoiEvent]:
        """Start the next round (AH3); a given ``deck`` (physical ids) or ``dealer`` overrides chance.

        Raises:
            IllegalAction: as ``engine.start_round``.
        """
        shuffled = C.full_deck()
        self.rng.shuffle(shuffled)
        required = next_dealer(self.state)
        if required is None:
            drawn = self.rng.randrange(self.state.players)
            required = self.first_dealer if self.first_dealer is not None else drawn
        deck = list(shuffled if deck is None else deck)
        chosen = required if dealer is None else dealer
        events = start_round(self.state, deck, chosen)
        self.record.append(deal_line(self.state.round_no, chosen, deck))
        return events

    def act(self, seat: int, action: object) -> list[AhoiEvent]:
        """Apply ``seat``'s action, write its record lines, return its events.

        Raises:
            IllegalAction: as ``engine.apply`` (the record is unchanged).
        """
        events = apply(self.state, seat, action)
        self.record.append(action_line(seat, action))
        self.record.extend(result_lines(events))
        return events

    def legal(self, seat: int) -> list:
        """Legal actions of ``seat`` now (``rules.legal_actions``)."""
        return legal_actions(self.state, seat)

    def view(self, seat: int | None) -> AhoiView:
        """The AH16 projection for ``seat`` (None: a spectator)."""
        return view(self.state, seat)

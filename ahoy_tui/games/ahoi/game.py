"""A game of Ahoi with its seeded RNG and its record (AHOI-RULES.md AH3; RECORDS.md).

:class:`AhoiGame` is the kit's seeded game (``games.kit.game``) with Ahoi's
rules. Every deal draws from the RNG the same way whether or not its outcome
is forced, so a record replayed from its seed alone follows the same game.
"""

from __future__ import annotations

from typing import Sequence

from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.engine import apply, new_state, next_dealer, start_round
from ahoy_tui.games.ahoi.events import AhoiEvent
from ahoy_tui.games.ahoi.record import action_line, deal_line, header_line, result_lines
from ahoy_tui.games.ahoi.rules import legal_actions
from ahoy_tui.games.ahoi.state import AhoiPhase, State
from ahoy_tui.games.ahoi.view import view
from ahoy_tui.games.base import IllegalAction
from ahoy_tui.games.kit.game import Rules, SeededGame


class AhoiGame(SeededGame[State]):
    """One game of Ahoi with its RNG and record.

    Args:
        seats: Display names in play order, 2..6 (AH1, AH3).
        memory_aid: The AH15 table option.
        seed: Seed of this game's ``random.Random``; never shown to players (AH16).
        first_dealer: The host's pick for the first round's dealer, or None for random (AH3).

    Raises:
        IllegalAction: AH1 for a seat count outside 2..6, AH3 for a bad ``first_dealer``.
    """

    RULES = Rules(AhoiPhase.GAME_OVER, legal_actions, view, action_line, result_lines)

    def __init__(self, seats: Sequence[str], memory_aid: bool = False, seed: int | None = None,
                 first_dealer: int | None = None) -> None:
        super().__init__(seats, seed, new_state(len(seats), memory_aid), header_line(seats, memory_aid, seed),
                         first_dealer, lambda pick: IllegalAction("AH3", f"seat {pick} does not exist"))

    def deal(self, deck: Sequence[int] | None = None, dealer: int | None = None) -> list[AhoiEvent]:
        """Start the next round (AH3); a given ``deck`` (physical ids) or ``dealer`` overrides chance.

        Raises:
            IllegalAction: as ``engine.start_round``.
        """
        deck, chosen = self.draw_deal(C.full_deck(), next_dealer(self.state), deck, dealer)
        events = start_round(self.state, deck, chosen)
        self.record.append(deal_line(self.state.round_no, chosen, deck))
        return events

    def act(self, seat: int, action: object) -> list[AhoiEvent]:
        """Apply ``seat``'s action, write its record lines, return its events.

        Raises:
            IllegalAction: as ``engine.apply`` (the record is unchanged).
        """
        events = apply(self.state, seat, action)
        self.write(seat, action, events)
        return events

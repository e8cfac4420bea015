"""A game of AHOY!! V2 with its seeded RNG and its record (DESIGN.md; RECORDS.md).

:class:`Game` is the kit's seeded game (``games.kit.game``) with AHOY!! V2's
rules. Every chance point (deal, reshuffle, HANDS UP! face-down order) draws
from the RNG in the same way whether or not an outcome is forced, so a record
replayed from its seed alone follows the same game.
"""

from __future__ import annotations

from typing import Sequence

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import Action, LayDown
from ahoy_tui.games.ahoy.engine import apply, legal_actions, new_game, next_first_seat, start_hand
from ahoy_tui.games.ahoy.errors import RuleError
from ahoy_tui.games.ahoy.record import action_line, header_line, result_lines
from ahoy_tui.games.ahoy.state import Phase, Settings, State
from ahoy_tui.games.ahoy.view import view
from ahoy_tui.games.kit.events import Event
from ahoy_tui.games.kit.game import Rules, SeededGame


class Game(SeededGame[State]):
    """One game of AHOY!! V2 with its RNG and record.

    Args:
        seats: Display names in play order, 2..8 (R1, R4).
        settings: Rule settings (R2, R9, R15, R16).
        seed: Seed of this game's ``random.Random``; never shown to players (R18).
        first_seat: The host's pick for the first hand, or None for random (R3).

    Raises:
        RuleError: R1 for a seat count outside 2..8, R3 for a bad ``first_seat``.
    """

    RULES = Rules(Phase.GAME_OVER, legal_actions, view, action_line, result_lines)

    def __init__(self, seats: Sequence[str], settings: Settings | None = None, seed: int | None = None,
                 first_seat: int | None = None) -> None:
        state = new_game(len(seats), settings)
        super().__init__(seats, seed, state, header_line(seats, state.settings, seed), first_seat,
                         lambda pick: RuleError("R3", f"first seat {pick} does not exist"))

    def deal(self, deck: Sequence[int] | None = None, first_seat: int | None = None) -> list[Event]:
        """Start the next hand (R3); a given ``deck``/``first_seat`` overrides chance.

        Raises:
            RuleError: as ``engine.start_hand``.
        """
        deck, first = self.draw_deal(C.full_deck(self.state.players), next_first_seat(self.state), deck, first_seat)
        self.state, events = start_hand(self.state, deck, first)
        self.record.append({"chance": "deal", "hand": self.state.hand_no, "first_seat": first,
                            "deck": [C.card_name(c) for c in deck]})
        return events

    def act(self, seat: int, action: Action, *, shuffle: bool = True,
            reshuffle: Sequence[int] | None = None) -> list[Event]:
        """Apply ``seat``'s action, write its record lines, return its events.

        Args:
            shuffle: Shuffle a ``LayDown``'s cards into face-down order (R7);
                False when the order is already given (replay).
            reshuffle: A forced R6 outcome (physical ids, top first).

        Raises:
            RuleError: as ``engine.apply``.
        """
        if isinstance(action, LayDown):
            apply(self.state, seat, action)  # check first: an illegal lay-down draws no chance
            order = self.rng.sample(list(action.cards), len(action.cards))
            if shuffle:
                action = LayDown(tuple(order))

        def reshuffler(cards: list[int]) -> list[int]:
            drawn = self.rng.sample(cards, len(cards))
            return list(reshuffle) if reshuffle is not None else drawn

        self.state, events = apply(self.state, seat, action, reshuffler)
        for e in events:
            if e.kind == "reshuffle_order":
                self.record.append({"chance": "reshuffle",
                                    "draw_pile": [C.name(i) for i in e.data["draw_pile"]]})
        self.write(seat, action, events)
        return events

"""What every game's adapter to the lobby writes the same way (``games.base``; docs/games.md).

:class:`KitMatch` is the part of a ``games.base.Match`` that only passes
through to the game's :class:`~ahoy_tui.games.kit.game.SeededGame`: state,
record, scores, places, deal, act, legal actions, views, visibility and
one's own events. :class:`KitSpec` is the part of a ``games.base.GameSpec``
that only passes through to the game's modules: options, new matches, bots,
projections, replay steps and stats. A game sets the class attributes and
writes what is its own (when a hand runs, the decision, its clock).
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Mapping, Sequence

from ahoy_tui.games.base import Bot, Options, ReplayStep, SeatTally, Strength, check_options, places_by_lowest
from ahoy_tui.games.kit.events import Event, for_viewer
from ahoy_tui.games.kit.game import SeededGame
from ahoy_tui.games.kit.strength import strength


class KitMatch:
    """One game at a table, over its seeded game (``games.base.Match``; the lowest total wins).

    Subclasses set ``game`` in ``__init__`` and:
        rules_awaiting: ``(state) -> tuple[int, ...]``, the seats the hand waits for.
        OWN_PUBLIC: Public event kinds that are a seat's own move (``own_events``).
        OWN_PRIVATE: Events to that seat alone are its own too (its cards drawn, got, lost).
    """

    game: SeededGame
    rules_awaiting: ClassVar[Callable[[Any], tuple[int, ...]]]
    OWN_PUBLIC: ClassVar[frozenset[str]] = frozenset()
    OWN_PRIVATE: ClassVar[bool] = False

    @property
    def state(self) -> Any:
        """The engine state (never sent: views only, R18, AH16)."""
        return self.game.state

    @property
    def seats(self) -> list[str]:
        return self.game.seats

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def record(self) -> list[dict]:
        return self.game.record

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.game.state.totals)

    @property
    def places(self) -> tuple[int, ...]:
        """The lowest total wins (R15, AH13)."""
        return places_by_lowest(self.game.state.totals)

    def deal(self) -> list[Event]:
        return self.game.deal()

    def act(self, seat: int, action: Any) -> list[Event]:
        """Raises: IllegalAction with the rule the action breaks."""
        return self.game.act(seat, action)

    def legal(self, seat: int) -> list:
        return self.game.legal(seat) if 0 <= seat < len(self.game.seats) else []

    def view(self, seat: int | None) -> Any:
        return self.game.view(seat)

    def visible(self, events: Sequence[Event], seat: int | None) -> list[Event]:
        return for_viewer(events, seat)

    def awaiting(self) -> tuple[int, ...]:
        return type(self).rules_awaiting(self.game.state)

    def is_interrupt(self, action: Any) -> bool:
        """Nothing is out of turn unless the game says so."""
        return False

    def auto_pass(self, seat: int, legal: Sequence[Any]) -> Any | None:
        return None

    def own_events(self, events: Sequence[Event], seat: int) -> list[Event]:
        """``seat``'s public moves (``OWN_PUBLIC`` kinds naming it as ``seat``) and, when
        ``OWN_PRIVATE``, the events addressed to it alone; never more than ``events`` (R17, R18)."""
        own = self.OWN_PUBLIC
        mine = [e for e in events if e.to is None and e.kind in own and e.data.get("seat") == seat]
        if not self.OWN_PRIVATE:
            return mine
        me = frozenset((seat,))
        return [e for e in events if e.to == me or (e.to is None and e.kind in own and e.data.get("seat") == seat)]


class KitSpec:
    """The pass-through methods of a ``games.base.GameSpec`` (a frozen dataclass of the game adds
    the attributes: name, title, seats, options, bot kinds, clock kinds, wire types, stat lines).

    Subclasses set:
        MATCH: ``(seat names, options dict, seed) -> Match``.
        BOTS: ``(kind, seed) -> Bot`` (a ``kit.bots.BotFactory``).
        PROJECT: ``(record, seat | None) -> record`` (R18, AH16).
        REPLAY_STEPS: ``(projection, seat) -> list[ReplayStep]``.
        STATS: ``(record) -> list[SeatTally]``.
        CLI: The module of its part of the ``ahoy`` command (``kit.cli.GameCli``), or None (none).
    """

    options: Any
    MATCH: ClassVar[Callable[[Sequence[str], Mapping[str, object], int], Any]]
    BOTS: ClassVar[Callable[[str, int], Bot]]
    PROJECT: ClassVar[Callable[[Sequence[dict], int | None], list[dict]]]
    REPLAY_STEPS: ClassVar[Callable[[Sequence[dict], int], list[ReplayStep]]]
    STATS: ClassVar[Callable[[Sequence[dict]], list[SeatTally]]]
    CLI: ClassVar[str | None] = None

    @property
    def cli(self) -> str | None:
        """``GameSpec.cli``: the module of the game's part of the ``ahoy`` command, or None."""
        return type(self).CLI

    def validate_options(self, options: Options | Mapping[str, object]) -> Options:
        return check_options(self.options, options)

    def new_match(self, seat_names: Sequence[str], options: Options, seed: int) -> Any:
        return type(self).MATCH(seat_names, dict(options), seed)

    def make_bot(self, kind: str, seed: int) -> Bot:
        return type(self).BOTS(kind, seed)

    def bot_strength(self, kind: str | None) -> Strength | None:
        """The measured strength of bot ``kind`` (the game's ``bot_strength.json``, ``kit.strength``),
        or None: unknown (no file, or no such kind)."""
        return strength(self, kind)

    def project(self, record: Sequence[dict], seat: int | None) -> list[dict]:
        return type(self).PROJECT(record, seat)

    def replay_steps(self, record: Sequence[dict], seat: int) -> list[ReplayStep]:
        return type(self).REPLAY_STEPS(record, seat)

    def stats(self, record: Sequence[dict]) -> list[SeatTally]:
        return type(self).STATS(record)

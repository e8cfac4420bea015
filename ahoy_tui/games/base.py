"""The interface between the lobby and a card game (docs/games.md).

The lobby (``ahoy_tui.lobby``) runs tables: seats, members, clocks, the
autopilot, versions and who may see what. It knows no game's rules: it
talks to a game only through the two shapes below.

* :class:`GameSpec` — one kind of game (``"ahoy"``): its name and title,
  the seat range, the table options it accepts (:class:`Option`, validated
  here, not in the lobby), the bots that can play it, the clock kinds its
  decisions use, the dataclasses that travel in messages and what a
  finished game's record says each seat did (``stats``, :class:`SeatTally`).
* :class:`Match` — one game being played at a table, made by
  ``GameSpec.new_match``: deal, act, legal actions, per-seat views, who
  must act now, the clock of that decision, what the clock decides when it
  runs out, and the record of the finished game.

Hidden information (R18, AH16) stays behind this seam: the lobby hands out
only ``view(seat)``, ``visible(events, seat)`` and ``project(record, seat)``;
the replay viewer reads a projection through ``replay_steps(record, seat)``.
Actions, views and events are opaque to the lobby (any frozen dataclass the
game's ``wire_types`` name); it compares actions with ``==`` only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Mapping, Protocol, Sequence, runtime_checkable

Action = Any
"""A game's action (a frozen dataclass of that game); the lobby only passes it on and compares it."""
Event = Any
"""A game's event; the lobby stores them and filters them per seat with ``Match.visible``."""
View = Any
"""What one seat (None: a spectator) may see of a match (R18)."""

OptionValue = bool | int | str
Options = tuple[tuple[str, OptionValue], ...]
"""A table's game options as ``(key, value)`` pairs, in the order of ``GameSpec.options``."""


class OptionError(ValueError):
    """A table option the game refuses; ``str(error)`` is a sentence for the player (lower case)."""


class IllegalAction(ValueError):
    """An action the rules refuse.

    Attributes:
        rule: The rule id that forbids it (``"R9"``, ``"AH5"``, ...).
        message: A sentence for people (never names hidden cards).
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class Bot(Protocol):
    """A policy for one seat: sees that seat's view and its legal actions only (R18)."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        """One of ``legal`` (non-empty); may raise (the lobby then picks a safe action)."""
        ...


@dataclass(frozen=True, slots=True)
class Option:
    """One table option of a game, with its default and what values it allows.

    Attributes:
        key: Name in ``TableConfig.options`` (``"limit"``).
        kind: ``bool``, ``int`` (whole numbers from ``low`` to ``high``) or
            ``choice`` (one of ``choices``).
        default: Value when the creator does not choose one.
        low, high: Range of an ``int`` option (inclusive).
        choices: Allowed values of a ``choice`` option.
        refusal: The sentence a bad value gets (``OptionError``); default:
            "KEY must be on or off" for ``bool`` options.
        doc: What the option does, with its rule id.
        presets: Values of an ``int`` option a create-table dialog offers
            to pick (any other value in range is typed in); none: typed only.
    """

    key: str
    kind: Literal["bool", "int", "choice"]
    default: OptionValue
    low: int = 0
    high: int = 0
    choices: tuple[OptionValue, ...] = ()
    refusal: str = ""
    doc: str = ""
    presets: tuple[int, ...] = ()

    def check(self, value: object) -> OptionValue:
        """``value`` if this option allows it.

        Raises:
            OptionError: with ``refusal`` (booleans are never whole numbers).
        """
        if self.kind == "bool":
            ok = isinstance(value, bool)
        elif self.kind == "int":
            ok = isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high
        else:
            ok = any(value == c and type(value) is type(c) for c in self.choices)
        if not ok:
            raise OptionError(self.refusal or f"{self.key} must be on or off")
        return value  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class StatLine:
    """One line of a game's own counters on a profile card (docs/community.md).

    Attributes:
        key: Names the line; the UI's text ``cm.stat.GAME.KEY`` translates it.
        text: The English line, a ``str.format`` template over counter names
            (``"AHOY! calls {ahoys} (with a dealt treasure {ahoys_dealt})"``).
        counters: The counters the template names, in order.
    """

    key: str
    text: str
    counters: tuple[str, ...]


@dataclass(slots=True)
class SeatTally:
    """What one seat did in one finished game, as its game reads the record (``GameSpec.stats``).

    Only what the table saw once every round was revealed: no count may
    depend on a card nobody was shown (R18, AH16).

    Attributes:
        hands: Hands (rounds) played to their end.
        hands_won: Of those, the ones this seat won (R14; AH12: scored 0).
        points: Points scored over those hands (lower is better in both games).
        counts: The game's own counters (``StatLine.counters``) by name; a missing one is 0.
    """

    hands: int = 0
    hands_won: int = 0
    points: int = 0
    counts: dict[str, int] = field(default_factory=dict)

    def bump(self, counter: str, by: int = 1) -> None:
        """Add ``by`` to ``counts[counter]``."""
        self.counts[counter] = self.counts.get(counter, 0) + by


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One line of a seat's record and the table as that seat knew it after the line
    (``GameSpec.replay_steps``; R18, AH16).

    Attributes:
        line: The record line (step 0 is the header).
        hand: The hand (AHOY!! V2) or round (Ahoi) being played; 0 before the first deal.
        picture: The game's own account of what the seat had in front of it then (a frozen
            dataclass of that game, never a hidden card); the UI draws it per game.
    """

    line: dict
    hand: int
    picture: Any


@dataclass(frozen=True, slots=True)
class Strength:
    """One bot level's measured strength (``GameSpec.bot_strength``; read by ``kit.strength``).

    Attributes:
        kind: The bot kind (``"hard"``).
        mu, sigma: Its OpenSkill estimate (the server's model, ``community.rating``).
        rating: The number players read, on the scale people's ratings use
            (``community.rating.shown`` of ``mu - 3 * sigma``).
        games: Bench games it played (``community.rating.marked`` marks fewer than 10 with ``?``).
        date: When it was measured (``"2026-12-06"``, UTC; ``""`` when the file does not say).
    """

    kind: str
    mu: float
    sigma: float
    rating: int
    games: int
    date: str = ""


@runtime_checkable
class Match(Protocol):
    """One game being played at a table (made by ``GameSpec.new_match``).

    Seats are ``0..len(seat_names)-1`` in play order. The table calls every
    method on one thread, one at a time; nothing here sleeps or awaits.
    """

    @property
    def over(self) -> bool:
        """The game has ended (R15, AH13): no more hands."""
        ...

    @property
    def in_hand(self) -> bool:
        """A hand (round) is being played: actions are possible."""
        ...

    @property
    def between_hands(self) -> bool:
        """No hand is running and the game is not over: the table deals the next one (after
        ``Timing.between_hands``) with ``deal()``. True before the first deal too."""
        ...

    @property
    def record(self) -> list[dict]:
        """The full record so far (RECORDS.md): hidden information included; give out
        ``GameSpec.project`` of it only (R18)."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's running total (R15, AH12)."""
        ...

    @property
    def places(self) -> tuple[int, ...]:
        """Each seat's place once the game is over: 1 won, ties share a place and the next
        place counts them (1, 1, 3); meaningless before ``over`` (R15, AH13)."""
        ...

    def deal(self) -> list[Event]:
        """Start the next hand (R3, AH3); returns its events (all visibilities)."""
        ...

    def act(self, seat: int, action: Action) -> list[Event]:
        """Apply ``seat``'s action; returns every event it caused (all visibilities),
        including what a house rule adds (the reveal, beside R18).

        Raises:
            IllegalAction: with the rule the action breaks.
        """
        ...

    def legal(self, seat: int) -> list[Action]:
        """``seat``'s legal actions now (empty when it has nothing to decide).

        Interrupts (``is_interrupt``) sort first."""
        ...

    def view(self, seat: int | None) -> View:
        """What ``seat`` (None: a spectator) may see now (R18)."""
        ...

    def visible(self, events: Sequence[Event], seat: int | None) -> list[Event]:
        """The events of ``events`` that ``seat`` (None: a spectator) may see, in order (R18)."""
        ...

    def awaiting(self) -> tuple[int, ...]:
        """Seats whose decision the hand waits for now, sorted (interrupts aside). Several
        seats may decide at once (R9.2's step-in window, R10's exchange, AH4's first look)."""
        ...

    def decision_key(self) -> tuple | None:
        """Names the current decision: equal keys are the same decision, so its clock keeps
        running; None when nobody must decide."""
        ...

    def clock_kind(self) -> str | None:
        """The clock kind of the current decision (one of ``GameSpec.clock_kinds``; R17, AH14)."""
        ...

    def timeout_action(self, seat: int, legal: Sequence[Action]) -> Action | None:
        """What the clock decides for ``seat`` when it runs out (R17): an action of
        ``legal``, or None to let the autopilot's bot choose among the non-interrupts."""
        ...

    def is_interrupt(self, action: Action) -> bool:
        """``action`` may be taken out of turn as soon as it is legal (R12 AHOY!); bots and
        the autopilot take it first, after ``Timing.ahoy_delay``."""
        ...

    def auto_pass(self, seat: int, legal: Sequence[Action]) -> Action | None:
        """The answer a seat's "always pass" preference gives now (R9.2: a pass in the
        step-in window when no interrupt is possible), or None."""
        ...

    def own_events(self, events: Sequence[Event], seat: int) -> list[Event]:
        """Of ``events`` (already ``visible`` to ``seat``), those that tell ``seat`` what its own
        seat did or had done to its cards: its moves and the cards it drew, gave, got, lost or
        discarded, in order (R17: what the autopilot did for a player while she was away).
        Never more than ``events`` holds, so nothing new is revealed (R18)."""
        ...


@runtime_checkable
class GameSpec(Protocol):
    """One kind of game the lobby can seat (a registry entry, ``games.registry``).

    Attributes:
        name: Registry key and ``TableConfig.game`` (``"ahoy"``).
        title: What players read (``"AHOY!! V2"``).
        min_seats, max_seats: Seats a table of this game may have (R1, AH1).
        seats_refusal: The sentence a seat count outside that range gets.
        options: The table options, in display order.
        bot_kinds: Bot kinds a host may seat; the first plays an absent
            person's seat (the autopilot, R17).
        clock_kinds: The clock kinds ``Match.clock_kind`` returns; every
            lobby clock profile gives each of them seconds.
        wire_types: The dataclasses of this game that travel inside
            messages (views, events, actions), for the codec.
        stat_lines: The game's own counters as a profile card shows them
            (``stats`` fills them; docs/community.md).
        cli: The module holding the game's part of the ``ahoy`` command
            (``games.kit.cli.GameCli``: ``ahoy simulate --game NAME``, ``ahoy
            replay``), imported only by the command; None: the command does
            not offer the game.

    ``bot_strength(kind)`` says how strong each bot level measured (issue 30;
    ``KitSpec`` reads the game's ``bot_strength.json``); None: unknown.
    """

    name: str
    title: str
    min_seats: int
    max_seats: int
    seats_refusal: str
    options: tuple[Option, ...]
    bot_kinds: tuple[str, ...]
    clock_kinds: tuple[str, ...]
    wire_types: tuple[type, ...]
    stat_lines: tuple[StatLine, ...]
    cli: str | None

    def validate_options(self, options: Options | Mapping[str, object]) -> Options:
        """Every option of this game, checked, defaults filled, in ``options`` order.

        Raises:
            OptionError: an unknown option or a value it does not allow.
        """
        ...

    def new_match(self, seat_names: Sequence[str], options: Options, seed: int) -> Match:
        """A new game for these seats (play order) with validated ``options``; ``seed``
        seeds its RNG and never reaches players (R18)."""
        ...

    def make_bot(self, kind: str, seed: int) -> Bot:
        """A new bot of ``kind`` (one of ``bot_kinds``) with its own RNG."""
        ...

    def bot_strength(self, kind: str | None) -> Strength | None:
        """The measured strength of bot ``kind`` (docs/bots.md "Known strength"), or None: unknown
        (never measured, or no such kind)."""
        ...

    def project(self, record: Sequence[dict], seat: int | None) -> list[dict]:
        """A finished game's record as ``seat`` (None: a spectator) may see it (R18)."""
        ...

    def replay_steps(self, record: Sequence[dict], seat: int) -> list[ReplayStep]:
        """A finished game as ``seat`` lived it: one :class:`ReplayStep` per line of ``record``
        (``project(full, seat)``, what ``LobbyAPI.game_record`` gives), the header first.

        Reads only the projection, so no step holds what the seat was not shown (R18, AH16).

        Raises:
            ValueError: a record this game cannot follow (its message names the rule).
        """
        ...

    def stats(self, record: Sequence[dict]) -> list[SeatTally]:
        """Per seat (play order), what it did in a *finished* game: hands, hands won, points and
        the counters of ``stat_lines``, from the full record (RECORDS.md).

        Every count is public once the game is over (R18, AH16): the community
        tables sum them per player. A record this game cannot read raises
        ``ValueError`` (the game is then counted by its listing only).
        """
        ...


def places_by_lowest(totals: Sequence[int]) -> tuple[int, ...]:
    """Places when the lowest total wins (R15, AH13): 1 + how many seats have less."""
    return tuple(1 + sum(1 for o in totals if o < t) for t in totals)


def check_options(spec_options: Sequence[Option], given: Options | Mapping[str, object]) -> Options:
    """``given`` checked against ``spec_options``: defaults filled, in schema order.

    The shared body of ``GameSpec.validate_options``.

    Raises:
        OptionError: an unknown key, or a value its option refuses.
    """
    try:
        pairs = dict(given.items() if isinstance(given, Mapping) else given)
    except (TypeError, ValueError):
        raise OptionError("table options are (name, value) pairs") from None
    known = {o.key for o in spec_options}
    unknown = sorted(k for k in pairs if k not in known)
    if unknown:
        raise OptionError(f"unknown table option {unknown[0]!r}")
    return tuple((o.key, o.check(pairs[o.key]) if o.key in pairs else o.default) for o in spec_options)

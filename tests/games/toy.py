"""„Two cards“, a toy third game built only from the engine kit (issue 26: what a new game writes).

Rules (T1–T4), for 2 to 4 seats:

* T1 The deck is the values 1..9 twice. A hand deals two cards to each seat (only
  its owner sees them); the rest is the draw pile. The dealer moves one seat on
  each hand; the seat after the dealer starts.
* T2 On its turn a seat keeps its cards, or swaps the card at ``position`` (1 or
  2) for the top of the draw pile: only it sees the new card, everyone sees the
  card it let go.
* T3 When every seat has had one turn, the hand ends: every hand is shown and
  each seat scores the sum of its two cards.
* T4 The game ends when a total reaches the ``limit`` option; the lowest total wins.

Nothing here is imported by the product: the tests register it in
``games.registry.GAMES`` for themselves. It imports only ``games.base`` and
``games.kit``, the way a third game in ``ahoy_tui/games/`` would.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Mapping, Sequence

from ahoy_tui.games.base import IllegalAction, Option, ReplayStep, SeatTally, StatLine
from ahoy_tui.games.kit.bots import BotFactory, RandomBot
from ahoy_tui.games.kit.events import Event, private, public
from ahoy_tui.games.kit.game import Rules, SeededGame
from ahoy_tui.games.kit.records import field as record_field
from ahoy_tui.games.kit.replay import Replayer, Summary, check_deal, check_result
from ahoy_tui.games.kit.spec import KitMatch, KitSpec

DECK = 18


def value(card: int) -> int:
    return card % 9 + 1


@dataclass(frozen=True, slots=True)
class Keep:
    KIND: ClassVar[str] = "keep"


@dataclass(frozen=True, slots=True)
class Swap:
    position: int
    KIND: ClassVar[str] = "swap"


class ToyPhase(Enum):
    NO_HAND = "no_hand"
    TURN = "turn"
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class ToyView:
    seat: int | None
    hand: tuple[int, ...]
    active: int
    totals: tuple[int, ...]
    phase: ToyPhase


@dataclass
class ToyState:
    players: int
    limit: int
    phase: ToyPhase = ToyPhase.NO_HAND
    hands: list[list[int]] = field(default_factory=list)
    draw: list[int] = field(default_factory=list)
    active: int = -1
    dealer: int = -1
    turns_left: int = 0
    hand_no: int = 0
    totals: list[int] = field(default_factory=list)
    results: list[dict] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    losers: list[int] = field(default_factory=list)


def legal_actions(s: ToyState, seat: int) -> list:
    return [Keep(), Swap(1), Swap(2)] if s.phase is ToyPhase.TURN and seat == s.active else []


def awaiting(s: ToyState) -> tuple[int, ...]:
    return (s.active,) if s.phase is ToyPhase.TURN else ()


def view(s: ToyState, seat: int | None) -> ToyView:
    mine = tuple(value(c) for c in s.hands[seat]) if seat is not None and s.hands else ()
    return ToyView(seat, mine, s.active, tuple(s.totals), s.phase)


def action_line(seat: int, a: Any) -> dict:
    return {"seat": seat, "act": a.KIND, **({"position": a.position} if isinstance(a, Swap) else {})}


def result_lines(events: Sequence[Event]) -> list[dict]:
    return [{"result": "hand", **e.data} for e in events if e.kind == "hand_over"] + \
        [{"result": "game", **e.data} for e in events if e.kind == "game_over"]


class ToyGame(SeededGame[ToyState]):
    RULES = Rules(ToyPhase.GAME_OVER, legal_actions, view, action_line, result_lines)

    def __init__(self, seats: Sequence[str], limit: int, seed: int | None) -> None:
        if not 2 <= len(seats) <= 4:
            raise IllegalAction("T1", "two cards is for 2 to 4 seats")
        state = ToyState(len(seats), limit, totals=[0] * len(seats))
        header = {"format": "toy-record", "version": 1, "seats": list(seats), "limit": limit, "seed": seed}
        super().__init__(seats, seed, state, header)

    def deal(self, deck: Sequence[int] | None = None, dealer: int | None = None) -> list[Event]:
        s = self.state
        if s.phase is not ToyPhase.NO_HAND:
            raise IllegalAction("T1", "a hand is being played")
        required = (s.dealer + 1) % s.players if s.hand_no else None
        deck, dealer = self.draw_deal(list(range(DECK)), required, deck, dealer)
        n = s.players
        s.hands = [deck[2 * i:2 * i + 2] for i in range(n)]
        s.draw = deck[2 * n:]
        s.hand_no, s.dealer = s.hand_no + 1, dealer
        s.active, s.turns_left, s.phase = (dealer + 1) % n, n, ToyPhase.TURN
        self.record.append({"chance": "deal", "hand": s.hand_no, "dealer": dealer, "deck": [value(c) for c in deck]})
        return [public("deal", hand=s.hand_no, dealer=dealer)] + [
            private((i,), "dealt", seat=i, cards=[value(c) for c in s.hands[i]]) for i in range(n)]

    def act(self, seat: int, action: Any) -> list[Event]:
        s = self.state
        if action not in legal_actions(s, seat):
            raise IllegalAction("T2", "it is not your turn, or there is no such move")
        events = [public("kept", seat=seat)]
        if isinstance(action, Swap):
            new, old = s.draw.pop(0), s.hands[seat][action.position - 1]
            s.hands[seat][action.position - 1] = new
            events = [public("swapped", seat=seat, card=value(old)),
                      private((seat,), "drew", seat=seat, card=value(new))]
        s.turns_left -= 1
        s.active = (s.active + 1) % s.players
        if s.turns_left == 0:
            events += self._end_hand()
        self.write(seat, action, events)
        return events

    def _end_hand(self) -> list[Event]:
        s = self.state
        scores = [sum(value(c) for c in h) for h in s.hands]
        s.totals = [t + x for t, x in zip(s.totals, scores)]
        result = {"hand": s.hand_no, "scores": scores, "totals": list(s.totals)}
        s.results.append(result)
        s.phase, s.active = ToyPhase.NO_HAND, -1
        events = [public("hand_over", **result)]
        if max(s.totals) >= s.limit:
            s.phase = ToyPhase.GAME_OVER
            s.winners = [i for i, t in enumerate(s.totals) if t == min(s.totals)]
            s.losers = [i for i, t in enumerate(s.totals) if t == max(s.totals)]
            events.append(public("game_over", winners=list(s.winners), losers=list(s.losers), totals=list(s.totals)))
        return events


class ToySummary(Summary):
    GAME = "toy"


def _new_game(head: Any) -> ToyGame:
    if not isinstance(head, dict) or head.get("format") != "toy-record":
        raise IllegalAction("FORMAT", "the first line is not a toy record header")
    return ToyGame(record_field(head, "seats", list), record_field(head, "limit", int), head.get("seed"))


def _read(game: ToyGame, lines: list, i: int, checked: int) -> tuple[int, int]:
    obj, s = lines[i][1], game.state
    if "chance" in obj:
        _, dealer = check_deal(obj, hand="hand", seat="dealer", in_hand=s.phase is ToyPhase.TURN, played=s.hand_no,
                               rule="T1", error=IllegalAction, busy="a hand is being played")
        values = record_field(obj, "deck", list)
        deck = [v - 1 + (9 if values[:k].count(v) else 0) for k, v in enumerate(values)]
        game.deal(deck, dealer)
    elif "result" in obj:
        checked = check_result(obj, checked, hand="hand", results=s.results, want=dict, over=game.over,
                               finals={"winners": s.winners, "losers": s.losers}, totals=s.totals,
                               rules=("T3", "T4"), error=IllegalAction)
    else:
        kind = record_field(obj, "act", str)
        game.act(record_field(obj, "seat", int), Swap(record_field(obj, "position", int)) if kind == "swap" else Keep())
    return i + 1, checked


def _summarize(game: ToyGame) -> ToySummary:
    s = game.state
    return ToySummary(results=list(s.results), totals=list(s.totals), game_over=game.over, winners=list(s.winners),
                      losers=list(s.losers))


def _is_projection(lines: list) -> bool:
    return any(isinstance(o, dict) and None in (o.get("deck") or []) for o in lines)


REPLAYER = Replayer(_new_game, _read, IllegalAction, _summarize, _is_projection,
                    lambda lines: ToySummary(projected=True))


def project(record: Sequence[dict], seat: int | None) -> list[dict]:
    """T1: a seat sees its own two dealt cards; the rest of the deck stays hidden (the seed too)."""
    n = len(record[0]["seats"])
    out = []
    for line in record:
        if "format" in line:
            line = {**line, "seed": None}
        elif line.get("chance") == "deal":
            line = {**line, "deck": [v if seat is not None and i // 2 == seat and i < 2 * n else None
                                     for i, v in enumerate(line["deck"])]}
        out.append(line)
    return out


def stats(record: Sequence[dict]) -> list[SeatTally]:
    out = [SeatTally() for _ in record[0]["seats"]]
    for line in record:
        if line.get("act") == "swap":
            out[line["seat"]].bump("swaps")
        elif line.get("result") == "hand":
            low = min(line["scores"])
            for seat, score in enumerate(line["scores"]):
                out[seat].hands += 1
                out[seat].points += score
                out[seat].hands_won += score == low
    return out


class SteadyBot:
    """Keeps a hand worth 8 or less; else swaps its higher card."""

    name = "steady"

    def __init__(self, rng: Any) -> None:
        self.rng = rng

    def choose(self, v: ToyView, legal: Sequence[Any]) -> Any:
        if sum(v.hand) <= 8:
            return Keep()
        return Swap(1 if v.hand[0] >= v.hand[1] else 2)


make_bot = BotFactory({"steady": SteadyBot, "random": RandomBot})


class ToyMatch(KitMatch):
    rules_awaiting = staticmethod(awaiting)
    OWN_PUBLIC = frozenset({"kept", "swapped"})

    def __init__(self, seat_names: Sequence[str], options: Mapping[str, object], seed: int) -> None:
        self.game = ToyGame(seat_names, int(options["limit"]), seed)  # type: ignore[arg-type]

    in_hand = property(lambda self: self.game.state.phase is ToyPhase.TURN)
    between_hands = property(lambda self: self.game.state.phase is ToyPhase.NO_HAND)

    def decision_key(self) -> tuple | None:
        s = self.game.state
        return (s.hand_no, s.turns_left) if awaiting(s) else None

    def clock_kind(self) -> str | None:
        return "turn" if awaiting(self.game.state) else None

    def timeout_action(self, seat: int, legal: Sequence[Any]) -> Any:
        return Keep()


@dataclass(frozen=True)
class ToySpec(KitSpec):
    name: str = "toy"
    title: str = "Two cards"
    min_seats: int = 2
    max_seats: int = 4
    seats_refusal: str = "two cards has 2 to 4 seats"
    options: tuple[Option, ...] = (Option("limit", "int", 30, low=10, high=60, refusal="the limit is 10 to 60"),)
    bot_kinds: tuple[str, ...] = make_bot.kinds
    clock_kinds: tuple[str, ...] = ("turn",)
    wire_types: tuple[type, ...] = (Keep, Swap, ToyView, ToyPhase, Event)
    stat_lines: tuple[StatLine, ...] = (StatLine("swaps", "swaps {swaps}", ("swaps",)),)

    MATCH = ToyMatch
    BOTS = make_bot
    PROJECT = staticmethod(project)
    REPLAY_STEPS = staticmethod(lambda record, seat: [ReplayStep(line, 0, line) for line in record])
    STATS = staticmethod(stats)
    CLI = "tests.games.toy_cli"


TOY = ToySpec()

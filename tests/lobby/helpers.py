"""Simulated people and invariant checks for lobby tests (ManualClock: no real waiting)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ahoy_tui.games.ahoy.bots import make_bot
from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import Ahoy, HandsUp, Respond, StepIn
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.lobby import (Lobby, ManualClock, Stale, TableConfig, TableUpdate, Timing)
from ahoy_tui.lobby.table import Table

FAST = Timing(bot_delay=(0.5, 1.5), between_hands=3.0, empty_grace=60.0)


def make_lobby(seed: int = 1, timing: Timing = FAST) -> tuple[Lobby, ManualClock]:
    clock = ManualClock()
    return Lobby(clock=clock, timing=timing, seed=seed, wall=lambda: 0.0), clock


def conserved(table: Table) -> bool:
    """R1 (AH1 at an Ahoi table): every physical card is in exactly one hand, layout or pile."""
    g = table.game
    if g is None or not g.in_hand:
        return True
    s = g.state
    if hasattr(s, "layouts"):
        held = [s.held] if s.held >= 0 else []
        return sorted([c for layout in s.layouts for c in layout] + s.draw_pile + s.discard + held) == list(range(52))
    cards = [c for h in s.hands for c in h] + s.draw_pile + s.discard
    return sorted(cards) == C.full_deck(s.players)


def play_out(table: Table, clock: ManualClock, step: float = 0.25, ticks: int = 100_000) -> None:
    """Advance ``clock`` until the table's game is over, checking R1 conservation after every tick."""
    for _ in range(ticks):
        if table.status == "game_over":
            break
        clock.advance(step)
        assert conserved(table)
    assert table.status == "game_over"


def check_private(u: TableUpdate, table: Table) -> None:
    """R18 on one update: own cards only, events only if visible.

    The hands a seat's view must match come from the table's ``hand_log``
    (see :func:`instrument`); an update checked against a table that was not
    instrumented, or against a version that was never logged, fails rather
    than passing without a look at the cards.
    """
    log = table.__dict__.get("hand_log")
    assert log is not None, "table not instrumented: call instrument(monkeypatch) before the lobby deals"
    seat = u.seat
    for e in u.events:
        assert e.visible_to(seat), (seat, e)
        assert e.kind != "reshuffle_order"
    for e in u.while_away:        # what the autopilot did for a returner (R17): her own, visible, sent already
        assert u.catch_up and e.visible_to(seat) and e in u.events, (seat, e)
    if u.view is None:
        return
    # A spectator's view also for someone who sat down after the game ended (they did not play it).
    assert u.view.seat == seat or (u.view.seat is None and u.view.phase is Phase.GAME_OVER)
    if u.view.seat is None:
        assert u.view.hand == () and u.view.laid_down == () and u.view.locked is None
        assert u.legal == []
        assert all(e.to is None for e in u.events)
        return
    hands = log.get(u.version)
    assert hands is not None and seat < len(hands), f"no hands logged for version {u.version} seat {seat}"
    own = hands[seat]
    assert list(u.view.hand) == own, (seat, u.view.hand, own)
    assert all(c in own for c in u.view.laid_down)
    assert u.view.locked is None or u.view.locked in own


PEOPLE: list["Person"] = []
"""Every Person of the running test (tests/lobby/conftest.py fails a test any of them saw break R18)."""


@dataclass(eq=False)
class Person:
    """A simulated person: answers each update after ``think`` seconds (None: never).

    Every update it receives is checked with :func:`check_private`. The lobby
    logs a failing listener instead of raising, so a failed check is kept in
    ``violations`` (tests/lobby/conftest.py fails the test on any).
    """

    lobby: Lobby
    clock: ManualClock
    identity: str
    name: str
    think: float | None = 2.0
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    eager: bool = False
    handle: object = None
    got: list = field(default_factory=list)
    stale: int = 0
    acted: int = 0
    table_id: str | None = None
    _pending: object = None
    _bot: object = None
    violations: list = field(default_factory=list)

    def __post_init__(self) -> None:
        PEOPLE.append(self)

    def connect(self) -> "Person":
        self.handle = self.lobby.connect(self.identity, self.name)
        self.handle.subscribe(self.on_message)
        return self

    def disconnect(self) -> None:
        self.lobby.disconnect(self.handle)
        if self._pending:
            self._pending.cancel()

    def updates(self) -> list[TableUpdate]:
        return [m for m in self.got if isinstance(m, TableUpdate)]

    def on_message(self, msg: object) -> None:
        self.got.append(msg)
        if not isinstance(msg, TableUpdate):
            return
        table = self.lobby.tables.get(msg.table.table_id)
        if table is not None:
            try:
                check_private(msg, table)
            except AssertionError as broken:
                self.violations.append(broken)
                raise
        if self.think is None or not msg.legal or msg.seat is None:
            return
        if self._pending:
            self._pending.cancel()
        action = self.choose(msg)
        tid = msg.table.table_id
        self._pending = self.clock.call_at(self.clock.now() + self.think,
                                           lambda: self._act(tid, action, msg.version))

    def choose(self, u: TableUpdate):
        legal = u.legal
        for a in legal:
            if isinstance(a, Ahoy):
                return a
        if self.eager:
            for kind in (HandsUp, StepIn):
                pick = [a for a in legal if isinstance(a, kind)]
                if pick:
                    return self.rng.choice(pick)
            if Respond(False) in legal:
                return Respond(False)
        if self._bot is None:
            self._bot = make_bot("baseline", self.rng.randrange(1 << 30))
        return self._bot.choose(u.view, legal)

    def _act(self, tid: str, action, version: int) -> None:
        self._pending = None
        try:
            self.lobby.act(self.handle, tid, action, version)
            self.acted += 1
        except Stale:
            self.stale += 1


def instrument(monkeypatch) -> None:
    """Tables keep each version's hands (identities, sorted) for check_private."""
    orig = Table.publish

    def publish(self, new_events, exclude=None):
        log = self.__dict__.setdefault("hand_log", {})
        g = self.game
        if g is not None:
            log[self.version] = [sorted(c % 53 for c in h) for h in g.state.hands]
        orig(self, new_events, exclude)
    monkeypatch.setattr(Table, "publish", publish)


def table_with(lobby: Lobby, people: list[Person], bots: int = 0, **cfg) -> Table:
    """A started table: people[0] hosts, the others join and press ready."""
    host = people[0]
    tid = lobby.create_table(host.handle, TableConfig.make(name="test", seats=len(people) + bots, **cfg))
    for p in people[1:]:
        lobby.join(p.handle, tid)
        lobby.set_ready(p.handle, tid, True)
    for _ in range(bots):
        lobby.add_bot(host.handle, tid, "baseline")
    lobby.start(host.handle, tid)
    for p in people:
        p.table_id = tid
    return lobby.tables[tid]


def spy_off_loop(monkeypatch, clock, bot_class: type) -> dict:
    """Count ``clock.off_loop`` runs and fail if ``bot_class`` (a game's searching bot) searches
    anywhere else; its quick decisions may run on the loop (counted in ``quick``).
    Returns the live counts: ``off_loop``, ``quick``."""
    seen = {"off_loop": 0, "inside": False, "quick": 0}
    real_off, real_choose = clock.off_loop, bot_class.choose

    def off_loop(work, done):
        seen["off_loop"] += 1
        seen["inside"] = True
        try:
            real_off(work, done)
        finally:
            seen["inside"] = False

    def choose(self, view, legal):
        searching = self.would_search(view, legal)
        assert seen["inside"] or not searching, "a search ran on the loop"
        seen["quick"] += not searching
        return real_choose(self, view, legal)
    monkeypatch.setattr(clock, "off_loop", off_loop)
    monkeypatch.setattr(bot_class, "choose", choose)
    return seen

"""One table: seats, members, the game, versions and what each member may see.

A table is changed only by synchronous code on the event loop thread (a
command or a timer callback); no change ever awaits, so each is atomic and
two actions in the same tick are applied one after the other. Each change
bumps ``version``; an action made against a version older than the last
change to *that seat's* legal actions is stale and refused (a double press,
or a press overtaken by another player's move). Simultaneous decisions that
do not affect each other (two seats answering the step-in window, both
traders choosing their card) do not make each other stale.

After each change every member gets a ``TableUpdate`` with its own view, the
new events it may see (R18), its legal actions and the decision's deadline.
"""

from __future__ import annotations

import logging
import random
from contextlib import contextmanager
from typing import Callable, Iterator

from ahoy_tui import games
from ahoy_tui.lobby import codec, tally
from ahoy_tui.games.base import Action, Event, IllegalAction, Match
from ahoy_tui.lobby.archive import Archive
from ahoy_tui.lobby.autopilot import Autopilot
from ahoy_tui.lobby.chat import ChatLog
from ahoy_tui.lobby.config import grace_seconds
from ahoy_tui.lobby.errors import Refused, RuleBroken, Stale
from ahoy_tui.lobby.grace import Grace
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.host import TableHost
from ahoy_tui.lobby.journal import Journal
from ahoy_tui.lobby.messages import (ChatHistory, ChatMessage, Notice, SeatInfo, TableClosed,
                                     TableConfig, TableSnapshot, TableSummary, TableUpdate)
from ahoy_tui.lobby.seating import Seating
from ahoy_tui.community.rating import api_bot
from ahoy_tui.lobby.seats import Seat
from ahoy_tui.store.base import ArchivedGame, GameListing

log = logging.getLogger(__name__)


class Table:
    """A table of the lobby (see the module docstring).

    Args:
        host_lobby: What the table needs of its lobby (``TableHost``).
        table_id: Short public id.
        config: The validated settings (``config.validate``).
        code: Join code of a private table (None for public ones).
        rng: The table's RNG (game seeds, bot names, the autopilot's RNG).
        fresh: A new table (its log starts with a header); False when it is
            rebuilt from its log (``ahoy_tui.lobby.resume``).

    Attributes:
        spec: The game played here (``games.get(config.game)``).
        seating: Seats, host and the seats of the game in play.
        members: Sessions at the table: handle -> seat, None for spectators.
        game: The match in progress or finished, None before the first start.
        version: Bumped by every change members can see.
        seat_version: Per seat, the version at which its legal actions last changed.
        events: This game's events (all of them; members get projections).
        archive: The finished games (R18: give out projections only).
        chat: Table chat history.
        pilot: The decision clock and the bots (``Autopilot``).
        grace: The seats waiting for a person whose link dropped in play (R17, ``Grace``).
        journal: What the table appends to its log ahead of every change.
        game_id: Archive id of the current or last game ("" before the first).
        held: Rebuilt after a restart and no seated person is back yet: no
            clock runs and nobody plays (the first to return starts it again).
        paused: Why play is paused (the server cannot save the table), or "".
    """

    def __init__(self, host_lobby: TableHost, table_id: str, config: TableConfig, code: str | None,
                 rng: random.Random, fresh: bool = True) -> None:
        self.lobby = host_lobby
        self.clock = host_lobby.clock
        self.timing = host_lobby.timing
        self.table_id = table_id
        self.config = config
        self.spec = games.get(config.game)
        codec.register_game_types(self.spec.wire_types)  # its actions go into the log (idempotent)
        self.code = code
        self.rng = rng
        self.seating = Seating(config.seats, rng)
        self.members: dict[PlayerHandle, int | None] = {}
        self.game: Match | None = None
        self.version = 0
        self.seat_version: list[int] = []
        self.events: list[Event] = []
        self.archive = Archive(self.spec)
        self.chat = ChatLog(table_id)
        self.closed = False
        self.pilot = Autopilot(self, self.spec, random.Random(rng.getrandbits(64)))
        self.grace = Grace(self.clock)
        self._legal: list[list[Action]] = []
        self._deal_timer = None
        self._close_timer = None
        self._busy = False
        self.journal = Journal(host_lobby, table_id)
        self.game_id = ""
        self.last_listing: GameListing | None = None
        """The newest finished game here as the archive lists it (ratings, stats), or None."""
        self.held = False
        self.paused = ""
        self.nobody_since: float | None = None
        """Rebuilt from a log whose last seats hold no person: when those seats were logged
        (the host's wall clock, s; None when a person sits here, or for an older log)."""
        if fresh:
            self.journal.header(config, code)

    # -- facts ----------------------------------------------------------------------

    @property
    def seats(self) -> list[Seat]:
        """Seats in play order once the game starts (``seating.seats``)."""
        return self.seating.seats

    @property
    def played(self) -> list[Seat]:
        """The game's seats in play order; empty before the first start (``seating.played``)."""
        return self.seating.played

    @property
    def host(self) -> str | None:
        """Identity of the host (None when no person is seated)."""
        return self.seating.host

    @property
    def records(self) -> list[list[dict]]:
        """Full records of finished games (``archive.records``)."""
        return self.archive.records

    @property
    def clocks(self) -> str:
        """The clock profile (R17)."""
        return self.config.clocks

    @property
    def bot_pace(self) -> str:
        """How fast bots and the autopilot act (``TableConfig.bot_pace``)."""
        return self.config.bot_pace

    @property
    def status(self) -> str:
        """``waiting``, ``playing``, ``between_hands`` or ``game_over``."""
        g = self.game
        if g is None:
            return "waiting"
        if g.over:
            return "game_over"
        return "between_hands" if g.between_hands else "playing"

    @property
    def in_play(self) -> bool:
        """A game is running (between hands included)."""
        return self.status in ("playing", "between_hands")

    @property
    def open(self) -> bool:
        """Seats may change: before the start or after the end."""
        return self.status in ("waiting", "game_over")

    def seat_of(self, identity: str) -> int | None:
        """The seat ``identity`` holds here, or None."""
        return self.seating.seat_of(identity)

    @property
    def stopped(self) -> bool:
        """No clock runs and no bot plays: ``held`` after a restart, or ``paused``."""
        return self.held or bool(self.paused)

    def seat_count(self) -> int:
        return len(self.seating.seats)

    def present(self, seat: int) -> bool:
        """The seat's person has at least one session at the table."""
        return any(v == seat for v in self.members.values())

    def autopilot(self, seat: int) -> bool:
        """The autopilot plays this person's seat now (R17; nobody plays while ``held``): she
        chose it, left, or is away and her grace (``grace``) has run out."""
        s = self.seats[seat]
        return s.kind == "person" and not self.held and (
            s.auto or s.left or (not self.present(seat) and not self.grace.running(seat)))

    def bot_driven(self, seat: int) -> bool:
        """A bot or the autopilot makes this seat's decisions."""
        return self.seats[seat].kind == "bot" or self.autopilot(seat)

    def bot_kind(self, seat: int) -> str | None:
        s = self.seats[seat]
        return s.bot_kind if s.kind == "bot" and s.bot_kind else None

    def auto_passes(self, seat: int) -> bool:
        """A person who chose "always pass" (R9.2) holds the seat."""
        s = self.seats[seat]
        return s.kind == "person" and s.auto_pass

    def people_present(self) -> bool:
        """Some seated person has a session at the table."""
        return any(v is not None for v in self.members.values())

    def legal_now(self, seat: int) -> list[Action]:
        """The seat's legal actions at the current version (cached)."""
        return self._legal[seat] if seat < len(self._legal) else []

    def plays(self, seat: int) -> bool:
        """Seat ``seat`` is held by whoever played it in the current or last game (``Seating.plays``)."""
        return self.seating.plays(seat)

    def game_seat(self, seat: int | None) -> int | None:
        """The game seat whose view a member at table seat ``seat`` gets (None: a spectator's).

        Someone who sat down after the game ended did not play it: they see it as a spectator (R18).
        """
        if seat is None or self.game is None or not self.plays(seat):
            return None
        return seat

    def filled(self) -> int:
        return self.seating.filled()

    def summary(self) -> TableSummary:
        c = self.config
        status = "held" if self.held and self.in_play else self.status
        return TableSummary(self.table_id, c.name, self.filled(), len(self.seats), status,
                            c.option("limit", 0), c.private, self.seating.host_name(),
                            c.option("ace_low", False), c.option("verified_step_in", False), c.clocks,
                            sum(1 for v in self.members.values() if v is None), version=self.version, game=c.game)

    def snapshot(self, for_host: bool) -> TableSnapshot:
        """Seats, status and config as members see them (``code`` only for the host)."""
        here = set(self.members.values())
        seats = [SeatInfo(s.name, s.kind, s.kind == "bot" or (s.kind == "person" and i in here),
                          s.ready, self.autopilot(i), s.bot_kind if s.kind == "bot" else None,
                          self.grace.left(i), s.kind == "person" and api_bot(s.identity))
                 for i, s in enumerate(self.seats)]
        return TableSnapshot(self.table_id, self.config.name, self.seating.host_name(), seats, self.status,
                             self.config, sum(1 for v in self.members.values() if v is None),
                             self.code if for_host else None,
                             tuple(s.name for s in self.played), self.seating.gone(),
                             self.seating.left_in_play())

    # -- plumbing -------------------------------------------------------------------

    def guarded(self, fn: Callable[[], None]) -> Callable[[], None]:
        """Wrap a timer callback: batch its messages, skip it once closed."""
        def run() -> None:
            if self.closed:
                return
            with self.lobby.batch():
                fn()
        return run

    @contextmanager
    def _write(self) -> Iterator[None]:
        """One writer at a time (a change that re-enters the table is refused)."""
        if self._busy:
            raise Refused("the table is busy; try again")
        self._busy = True
        try:
            yield
        finally:
            self._busy = False

    def post(self, handle: PlayerHandle, msg: object) -> None:
        self.lobby.post(handle, msg)

    def system(self, key: str, **args: object) -> None:
        """A system line in the table chat: sentence ``key`` with ``args`` (rendered by each session)."""
        msg = ChatMessage(self.table_id, "", "", self.lobby.wall(), system=True, key=key,
                          args=tuple((k, str(v)) for k, v in args.items()))
        self.add_chat(msg)
        for h in list(self.members):
            self.post(h, msg)

    def add_chat(self, msg: ChatMessage) -> None:
        """Keep a table chat line (and log it ahead of its delivery)."""
        self.chat.add(msg)
        self.journal.chat(msg)

    # -- publishing -----------------------------------------------------------------

    def _recompute_legal(self) -> None:
        g = self.game
        n = len(self.seats)
        if len(self.seat_version) != n:
            self.seat_version = [self.version] * n
            self._legal = [[] for _ in range(n)]
        for seat in range(n):
            new = g.legal(seat) if g is not None else []
            if new != self._legal[seat]:
                self._legal[seat] = new
                self.seat_version[seat] = self.version

    def changed(self, new_events: list[Event] | None = None, exclude: PlayerHandle | None = None) -> None:
        """Commit a change: log the seats if they changed, bump the version, reschedule timers,
        push to every member (the lobby holds the messages until the log is written)."""
        self.journal.seating(self.seating)
        if self.held and self.people_present():
            self.held = False
            for seat, s in enumerate(self.seats):   # R17: the grace is time; it starts now
                if s.kind == "person" and not s.left and not self.present(seat) and self.in_play:
                    self.link_dropped(seat)
        self.version += 1
        new_events = new_events or []
        self.events.extend(new_events)
        self._recompute_legal()
        self.pilot.reschedule()
        self._schedule_deal()
        self.publish(new_events, exclude)
        self.lobby.tables_changed(self)

    def update_for(self, handle: PlayerHandle, seat: int | None, events: list[Event],
                   catch_up: bool = False, views: dict | None = None,
                   snaps: dict | None = None, while_away: tuple = ()) -> TableUpdate:
        """The ``TableUpdate`` for one member (``views``/``snaps``: caches for one publish;
        ``while_away``: see ``TableUpdate``)."""
        g = self.game
        view = None
        vseat = self.game_seat(seat)
        if g is not None:
            view = views.get(vseat) if views is not None else None
            if view is None:
                view = g.view(vseat)
                if views is not None:
                    views[vseat] = view
        is_host = handle.identity == self.host
        snap = snaps[is_host] if snaps is not None else self.snapshot(is_host)
        return TableUpdate(
            table=snap,
            view=view,
            events=g.visible(events, vseat) if g is not None else [],
            legal=list(self.legal_now(seat)) if seat is not None else [],
            version=self.version,
            remaining=None if self.pilot.deadline is None else max(0.0, self.pilot.deadline - self.clock.now()),
            clock_seconds=self.pilot.clock_len,
            seat=seat,
            waiting_for=g.awaiting() if g is not None else (),
            catch_up=catch_up,
            while_away=while_away,
        )

    def publish(self, new_events: list[Event], exclude: PlayerHandle | None = None) -> None:
        """Push one ``TableUpdate`` per member (R18: each its own projection)."""
        if not self.members:
            return
        views: dict = {}
        snaps = {True: self.snapshot(True), False: self.snapshot(False)}
        for h, seat in list(self.members.items()):
            if h is not exclude:
                self.post(h, self.update_for(h, seat, new_events, views=views, snaps=snaps))

    def catch_up(self, handle: PlayerHandle, away_since: int | None = None) -> None:
        """Send ``handle`` the whole table as it may see it (join, spectate, reconnect).

        ``away_since``: the person is back at her seat after being away since that many
        events: the update also says what her seat did meanwhile (``while_away``, R17)."""
        seat = self.members.get(handle)
        self.post(handle, self.update_for(handle, seat, self.events, catch_up=True,
                                          while_away=self.while_away(seat, away_since)))
        self.post(handle, ChatHistory(self.table_id, self.chat.recent()))

    def while_away(self, seat: int | None, since: int | None) -> tuple:
        """What seat ``seat`` did since event ``since``, as its person may see it: the events
        visible to it (R18) that are its own (``Match.own_events``); () when there is none."""
        vseat = self.game_seat(seat)
        g = self.game
        if since is None or vseat is None or g is None:
            return ()
        return tuple(g.own_events(g.visible(self.events[since:], vseat), vseat))

    # -- the grace of a dropped link (R17) ----------------------------------------------

    def link_dropped(self, seat: int) -> None:
        """``seat``'s person lost her link in play: the seat waits ``TableConfig.grace`` s for
        her before the autopilot decides for it (``Grace``)."""
        self.grace.away(seat, len(self.events))
        self.grace.start(seat, grace_seconds(self.config, self.timing),
                         self.guarded(lambda: self._grace_over(seat)))

    def _grace_over(self, seat: int) -> None:
        """``seat``'s grace ran out with its person still away: the autopilot decides the
        decision pending for it now, and its later ones at once (R17)."""
        self.grace.end(seat)
        g = self.game
        if (g is not None and g.in_hand and not self.stopped and self.autopilot(seat)
                and seat in g.awaiting() and self.legal_now(seat)):
            self.pilot.decide_late(seat, "grace")       # publishes (apply_action)
        else:
            self.changed()                               # others see the seat on the autopilot

    # -- game flow -------------------------------------------------------------------

    def check_timers(self) -> None:
        """Stop the deal, close and grace timers while the table is ``stopped`` (server stopping)."""
        self._schedule_deal()
        if self.stopped:
            for seat in list(self.grace.until):
                self.grace.end(seat)
        if self._close_timer:
            self._close_timer.cancel()
            self._close_timer = None

    def _schedule_deal(self) -> None:
        g = self.game
        if g is None or g.over or not g.between_hands or self.stopped:
            if self._deal_timer:
                self._deal_timer.cancel()
                self._deal_timer = None
            return
        if self._deal_timer is None:
            when = self.clock.now() + self.timing.between_hands
            self._deal_timer = self.clock.call_at(when, self.guarded(self._deal))

    def _deal(self) -> None:
        self._deal_timer = None
        g = self.game
        if g is None or g.over or not g.between_hands:
            return
        with self._write():
            events = g.deal()
            self.journal.deal(g.record)
            self.changed(events)

    def new_game(self) -> None:
        """Start a game with the filled seats, compacted into play order (R4)."""
        before = list(self.seats)
        players = self.seating.deal_in()
        moved = {id(x): i for i, x in enumerate(players)}
        for h, seat in list(self.members.items()):       # seats closed up (R4): members follow their seat
            if seat is not None:
                self.members[h] = moved.get(id(before[seat]))
        self.pilot.reset()
        self.grace.clear()
        seed = self.rng.getrandbits(63)
        names = [s.name for s in players]
        self.game = self.spec.new_match(names, self.config.options, seed=seed)
        self.game_id = f"g{self.rng.getrandbits(48):012x}"
        self.events = []
        self.seat_version = []
        self._legal = []
        if self.archive.records:                 # a rematch: the log holds this game only
            self.journal.anew(self.config, self.code, self.chat.recent())
        self.journal.seating(self.seating)
        self.journal.game(names, seed, self.game_id, self.game.record)
        limit = self.config.option("limit")
        if limit is None:  # a game without a point limit (Ahoi ends by its own rule, AH13)
            self.system("game_begins_title", n=len(players), game=self.spec.title)
        else:
            self.system("game_begins", n=len(players), limit=limit)
        events = self.game.deal()
        self.journal.deal(self.game.record)
        self.changed(events)

    def apply_action(self, seat: int, action: Action, by: str) -> None:
        """Apply ``seat``'s action through the game and publish it (one writer).

        Raises:
            LobbyError: when the game refuses the action (with its rule).
        """
        g = self.game
        if g is None or not g.in_hand:
            raise Refused("no hand is being played")
        if self.paused:
            raise Refused("play is paused: the server cannot save this table right now")
        with self._write():
            try:
                events = g.act(seat, action)
            except IllegalAction as e:
                raise RuleBroken(e.rule, f"not allowed: {e.message}") from None  # no rule ids for players
            self.journal.act(seat, action, g.record)
            tally.actions[self.config.game] += 1
            if g.over:
                self._game_over()
            self.changed(events)
        if g.over:
            self.check_empty()
            self.maybe_rematch()

    def _game_over(self) -> None:
        """Keep the record; absent people lose their seats; wait for a rematch (R15)."""
        self.archive.keep(self.game.record, [x.identity for x in self.seats])
        game = self.archived_game()
        self.last_listing = game.listing
        self.lobby.finished(self.table_id, game)
        self.grace.clear()
        self.seating.game_over(self.present)
        self.fix_host()

    def archived_game(self) -> ArchivedGame:
        """The finished game as the archive keeps it (its last record in ``archive``)."""
        g = self.game
        listing = GameListing(self.game_id, self.config.game, self.config.name, self.lobby.wall(),
                              tuple(s.name for s in self.played),
                              tuple(s.identity if s.kind == "person" else None for s in self.played),
                              tuple(g.places), tuple(g.scores), self.seating.forfeits())
        return ArchivedGame(listing, tuple(self.archive.records[-1]))

    def timed_out(self, seat: int) -> None:
        """The decision clock decided for ``seat``: tell its person; too many -> autopilot. A person
        away in her grace (R17) is not counted: her link dropped, she did not let the clock run."""
        s = self.seats[seat]
        if s.kind != "person" or self.bot_driven(seat) or not self.present(seat):
            return
        s.timeouts += 1
        text, key = "Time ran out: the autopilot decided for you.", "timed_out"
        if s.timeouts >= self.timing.timeouts_to_autopilot:
            s.auto = True
            text, key = "Time ran out again: the autopilot plays your seat until you act.", "timed_out_again"
        for h, v in list(self.members.items()):
            if v == seat:
                self.post(h, Notice(text, "warning", key=key))

    def maybe_rematch(self) -> None:
        """Start the rematch once every person present asked for it."""
        if self.status != "game_over":
            return
        people = [i for i, s in enumerate(self.seats) if s.kind == "person"]
        if not people or not all(self.seats[i].ready for i in people):
            return
        if self.filled() < 2:
            return
        self.new_game()

    def fix_host(self) -> None:
        """Pass the host on when the host holds no seat any more (announced)."""
        name = self.seating.fix_host(self.present)
        if name is not None:
            self.system("new_host", name=name)

    # -- closing ---------------------------------------------------------------------

    def check_empty(self) -> None:
        """Close after the grace period when no seated person is at the table (R17)."""
        if self.people_present():
            if self._close_timer:
                self._close_timer.cancel()
                self._close_timer = None
            return
        if self._close_timer is None and not self.closed and not self.lobby.frozen:
            self._close_in(self.timing.resume_grace if self.held else self.timing.empty_grace)

    def keep_deadline(self) -> None:
        """Adopted from another worker (``ahoy_tui.cluster.handover.Handover.adopt``): a table no person sits at closes when it
        would have where its last person left it, ``empty_grace`` s after its seats were logged
        so (``nobody_since``; at once when that is past), not ``resume_grace`` s after each
        adoption, so workers dying in turn cannot keep it open for ever."""
        if self.nobody_since is None or self._close_timer is None:
            return
        self._close_timer.cancel()
        self._close_in(max(0.0, self.nobody_since + self.timing.empty_grace - self.lobby.wall()))

    def _close_in(self, seconds: float) -> None:
        self._close_timer = self.clock.call_at(self.clock.now() + seconds, self.guarded(self._close_if_empty))

    def _close_if_empty(self) -> None:
        self._close_timer = None
        if not self.people_present():
            self.lobby.close_table(self.table_id, "no players were left at the table", key="empty")

    def close(self, reason: str, key: str = "") -> None:
        """Tell every member the table is gone (``reason``; ``key`` names it) and stop every timer."""
        self.stop()
        for h in list(self.members):
            self.post(h, TableClosed(self.table_id, reason, key))
        self.members.clear()

    def stop(self) -> None:
        """Nothing more happens at this table here: closed, every timer and the autopilot stopped."""
        self.closed = True
        self.pilot.reset()
        self.grace.clear()
        for t in (self._deal_timer, self._close_timer):
            if t:
                t.cancel()

    # -- game actions -----------------------------------------------------------------

    def act(self, handle: PlayerHandle, action: Action, version: int) -> None:
        seat = self.seat_of(handle.identity)
        if seat is None or self.members.get(handle, -1) != seat:
            raise Refused("you have no seat at this table")
        if self.game is None or not self.game.in_hand:
            raise Stale("no hand is being played now")
        if isinstance(version, bool) or not isinstance(version, int):
            raise Stale("the action carries no state version")
        if version > self.version or version < self.seat_version[seat]:
            raise Stale(f"the table has moved on (your version {version}, "
                             f"now {self.version}); look again")
        s = self.seats[seat]
        s.timeouts = 0
        s.auto = False
        self.apply_action(seat, action, by="person")

    def record_for(self, seat: int | None, game: int = -1) -> list[dict]:
        """A finished game as ``seat`` may see it (``Archive.record_for``; R18)."""
        return self.archive.record_for(seat, game)

    def record_seat(self, identity: str, game: int = -1) -> int | None:
        """``identity``'s seat in a finished game, or None."""
        return self.archive.seat_of(identity, game)

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
from typing import TYPE_CHECKING, Callable

from ahoy_tui.game.actions import Action, Ahoy
from ahoy_tui.game.engine import awaiting
from ahoy_tui.game.errors import RuleError
from ahoy_tui.game.events import Event, for_viewer
from ahoy_tui.game.game import Game
from ahoy_tui.game.replay import project
from ahoy_tui.game.reveal import reveal_events
from ahoy_tui.game.state import Phase, Settings
from ahoy_tui.lobby.chat import ChatLog
from ahoy_tui.lobby.errors import LobbyError, RuleBroken, Stale
from ahoy_tui.lobby.messages import (ChatHistory, ChatMessage, Notice, SeatInfo, TableClosed,
                                     TableConfig, TableSnapshot, TableSummary, TableUpdate)
from ahoy_tui.lobby.pilot import Pilot
from ahoy_tui.lobby.seats import Seat
from ahoy_tui.lobby.table_commands import SeatCommands

if TYPE_CHECKING:
    from ahoy_tui.lobby.lobby import Lobby, PlayerHandle

log = logging.getLogger(__name__)


class Table(SeatCommands):
    """A table of the lobby (see the module docstring).

    Attributes:
        table_id: Short public id.
        config: The validated settings.
        code: Join code of a private table (None for public ones).
        host: Identity of the host (None when no person is seated).
        seats: Seats in play order once the game starts.
        members: Sessions at the table: handle -> seat, None for spectators.
        game: The game in progress or finished, None before the first start.
        played: The game's seats in play order (the ``Seat`` objects, so a
            freed or retaken seat is told apart); empty before the first start.
        version: Bumped by every change members can see.
        seat_version: Per seat, the version at which its legal actions last changed.
        events: This game's events (all of them; members get projections).
        records: Full records of finished games (R18: give out projections only).
        chat: Table chat history.
    """

    def __init__(self, lobby: "Lobby", table_id: str, config: TableConfig, code: str | None,
                 rng: random.Random) -> None:
        self.lobby = lobby
        self.clock = lobby.clock
        self.timing = lobby.timing
        self.table_id = table_id
        self.config = config
        self.code = code
        self.host: str | None = None
        self.seats: list[Seat] = [Seat() for _ in range(config.seats)]
        self.members: dict["PlayerHandle", int | None] = {}
        self.game: Game | None = None
        self.played: list[Seat] = []
        self.version = 0
        self.seat_version: list[int] = []
        self.events: list[Event] = []
        self.records: list[list[dict]] = []
        self.record_ids: list[list[str | None]] = []
        self.chat = ChatLog(table_id)
        self.closed = False
        self.rng = rng
        self.pilot = Pilot(self, random.Random(rng.getrandbits(64)))
        self._legal: list[list[Action]] = []
        self._deal_timer = None
        self._close_timer = None
        self._busy = False

    # -- facts ----------------------------------------------------------------------

    @property
    def status(self) -> str:
        """``waiting``, ``playing``, ``between_hands`` or ``game_over``."""
        g = self.game
        if g is None:
            return "waiting"
        if g.over:
            return "game_over"
        return "between_hands" if g.state.phase is Phase.NO_HAND else "playing"

    @property
    def in_play(self) -> bool:
        """A game is running (between hands included)."""
        return self.status in ("playing", "between_hands")

    def seat_of(self, identity: str) -> int | None:
        """The seat ``identity`` holds here, or None."""
        for i, s in enumerate(self.seats):
            if s.kind == "person" and s.identity == identity:
                return i
        return None

    def present(self, seat: int) -> bool:
        """The seat's person has at least one session at the table."""
        return any(v == seat for v in self.members.values())

    def autopilot(self, seat: int) -> bool:
        """The baseline bot plays this person's seat now (R17)."""
        s = self.seats[seat]
        return s.kind == "person" and (s.auto or s.left or not self.present(seat))

    def bot_driven(self, seat: int) -> bool:
        """A bot or the autopilot makes this seat's decisions."""
        return self.seats[seat].kind == "bot" or self.autopilot(seat)

    def auto_passes(self, seat: int) -> bool:
        """A person who chose "always pass" is asked in the step-in window now (R9.2)."""
        s = self.seats[seat]
        g = self.game
        return (s.kind == "person" and s.auto_pass and g is not None
                and g.state.phase is Phase.STEP_IN and seat in awaiting(g.state))

    def people_present(self) -> bool:
        """Some seated person has a session at the table."""
        return any(v is not None for v in self.members.values())

    def legal_now(self, seat: int) -> list[Action]:
        """The seat's legal actions at the current version (cached)."""
        return self._legal[seat] if seat < len(self._legal) else []

    def plays(self, seat: int) -> bool:
        """Seat ``seat`` is held by whoever played it in the current or last game.

        False for a seat freed after the game ended, or taken since by someone
        else (people compare by identity, so a player who comes back still plays it).
        """
        if not 0 <= seat < len(self.played) or seat >= len(self.seats):
            return False
        return self.played[seat].same_holder(self.seats[seat])

    def game_seat(self, seat: int | None) -> int | None:
        """The game seat whose view a member at table seat ``seat`` gets (None: a spectator's).

        Someone who sat down after the game ended did not play it: they see it as a spectator (R18).
        """
        if seat is None or self.game is None or not self.plays(seat):
            return None
        return seat

    def filled(self) -> int:
        return sum(1 for s in self.seats if s.filled)

    def summary(self) -> TableSummary:
        c = self.config
        host = next((s.name for s in self.seats if s.kind == "person" and s.identity == self.host), "")
        return TableSummary(self.table_id, c.name, self.filled(), len(self.seats), self.status,
                            c.limit, c.private, host,
                            c.ace_low, c.verified_step_in, c.clocks,
                            sum(1 for v in self.members.values() if v is None))

    def snapshot(self, for_host: bool) -> TableSnapshot:
        """Seats, status and config as members see them (``code`` only for the host)."""
        here = set(self.members.values())
        seats = [SeatInfo(s.name, s.kind, s.kind == "bot" or (s.kind == "person" and i in here),
                          s.ready, self.autopilot(i)) for i, s in enumerate(self.seats)]
        host = next((s.name for s in self.seats if s.kind == "person" and s.identity == self.host), "")
        gone = tuple(i for i in range(len(self.played)) if not self.plays(i))
        return TableSnapshot(self.table_id, self.config.name, host, seats, self.status, self.config,
                             sum(1 for v in self.members.values() if v is None),
                             self.code if for_host else None,
                             tuple(s.name for s in self.played), gone)

    # -- plumbing -------------------------------------------------------------------

    def guarded(self, fn: Callable[[], None]) -> Callable[[], None]:
        """Wrap a timer callback: batch its messages, skip it once closed."""
        def run() -> None:
            if self.closed:
                return
            with self.lobby.batch():
                fn()
        return run

    def _write(self):
        table = self

        class _Guard:
            def __enter__(self_inner):
                if table._busy:
                    raise LobbyError("the table is busy; try again")
                table._busy = True

            def __exit__(self_inner, *exc):
                table._busy = False
                return False
        return _Guard()

    def post(self, handle: "PlayerHandle", msg: object) -> None:
        self.lobby.post(handle, msg)

    def system(self, key: str, **args: object) -> None:
        """A system line in the table chat: sentence ``key`` with ``args`` (rendered by each session)."""
        msg = ChatMessage(self.table_id, "", "", self.lobby.wall(), system=True, key=key,
                          args=tuple((k, str(v)) for k, v in args.items()))
        self.chat.add(msg)
        for h in list(self.members):
            self.post(h, msg)

    # -- publishing -----------------------------------------------------------------

    def _recompute_legal(self) -> None:
        g = self.game
        n = len(self.seats)
        if len(self.seat_version) != n:
            self.seat_version = [self.version] * n
            self._legal = [[] for _ in range(n)]
        for seat in range(n):
            new = g.legal(seat) if g is not None and seat < g.state.players else []
            if new != self._legal[seat]:
                self._legal[seat] = new
                self.seat_version[seat] = self.version

    def changed(self, new_events: list[Event] | None = None, exclude: "PlayerHandle | None" = None) -> None:
        """Commit a change: bump the version, reschedule timers, push to every member."""
        self.version += 1
        new_events = new_events or []
        self.events.extend(new_events)
        self._recompute_legal()
        self.pilot.reschedule()
        self._schedule_deal()
        self.publish(new_events, exclude)
        self.lobby.tables_changed(self)

    def update_for(self, handle: "PlayerHandle", seat: int | None, events: list[Event],
                   catch_up: bool = False, views: dict | None = None,
                   snaps: dict | None = None) -> TableUpdate:
        """The ``TableUpdate`` for one member (``views``/``snaps``: caches for one publish)."""
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
            events=for_viewer(events, vseat),
            legal=list(self.legal_now(seat)) if seat is not None else [],
            version=self.version,
            remaining=None if self.pilot.deadline is None else max(0.0, self.pilot.deadline - self.clock.now()),
            clock_seconds=self.pilot.clock_len,
            seat=seat,
            waiting_for=view.waiting_for if view is not None else (),
            catch_up=catch_up,
        )

    def publish(self, new_events: list[Event], exclude: "PlayerHandle | None" = None) -> None:
        """Push one ``TableUpdate`` per member (R18: each its own projection)."""
        if not self.members:
            return
        views: dict = {}
        snaps = {True: self.snapshot(True), False: self.snapshot(False)}
        for h, seat in list(self.members.items()):
            if h is not exclude:
                self.post(h, self.update_for(h, seat, new_events, views=views, snaps=snaps))

    def catch_up(self, handle: "PlayerHandle") -> None:
        """Send ``handle`` the whole table as it may see it (join, spectate, reconnect)."""
        seat = self.members.get(handle)
        self.post(handle, self.update_for(handle, seat, self.events, catch_up=True))
        self.post(handle, ChatHistory(self.table_id, self.chat.recent()))

    # -- game flow -------------------------------------------------------------------

    def _schedule_deal(self) -> None:
        g = self.game
        if g is None or g.over or g.state.phase is not Phase.NO_HAND:
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
        if g is None or g.over or g.state.phase is not Phase.NO_HAND:
            return
        with self._write():
            events = g.deal()
            self.changed(events)

    def _new_game(self) -> None:
        """Start a game with the filled seats, compacted into play order (R4)."""
        self.seats = [s for s in self.seats if s.filled]
        for s in self.seats:
            s.ready = s.kind == "bot"
            s.timeouts = 0
            s.auto = False
        c = self.config
        settings = Settings(limit=c.limit, ace_low=c.ace_low, verified_step_in=c.verified_step_in)
        self.pilot.reset()
        self.played = list(self.seats)
        self.game = Game([s.name for s in self.seats], settings, seed=self.rng.getrandbits(63))
        self.events = []
        self.seat_version = []
        self._legal = []
        self.system("game_begins", n=len(self.seats), limit=c.limit)
        self.changed(self.game.deal())

    def apply_action(self, seat: int, action: Action, by: str) -> None:
        """Apply ``seat``'s action through the engine and publish it (one writer).

        Raises:
            LobbyError: when the engine refuses the action (with its rule).
        """
        g = self.game
        if g is None or not g.state.hand_in_progress:
            raise LobbyError("no hand is being played")
        with self._write():
            try:
                events = g.act(seat, action)
            except RuleError as e:
                raise RuleBroken(e.rule, f"not allowed: {e.message}") from None  # no rule ids for players
            events += reveal_events(self.events, events, self.config.reveal)
            if g.over:
                self._game_over()
            self.changed(events)
        if g.over:
            self.check_empty()
            self.maybe_rematch()

    def _game_over(self) -> None:
        """Keep the record; absent people lose their seats; wait for a rematch (R15)."""
        self.records.append([dict(line) for line in self.game.record])
        self.record_ids.append([x.identity for x in self.seats])
        self.lobby.finished(self.table_id, self.records[-1])
        for i, s in enumerate(self.seats):
            s.ready = s.kind == "bot"
            if s.kind == "person" and (s.left or not self.present(i)):
                self.seats[i] = Seat()
        self.seats += [Seat() for _ in range(self.config.seats - len(self.seats))]
        self._fix_host()

    def timed_out(self, seat: int) -> None:
        """The decision clock decided for ``seat``: tell its person; too many -> autopilot."""
        s = self.seats[seat]
        if s.kind != "person" or self.bot_driven(seat):
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
        self._new_game()

    # -- members ---------------------------------------------------------------------

    def attach(self, handle: "PlayerHandle", seat: int | None) -> None:
        """Add a session as a member (seat or spectator) and send it everything."""
        was_present = seat is not None and self.present(seat)
        self.members[handle] = seat
        if seat is not None:
            self.lobby.seated_at(handle.identity, self.table_id)
            s = self.seats[seat]
            if s.left:
                s.left = False
            if not was_present and self.in_play:
                self.system("back", name=s.name)
        self.changed(exclude=handle)
        self.catch_up(handle)
        self.check_empty()

    def detach(self, handle: "PlayerHandle", leaving: bool, replaced: bool = False) -> None:
        """Remove a session (``leaving``: the person left on purpose; ``replaced``:
        a newer session of the same identity takes over, so the seat is kept)."""
        if handle not in self.members:
            return
        seat = self.members.pop(handle)
        if seat is not None and not self.present(seat) and not (replaced and not self.in_play):
            self._seat_absent(seat, leaving)
        self.changed()
        self.check_empty()

    def _seat_absent(self, seat: int, leaving: bool) -> None:
        s = self.seats[seat]
        if self.status in ("waiting", "game_over"):
            name = s.name
            self.seats[seat] = Seat()
            self._fix_host()
            self.system("left_table", name=name)
            self.maybe_rematch()
        else:
            s.left = s.left or leaving
            self.system("left_autopilot" if leaving else "lost_autopilot", name=s.name)

    def _fix_host(self) -> None:
        if self.host is not None and self.seat_of(self.host) is not None:
            return
        present = [s.identity for i, s in enumerate(self.seats) if s.kind == "person" and self.present(i)]
        anyone = [s.identity for s in self.seats if s.kind == "person"]
        new = (present or anyone or [None])[0]
        if new != self.host:
            self.host = new
            if new is not None:
                self.system("new_host", name=self.seats[self.seat_of(new)].name)

    def check_empty(self) -> None:
        """Close after the grace period when no seated person is at the table (R17)."""
        if self.people_present():
            if self._close_timer:
                self._close_timer.cancel()
                self._close_timer = None
            return
        if self._close_timer is None and not self.closed:
            self._close_timer = self.clock.call_at(self.clock.now() + self.timing.empty_grace,
                                                   self.guarded(self._close_if_empty))

    def _close_if_empty(self) -> None:
        self._close_timer = None
        if not self.people_present():
            self.lobby.close_table(self.table_id, "no players were left at the table", key="empty")

    def close(self, reason: str, key: str = "") -> None:
        """Tell every member the table is gone (``reason``; ``key`` names it) and stop every timer."""
        self.closed = True
        self.pilot.reset()
        for t in (self._deal_timer, self._close_timer):
            if t:
                t.cancel()
        for h in list(self.members):
            self.post(h, TableClosed(self.table_id, reason, key))
        self.members.clear()

    # -- game actions -----------------------------------------------------------------

    def act(self, handle: "PlayerHandle", action: Action, version: int) -> None:
        seat = self.seat_of(handle.identity)
        if seat is None or self.members.get(handle, -1) != seat:
            raise LobbyError("you have no seat at this table")
        if self.game is None or not self.game.state.hand_in_progress:
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
        """A finished game's record as ``seat`` (None: a spectator) may see it (R18).

        Args:
            seat: Seat index in that game, or None.
            game: Index among this table's finished games (-1: the last).

        Raises:
            LobbyError: when there is no such finished game.
        """
        try:
            record = self.records[game]
        except (IndexError, TypeError):
            raise LobbyError("no finished game to show") from None
        return project(record, seat)

    def record_seat(self, identity: str, game: int = -1) -> int | None:
        """``identity``'s seat in a finished game, or None."""
        try:
            ids = self.record_ids[game]
        except (IndexError, TypeError):
            return None
        return ids.index(identity) if identity in ids else None

    def has_ahoy(self, seat: int) -> bool:
        return any(isinstance(a, Ahoy) for a in self.legal_now(seat))

"""The seat commands of a table: sit, bots, ready, start, give away, rematch, leave.

A mixin of :class:`ahoy_tui.lobby.table.Table`; the lobby calls these after
checking the handle. Each ends with ``self.changed()`` (one version bump and
one push to every member) or raises :class:`LobbyError` with a sentence for
the player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ahoy_tui.lobby.errors import LobbyError
from ahoy_tui.lobby.messages import Notice, TableClosed
from ahoy_tui.lobby.seats import Seat, bot_name

if TYPE_CHECKING:
    from ahoy_tui.lobby.lobby import PlayerHandle


class SeatCommands:
    """Seat and host commands of a table (mixed into ``Table``)."""

    def take_seat(self, handle: "PlayerHandle") -> int:
        seat = self.seat_of(handle.identity)
        if seat is None:
            if self.status not in ("waiting", "game_over"):
                raise LobbyError("the game has started; you can watch it")
            free = [i for i, s in enumerate(self.seats) if not s.filled]
            if not free:
                raise LobbyError("the table is full; you can watch it")
            mine = [i for i in free if i < len(self.played) and self.played[i].kind == "person"
                    and self.played[i].identity == handle.identity]
            seat = (mine or free)[0]
            self.seats[seat] = Seat.person(handle.identity, handle.name)
            if self.host is None:
                self.host = handle.identity
            self.system("sat_down", name=handle.name)
        self.attach(handle, seat)
        return seat

    def require_host(self, handle: "PlayerHandle") -> None:
        if handle.identity != self.host:
            raise LobbyError("only the host can do that")

    def add_bot(self, kind: str) -> int:
        if self.status not in ("waiting", "game_over"):
            raise LobbyError("bots join before the game starts")
        free = [i for i, s in enumerate(self.seats) if not s.filled]
        if not free:
            raise LobbyError("the table is full")
        taken = {s.name for s in self.seats}
        name = bot_name(taken, self.rng.randrange(1000))
        self.seats[free[0]] = Seat.bot(kind, name)
        self.system("bot_sat_down", name=name, kind=kind)
        self.changed()
        self.maybe_rematch()
        return free[0]

    def remove_seat(self, seat: int) -> None:
        if self.status not in ("waiting", "game_over"):
            raise LobbyError("seats can be changed only before the game starts")
        s = self._seat(seat)
        if not s.filled:
            raise LobbyError("that seat is empty")
        if s.kind == "person" and s.identity == self.host:
            raise LobbyError("the host cannot remove themselves; leave the table instead")
        for h, v in list(self.members.items()):
            if v == seat:
                del self.members[h]
                self.post(h, TableClosed(self.table_id, "the host removed you from the table", "removed"))
        self.seats[seat] = Seat()
        self.system("removed", name=s.name)
        self.changed()
        self.check_empty()
        self.maybe_rematch()

    def _seat(self, seat: object) -> Seat:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise LobbyError(f"there is no seat {seat!r}")
        return self.seats[seat]

    def set_ready(self, handle: "PlayerHandle", ready: bool) -> None:
        seat = self._my_seat(handle)
        if self.status == "game_over":
            if ready:
                self.rematch(handle)
            else:
                self.seats[seat].ready = False
                self.changed()
            return
        if self.status != "waiting":
            raise LobbyError("the game has already started")
        self.seats[seat].ready = bool(ready)
        self.changed()

    def _my_seat(self, handle: "PlayerHandle") -> int:
        seat = self.seat_of(handle.identity)
        if seat is None:
            raise LobbyError("you have no seat at this table")
        return seat

    def start(self) -> None:
        if self.status != "waiting":
            raise LobbyError("the game has already started")
        if self.filled() < 2:
            raise LobbyError("at least two seats must be filled")
        late = [s.name for s in self.seats if s.kind == "person" and not s.ready and s.identity != self.host]
        if late:
            raise LobbyError(f"not everyone is ready: {', '.join(late)}")
        self._new_game()

    def give_to_bot(self, seat: int) -> None:
        s = self._seat(seat)
        if s.kind != "person":
            raise LobbyError("only a person's seat can be given to a bot")
        taken = {x.name for x in self.seats}
        name = bot_name(taken, self.rng.randrange(1000))
        self.seats[seat] = Seat.bot("baseline", name)
        if self.in_play and seat < len(self.played) and self.played[seat] is s:
            self.played[seat] = self.seats[seat]
        self.pilot.bots.pop(seat, None)
        for h, v in list(self.members.items()):
            if v == seat:
                self.members[h] = None
                self.post(h, Notice(f"The host gave your seat to {name}; you are watching now.", "warning",
                                    key="seat_given", args=(("bot", name),)))
        self._fix_host()
        self.system("seat_to_bot", name=s.name, bot=name)
        self.changed()
        self.check_empty()

    def rematch(self, handle: "PlayerHandle") -> None:
        if self.status != "game_over":
            raise LobbyError("a rematch is possible only after the game is over")
        seat = self._my_seat(handle)
        self.seats[seat].ready = True
        self.system("wants_rematch", name=self.seats[seat].name)
        self.changed()
        self.maybe_rematch()

    def set_autopilot(self, handle: "PlayerHandle", on: bool) -> None:
        seat = self._my_seat(handle)
        s = self.seats[seat]
        s.auto, s.timeouts = bool(on), 0
        self.changed()

    def set_auto_pass(self, handle: "PlayerHandle", on: bool) -> None:
        """Always pass on step-in (``on``) or answer step-in windows yourself (R9.2)."""
        seat = self._my_seat(handle)
        s = self.seats[seat]
        if s.auto_pass == bool(on):
            return
        s.auto_pass = bool(on)
        self.changed()

    def leave_seat(self, seat: int) -> None:
        """The seat's person left and has no session here any more."""
        s = self.seats[seat]
        if s.kind != "person":
            return
        if self.in_play and s.left:
            return
        self._seat_absent(seat, leaving=True)
        self.changed()
        self.check_empty()

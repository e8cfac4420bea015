"""The member and seat commands of one table: sit, watch, leave, bots, ready, start, give away, rematch.

``SeatCommands(table)`` is a thin view over a :class:`Table` (made per
command; it holds nothing of its own). The seat bookkeeping itself is
``table.seating`` (:class:`Seating`); these methods check *when* a change
is allowed, apply it, announce it in the table chat and end with
``table.changed()`` (one version bump and one push to every member), or
raise :class:`LobbyError` with a sentence for the player. The lobby calls
them after checking the handle.
"""

from __future__ import annotations

from ahoy_tui.lobby.errors import Refused
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.messages import Notice, TableClosed
from ahoy_tui.community.rating import api_bot
from ahoy_tui.lobby.table import Table


class SeatCommands:
    """Member and seat commands of ``table``."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.seating = table.seating

    # -- members ---------------------------------------------------------------------

    def attach(self, handle: PlayerHandle, seat: int | None, returning: bool = True) -> None:
        """Add a session as a member (seat or spectator) and send it everything. ``returning``:
        the person had been away, so the table is told they are back (False: a session that
        never lost its connection, attached again after its table moved to another worker)."""
        t = self.table
        was_present = seat is not None and t.present(seat)
        t.members[handle] = seat
        since = None
        if seat is not None:
            t.lobby.seated_at(handle.identity, t.table_id)
            s = t.seats[seat]
            if s.left:
                s.left = False
            if not was_present:
                since = t.grace.back(seat)         # her grace ends: she makes her own moves (R17)
            if not was_present and t.in_play and returning:
                t.system("back", name=s.name)
        t.changed(exclude=handle)
        t.catch_up(handle, since if returning else None)
        t.check_empty()

    def detach(self, handle: PlayerHandle, leaving: bool, replaced: bool = False) -> None:
        """Remove a session (``leaving``: the person left on purpose; ``replaced``:
        a newer session of the same identity takes over, so the seat is kept)."""
        t = self.table
        if handle not in t.members:
            return
        seat = t.members.pop(handle)
        if seat is not None and not t.present(seat) and not (replaced and not t.in_play):
            self._seat_absent(seat, leaving)
        t.changed()
        t.check_empty()

    def _seat_absent(self, seat: int, leaving: bool) -> None:
        t = self.table
        if t.open:
            name = self.seating.clear(seat).name
            t.fix_host()
            t.system("left_table", name=name)
            t.maybe_rematch()
        else:
            s = t.seats[seat]
            s.left = s.left or leaving
            if leaving or s.left:
                t.grace.end(seat)                  # she left on purpose: the autopilot at once
                t.grace.away(seat, len(t.events))
                t.system("left_autopilot", name=s.name)
                return
            t.link_dropped(seat)                   # R17: the seat waits for her (TableConfig.grace)
            if t.grace.running(seat):
                t.system("lost_grace", name=s.name, s=t.config.grace)
            else:
                t.system("lost_autopilot", name=s.name)

    def leave_seat(self, seat: int) -> None:
        """The seat's person left and has no session here any more."""
        t = self.table
        s = t.seats[seat]
        if s.kind != "person":
            return
        if t.in_play and s.left:
            return
        self._seat_absent(seat, leaving=True)
        t.changed()
        t.check_empty()

    # -- seats -----------------------------------------------------------------------

    def take_seat(self, handle: PlayerHandle) -> int:
        """Sit down (or take your own seat again); returns the seat."""
        t = self.table
        seat = self.seating.seat_of(handle.identity)
        if seat is None:
            if not t.open:
                raise Refused("the game has started; you can watch it")
            seat = self.seating.sit(handle.identity, handle.name)
            t.system("api_bot_sat_down" if api_bot(handle.identity) else "sat_down", name=handle.name)
        self.attach(handle, seat)
        return seat

    def require_host(self, handle: PlayerHandle) -> None:
        self.seating.require_host(handle.identity)

    def add_bot(self, kind: str) -> int:
        t = self.table
        if not t.open:
            raise Refused("bots join before the game starts")
        seat, name = self.seating.add_bot(kind)
        t.system("bot_sat_down", name=name, kind=kind)
        t.changed()
        t.maybe_rematch()
        return seat

    def remove_seat(self, seat: int) -> None:
        t = self.table
        if not t.open:
            raise Refused("seats can be changed only before the game starts")
        s = self.seating.remove(seat)
        for h, v in list(t.members.items()):
            if v == seat:
                del t.members[h]
                t.post(h, TableClosed(t.table_id, "the host removed you from the table", "removed"))
        t.system("removed", name=s.name)
        t.changed()
        t.check_empty()
        t.maybe_rematch()

    def set_ready(self, handle: PlayerHandle, ready: bool) -> None:
        t = self.table
        seat = self.seating.mine(handle.identity)
        if t.status == "game_over":
            if ready:
                self.rematch(handle)
            else:
                t.seats[seat].ready = False
                t.changed()
            return
        if t.status != "waiting":
            raise Refused("the game has already started")
        t.seats[seat].ready = bool(ready)
        t.changed()

    def start(self) -> None:
        t = self.table
        if t.status != "waiting":
            raise Refused("the game has already started")
        if self.seating.filled() < 2:
            raise Refused("at least two seats must be filled")
        late = self.seating.not_ready()
        if late:
            raise Refused(f"not everyone is ready: {', '.join(late)}")
        t.new_game()

    def give_to_bot(self, seat: int) -> None:
        """A person's seat goes to the autopilot's bot kind for good (R17)."""
        t = self.table
        kind = t.spec.bot_kinds[0]
        s, name = self.seating.to_bot(seat, kind, t.in_play)
        t.pilot.bots.pop(seat, None)
        t.grace.back(seat)
        for h, v in list(t.members.items()):
            if v == seat:
                t.members[h] = None
                t.post(h, Notice(f"The host gave your seat to {name}; you are watching now.", "warning",
                                 key="seat_given", args=(("bot", name),)))
        t.fix_host()
        t.system("seat_to_bot", name=s.name, bot=name, kind=kind)
        t.changed()
        t.check_empty()

    def rematch(self, handle: PlayerHandle) -> None:
        t = self.table
        if t.status != "game_over":
            raise Refused("a rematch is possible only after the game is over")
        seat = self.seating.mine(handle.identity)
        t.seats[seat].ready = True
        t.system("wants_rematch", name=t.seats[seat].name)
        t.changed()
        t.maybe_rematch()

    def set_autopilot(self, handle: PlayerHandle, on: bool) -> None:
        s = self.table.seats[self.seating.mine(handle.identity)]
        s.auto, s.timeouts = bool(on), 0
        self.table.changed()

    def set_auto_pass(self, handle: PlayerHandle, on: bool) -> None:
        """Always pass on step-in (``on``) or answer step-in windows yourself (R9.2)."""
        s = self.table.seats[self.seating.mine(handle.identity)]
        if s.auto_pass == bool(on):
            return
        s.auto_pass = bool(on)
        self.table.changed()

"""Who sits where at one table, and who hosts it (seat bookkeeping only).

``Seating`` owns a table's seats, its host and the seats of the game in
play. Its methods change those and raise :class:`LobbyError` with a
sentence for the player; they send nothing. The table announces what
happened (chat lines, updates) and decides when a change is allowed (before
the start, in play, after the end).
"""

from __future__ import annotations

import random
from typing import Callable

from ahoy_tui.lobby.errors import Refused
from ahoy_tui.lobby.seats import Seat, bot_name


class Seating:
    """The seats of one table.

    Args:
        count: Seats the table was created with (refilled after each game).
        rng: Picks bot names.

    Attributes:
        seats: Seats in play order once a game starts.
        host: Identity of the host (None when no person is seated).
        played: The game's seats in play order (the ``Seat`` objects, so a
            freed or retaken seat is told apart); empty before the first start.
    """

    def __init__(self, count: int, rng: random.Random) -> None:
        self.count = count
        self.rng = rng
        self.seats: list[Seat] = [Seat() for _ in range(count)]
        self.host: str | None = None
        self.played: list[Seat] = []

    # -- facts ------------------------------------------------------------------------

    def seat_of(self, identity: str) -> int | None:
        """The seat ``identity`` holds here, or None."""
        for i, s in enumerate(self.seats):
            if s.kind == "person" and s.identity == identity:
                return i
        return None

    def filled(self) -> int:
        """Seats held by a person or a bot."""
        return sum(1 for s in self.seats if s.filled)

    def free(self) -> list[int]:
        """Empty seats, in order."""
        return [i for i, s in enumerate(self.seats) if not s.filled]

    def host_name(self) -> str:
        """The host's display name ("" when there is none)."""
        return next((s.name for s in self.seats if s.kind == "person" and s.identity == self.host), "")

    def plays(self, seat: int) -> bool:
        """Seat ``seat`` is held by whoever played it in the current or last game.

        False for a seat freed after the game ended, or taken since by someone
        else (people compare by identity, so a player who comes back still plays it).
        """
        if not 0 <= seat < len(self.played) or seat >= len(self.seats):
            return False
        return self.played[seat].same_holder(self.seats[seat])

    def gone(self) -> tuple[int, ...]:
        """Seats of the last game whose player no longer holds them."""
        return tuple(i for i in range(len(self.played)) if not self.plays(i))

    def left_in_play(self) -> tuple[int, ...]:
        """Seats of the current or last game whose person left during play and was not back
        by its end (the autopilot played on; ``forfeits`` rates them last). Fixed once the
        game is over: coming back, or leaving, afterwards changes nothing."""
        return tuple(i for i, s in enumerate(self.played) if s.kind == "person" and s.left)

    def seat(self, seat: object) -> Seat:
        """Seat number ``seat``.

        Raises:
            LobbyError: no such seat.
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise Refused(f"there is no seat {seat!r}")
        return self.seats[seat]

    def mine(self, identity: str) -> int:
        """``identity``'s seat.

        Raises:
            LobbyError: it holds none here.
        """
        seat = self.seat_of(identity)
        if seat is None:
            raise Refused("you have no seat at this table")
        return seat

    def require_host(self, identity: str) -> None:
        """Raises LobbyError unless ``identity`` hosts the table."""
        if identity != self.host:
            raise Refused("only the host can do that")

    def not_ready(self) -> list[str]:
        """Names of the people, the host aside, who have not pressed ready."""
        return [s.name for s in self.seats if s.kind == "person" and not s.ready and s.identity != self.host]

    # -- changes ----------------------------------------------------------------------

    def sit(self, identity: str, name: str) -> int:
        """Seat a person in a free seat (the one they played last game, if free); they host
        an empty table.

        Raises:
            LobbyError: the table is full.
        """
        free = self.free()
        if not free:
            raise Refused("the table is full; you can watch it")
        mine = [i for i in free if i < len(self.played) and self.played[i].kind == "person"
                and self.played[i].identity == identity]
        seat = (mine or free)[0]
        self.seats[seat] = Seat.person(identity, name)
        if self.host is None:
            self.host = identity
        return seat

    def _bot_name(self) -> str:
        return bot_name({s.name for s in self.seats}, self.rng.randrange(1000))

    def add_bot(self, kind: str) -> tuple[int, str]:
        """Seat a bot of ``kind`` in the first free seat; returns (seat, its name).

        Raises:
            LobbyError: the table is full.
        """
        free = self.free()
        if not free:
            raise Refused("the table is full")
        name = self._bot_name()
        self.seats[free[0]] = Seat.bot(kind, name)
        return free[0], name

    def remove(self, seat: int) -> Seat:
        """Empty a filled seat that is not the host's; returns what sat there.

        Raises:
            LobbyError: no such seat, an empty seat, or the host's own.
        """
        s = self.seat(seat)
        if not s.filled:
            raise Refused("that seat is empty")
        if s.kind == "person" and s.identity == self.host:
            raise Refused("the host cannot remove themselves; leave the table instead")
        self.seats[seat] = Seat()
        return s

    def clear(self, seat: int) -> Seat:
        """Empty ``seat`` (its person left); returns what sat there."""
        s = self.seats[seat]
        self.seats[seat] = Seat()
        return s

    def to_bot(self, seat: int, kind: str, in_play: bool) -> tuple[Seat, str]:
        """A person's seat goes to a new bot for good (R17); returns (the old seat, the bot's
        name). A game ``in_play`` goes on with the bot in that seat.

        Raises:
            LobbyError: no such seat, or it is not a person's.
        """
        s = self.seat(seat)
        if s.kind != "person":
            raise Refused("only a person's seat can be given to a bot")
        name = self._bot_name()
        self.seats[seat] = Seat.bot(kind, name)
        if in_play and seat < len(self.played) and self.played[seat] is s:
            self.played[seat] = self.seats[seat]
            self.seats[seat].gave_from = s.identity
        return s, name

    def deal_in(self) -> list[Seat]:
        """A new game: the filled seats, compacted into play order (R4), flags reset;
        returns them (also ``played``)."""
        self.seats = [s for s in self.seats if s.filled]
        for s in self.seats:
            s.ready = s.kind == "bot"
            s.timeouts = 0
            s.auto = False
            s.gave_from = None
        self.played = list(self.seats)
        return self.played

    def forfeits(self) -> tuple[str | None, ...]:
        """Per game seat, the person who left it during play or gave it to a bot (else None);
        empty when nobody did."""
        gone = tuple(s.gave_from if s.kind == "bot" else s.identity if s.kind == "person" and s.left else None
                     for s in self.played)
        return gone if any(gone) else ()

    def game_over(self, present: Callable[[int], bool]) -> None:
        """The game ended: absent or departed people lose their seats; bots stay ready;
        the table has ``count`` seats again (R15)."""
        for i, s in enumerate(self.seats):
            s.ready = s.kind == "bot"
            if s.kind == "person" and (s.left or not present(i)):
                self.seats[i] = Seat()
        self.seats += [Seat() for _ in range(self.count - len(self.seats))]

    def fix_host(self, present: Callable[[int], bool]) -> str | None:
        """When the host holds no seat any more, the first present person (else any person)
        hosts; returns the new host's name when a person became host, else None."""
        if self.host is not None and self.seat_of(self.host) is not None:
            return None
        here = [s.identity for i, s in enumerate(self.seats) if s.kind == "person" and present(i)]
        anyone = [s.identity for s in self.seats if s.kind == "person"]
        new = (here or anyone or [None])[0]
        if new == self.host:
            return None
        self.host = new
        return None if new is None else self.seats[self.seat_of(new)].name

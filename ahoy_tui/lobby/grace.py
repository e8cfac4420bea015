"""The grace a dropped player gets before the autopilot takes over (RULES.md R17).

A person whose link drops during play keeps her seat, and the seat waits
for her: the decision pending then keeps its clock, capped at the table's
grace (``TableConfig.grace``, default 20 s); only when the grace runs out
does the autopilot decide it, so a player back within the grace makes her
own move. While she is still away after that, the autopilot decides her
later decisions at once (``Table.autopilot``).

``Grace`` keeps, per seat, when its grace ends (clock seconds) and its
timer, and where in the table's events the person went away (``since``),
so that when she is back she is told what the autopilot did for her
(``Match.own_events``). Nothing here is logged: the grace is time, not a
move (a move the autopilot makes when it runs out is logged like any
other). After a restart every absent person gets a fresh grace when play
resumes (``Table.changed``).
"""

from __future__ import annotations

from typing import Callable

from ahoy_tui.lobby.clock import Clock, Timer


class Grace:
    """The graces running at one table, and where each absent person went away.

    Args:
        clock: The lobby's clock.

    Attributes:
        until: Per seat in its grace, when the grace ends (``clock.now()`` scale, s).
        since: Per seat whose person is away, ``len(Table.events)`` when she went.
    """

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.until: dict[int, float] = {}
        self.since: dict[int, int] = {}
        self._timers: dict[int, Timer] = {}

    def away(self, seat: int, events: int) -> None:
        """``seat``'s person went away with ``events`` events in the game (kept if she
        already was away: the report covers all her time away)."""
        self.since.setdefault(seat, events)

    def start(self, seat: int, seconds: float, over: Callable[[], None]) -> None:
        """Give ``seat`` a grace of ``seconds`` (none when <= 0); ``over()`` runs when it ends."""
        self.end(seat)
        if seconds <= 0:
            return
        self.until[seat] = self.clock.now() + seconds
        self._timers[seat] = self.clock.call_at(self.until[seat], over)

    def running(self, seat: int) -> bool:
        """``seat`` is in its grace: it waits for its person (the autopilot does not play it)."""
        return seat in self.until

    def left(self, seat: int) -> float | None:
        """Seconds of ``seat``'s grace left (>= 0), or None when it has none."""
        end = self.until.get(seat)
        return None if end is None else max(0.0, end - self.clock.now())

    def end(self, seat: int) -> None:
        """``seat``'s grace is over (ran out, or she is back); ``since`` is kept."""
        self.until.pop(seat, None)
        timer = self._timers.pop(seat, None)
        if timer is not None:
            timer.cancel()

    def back(self, seat: int) -> int | None:
        """``seat``'s person is back: her grace ends; returns ``since`` (None: she was not away)."""
        self.end(seat)
        return self.since.pop(seat, None)

    def clear(self) -> None:
        """Forget everything (a new game, game over, a closed or stopping table)."""
        for seat in list(self.until):
            self.end(seat)
        self.since.clear()

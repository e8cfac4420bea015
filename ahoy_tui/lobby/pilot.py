"""Clocks and the autopilot of one table (RULES.md R17, R12).

Two kinds of timer drive a table forward so that no decision waits forever:

* the *decision clock*: one per decision (a phase of one turn), shared by
  every seat the hand waits for. When it runs out, the autopilot decides
  for each seat still pending: a late accept/decline is a Decline, a late
  step-in window closes (the remaining seats pass), anything else is the
  baseline bot's choice. The draw runs on the turn clock.
* *bot timers*: a bot seat, or a person's seat under the autopilot
  (disconnected, left, or by choice), acts after a short human-like delay
  and calls AHOY! as soon as it may (after ``Timing.ahoy_delay``). A
  person who chose "always pass on step-in" (``Seat.auto_pass``) passes
  each step-in window at once (a timer due now), unless AHOY! is possible.

Bots act through the same path as people (``Table._apply``).
"""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

from ahoy_tui.bots import make_bot
from ahoy_tui.game.actions import Action, Ahoy, Pass, Respond
from ahoy_tui.game.engine import awaiting
from ahoy_tui.game.state import Phase
from ahoy_tui.lobby.clock import Timer
from ahoy_tui.lobby.config import clock_seconds
from ahoy_tui.lobby.errors import LobbyError

if TYPE_CHECKING:
    from ahoy_tui.lobby.table import Table

log = logging.getLogger(__name__)


def new_bot(kind: str, seed: int):
    """A bot of ``kind``; the random bot if the baseline cannot be built."""
    try:
        return make_bot(kind, seed)
    except ImportError:  # pragma: no cover - only while the baseline is missing
        return make_bot("random", seed)


class Pilot:
    """The timers of one table: its decision clock and its bot seats.

    Args:
        table: The table driven.
        rng: Chooses bot delays and bot seeds (never the game's RNG).
    """

    def __init__(self, table: "Table", rng: random.Random) -> None:
        self.table = table
        self.rng = rng
        self.bots: dict[int, object] = {}
        self.bot_timers: dict[int, tuple[int, Timer]] = {}
        self.key: tuple | None = None
        self.clock_timer: Timer | None = None
        self.deadline: float | None = None
        self.clock_len: float | None = None

    # -- lifecycle ----------------------------------------------------------------

    def reset(self) -> None:
        """Forget every timer and bot (new game, closed table)."""
        self.stop()
        self.bots.clear()

    def stop(self) -> None:
        """Cancel every timer."""
        for _, t in self.bot_timers.values():
            t.cancel()
        self.bot_timers.clear()
        if self.clock_timer:
            self.clock_timer.cancel()
        self.clock_timer = None
        self.key = None
        self.deadline = self.clock_len = None

    def bot_for(self, seat: int):
        """The (lazily made) bot that plays or autopilots ``seat``."""
        bot = self.bots.get(seat)
        if bot is None:
            s = self.table.seats[seat]
            kind = s.bot_kind if s.kind == "bot" and s.bot_kind else "baseline"
            bot = self.bots[seat] = new_bot(kind, self.rng.getrandbits(32))
        return bot

    # -- scheduling ---------------------------------------------------------------

    def reschedule(self) -> None:
        """Bring the decision clock and bot timers up to date after a change."""
        t = self.table
        game = t.game
        if game is None or not game.state.hand_in_progress:
            self.stop()
            return
        self._clock(game.state)
        self._bots()

    def _clock(self, state) -> None:
        t = self.table
        key = (state.hand_no, state.phase, state.active) if awaiting(state) else None
        if key == self.key:
            return
        if self.clock_timer:
            self.clock_timer.cancel()
        self.key, self.clock_timer, self.deadline, self.clock_len = key, None, None, None
        if key is None:
            return
        now = t.clock.now()
        secs = clock_seconds(t.config.clocks, state.phase, t.timing)
        if secs is None:
            due = now + t.timing.idle_guard
        else:
            self.deadline, self.clock_len = now + secs, secs
            due = self.deadline
        self.clock_timer = t.clock.call_at(due, t.guarded(lambda k=key: self._expired(k)))

    def _bots(self) -> None:
        t = self.table
        for seat in range(len(t.seats)):
            auto_pass = self._auto_pass_now(seat)
            want = (t.bot_driven(seat) or auto_pass) and bool(t.legal_now(seat))
            sv = t.seat_version[seat] if seat < len(t.seat_version) else -1
            cur = self.bot_timers.get(seat)
            if cur and (not want or cur[0] != sv):
                cur[1].cancel()
                del self.bot_timers[seat]
                cur = None
            if want and cur is None:
                has_ahoy = isinstance(t.legal_now(seat)[0], Ahoy)
                lo, hi = t.timing.bot_delay
                if auto_pass and not has_ahoy:
                    delay = 0.0  # "always pass": the answer is given at once (R9.2)
                else:
                    delay = t.timing.ahoy_delay if has_ahoy else (lo if hi <= lo else self.rng.uniform(lo, hi))
                when = t.clock.now() + delay
                timer = t.clock.call_at(when, t.guarded(lambda s=seat, v=sv: self._bot_turn(s, v)))
                self.bot_timers[seat] = (sv, timer)

    def _auto_pass_now(self, seat: int) -> bool:
        """The seat's "always pass" answers now: asked in the step-in window, no AHOY! to call."""
        legal = self.table.legal_now(seat)
        return (self.table.auto_passes(seat) and Pass() in legal
                and not any(isinstance(a, Ahoy) for a in legal))

    # -- firing ---------------------------------------------------------------------

    def choose(self, seat: int, legal: list[Action]) -> Action:
        """The autopilot's pick among ``legal`` (AHOY! first, R12); never raises."""
        if isinstance(legal[0], Ahoy):        # legal actions sort AHOY! first
            return legal[0]
        try:
            return self.bot_for(seat).choose(self.table.game.view(seat), legal)
        except Exception:  # a bot bug must not stall the table
            log.exception("bot for seat %s failed", seat)
        return legal[-1]

    def apply(self, seat: int, action: Action, legal: list[Action], by: str) -> None:
        """Apply the autopilot's pick; if the engine refuses it, a safe legal action."""
        try:
            self.table.apply_action(seat, action, by=by)
        except LobbyError as e:
            log.warning("bot for seat %s chose an illegal action %r: %s", seat, action, e.reason)
            self.table.apply_action(seat, legal[-1], by=by)

    def _bot_turn(self, seat: int, sv: int) -> None:
        t = self.table
        cur = self.bot_timers.get(seat)
        if cur and cur[0] == sv:
            del self.bot_timers[seat]
        if t.game is None or t.seat_version[seat] != sv:
            return
        legal = t.legal_now(seat)
        if self._auto_pass_now(seat):
            self.apply(seat, Pass(), legal, "auto_pass")
        elif legal and t.bot_driven(seat):
            self.apply(seat, self.choose(seat, legal), legal, "bot")

    def _expired(self, key: tuple) -> None:
        """The decision clock ran out: the autopilot decides for every pending seat."""
        t = self.table
        if self.key != key:
            return
        self.clock_timer = None
        game = t.game
        done: set[int] = set()
        while game is not None and self.key == key:
            state = game.state
            pending = [s for s in awaiting(state) if s not in done]
            if not pending:
                break
            seat = pending[0]
            done.add(seat)
            legal = t.legal_now(seat)
            if not legal:
                continue
            if state.phase is Phase.RESPOND:
                action: Action = Respond(False)
            elif state.phase is Phase.STEP_IN:
                action = Pass()
            else:
                action = self.choose(seat, [a for a in legal if not isinstance(a, Ahoy)] or legal)
            t.timed_out(seat)
            self.apply(seat, action, legal, "clock")
        if self.key == key:  # still the same decision (should not happen): try again later
            self.key = None
            self.reschedule()


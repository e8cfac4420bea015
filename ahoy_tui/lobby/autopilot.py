"""Clocks and the autopilot of one table (RULES.md R17, R12).

Two kinds of timer drive a table forward so that no decision waits forever:

* the *decision clock*: one per decision (``Match.decision_key``), shared
  by every seat the hand waits for, as long as the profile gives the
  decision's clock kind (``Match.clock_kind``). When it runs out, the
  autopilot decides for each seat still pending: the game's
  ``timeout_action`` (AHOY!! V2: a late accept/decline is a Decline, a late
  step-in window closes: the remaining seats pass), else the autopilot
  bot's choice.
* *bot timers*: a bot seat, or a person's seat under the autopilot
  (disconnected, left, or by choice), acts after a short human-like delay
  and takes an interrupt (AHOY!, R12) as soon as it may (after
  ``Timing.ahoy_delay``). A person who chose "always pass on step-in"
  (``Seat.auto_pass``) gives the game's ``auto_pass`` answer at once (a
  timer due now), unless an interrupt is possible.

Bots act through the same path as people (``apply_action``). The
autopilot sees its table only through :class:`PilotTarget`.

A bot that *searches* (``bot.searches``, the hard bot of issue 17) never
searches on the event loop: when ``bot.would_search(view, legal)``, a copy
of the bot, the frozen view and the legal actions go through
``clock.off_loop`` (another process), and the answer with the bot's new
memory comes back to the loop, where it is applied only if the seat's
version is still the one it was asked about (a stale answer is dropped and
the seat rescheduled). If no answer comes within ``Timing.search_timeout``,
or the search fails, the autopilot's own kind (``bot_kinds[0]``, the
baseline) decides instead. Its quick decisions run on the loop.
"""

from __future__ import annotations

import functools
import logging
import random
from typing import Callable, Protocol

from ahoy_tui.games.base import Action, Bot, GameSpec, Match
from ahoy_tui.lobby.clock import Clock, Timer
from ahoy_tui.lobby.config import Timing, bot_delay, clock_seconds
from ahoy_tui.lobby.errors import LobbyError

log = logging.getLogger(__name__)


def decide(bot: Bot, view: object, legal: list[Action]) -> tuple[Action, Bot]:
    """Off the loop (a worker process): the bot's choice and the bot as it is after it."""
    return bot.choose(view, legal), bot


class PilotTarget(Protocol):
    """The table as its autopilot sees it.

    Attributes:
        clock, timing: The lobby's clock and durations.
        game: The match in play (None before the first start).
        clocks: The table's clock profile name (``TableConfig.clocks``).
        bot_pace: The table's bot pace (``TableConfig.bot_pace``): bots' pause before acting.
        seat_version: Per seat, the version at which its legal actions last changed.
    """

    clock: Clock
    timing: Timing
    game: Match | None
    seat_version: list[int]

    @property
    def clocks(self) -> str: ...

    @property
    def bot_pace(self) -> str: ...

    def seat_count(self) -> int: ...

    @property
    def stopped(self) -> bool:
        """No clock runs and no bot plays now (held after a restart, or paused)."""
        ...

    def bot_kind(self, seat: int) -> str | None:
        """The seat's bot kind (None: a person's seat, played by the autopilot's kind)."""
        ...

    def bot_driven(self, seat: int) -> bool: ...

    def auto_passes(self, seat: int) -> bool:
        """The seat's person chose "always pass" (R9.2)."""
        ...

    def legal_now(self, seat: int) -> list[Action]: ...

    def guarded(self, fn: Callable[[], None]) -> Callable[[], None]: ...

    def apply_action(self, seat: int, action: Action, by: str) -> None: ...

    def timed_out(self, seat: int) -> None: ...


class Autopilot:
    """The timers of one table: its decision clock and its bot seats.

    Args:
        table: The table driven.
        spec: Its game (bots come from ``spec.make_bot``; ``bot_kinds[0]``
            plays a person's seat).
        rng: Chooses bot delays and bot seeds (never the game's RNG).
    """

    def __init__(self, table: PilotTarget, spec: GameSpec, rng: random.Random) -> None:
        self.table = table
        self.spec = spec
        self.rng = rng
        self.bots: dict[int, Bot] = {}
        self.fallbacks: dict[int, Bot] = {}
        self.searching: dict[int, tuple[int, Timer]] = {}
        self.busy: set[int] = set()
        self.searched_answers = 0
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
        self.fallbacks.clear()

    def stop(self) -> None:
        """Cancel every timer."""
        for _, t in self.bot_timers.values():
            t.cancel()
        self.bot_timers.clear()
        for _, t in self.searching.values():
            t.cancel()
        self.searching.clear()
        if self.clock_timer:
            self.clock_timer.cancel()
        self.clock_timer = None
        self.key = None
        self.deadline = self.clock_len = None

    def bot_for(self, seat: int) -> Bot:
        """The (lazily made) bot that plays or autopilots ``seat``."""
        bot = self.bots.get(seat)
        if bot is None:
            kind = self.table.bot_kind(seat) or self.spec.bot_kinds[0]
            bot = self.bots[seat] = self.spec.make_bot(kind, self.rng.getrandbits(32))
        return bot

    def fallback_for(self, seat: int) -> Bot:
        """The autopilot-kind bot that stands in for a searching bot on the loop."""
        bot = self.fallbacks.get(seat)
        if bot is None:
            bot = self.fallbacks[seat] = self.spec.make_bot(self.spec.bot_kinds[0], self.rng.getrandbits(32))
        return bot

    # -- scheduling ---------------------------------------------------------------

    def reschedule(self) -> None:
        """Bring the decision clock and bot timers up to date after a change."""
        game = self.table.game
        if game is None or not game.in_hand or self.table.stopped:
            self.stop()
            return
        self._clock(game)
        self._bots(game)

    def _clock(self, game: Match) -> None:
        t = self.table
        key = game.decision_key()
        if key == self.key:
            return
        if self.clock_timer:
            self.clock_timer.cancel()
        self.key, self.clock_timer, self.deadline, self.clock_len = key, None, None, None
        if key is None:
            return
        now = t.clock.now()
        secs = clock_seconds(t.clocks, game.clock_kind(), t.timing)
        if secs is None:
            due = now + t.timing.idle_guard
        else:
            self.deadline, self.clock_len = now + secs, secs
            due = self.deadline
        self.clock_timer = t.clock.call_at(due, t.guarded(lambda k=key: self._expired(k)))

    def _bots(self, game: Match) -> None:
        t = self.table
        for seat in range(t.seat_count()):
            auto_pass = self._auto_pass_now(seat) is not None
            want = (t.bot_driven(seat) or auto_pass) and bool(t.legal_now(seat))
            sv = t.seat_version[seat] if seat < len(t.seat_version) else -1
            cur = self.bot_timers.get(seat)
            if cur and (not want or cur[0] != sv):
                cur[1].cancel()
                del self.bot_timers[seat]
                cur = None
            if want and cur is None:
                interrupt = game.is_interrupt(t.legal_now(seat)[0])
                lo, hi = bot_delay(t.bot_pace, t.timing)
                if auto_pass and not interrupt:
                    delay = 0.0  # "always pass": the answer is given at once (R9.2)
                else:
                    delay = t.timing.ahoy_delay if interrupt else (lo if hi <= lo else self.rng.uniform(lo, hi))
                when = t.clock.now() + delay
                timer = t.clock.call_at(when, t.guarded(lambda s=seat, v=sv: self._bot_turn(s, v)))
                self.bot_timers[seat] = (sv, timer)

    def _auto_pass_now(self, seat: int) -> Action | None:
        """The seat's "always pass" answer now (R9.2: asked in the step-in window, no AHOY!
        to call), or None."""
        t = self.table
        if t.game is None or not t.auto_passes(seat):
            return None
        return t.game.auto_pass(seat, t.legal_now(seat))

    # -- firing ---------------------------------------------------------------------

    def choose(self, seat: int, legal: list[Action]) -> Action:
        """The autopilot's pick among ``legal`` (an interrupt first: AHOY!, R12); never raises."""
        if self.table.game.is_interrupt(legal[0]):        # legal actions sort interrupts first
            return legal[0]
        bot = self.bot_for(seat)
        view = self.table.game.view(seat)
        if self._would_search(bot, view, legal):  # never search on the loop
            bot = self.fallback_for(seat)
        try:
            return bot.choose(view, legal)
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
        pending = self.searching.get(seat)
        if pending is not None and pending[0] == sv:
            return                                          # its answer is on the way
        legal = t.legal_now(seat)
        answer = self._auto_pass_now(seat)
        if answer is not None:
            self.apply(seat, answer, legal, "auto_pass")
        elif legal and t.bot_driven(seat):
            bot = self.bot_for(seat)
            if self._would_search(bot, t.game.view(seat), legal):
                self._search(seat, sv, bot, legal)
            else:
                self.apply(seat, self.choose(seat, legal), legal, "bot")

    # -- searching bots (off the loop) ------------------------------------------------

    @staticmethod
    def _would_search(bot: Bot, view: object, legal: list[Action]) -> bool:
        # probe: searching is an optional part of a game's bot (``searches``/``would_search`` on its
        # hard bots); ``games.base.Bot`` asks only ``choose`` of every bot, test stand-ins included
        if not getattr(bot, "searches", False):
            return False
        try:
            return bool(bot.would_search(view, legal))  # type: ignore[attr-defined]
        except Exception:  # a bot bug must not stall the table
            log.exception("would_search failed")
            return True

    def _search(self, seat: int, sv: int, bot: Bot, legal: list[Action]) -> None:
        """Ask ``bot`` off the loop about version ``sv`` of ``seat``; a baseline answer
        now if its last search still runs, or later if this one is late."""
        t = self.table
        if seat in self.busy:                      # one search per bot at a time
            self.apply(seat, self.choose(seat, legal), legal, "bot")
            return
        view = t.game.view(seat)                   # frozen: safe to read from another thread
        timer = t.clock.call_at(t.clock.now() + t.timing.search_timeout,
                                t.guarded(lambda: self._searched(seat, sv, None, TimeoutError())))
        self.searching[seat] = (sv, timer)
        self.busy.add(seat)

        def done(result: tuple[Action, Bot] | None, error: BaseException | None) -> None:
            self.busy.discard(seat)
            action, after = result if result is not None else (None, None)

            def back() -> None:
                if self._searched(seat, sv, action, error) and after is not None and self.bots.get(seat) is bot:
                    self.bots[seat] = after        # the bot's memory of this decision
            t.guarded(back)()
        t.clock.off_loop(functools.partial(decide, bot, view, legal), done)

    def _searched(self, seat: int, sv: int, action: Action | None, error: BaseException | None) -> bool:
        """On the loop: apply a search's answer if version ``sv`` still stands; True if it was."""
        t = self.table
        pending = self.searching.get(seat)
        if pending is None or pending[0] != sv:
            return False                            # answered already (late or timed out)
        del self.searching[seat]
        pending[1].cancel()
        if t.game is None or seat >= len(t.seat_version) or t.seat_version[seat] != sv:
            self.reschedule()                       # stale: the seat is asked again if it must act
            return False
        legal = t.legal_now(seat)
        if not legal or not t.bot_driven(seat):
            return False
        searched = error is None and action in legal
        if not searched:
            if error is not None and not isinstance(error, TimeoutError):
                log.warning("search for seat %s failed: %r", seat, error)
            action = self.choose(seat, legal)
        else:
            self.searched_answers += 1
        self.apply(seat, action, legal, "bot")
        return searched

    def decide_late(self, seat: int, by: str) -> None:
        """The autopilot decides ``seat``'s pending decision now (its clock, or its person's
        grace, ran out: R17): the game's ``timeout_action``, else the autopilot's choice
        among the non-interrupts. ``seat`` must have legal actions."""
        game = self.table.game
        legal = self.table.legal_now(seat)
        action = game.timeout_action(seat, legal)
        if action is None:
            action = self.choose(seat, [a for a in legal if not game.is_interrupt(a)] or legal)
        self.apply(seat, action, legal, by)

    def _expired(self, key: tuple) -> None:
        """The decision clock ran out: the autopilot decides for every pending seat."""
        t = self.table
        if self.key != key:
            return
        self.clock_timer = None
        game = t.game
        done: set[int] = set()
        while game is not None and self.key == key:
            pending = [s for s in game.awaiting() if s not in done]
            if not pending:
                break
            seat = pending[0]
            done.add(seat)
            if not t.legal_now(seat):
                continue
            t.timed_out(seat)
            self.decide_late(seat, "clock")
        if self.key == key:  # still the same decision (should not happen): try again later
            self.key = None
            self.reschedule()


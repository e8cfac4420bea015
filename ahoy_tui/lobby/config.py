"""Table settings: validation, clock profiles (R17) and lobby timing.

A clock profile maps each kind of decision (``GameSpec.clock_kinds``; the
game names the kind of each decision, ``Match.clock_kind``) to seconds.
``normal`` is R17's defaults. ``untimed`` shows no countdown, but an idle guard still hands a
decision to the autopilot after ``Timing.idle_guard`` seconds, so no
decision waits forever.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace

from ahoy_tui import games
from ahoy_tui.lobby.errors import Refused
from ahoy_tui.lobby.messages import GRACE_MAX, TableConfig

#: Seconds per decision kind (R17). ``turn`` is the draw and the offer/HANDS UP! choice; a
#: kind a profile does not name runs the turn clock (AH14: every Ahoi decision does).
CLOCK_PROFILES: dict[str, dict[str, float] | None] = {
    "relaxed": {"turn": 120, "respond": 40, "step_in": 20, "choose": 30, "exchange": 40,
                "hands_up": 40, "discard": 60},
    "normal": {"turn": 60, "respond": 20, "step_in": 10, "choose": 15, "exchange": 20,
               "hands_up": 20, "discard": 30},
    "blitz": {"turn": 20, "respond": 8, "step_in": 5, "choose": 6, "exchange": 8,
              "hands_up": 8, "discard": 10},
    "untimed": None,
}

#: Bot pace (``TableConfig.bot_pace``, the host's choice): the factor on ``Timing.bot_delay``,
#: the pause before a bot or the autopilot acts (0.8-1.6 s at ``normal``: 1.6-3.2 s
#: ``relaxed``, 0.2-0.4 s ``fast``, so a player alone with bots is not kept waiting).
BOT_PACES: dict[str, float] = {"relaxed": 2.0, "normal": 1.0, "fast": 0.25}

NAME_MAX = 24
_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


@dataclass(frozen=True, slots=True)
class Timing:
    """Every duration the lobby uses, in seconds (injectable for tests).

    Attributes:
        bot_delay: (min, max) human-like pause before a bot or autopilot acts.
        ahoy_delay: Pause before a bot or autopilot seat calls AHOY! (R12).
        between_hands: Pause before the next hand is dealt (``Match.deal()``).
        empty_grace: A table with no person connected closes after this.
        resume_grace: A table rebuilt after a restart waits this long for its
            first seated person to come back before it closes.
        idle_guard: Untimed tables: the autopilot decides after this long.
        timeouts_to_autopilot: Consecutive clock timeouts that switch a
            connected person's seat to the autopilot until they act again.
        clock_scale: Multiplies every clock of the profile (tests: tiny).
        search_timeout: A searching bot (``hard``, issue 17) that has not
            answered after this long is overruled by the autopilot's kind.
    """

    bot_delay: tuple[float, float] = (0.8, 1.6)
    ahoy_delay: float = 0.0
    between_hands: float = 6.0
    empty_grace: float = 120.0
    resume_grace: float = 900.0
    idle_guard: float = 900.0
    timeouts_to_autopilot: int = 3
    clock_scale: float = 1.0
    search_timeout: float = 0.5

    @classmethod
    def instant(cls) -> "Timing":
        """Zero pauses (benchmarks and simulations)."""
        return cls(bot_delay=(0.0, 0.0), between_hands=0.0)


def clean_text(text: str, limit: int) -> str:
    """``text`` without control, bidi or line-separator characters, stripped.

    Tabs and newlines become spaces. Returns at most ``limit`` characters
    only if the input was that short: callers check the length.
    """
    out = []
    for ch in str(text):
        if ch in "\t\n\r":
            out.append(" ")
            continue
        if ch in _BIDI or unicodedata.category(ch) in ("Cc", "Cs", "Co", "Zl", "Zp"):
            continue
        out.append(ch)
    return "".join(out).strip()


def validate(config: TableConfig, host_name: str) -> TableConfig:
    """A checked copy of ``config``: name cleaned and defaulted, every game option filled.

    The lobby checks its own fields; the game (``games.get(config.game)``)
    checks the seat count and its options.

    Raises:
        LobbyError: for an unknown game, seats outside the game's range (R1:
            2..8), an option the game refuses (R15: a limit outside 20..1000;
            non-boolean house rules), an unknown clock profile or bot pace,
            a non-boolean ``private`` or a ``grace`` outside 0..99 s (R17).
    """
    if not isinstance(config, TableConfig):
        raise Refused("table settings are missing")
    try:
        spec = games.get(config.game)
    except games.UnknownGame as e:
        raise Refused(str(e)) from None
    seats = config.seats
    if isinstance(seats, bool) or not isinstance(seats, int) or not spec.min_seats <= seats <= spec.max_seats:
        raise Refused(spec.seats_refusal)
    try:
        options = spec.validate_options(config.options)
    except games.OptionError as e:
        raise Refused(str(e)) from None
    if config.clocks not in CLOCK_PROFILES:
        raise Refused(f"clocks are one of {', '.join(CLOCK_PROFILES)}")
    if not isinstance(config.bot_pace, str) or config.bot_pace not in BOT_PACES:
        raise Refused(f"the bot pace is one of {', '.join(BOT_PACES)}")
    if not isinstance(config.private, bool):
        raise Refused("private must be on or off")
    grace = config.grace
    if isinstance(grace, bool) or not isinstance(grace, int) or not 0 <= grace <= GRACE_MAX:
        raise Refused(f"the grace for a dropped player is a whole number of seconds from 0 to {GRACE_MAX}")
    name = clean_text(config.name, 10_000)[:NAME_MAX].strip() or f"{host_name}'s table"[:NAME_MAX]
    return replace(config, name=name, options=options)


def bot_delay(pace: str, timing: Timing) -> tuple[float, float]:
    """(min, max) seconds a bot or the autopilot pauses before acting at bot pace ``pace``
    (``BOT_PACES``; an unknown pace is ``normal``)."""
    factor = BOT_PACES.get(pace, 1.0)
    lo, hi = timing.bot_delay
    return lo * factor, hi * factor


def clock_seconds(profile: str, kind: str | None, timing: Timing) -> float | None:
    """Seconds the clock of decision kind ``kind`` runs under ``profile`` (None: untimed or no decision)."""
    table = CLOCK_PROFILES.get(profile)
    if kind is None or table is None:
        return None
    return table.get(kind, table["turn"]) * timing.clock_scale


def grace_seconds(config: TableConfig, timing: Timing) -> float:
    """Seconds a dropped player's seat waits for her (``TableConfig.grace`` times
    ``Timing.clock_scale``; R17)."""
    return config.grace * timing.clock_scale

"""Table settings: validation, clock profiles (R17) and lobby timing.

A clock profile maps each kind of decision to seconds. ``normal`` is R17's
defaults. ``untimed`` shows no countdown, but an idle guard still hands a
decision to the autopilot after ``Timing.idle_guard`` seconds, so no
decision waits forever.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace

from ahoy_tui.game.state import LIMIT_PRESETS as _PRESETS_BY_NAME
from ahoy_tui.game.state import Phase
from ahoy_tui.lobby.errors import LobbyError
from ahoy_tui.lobby.messages import TableConfig

LIMIT_PRESETS: tuple[int, ...] = tuple(_PRESETS_BY_NAME.values())
CLOCK_KINDS: tuple[str, ...] = ("turn", "respond", "step_in", "choose", "exchange", "hands_up", "discard")

#: Seconds per decision kind (R17). ``turn`` is the draw and the offer/HANDS UP! choice.
CLOCK_PROFILES: dict[str, dict[str, float] | None] = {
    "relaxed": {"turn": 120, "respond": 40, "step_in": 20, "choose": 30, "exchange": 40,
                "hands_up": 40, "discard": 60},
    "normal": {"turn": 60, "respond": 20, "step_in": 10, "choose": 15, "exchange": 20,
               "hands_up": 20, "discard": 30},
    "blitz": {"turn": 20, "respond": 8, "step_in": 5, "choose": 6, "exchange": 8,
              "hands_up": 8, "discard": 10},
    "untimed": None,
}

#: Which clock each phase runs (R17; the draw uses the turn clock).
PHASE_CLOCK: dict[Phase, str] = {
    Phase.DRAW: "turn", Phase.ACTION: "turn", Phase.RESPOND: "respond", Phase.STEP_IN: "step_in",
    Phase.CHOOSE_PARTNER: "choose", Phase.EXCHANGE: "exchange", Phase.LAY_DOWN: "hands_up",
    Phase.PICK: "hands_up", Phase.DISCARD: "discard",
}

NAME_MAX = 24
_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


@dataclass(frozen=True, slots=True)
class Timing:
    """Every duration the lobby uses, in seconds (injectable for tests).

    Attributes:
        bot_delay: (min, max) human-like pause before a bot or autopilot acts.
        ahoy_delay: Pause before a bot or autopilot seat calls AHOY! (R12).
        between_hands: Pause before the next hand is dealt (Game.deal()).
        empty_grace: A table with no person connected closes after this.
        idle_guard: Untimed tables: the autopilot decides after this long.
        game_over_idle: A finished table nobody rematches closes after this.
        timeouts_to_autopilot: Consecutive clock timeouts that switch a
            connected person's seat to the autopilot until they act again.
        clock_scale: Multiplies every clock of the profile (tests: tiny).
    """

    bot_delay: tuple[float, float] = (0.8, 1.6)
    ahoy_delay: float = 0.0
    between_hands: float = 6.0
    empty_grace: float = 120.0
    idle_guard: float = 900.0
    game_over_idle: float = 1800.0
    timeouts_to_autopilot: int = 3
    clock_scale: float = 1.0

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
    """A checked copy of ``config`` (name cleaned and defaulted).

    Raises:
        LobbyError: for seats outside 2..8 (R1), a limit outside 20..1000
            (R15), an unknown clock profile or non-boolean house rules.
    """
    if not isinstance(config, TableConfig):
        raise LobbyError("table settings are missing")
    seats, limit = config.seats, config.limit
    if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= 8:
        raise LobbyError("a table has 2 to 8 seats")
    if isinstance(limit, bool) or not isinstance(limit, int) or not 20 <= limit <= 1000:
        raise LobbyError("the point limit is 50, 100, 150, 200 or a whole number from 20 to 1000")
    if config.clocks not in CLOCK_PROFILES:
        raise LobbyError(f"clocks are one of {', '.join(CLOCK_PROFILES)}")
    for flag in ("ace_low", "verified_step_in", "private", "reveal"):
        if not isinstance(getattr(config, flag), bool):
            raise LobbyError(f"{flag} must be on or off")
    name = clean_text(config.name, 10_000)[:NAME_MAX].strip() or f"{host_name}'s table"[:NAME_MAX]
    return replace(config, name=name)


def clock_seconds(profile: str, phase: Phase, timing: Timing) -> float | None:
    """Seconds the clock of ``phase`` runs under ``profile`` (None: untimed or no decision)."""
    kind = PHASE_CLOCK.get(phase)
    table = CLOCK_PROFILES.get(profile)
    if kind is None or table is None:
        return None
    return table[kind] * timing.clock_scale

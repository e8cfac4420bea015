"""What the SSH front door counted: logins, refusals, sessions (read by ``server.metrics``).

Plain integers kept whether or not ``--metrics`` is on: one increment per
login, refusal or session start, never per screen update. The reasons and
kinds are fixed words (bounded labels), never a name, key or address.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

SESSION_KINDS = ("screen", "command", "bot_api")
"""``screen``: the full-screen TUI (a PTY and a shell); ``command``: a plain-text answer (an exec, or
no PTY); ``bot_api``: a program over ``ssh -T host bot`` (docs/bot-api.md). House bots are counted
from the tables (``server.metrics``)."""

REFUSAL_REASONS = ("rate", "banned", "keys_required", "wrong_password", "password_limit", "key_not_authorized",
                   "session_limit", "shutting_down")
"""Why a connection or a session was refused (the ``reason`` label of ``ahoy_refusals_total``)."""


@dataclass(slots=True)
class Tally:
    """One server's counts since it started.

    Attributes:
        logins: Authentications that succeeded, by method (``key``, ``keyless``).
        refusals: Connections or sessions refused, by reason (:data:`REFUSAL_REASONS`).
        started: Sessions started, by kind (:data:`SESSION_KINDS`).
        commands_running: Plain-text answers being written now.
    """

    logins: Counter[str] = field(default_factory=Counter)
    refusals: Counter[str] = field(default_factory=Counter)
    started: Counter[str] = field(default_factory=Counter)
    commands_running: int = 0

"""The typed refusals of lobby commands (docs/lobby-api.md, "Refusals").

Every refusal is a :class:`LobbyError` whose ``reason`` is a sentence a
player can read; the subclass says what kind of refusal it is, so a session
never parses the sentence.
"""

from __future__ import annotations


class LobbyError(Exception):
    """A command the lobby refuses (the base of every refusal).

    Attributes:
        reason: A sentence a player can read, lower case (the UI capitalises it).
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Refused(LobbyError):
    """A plain refusal: no such table, not the host, table full, wrong code, ..."""


class TooFast(Refused):
    """A new table refused: this player (or their address group) made too many lately (``code_guard``).

    Attributes:
        wait: Whole seconds until the next table is allowed (at least 1).
    """

    def __init__(self, wait: int) -> None:
        super().__init__(f"you are making tables too fast: wait {wait} s")
        self.wait = wait


class Unreadable(Refused):
    """What was asked for exists but the store cannot read it (a damaged archived game)."""


class Stale(LobbyError):
    """An action made against an old state version (a double press, overtaken by the clock).

    The table moved on before the action arrived; the session shows "Too
    late" and waits for the next ``TableUpdate``.
    """


class RuleBroken(LobbyError):
    """The engine refused the action: the rules (RULES.md) do not allow it.

    Attributes:
        rule_id: The rule that forbids it, e.g. ``"R9"`` (``RuleError.rule``).
        reason: The sentence for players, without the rule id
            (``"not allowed: ..."``).
    """

    def __init__(self, rule_id: str, reason: str) -> None:
        super().__init__(reason)
        self.rule_id = rule_id

"""The typed error every illegal action raises (RECORDS.md, "Which rule an error names")."""

from __future__ import annotations


class RuleError(ValueError):
    """An action, record line or setting the rules do not allow.

    Attributes:
        rule: The rule id that forbids it: ``"R1"``..``"R18"`` or ``"FORMAT"``.
        message: A sentence for people.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message

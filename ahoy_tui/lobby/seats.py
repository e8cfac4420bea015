"""Seats of a table and the names bots sit under."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

BOT_NAMES: tuple[str, ...] = ("Calico Jack", "Anne Bonny", "Mary Read", "Blackbeard", "Ching Shih",
                              "Grace O'Malley", "Henry Morgan", "Black Bart", "Jean Lafitte",
                              "Sam Bellamy", "Stede Bonnet", "Ned Low", "Charles Vane", "Hook")


@dataclass(slots=True)
class Seat:
    """One seat of a table (mutable, owned by the table).

    Attributes:
        kind: ``person``, ``bot`` or ``empty``.
        identity: The person's identity (None for bots and empty seats).
        name: Display name.
        bot_kind: ``baseline``, ``random`` or ``hard`` for bots.
        ready: Ready before the start; asked for a rematch after game over.
        auto: The person chose the autopilot, or let the clock run out too often.
        left: The person left during play; the autopilot keeps the seat (R17).
        timeouts: Consecutive decisions the clock took from this person.
        auto_pass: The person's "always pass on step-in" preference: the
            table answers every step-in window (R9.2) with a pass for them
            at once (it stays across games at this table).
        gave_from: For a bot that took a person's seat during play, that
            person's identity (they forfeited the game: last place for ratings).
    """

    kind: Literal["person", "bot", "empty"] = "empty"
    identity: str | None = None
    name: str = ""
    bot_kind: str | None = None
    ready: bool = False
    auto: bool = False
    left: bool = False
    timeouts: int = 0
    auto_pass: bool = False
    gave_from: str | None = None

    @classmethod
    def person(cls, identity: str, name: str) -> "Seat":
        return cls("person", identity, name)

    @classmethod
    def bot(cls, kind: str, name: str) -> "Seat":
        return cls("bot", None, name, kind, ready=True)

    @property
    def filled(self) -> bool:
        return self.kind != "empty"

    def same_holder(self, other: "Seat") -> bool:
        """``other`` is held by whoever holds this seat: the same person (identity), or this very bot."""
        if self.kind == "person":
            return other.kind == "person" and other.identity == self.identity
        return other is self


def bot_name(taken: set[str], n: int) -> str:
    """A pirate name not in ``taken`` (``n`` picks where to start looking)."""
    for i in range(len(BOT_NAMES)):
        cand = BOT_NAMES[(n + i) % len(BOT_NAMES)]
        if cand not in taken:
            return cand
    k = 2
    while f"Pirate {k}" in taken:
        k += 1
    return f"Pirate {k}"

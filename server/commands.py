"""Plain-text answers for connections without a PTY.

``ssh -T host`` and ``ssh host help|rules|tables`` get text with no escape
bytes and exit status 0; anything else gets a one-line error and status 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from ahoy_tui.lobby import Lobby
from server.identity import sanitize_name

COMMANDS = ("help", "rules", "tables")

RULES_SHORT = """\
AHOY!! V2 in short
- 2-8 pirates, 5 cards each. Goal: a treasure = 4 cards of one suit in a row
  (2 3 4 5 6 7 8 9 10 J Q K A; ace high; a Joker is never part of one).
- Your turn: DRAW, then either OFFER or HANDS UP!, then DISCARD.
- OFFER: tell the next player which card you want and which you give. Both
  may be lies. They accept or decline; on a decline the others may step in.
  Then you and your partner each secretly give any one card: a dirty deal.
- HANDS UP! (needs a Joker, which goes on the discard pile): a player lays up
  to 3 cards face down and you take one blind.
- Call AHOY! at any moment while you hold a treasure: you win the hand.
- Points: 2-10 face value, J/Q/K 10, A 20, Joker 30.
"""


@dataclass(frozen=True, slots=True)
class Answer:
    """What a no-PTY connection gets: text to print and an exit status."""

    text: str
    status: int


def _plain(text: str) -> str:
    """Keep printable ASCII, spaces and newlines only (no escape bytes)."""
    return "".join(ch for ch in text if ch == "\n" or " " <= ch <= "~")


def _help(connect_line: str) -> str:
    return (
        "Ahoy! This is an AHOY!! card game server.\n"
        f"Play in a terminal:  {connect_line}\n"
        "Commands without a terminal:\n"
        "  help    this text\n"
        "  rules   the rules in short\n"
        "  tables  the open tables\n"
    )


def _tables(lobby: Lobby) -> str:
    tables = lobby.table_summaries()
    online = len(lobby.online_names())
    lines = [f"Players online: {online}"]
    if not tables:
        lines.append("No open tables. Connect with a terminal to open one.")
    for t in tables:
        lock = " (private)" if t.private else ""
        lines.append(
            f"{t.table_id:<8} {sanitize_name(t.name, 24):<24} "
            f"{t.seats_taken}/{t.seats} seats  {t.status:<10} to {t.limit}{lock}"
        )
    return "\n".join(lines) + "\n"


def answer(command: str | None, lobby: Lobby, connect_line: str) -> Answer:
    """The plain-text answer to an exec request (``None``: ``ssh -T host``).

    Args:
        command: The command line the client asked to run, or ``None`` for a
            shell without a PTY.
        lobby: Source of the table list.
        connect_line: How to connect interactively, e.g.
            ``"ssh -p 2222 NAME@example.org"``.

    Returns:
        The text (printable ASCII and newlines only) and the exit status:
        0 for a known command, 1 otherwise.
    """
    word = (command or "").strip()
    if word in ("", "help"):
        return Answer(_plain(_help(connect_line)), 0)
    if word == "rules":
        return Answer(_plain(RULES_SHORT), 0)
    if word == "tables":
        return Answer(_plain(_tables(lobby)), 0)
    shown = _plain(word)[:40]
    return Answer(f"ahoy: unknown command '{shown}'. Try: help, rules, tables\n", 1)

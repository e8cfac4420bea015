"""Messages the lobby pushes to sessions, and the table config (docs/lobby-api.md).

Every message is a small dataclass. A session receives them through the
callback it gave ``PlayerHandle.subscribe``; it never polls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ahoy_tui.games.base import Action, Event, Options, OptionValue, View

ClockProfileName = Literal["relaxed", "normal", "blitz", "untimed"]
GRACE_DEFAULT = 20
"""Seconds of grace a dropped player gets by default (R17, ``TableConfig.grace``)."""
GRACE_MAX = 99
"""Longest grace (two digits: the seat list has room for ``reconnecting 99 s`` at 80 columns)."""
BotPaceName = Literal["relaxed", "normal", "fast"]
TableStatus = Literal["waiting", "playing", "between_hands", "game_over"]
SeatKind = Literal["person", "bot", "empty"]


@dataclass(frozen=True, slots=True)
class TableConfig:
    """What the creator of a table chooses (validated by ``config.validate``).

    Attributes:
        name: Table name, at most 24 characters after sanitising.
        seats: Seats, in the game's range (AHOY!! V2: 2..8, R1).
        clocks: Clock profile (R17): ``relaxed``, ``normal`` (R17 defaults),
            ``blitz`` or ``untimed``.
        private: Private tables are joined with a code only.
        grace: Seconds a player whose link dropped in play has to come back
            before the autopilot takes the decision pending for her (its clock
            keeps running, capped at this; R17), whole seconds 0..99
            (``GRACE_DEFAULT`` 20; 0: the autopilot at once).
        game: The game played (``games.registry``): ``"ahoy"``.
        options: The game's table options as ``(key, value)`` pairs, checked
            by that game (``GameSpec.options``); a validated config holds
            every option of the game, defaults filled. AHOY!! V2's:
            ``limit`` (20..1000, presets 50/100/150/200, R15), ``ace_low``
            (R2), ``verified_step_in`` (R9.2) and ``reveal`` (beside R18:
            once a hand is over, everyone at the table sees its deals).
        bot_pace: How long bots (and the autopilot) pause before they act:
            ``relaxed``, ``normal`` or ``fast`` (``config.BOT_PACES``; a table
            logged before there was a pace is ``normal``).
    """

    name: str = ""
    seats: int = 4
    clocks: ClockProfileName = "normal"
    private: bool = False
    game: str = "ahoy"
    options: Options = ()
    grace: int = GRACE_DEFAULT
    bot_pace: BotPaceName = "normal"

    @classmethod
    def make(cls, game: str = "ahoy", *, name: str = "", seats: int = 4, clocks: ClockProfileName = "normal",
             private: bool = False, grace: int = GRACE_DEFAULT, bot_pace: BotPaceName = "normal",
             **options: OptionValue) -> "TableConfig":
        """A config from keyword arguments: the lobby's fields by name, every other keyword
        an option of ``game`` (``TableConfig.make(name="Cove", limit=50, ace_low=True)``)."""
        return cls(name=name, seats=seats, clocks=clocks, private=private, game=game,
                   options=tuple(options.items()), grace=grace, bot_pace=bot_pace)

    def option(self, key: str, default: OptionValue | None = None) -> OptionValue | None:
        """The value of game option ``key`` (``default`` when the config does not hold it)."""
        for k, v in self.options:
            if k == key:
                return v
        return default


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as every member of the table sees it.

    Attributes:
        name: Display name ("" for an empty seat).
        kind: ``person``, ``bot`` or ``empty``.
        connected: A person with at least one session at the table (bots: True).
        ready: Pressed ready (before the start) or asked for a rematch (after the end).
        autopilot: The baseline bot plays this person's seat now (R17).
        bot_kind: A bot seat's kind (its level: ``random`` easy, ``baseline``
            normal, ``hard``), else None.
        reconnecting: The person's link dropped in play and the seat waits for
            them: seconds of grace left when this was made (>= 0; a receiver
            counts down from receipt, like ``TableUpdate.remaining``), else None (R17).
        api_bot: A ``person`` seat held by a program over the bot API (player-run,
            ``ssh -T host bot``, docs/bot-api.md): shown as a bot ("bot API").
    """

    name: str
    kind: SeatKind
    connected: bool
    ready: bool
    autopilot: bool
    bot_kind: str | None = None
    reconnecting: float | None = None
    api_bot: bool = False


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """A table's public facts; ``code`` is set only in the host's copy.

    Attributes:
        players: The game's seat names in play order (the game running or
            the last one finished; empty before the first start). Unlike
            ``seats`` they stay after the game is over, when people who
            leave free their seats.
        gone: Indices into ``players`` whose player no longer holds that
            seat (left or was removed after the game ended).
        left: Indices into ``players`` whose person left during play and was
            not back by the end (the game-over report marks them "(left)" for
            every viewer, the leaver too; ``Seating.left_in_play``).
    """

    table_id: str
    name: str
    host: str
    seats: list[SeatInfo]
    status: TableStatus
    config: TableConfig
    spectators: int
    code: str | None = None
    players: tuple[str, ...] = ()
    gone: tuple[int, ...] = ()
    left: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TableSummary:
    """One table as the lobby list shows it (public information only).

    ``limit``, ``ace_low`` and ``verified_step_in`` are the game options of
    those names (0 / False when the table's ``game`` has no such option).

    ``version`` is the table's version (``TableUpdate.version``) when this
    summary was made; a later summary of the same table that differs from
    this one has a greater ``version``, and an unchanged one keeps it, so a
    receiver finds changed rows by comparing ``(table_id, version)``.
    """

    table_id: str
    name: str
    seats_taken: int
    seats: int
    status: str
    limit: int
    private: bool = False
    host: str = ""
    ace_low: bool = False
    verified_step_in: bool = False
    clocks: str = "normal"
    spectators: int = 0
    version: int = 0
    game: str = "ahoy"


@dataclass(frozen=True, slots=True)
class LobbyChanged:
    """The table list or the players online changed.

    Read the lists, never change them (in one process every session gets
    the same objects). A receiver finds what changed by numbers, not by
    identity: ``version`` grows with every ``LobbyChanged`` whose content
    differs from the previous one; ``tables_version`` is the ``version`` at
    which ``tables`` last changed (equal to the previous message's: only
    players came or went); and within ``tables`` a row changed when its
    ``(table_id, TableSummary.version)`` did.

    ``keyed`` holds the names in ``online`` whose player logged in with an
    SSH key (the name is theirs); every other name is a keyless nickname.
    """

    tables: list[TableSummary]
    online: list[str]
    keyed: frozenset[str] = frozenset()
    version: int = 0
    tables_version: int = 0


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """One chat line; ``at`` is wall-clock seconds (``time.time()``).

    A system line (``system`` True) has no text: ``key`` names the sentence
    (``"sat_down"``, ``"game_begins"``, ... see docs/lobby-api.md) and ``args``
    its arguments as ``(name, value)`` string pairs (player names are
    untrusted), so each session renders it in its own language.
    """

    channel: str
    sender: str
    text: str
    at: float
    system: bool = False
    key: str = ""
    args: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class ChatHistory:
    """The last (at most 200) public messages of a channel, oldest first."""

    channel: str
    messages: list[ChatMessage]


@dataclass(frozen=True, slots=True)
class Notice:
    """A sentence for one player only (e.g. the chat rate limit).

    ``key``/``args`` (as in ``ChatMessage``) name the sentence so the
    session shows it in its own language; ``text`` is its English form, for
    logs and receivers that do not know the key.
    """

    text: str
    level: Literal["info", "warning", "error"] = "info"
    key: str = ""
    args: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class TableUpdate:
    """A table changed; this is what one subscriber may know of it (R18).

    Attributes:
        table: Seats, status, config (``code`` only for the host).
        view: ``Match.view(seat)`` (spectators: ``view(None)``); None before the
            first deal.
        events: New events this subscriber may see, in order. When
            ``catch_up`` is True they are instead the whole game's events
            this subscriber may see (join, spectate, reconnect).
        legal: This seat's legal actions now (spectators: empty).
        version: Pass back with ``Lobby.act``.
        remaining: Seconds left on the current decision's clock when this
            update was made (>= 0); None when untimed or nothing is pending.
            A receiver adds it to its own clock on receipt (no clock is
            shared between processes or machines).
        clock_seconds: Length of that clock in seconds, or None.
        seat: The receiver's seat, None for a spectator.
        waiting_for: Seats the table waits for now (empty when none).
        catch_up: See ``events``.
        while_away: Only in the catch-up of a person back at her seat after her
            link dropped in play: the events since then that she may see and
            that are her own seat's (``Match.own_events``), so the UI can tell
            her what the autopilot did for her (R17; nothing ``events`` does
            not hold, R18). Empty otherwise.
    """

    table: TableSnapshot
    view: View | None
    events: list[Event]
    legal: list[Action]
    version: int
    remaining: float | None
    clock_seconds: float | None
    seat: int | None = None
    waiting_for: tuple[int, ...] = ()
    catch_up: bool = False
    while_away: tuple[Event, ...] = ()


@dataclass(frozen=True, slots=True)
class TableClosed:
    """The table is gone (empty past its grace period, or closed).

    ``key`` names ``reason`` for the session's language (``""``: show ``reason``).
    """

    table_id: str
    reason: str
    key: str = ""


Message = LobbyChanged | ChatMessage | ChatHistory | Notice | TableUpdate | TableClosed


def table_of(msg: object) -> str | None:
    """The id of the table ``msg`` is about (an update, a table chat line or history, a
    closing), or None for lobby-wide messages."""
    match msg:
        case TableUpdate():
            return msg.table.table_id
        case ChatMessage() | ChatHistory():
            return msg.channel
        case TableClosed():
            return msg.table_id
    return None

__all__ = ["GRACE_DEFAULT", "GRACE_MAX", "TableConfig", "SeatInfo",
           "TableSnapshot", "TableSummary", "LobbyChanged", "ChatMessage",
           "ChatHistory", "Notice", "TableUpdate", "TableClosed", "Message", "table_of"]

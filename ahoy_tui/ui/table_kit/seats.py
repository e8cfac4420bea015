"""Facts of a ``TableUpdate`` every game's table asks: seat names, host, the viewer's seat, in play, whose clock.

Pure functions over the lobby's ``TableUpdate`` (``lobby.messages``): its
public ``table`` snapshot, ``seat`` and ``view``; no game rule and no
Textual. The seat ring's word for a seat (:func:`seat_status`) and the
waiting room (:func:`waiting_text`) are the same for every game too.
"""

from __future__ import annotations

import math
from functools import partial
from typing import Any, Callable

from rich.text import Text

from ahoy_tui.lobby.messages import TableUpdate
from ahoy_tui.ui.bot_levels import rated_bot_tag, ring_tag
from ahoy_tui.ui.game_ui import load
from ahoy_tui.ui.game_uis import game_ui
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.option_text import settings_line
from ahoy_tui.ui.table_kit.look import Look
from ahoy_tui.ui.text import asciify, clean

IN_PLAY = ("playing", "between_hands")
"""Table statuses while a game runs (a hand, or the pause between hands)."""


def _same(s: str) -> str:
    return s


def seat_names(update: Any) -> list[str]:
    """The game's seat names in play order (they stay after people leave a finished game)."""
    if update is None:
        return []
    table = update.table
    return list(table.players) if table.players else [s.name for s in table.seats]


def is_host(update: Any, me: str) -> bool:
    """``me`` hosts the update's table (names compared cleaned, as the lobby shows them)."""
    return update is not None and clean(update.table.host, 16) == clean(me, 16)


def my_seat_info(update: Any) -> Any:
    """The viewer's ``SeatInfo`` once a game exists (also a seat taken after game over), or None."""
    if update is None or update.view is None or update.seat is None:
        return None
    seats = update.table.seats
    return seats[update.seat] if update.seat < len(seats) else None


def waiting_hint(update: Any, me: str, host: bool) -> str:
    """The i18n key of the waiting room's prompt for ``me`` (``host``: whether ``me`` hosts the table), the same
    at every game's table: a spectator waits for the host; the host adds bots while a seat is free, then
    starts (``g``) once every person is ready (``Seating.not_ready``: the host aside); a guest presses ``r``,
    then waits for the host."""
    seats = update.table.seats
    me_clean = clean(me, 16)
    mine = next((s for s in seats if clean(s.name, 16) == me_clean and s.kind == "person"), None)
    if mine is None:
        return "wait.hint_watch"
    if not host:
        return "wait.hint_ready" if mine.ready else "wait.hint"
    if any(s.kind == "empty" for s in seats):
        return "wait.hint_host"
    host_clean = clean(update.table.host, 16)
    late = any(s.kind == "person" and not s.ready and clean(s.name, 16) != host_clean for s in seats)
    return "wait.hint_host_full" if late else "wait.hint_host_go"


def in_play(update: Any) -> bool:
    """A game runs at the table (a hand, or the pause between hands)."""
    return update is not None and update.table.status in IN_PLAY


def clock_is_mine(update: Any) -> bool:
    """The running clock is this player's own decision, not yet on the autopilot (R17)."""
    return update is not None and update.remaining is not None and decision_is_mine(update)


def decision_is_mine(update: Any) -> bool:
    """The table waits for this player's decision (timed or not), not yet on the autopilot (R17)."""
    view = None if update is None else update.view
    if update is None or view is None or update.seat is None or view.seat is None:
        return False
    seats = update.table.seats
    if update.seat < len(seats) and seats[update.seat].autopilot:
        return False
    return view.seat in tuple(update.waiting_for or ())


def people_seats(update: Any) -> list[tuple[int, str]]:
    """``(seat, name)`` of every seat a person holds (the host may give one to a bot, R17)."""
    return [(i, s.name) for i, s in enumerate(update.table.seats) if s.kind == "person"]


def bot_seats(update: TableUpdate | None) -> dict[str, tuple[str, str | None]]:
    """The table's bots by seat name: ``(game, bot kind)`` each (a bot's profile card, issue 30)."""
    if update is None:
        return {}
    game = update.table.config.game
    return {s.name: (game, s.bot_kind) for s in update.table.seats if s.kind == "bot"}


def seat_status(update: TableUpdate, i: int, t: Callable[..., str]) -> str:
    """The seat ring's word for seat ``i`` of the game: left, bot, autopilot (in play only),
    ``reconnecting 17 s`` (in play, its person's grace left, R17), offline, ``bot API`` (a program's seat)."""
    table = update.table
    s = table.seats[i] if i < len(table.seats) else None
    if i in table.gone or s is None or s.kind == "empty":
        return t("table.left")
    if s.kind == "bot":
        return ring_tag(t, s.bot_kind)
    if s.autopilot and table.status in IN_PLAY:
        return t("table.autopilot")
    left = s.reconnecting
    if left is not None and not s.connected and table.status in IN_PLAY:
        return t("table.reconnecting", s=math.ceil(left))     # R17: the seat waits for them
    if not s.connected:
        return t("table.offline")
    return t("table.api_bot") if s.api_bot else ""


def waiting_text(update: TableUpdate | None, look: Look) -> Text:
    """The waiting room: the table's name and settings, every seat with its state, the join code."""
    t = partial(tr, look.lang)
    fix = asciify if look.ascii_only else _same
    out = Text()
    if update is None:
        return out
    tbl = update.table
    out.append(fix(t("wait.title", table=clean(tbl.name, 24))) + "\n\n", style="bold")
    cfg = tbl.config
    own = game_ui(cfg.game).waiting_settings  # the game's own line, else every option's (option_text)
    out.append(fix((load(own) if own else settings_line)(t, cfg)))
    out.append("\n\n")
    for i, s in enumerate(tbl.seats):
        out.append(f" {i + 1}. ")
        if s.kind == "empty":
            out.append(fix(t("wait.empty")) + "\n", style="dim")
            continue
        out.append(fix(clean(s.name, 16)), style="bold")
        tags = []
        if s.kind == "bot":
            tags.append(rated_bot_tag(t, cfg.game, s.bot_kind))
        else:
            if s.api_bot:
                tags.append(t("table.api_bot"))
            if clean(s.name, 16) != clean(tbl.host, 16):  # the host starts: its ready is nobody's business
                tags.append(t("wait.ready") if s.ready else t("wait.not_ready"))
        if s.kind != "bot" and not s.connected:
            tags.append(t("table.offline"))
        if clean(s.name, 16) == clean(tbl.host, 16):
            tags.append(t("wait.host"))
        out.append(fix("  (" + ", ".join(tags) + ")\n"))
    if tbl.code:
        out.append("\n" + fix(t("wait.code", code=clean(tbl.code, 16))) + "\n", style="bold")
    return out


def crew_keys(update: Any, me: str, host: bool | None = None) -> frozenset[str]:
    """The seat keys usable now, the same at every game's table: the waiting room's (``ready``, or ``unready`` once one's seat is ready; the host's
    ``start``, ``remove_seat`` and, with an empty seat, ``add_bot``, also after a game over), and in play
    ``autopilot`` (seated) and ``seat_to_bot`` (the host, while a person holds a seat).

    ``update``: a ``TableUpdate`` or None (no keys); ``me``: this session's name; ``host``: whether ``me``
    hosts the table (computed when None).
    """
    on: set[str] = set()
    if update is None:
        return frozenset()
    table = update.table
    if host is None:
        host = is_host(update, me)
    empty_seat = any(s.kind == "empty" for s in table.seats)
    if update.view is None and table.status == "waiting":
        if host:
            on.update(("start", "remove_seat"))
            if empty_seat:
                on.add("add_bot")
        me_clean = clean(me, 16)
        mine = next((s for s in table.seats if clean(s.name, 16) == me_clean and s.kind == "person"), None)
        if mine is not None and not host:  # the host starts the game: nobody waits for its ready
            on.add("unready" if mine.ready else "ready")
    if table.status == "game_over" and host and empty_seat:
        on.add("add_bot")
    playing = table.status in IN_PLAY
    if playing and my_seat_info(update) is not None:
        on.add("autopilot")
    if playing and host and people_seats(update):
        on.add("seat_to_bot")
    return frozenset(on)

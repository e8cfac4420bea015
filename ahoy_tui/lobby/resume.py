"""Rebuild tables from their logs at start (docs/durability.md; ``ahoy_tui.lobby.journal``).

Each entry is applied as the table applied it the first time: the same
match methods with the same seed, so hands, draw pile order, discard pile,
scores and record come out identical, and each ``deal``/``act`` entry's
record lines are compared with what the engine writes again. The first
entry that cannot be applied (cut, corrupt, refused by the engine, or a
mismatch) ends the rebuild: the table is restored up to its last good
entry and the reason is reported.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from ahoy_tui.lobby.journal import config_from_json, from_json, plain, set_seating
from ahoy_tui.lobby.messages import TableConfig
from ahoy_tui.store.base import ArchivedGame, StoreError, TableLog

Table = Any
"""An ``ahoy_tui.lobby.table.Table`` (not imported: the lobby imports this module)."""


class Unusable(ValueError):
    """An entry that cannot be applied; ``str`` says why in one line."""


@dataclass
class Rebuilt:
    """What a rebuild made of one log.

    Attributes:
        table: The table (None when not even its header could be read).
        good: How many entries were applied.
        problem: Why the rebuild stopped before the log's end (None: it did not).
    """

    table: Table | None
    good: int
    problem: str | None


def rebuild(lobby: Any, log: TableLog, rng: random.Random, make_table: Callable[..., Table]) -> Rebuilt:
    """The table ``log`` describes, as of its last good entry (see the module docstring).

    Args:
        lobby: The ``Lobby`` the table will belong to (its ``TableHost`` and store).
        log: The table's log as the store read it.
        rng: The rebuilt table's RNG (later games, bot names).
        make_table: ``Table`` (called as ``Table(lobby, id, config, code, rng, fresh=False)``).

    Never raises for a bad log: the reason is in ``Rebuilt.problem``.
    """
    entries = log.entries
    try:
        head = entries[0] if entries else None
        if not isinstance(head, dict) or head.get("k") != "table":
            raise Unusable("the log has no table header")
        config = config_from_json(head["config"])
        if not isinstance(config, TableConfig):
            raise Unusable("the header holds no table settings")
        table = make_table(lobby, log.table_id, config, head.get("code"), rng, fresh=False)
    except Exception as e:  # noqa: BLE001 - any damage in the header makes the table unusable
        return Rebuilt(None, 0, f"entry 1: {e}")
    good, problem = 1, None
    for entry in entries[1:]:
        try:
            _apply(table, entry)
        except Exception as e:  # noqa: BLE001 - the engine's refusal or any damage stops here
            problem = f"entry {good + 1} ({entry.get('k') if isinstance(entry, dict) else '?'}): {e}"
            break
        good += 1
    if problem is None and log.damage:
        problem = log.damage
    _settle(table, lobby)
    return Rebuilt(table, good, problem)


def _apply(table: Table, e: dict) -> None:
    kind = e["k"]
    if kind == "seating":
        set_seating(table.seating, e)
        nobody = not any(seat.kind == "person" for seat in table.seating.seats)
        table.nobody_since = e.get("at") if nobody else None
    elif kind == "game":
        table.pilot.reset()
        table.game = table.spec.new_match(list(e["names"]), table.config.options, seed=e["seed"])
        table.game_id = str(e["game_id"])
        table.events = []
        table.journal.logged = 0
        _check(table, e)
    elif kind == "deal":
        table.events.extend(_match(table).deal())
        _check(table, e)
    elif kind == "act":
        g = _match(table)
        table.events.extend(g.act(int(e["seat"]), from_json(e["action"])))
        _check(table, e)
    elif kind == "chat":
        table.chat.add(from_json(e["msg"]))
    else:
        raise Unusable(f"unknown entry kind {kind!r}")


def _match(table: Table):  # noqa: ANN202 - a games.base.Match
    if table.game is None:
        raise Unusable("a game entry is missing")
    return table.game


def _check(table: Table, e: dict) -> None:
    """The record lines the engine wrote again are the ones logged."""
    record = table.game.record
    again = plain(record[table.journal.logged:])
    if again != e.get("lines"):
        raise Unusable("the engine's record lines differ from the logged ones")
    table.journal.logged = len(record)


def _settle(table: Table, lobby: Any) -> None:
    """After the last entry: caches, the archive of a finished game, and hold until someone returns."""
    table.journal.known_seating(table.seating)
    g = table.game
    if g is not None and g.over:
        table.archive.keep(g.record, [s.identity for s in table.seats])
        game = _archived(table, lobby)
        if game is not None and lobby.community is not None:
            lobby.community.record(game)  # counted once per game id: a second hand-over changes nothing
    table.held = True
    table.seat_version = []
    table._recompute_legal()


def _archived(table: Any, lobby: Any) -> ArchivedGame | None:
    """The finished game of a rebuilt table as the archive keeps it: the store's copy, or
    archived now when the store never got it (killed before); None when there is no game id or
    the store's copy is damaged (it keeps what it has). Sets ``table.last_listing``."""
    if not table.game_id:
        return None
    try:
        game = lobby.store.archived(table.game_id)
    except StoreError:
        return None
    if game is None:
        game = table.archived_game()
        lobby.store.archive(game)
    table.last_listing = game.listing
    return game

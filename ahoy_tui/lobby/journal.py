"""A table's log, written ahead (DESIGN.md "Durable state"; docs/durability.md).

Every change a table makes is appended to its log (``TableHost.log``)
before any player can see it: the lobby holds the change's messages until
the store says the entry is written. Entries are JSON objects with a kind
``k``:

* ``table`` — the header: ``id``, ``config`` (the codec's JSON of
  ``TableConfig``), ``code`` (private tables' join code or null).
* ``seating`` — every seat (``Seat`` fields), the ``host`` identity and
  ``played`` (per game seat: the index of the same seat in ``seats``, or
  that seat's fields when it was freed since).
* ``game`` — a new game: seat ``names``, its ``seed`` (never shown: R18),
  ``game_id`` for the archive and the record's header ``lines``.
* ``deal`` — the next hand was dealt; ``act`` — ``seat`` took ``action``
  (the codec's JSON). Both carry the record ``lines`` they added (chance
  lines, the action, results), so a rebuild checks that the engine did
  exactly what was seen.
* ``chat`` — a table chat line (``msg``: the codec's JSON of ``ChatMessage``).

The game is rebuilt by calling the same match methods with the same seed,
so every chance outcome and every random choice comes out the same
(``ahoy_tui.lobby.resume``).
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any, Sequence

from ahoy_tui.lobby import codec
from ahoy_tui.lobby.host import TableHost
from ahoy_tui.lobby.messages import GRACE_DEFAULT
from ahoy_tui.lobby.seating import Seating
from ahoy_tui.lobby.seats import Seat


def to_json(value: Any) -> Any:
    """A registered value (config, action, chat message) as plain JSON data (``codec``)."""
    return json.loads(codec.encode(value))


def from_json(data: Any) -> Any:
    """The value ``to_json`` made (``codec.CodecError`` for anything else)."""
    return codec.decode_value(json.dumps(data).encode())


CONFIG_ADDED: dict[str, Any] = {"grace": GRACE_DEFAULT, "bot_pace": "normal"}
"""``TableConfig`` fields added after tables were first logged, with the value a header
written before them means (the codec wants every field)."""


def config_from_json(data: Any) -> Any:
    """The ``TableConfig`` of a ``table`` header, also one logged before a field of
    :data:`CONFIG_ADDED` existed (``codec.CodecError`` for anything else)."""
    if isinstance(data, dict) and data.get(codec.TAG) == "TableConfig":
        data = {**CONFIG_ADDED, **data}
    return from_json(data)


def seating_state(seating: Seating) -> dict:
    """The ``seating`` entry's body for ``seating`` as it is now."""
    index = {id(s): i for i, s in enumerate(seating.seats)}
    played = [index.get(id(s), asdict(s)) for s in seating.played]
    return {"seats": [asdict(s) for s in seating.seats], "host": seating.host, "played": played}


def set_seating(seating: Seating, entry: dict) -> None:
    """Make ``seating`` what a ``seating`` entry says.

    Raises:
        TypeError, KeyError, IndexError: an entry of the wrong shape.
    """
    seats = [Seat(**s) for s in entry["seats"]]
    seating.seats = seats
    seating.host = entry["host"]
    seating.played = [seats[p] if isinstance(p, int) else Seat(**p) for p in entry["played"]]


def plain(lines: Sequence[dict]) -> list[dict]:
    """Record lines as JSON gives them back (tuples become lists), for comparing."""
    return json.loads(json.dumps(list(lines)))


class Journal:
    """What one table appends to its log (see the module docstring).

    Args:
        host: The lobby (``TableHost.log`` queues an entry and returns its sequence number).
        table_id: The table's id.

    Attributes:
        last_seq: Sequence number of this table's newest entry (0: none yet).
        logged: Record lines of the current game already in the log.
    """

    def __init__(self, host: TableHost, table_id: str) -> None:
        self.host = host
        self.table_id = table_id
        self.last_seq = 0
        self.logged = 0
        self._seating: dict | None = None

    def _append(self, entry: dict) -> None:
        seq = self.host.log(self.table_id, entry)
        if seq:
            self.last_seq = seq

    def header(self, config: Any, code: str | None) -> None:
        self._append({"k": "table", "id": self.table_id, "config": to_json(config), "code": code})

    def anew(self, config: Any, code: str | None, chat: Sequence[Any]) -> None:
        """Start the log again (a new game at this table: earlier games are archived):
        the header and the table chat kept so far; the seats follow with the game."""
        self.host.restart_log(self.table_id)
        self._seating = None
        self.header(config, code)
        for msg in chat:
            self.chat(msg)

    def seating(self, seating: Seating) -> None:
        """Append the seats when they differ from the last ones logged, with ``at``: the
        host's wall-clock time (s; ``Table.keep_deadline`` reads it back)."""
        state = seating_state(seating)
        if state != self._seating:
            self._seating = state
            self._append({"k": "seating", **state, "at": self.host.wall()})

    def known_seating(self, seating: Seating) -> None:
        """The seats are already in the log as they are now (after a rebuild)."""
        self._seating = seating_state(seating)

    def game(self, names: Sequence[str], seed: int, game_id: str, record: Sequence[dict]) -> None:
        self.logged = len(record)
        self._append({"k": "game", "names": list(names), "seed": seed, "game_id": game_id,
                      "lines": plain(record)})

    def deal(self, record: Sequence[dict]) -> None:
        self._append({"k": "deal", "lines": self._new_lines(record)})

    def act(self, seat: int, action: Any, record: Sequence[dict]) -> None:
        self._append({"k": "act", "seat": seat, "action": to_json(action), "lines": self._new_lines(record)})

    def chat(self, msg: Any) -> None:
        self._append({"k": "chat", "msg": to_json(msg)})

    def _new_lines(self, record: Sequence[dict]) -> list[dict]:
        lines = plain(record[self.logged:])
        self.logged = len(record)
        return lines

"""Every Redis key and channel name Ahoy uses, in one place (docs/deploy.md, docs/durability.md).

All keys start with ``ahoy:``, so one Redis can hold other things too. This
module imports nothing; it lives in the store (the lowest layer that uses
Redis) and the cluster layer imports it as ``ahoy_tui.cluster.keys``.

Table state (written by the table's owner only, fenced by its epoch):

* ``ahoy:log:{table_id}`` — Stream: the table's log, one entry per
  ``TableStore.append`` (field ``e``: the entry's JSON text).
* ``ahoy:logs`` — Sorted set: the ids of tables with a log, scored by
  their first entry's sequence number (oldest first).
* ``ahoy:lease:{table_id}`` — String ``"{worker_id}:{epoch}"`` with a TTL
  (ms): who owns the table now (``ahoy_tui.cluster.lease``).
* ``ahoy:epoch:{table_id}`` — Integer, ``INCR`` on every acquisition of the
  lease; the store refuses a table's writes fenced with a lower epoch.

Lobby and archive:

* ``ahoy:chat`` — Stream capped at ``LOBBY_CHAT_KEPT``: lobby chat lines.
* ``ahoy:game:{game_id}`` — Hash ``listing`` (JSON), ``record`` (zlib JSONL).
* ``ahoy:game:{game_id}:players`` — Set: identities who played it.
* ``ahoy:games`` — Sorted set: game ids by finish time (wall-clock s).
* ``ahoy:games:of:{identity}`` — Sorted set: one player's game ids by finish time.
* ``ahoy:seq`` — Sorted set with one member ``max``: the highest store
  sequence number handed out (``ZADD GT``), so numbers grow across restarts.
* ``ahoy:written:{store_id}`` — String: the last sequence number one store
  wrote (to tell, after a lost reply, whether a batch went in).

Workers:

* ``ahoy:w:{worker_id}`` — Pub/sub channel: messages for one worker.
* ``ahoy:tables`` — Hash ``table_id`` → directory entry (the cluster lobby).
* ``ahoy:workers`` — Hash ``worker_id`` → last heartbeat (wall-clock s).
* ``ahoy:worker-seq`` — Integer: ``INCR`` at a worker's start, its table-id prefix.
* ``ahoy:names``, ``ahoy:name-of``, ``ahoy:name-holders``, ``ahoy:name-refs``,
  ``ahoy:table-claims`` — Hashes: display names and tables claimed across
  the cluster (named and described in ``ahoy_tui.cluster.claims``).
* ``ahoy:rate:conn:{address}``, ``ahoy:rate:fail:{address}`` — Sorted sets:
  the front door's connection and failed-password rates (``server.shared_limits``).
"""

from __future__ import annotations

PREFIX = "ahoy:"

CHAT = PREFIX + "chat"
LOGS = PREFIX + "logs"
GAMES = PREFIX + "games"
SEQ = PREFIX + "seq"
TABLES = PREFIX + "tables"
WORKERS = PREFIX + "workers"
WORKER_SEQ = PREFIX + "worker-seq"


def log(table_id: str) -> str:
    """The Stream holding ``table_id``'s log."""
    return f"{PREFIX}log:{table_id}"


def lease(table_id: str) -> str:
    """The lease of ``table_id`` (``"{worker_id}:{epoch}"``, with a TTL)."""
    return f"{PREFIX}lease:{table_id}"


def epoch(table_id: str) -> str:
    """The fencing epoch counter of ``table_id``."""
    return f"{PREFIX}epoch:{table_id}"


def game(game_id: str) -> str:
    """The archived game ``game_id`` (hash ``listing``, ``record``)."""
    return f"{PREFIX}game:{game_id}"


def game_players(game_id: str) -> str:
    """The identities who played archived game ``game_id``."""
    return f"{PREFIX}game:{game_id}:players"


def games_of(identity: str) -> str:
    """The archived games ``identity`` played in, by finish time."""
    return f"{PREFIX}games:of:{identity}"


def written(store_id: str) -> str:
    """The last sequence number store ``store_id`` wrote."""
    return f"{PREFIX}written:{store_id}"


def worker_channel(worker_id: str) -> str:
    """The pub/sub channel of worker ``worker_id``."""
    return f"{PREFIX}w:{worker_id}"

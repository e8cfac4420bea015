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

Ratings and stats (``ahoy_tui.community.redis_tables``; written by a table's owner,
once per game: the ``counted`` marker is set in the same transaction):

* ``ahoy:cm:counted:{game_id}`` — String (JSON): the game was counted; its
  game, finish time and rating changes (ordinals before and after per identity).
* ``ahoy:cm:player:{identity}`` — Hash ``name``, ``last_played``.
* ``ahoy:cm:name:{name}`` — Sorted set: identities last seen as ``name`` (casefolded), by last game.
* ``ahoy:cm:rating:{game}:{identity}`` — Hash ``mu``, ``sigma``, ``games``.
* ``ahoy:cm:board:{game}`` — Sorted set: rated identities by ordinal.
* ``ahoy:cm:stats:{game}:{identity}`` — Hash ``{players}:{count}`` (players 0: every game)
  and ``c:{counter}`` (the game's own counters).
* ``ahoy:cm:played:{identity}`` — Set: the games it finished.
* ``ahoy:cm:wins:{game}:{players}`` — Sorted set: identities by wins at that seat count.
* ``ahoy:cm:gains:{game}`` — Sorted set: one member per rated seat, by finish time (the "recent" board).
* ``ahoy:cm:recent:{game}:{identity}`` — Sorted set: its newest games there, by finish time.

Moderation (``ahoy_tui.store.moderation_redis``):

* ``ahoy:mod:bans`` — Hash ``ban_id`` → ban (JSON).
* ``ahoy:mod:ban-seq`` — Integer: ``INCR`` for each new ban (ids are never reused).
* ``ahoy:mod:mutes`` — Hash ``identity`` → mute (JSON).
* ``ahoy:mod:motd`` — String: the operator's MOTD.
* ``ahoy:mod:audit`` — Stream (capped): the audit log.

Preferences (``ahoy_tui.store.prefs``):

* ``ahoy:prefs`` — Hash ``identity`` → preferences (JSON: theme, language, hints already shown, ...).

Workers:

* ``ahoy:w:{worker_id}`` — Pub/sub channel: messages for one worker.
* ``ahoy:tables`` — Hash ``table_id`` → directory entry (the cluster lobby).
* ``ahoy:workers`` — Hash ``worker_id`` → last heartbeat (Redis server time, s:
  one clock for every machine; ``ahoy_tui.cluster.heartbeat``).
* ``ahoy:gone:{worker_id}`` — String with a TTL: another worker found this one
  silent and declared it gone; the worker, alive after all, joins again.
* ``ahoy:worker-seq`` — Integer: ``INCR`` at a worker's start, its table-id prefix.
* ``ahoy:names``, ``ahoy:name-of``, ``ahoy:name-holders``, ``ahoy:name-refs``,
  ``ahoy:table-claims`` — Hashes: display names and tables claimed across
  the cluster (named and described in ``ahoy_tui.cluster.claims``).
* ``ahoy:rate:conn:{address}``, ``ahoy:rate:fail:{address}`` — Sorted sets:
  the front door's connection and failed-password rates (``ahoy_tui.cluster.limits``).
* ``ahoy:watching:{identity}`` — String with a TTL: the table id one identity watches as a
  spectator, where its next session on any worker returns (``ahoy_tui.cluster.spectating``).

The pub/sub channels (``ahoy:w:{worker_id}`` and ``ahoy:lobby``) carry the number of
the Redis database on the wire (:func:`on_database`): keys are per database, channels
are not.
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
COMMUNITY = PREFIX + "cm:"
"""Prefix of every ratings-and-stats key."""
MOD_BANS = PREFIX + "mod:bans"
MOD_BAN_SEQ = PREFIX + "mod:ban-seq"
MOD_MUTES = PREFIX + "mod:mutes"
MOD_MOTD = PREFIX + "mod:motd"
MOD_AUDIT = PREFIX + "mod:audit"
PREFS = PREFIX + "prefs"
"""Hash identity -> that player's preferences (JSON; ``ahoy_tui.store.prefs``)."""


def log(table_id: str) -> str:
    """The Stream holding ``table_id``'s log."""
    return f"{PREFIX}log:{table_id}"


def gone(worker_id: str) -> str:
    """The mark left for ``worker_id`` when another worker declared it gone."""
    return f"{PREFIX}gone:{worker_id}"


def lease(table_id: str) -> str:
    """The lease of ``table_id`` (``"{worker_id}:{epoch}"``, with a TTL)."""
    return f"{PREFIX}lease:{table_id}"


def handed(table_id: str) -> str:
    """Set (with a TTL) when ``table_id``'s owner stopped cleanly and gave its lease back: the worker
    taking the table says the server restarted, not that a process failed (``cluster.failover``)."""
    return f"{PREFIX}handed:{table_id}"


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


def watching(identity: str) -> str:
    """The table ``identity`` watches as a spectator (String: its id, with a TTL)."""
    return f"{PREFIX}watching:{identity}"


def worker_channel(worker_id: str) -> str:
    """The pub/sub channel of worker ``worker_id``."""
    return f"{PREFIX}w:{worker_id}"


def on_database(channel: str, db: int) -> str:
    """The name ``channel`` (``ahoy:lobby``, ``ahoy:w:{worker_id}``) has on the wire for a cluster
    on Redis database ``db``: ``ahoy:{db}:lobby``, ``ahoy:{db}:w:{worker_id}``.

    Keys are per database but pub/sub channels are global to a Redis server, so two clusters on
    two databases of one server would otherwise hear each other's chat, bans and requests.
    """
    return f"{PREFIX}{db}:{channel.removeprefix(PREFIX)}"


def community(kind: str, *parts: object) -> str:
    """A ratings-and-stats key: ``community("rating", game, identity)`` is ``ahoy:cm:rating:{game}:{identity}``."""
    return COMMUNITY + ":".join([kind, *map(str, parts)])

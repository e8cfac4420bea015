"""Names and tables claimed atomically in Redis, so two workers never hand out the same one.

Each claim is one Lua script, so two sessions (or two new tables) on two
workers in the same instant cannot both pass the check before either
writes. The rules are the single-process ones (``ahoy_tui.lobby.names``,
``Lobby.connect``, ``Lobby.create_table``): the candidates are computed
here in Python and the script takes the first free one.

Display names (one per identity, held by its sessions):

* ``ahoy:names`` — Hash: display name → the identity holding it.
* ``ahoy:name-of`` — Hash: identity → its display name (a second session of
  the identity, on any worker, gets the same name).
* ``ahoy:name-holders`` — Hash: ``"{worker}/{session}"`` → identity.
* ``ahoy:name-refs`` — Hash: identity → how many sessions hold its name; at
  0 the name is free again.

Tables (for the cap on open tables, one host's table limit and unique table names):

* ``ahoy:table-claims`` — Hash: table id (or ``"{worker}/new{n}"`` while a
  table is being made) → ``"{host identity}\\n{table name}"``. The owner
  writes it with every directory row and removes it when the table closes
  (:func:`ahoy_tui.cluster.announce.table_row`).

Fields named ``"{worker}/..."`` are removed when that worker is found dead
(:func:`release_worker`), and so are its sessions' places
(``ahoy:session-places``, :mod:`ahoy_tui.cluster.places`).
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable

from ahoy_tui.cluster import keys
from ahoy_tui.cluster.places import PLACES
from ahoy_tui.lobby import limits
from ahoy_tui.lobby.errors import Refused
from ahoy_tui.lobby.names import unique_name, unique_table_name

NAMES = keys.PREFIX + "names"
NAME_OF = keys.PREFIX + "name-of"
NAME_HOLDERS = keys.PREFIX + "name-holders"
NAME_REFS = keys.PREFIX + "name-refs"
TABLE_CLAIMS = keys.PREFIX + "table-claims"
_NAME_KEYS = (NAMES, NAME_OF, NAME_HOLDERS, NAME_REFS)
BATCH = 64
"""Candidate names offered to one script call."""

_CLAIM_NAME = """
local id, holder = ARGV[1], ARGV[2]
local name = redis.call('HGET', KEYS[2], id)
if not name then
  for i = 3, #ARGV do
    local cur = redis.call('HGET', KEYS[1], ARGV[i])
    if not cur or cur == id then name = ARGV[i]; break end
  end
  if not name then return false end
  redis.call('HSET', KEYS[1], name, id)
  redis.call('HSET', KEYS[2], id, name)
end
if redis.call('HSETNX', KEYS[3], holder, id) == 1 then redis.call('HINCRBY', KEYS[4], id, 1) end
return name
"""

_RELEASE_NAMES = """
local function release(holder)
  local id = redis.call('HGET', KEYS[3], holder)
  if not id then return end
  redis.call('HDEL', KEYS[3], holder)
  if redis.call('HINCRBY', KEYS[4], id, -1) > 0 then return end
  redis.call('HDEL', KEYS[4], id)
  local name = redis.call('HGET', KEYS[2], id)
  redis.call('HDEL', KEYS[2], id)
  if name and redis.call('HGET', KEYS[1], name) == id then redis.call('HDEL', KEYS[1], name) end
end
if ARGV[1] == 'worker' then
  local prefix = ARGV[2]
  for _, holder in ipairs(redis.call('HKEYS', KEYS[3])) do
    if string.sub(holder, 1, #prefix) == prefix then release(holder) end
  end
  for k = 5, #KEYS do
    local gone = {}
    for _, field in ipairs(redis.call('HKEYS', KEYS[k])) do
      if string.sub(field, 1, #prefix) == prefix then table.insert(gone, field) end
    end
    if #gone > 0 then redis.call('HDEL', KEYS[k], unpack(gone)) end
  end
else
  for i = 2, #ARGV do release(ARGV[i]) end
end
return 0
"""

_CLAIM_TABLE = """
local host, field, most, cap = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
local hosted, names, open = 0, {}, 0
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local v = all[i + 1]
  local cut = string.find(v, '\\n', 1, true)
  if cut then
    local name = string.sub(v, cut + 1)
    if not names[name] then
      names[name] = true
      open = open + 1
      if string.sub(v, 1, cut - 1) == host then hosted = hosted + 1 end
    end
  end
end
if open >= cap or hosted >= most then return {0, open, hosted} end
for i = 5, #ARGV do
  if not names[ARGV[i]] then
    redis.call('HSET', KEYS[1], field, host .. '\\n' .. ARGV[i])
    return {1, ARGV[i], 0}
  end
end
return {2, '', 0}
"""


def _text(raw: Any) -> str:
    return raw.decode() if isinstance(raw, bytes) else str(raw)


def _candidates(pick: Any, wanted: str, start: int) -> list[str]:
    """``BATCH`` candidates of ``pick`` (``unique_name``/``unique_table_name``) after the first ``start``:
    the ones it would give with the ``start + k`` earlier candidates taken."""
    taken: set[str] = set()
    out: list[str] = []
    while len(out) < start + BATCH:
        try:
            cand = pick(wanted, taken)
        except Exception:  # noqa: BLE001 - the rule's own "no free name": no more candidates
            break
        out.append(cand)
        taken.add(cand)
    return out[start:]


async def _first_free(pick: Any, wanted: str, claim: Callable[[list[str]], Awaitable[str | None]]) -> str | None:
    """What ``claim`` took from the candidates of ``pick`` for ``wanted``, offered ``BATCH`` at a
    time; None when every candidate was taken."""
    start = 0
    while True:
        batch = _candidates(pick, wanted, start)
        if not batch:
            return None
        got = await claim(batch)
        if got is not None:
            return got
        start += len(batch)


async def claim_name(redis: Any, identity: str, wanted: str, holder: str) -> str:
    """The display name of a new session ``holder`` (``"{worker}/{session}"``) of ``identity``.

    The identity's name when one of its sessions holds one (on any worker), else
    ``wanted`` or the first ``wanted~2``, ``wanted~3``... no other identity holds
    (``ahoy_tui.lobby.names.unique_name``). Release it with :func:`release_names`.

    Raises:
        redis.RedisError, OSError: Redis cannot be reached.
        RuntimeError: no free name.
    """
    async def claim(batch: list[str]) -> str | None:
        got = await redis.eval(_CLAIM_NAME, len(_NAME_KEYS), *_NAME_KEYS, identity, holder, *batch)
        return None if got is None else _text(got)

    found = await _first_free(unique_name, wanted, claim)
    if found is None:
        raise RuntimeError("no free name")
    return found


def release_names(pipe: Any, *holders: str) -> Any:
    """End sessions ``holders`` on ``pipe`` (a pipeline: queued; a client: await the result); a
    name no session of its identity holds any more is free again."""
    return pipe.eval(_RELEASE_NAMES, 6, *_NAME_KEYS, TABLE_CLAIMS, PLACES, "sessions", *holders)


async def release_worker(redis: Any, worker: str) -> None:
    """Free every name held by the sessions of (dead) ``worker``, its unfinished table claims
    and its sessions' places (:mod:`ahoy_tui.cluster.places`).

    Raises:
        redis.RedisError, OSError: Redis cannot be reached.
    """
    await redis.eval(_RELEASE_NAMES, 6, *_NAME_KEYS, TABLE_CLAIMS, PLACES, "worker", f"{worker}/")


async def claim_table(redis: Any, field: str, host: str, name: str) -> str:
    """Claim a new table of ``host`` (identity) under ``field``; returns its name.

    The name is ``name`` or ``name (2)``, ``name (3)``... : the first no open
    table of the cluster has (``unique_table_name``). Every open table of the
    cluster, and every table being made, holds a claim; tables are counted by
    name (unique among them), so a table whose own claim is written before its
    claim under ``field`` is removed counts once. The limits are the lobby's
    (``ahoy_tui.lobby.limits``, given to the script as arguments); a refusal is
    the lobby's too (``limits.check_room`` with the counts the script found).

    Raises:
        LobbyError: the harbour is full, ``host`` hosts too many tables, or no free name.
        redis.RedisError, OSError: Redis cannot be reached.
    """
    async def claim(batch: list[str]) -> str | None:
        kind, value, hosted = await redis.eval(_CLAIM_TABLE, 1, TABLE_CLAIMS, host, field, limits.MAX_TABLES_PER_HOST,
                                               limits.MAX_TABLES, *batch)
        if int(kind) == 0:
            limits.check_room(int(value), int(hosted))
            raise Refused(limits.HARBOUR_FULL)  # not reached: the script refused by the same limits
        return _text(value) if int(kind) == 1 else None

    found = await _first_free(unique_table_name, name, claim)
    if found is None:
        raise Refused("too many tables have that name")
    return found


def table_claim(host: str | None, name: str) -> str:
    """The ``ahoy:table-claims`` value of an open table (``host``: its host's identity, None: nobody)."""
    return f"{host or ''}\n{name}"

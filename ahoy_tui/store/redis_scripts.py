"""The Lua scripts the Redis store runs inside its transactions (docs/durability.md, "Redis").

Each runs atomically in Redis. They are sent whole (``EVAL``, not
``EVALSHA``) so that a Redis restarted between two batches, its script cache
empty, cannot make part of a ``MULTI``/``EXEC`` fail.

Fencing (``APPEND``, ``DROP``): a table's write carries the writer's lease
epoch; when ``ahoy:epoch:{table_id}`` is higher, another worker took the
table since, and the write is refused (the script returns 0, nothing
changes). A table never leased has epoch 0 and takes unfenced writes.
"""

from __future__ import annotations

APPEND = """
-- KEYS[1] log stream, KEYS[2] epoch counter, KEYS[3] logs zset
-- ARGV[1] writer's epoch, ARGV[2] table id, ARGV[3] first seq, ARGV[4..] entry texts
if tonumber(redis.call('GET', KEYS[2]) or '0') > tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[3], 'NX', ARGV[3], ARGV[2])
for i = 4, #ARGV do redis.call('XADD', KEYS[1], '*', 'e', ARGV[i]) end
return 1
"""

DROP = """
-- KEYS[1] log stream, KEYS[2] epoch counter, KEYS[3] logs zset; ARGV[1] epoch, ARGV[2] table id
if tonumber(redis.call('GET', KEYS[2]) or '0') > tonumber(ARGV[1]) then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[3], ARGV[2])
return 1
"""

_FORGET_PLAYERS = """
local function forget_players(p, gid)
  local pk = p .. 'game:' .. gid .. ':players'
  for _, who in ipairs(redis.call('SMEMBERS', pk)) do
    redis.call('ZREM', p .. 'games:of:' .. who, gid)
  end
  redis.call('DEL', pk)
end
"""

ARCHIVE = _FORGET_PLAYERS + """
-- ARGV[1] key prefix, ARGV[2] game id, ARGV[3] finished, ARGV[4] listing, ARGV[5] record, ARGV[6..] identities
local p, gid = ARGV[1], ARGV[2]
forget_players(p, gid)
redis.call('HSET', p .. 'game:' .. gid, 'listing', ARGV[4], 'record', ARGV[5])
redis.call('ZADD', p .. 'games', ARGV[3], gid)
for i = 6, #ARGV do
  redis.call('ZADD', p .. 'games:of:' .. ARGV[i], ARGV[3], gid)
  redis.call('SADD', p .. 'game:' .. gid .. ':players', ARGV[i])
end
return 1
"""

FORGET = _FORGET_PLAYERS + """
-- ARGV[1] key prefix, ARGV[2..] game ids
local p = ARGV[1]
for i = 2, #ARGV do
  forget_players(p, ARGV[i])
  redis.call('DEL', p .. 'game:' .. ARGV[i])
  redis.call('ZREM', p .. 'games', ARGV[i])
end
return 1
"""

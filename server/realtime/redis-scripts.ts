/**
 * Lua scripts of the Redis adapter. Each runs atomically, so two nodes adding
 * sockets of one user at the same moment still announce that user once, and
 * the member limit cannot be overshot by a race.
 */

/**
 * KEYS: sockets, users, info, node presence set.
 * ARGV: `{node}:{socket}`, user id, user_info JSON, member limit, channel name.
 * Returns 'added' (first socket of the user), 'present' or 'full'.
 */
export const PRESENCE_JOIN = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 'present' end
if redis.call('HEXISTS', KEYS[2], ARGV[2]) == 0 and redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[4]) then return 'full' end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('SADD', KEYS[4], ARGV[5])
if redis.call('HINCRBY', KEYS[2], ARGV[2], 1) == 1 then
  redis.call('HSET', KEYS[3], ARGV[2], ARGV[3])
  return 'added'
end
return 'present'
`;

/**
 * KEYS: sockets, users, info. ARGV: `{node}:{socket}`.
 * Returns the user id when that was the user's last socket, else nil.
 */
export const PRESENCE_LEAVE = `
local user = redis.call('HGET', KEYS[1], ARGV[1])
if not user then return false end
redis.call('HDEL', KEYS[1], ARGV[1])
if redis.call('HINCRBY', KEYS[2], user, -1) <= 0 then
  redis.call('HDEL', KEYS[2], user)
  redis.call('HDEL', KEYS[3], user)
  return user
end
return false
`;

/**
 * KEYS: sockets, users, info. ARGV: `{node}:` (a node's field prefix).
 * Removes every socket of that node; returns the users left with no socket.
 */
export const PRESENCE_REAP = `
local removed = {}
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  local field, user = fields[i], fields[i + 1]
  if string.sub(field, 1, #ARGV[1]) == ARGV[1] then
    redis.call('HDEL', KEYS[1], field)
    if redis.call('HINCRBY', KEYS[2], user, -1) <= 0 then
      redis.call('HDEL', KEYS[2], user)
      redis.call('HDEL', KEYS[3], user)
      table.insert(removed, user)
    end
  end
end
return removed
`;

/**
 * KEYS: the node's subscription hash. ARGV: channel, +1 or -1, node TTL (ms).
 * Keeps the count and drops the field at zero; the hash expires with the node.
 */
export const SUBSCRIPTION_COUNT = `
if redis.call('HINCRBY', KEYS[1], ARGV[1], tonumber(ARGV[2])) <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`;

"""The Lua script that appends a batch of events atomically.

It runs on Redis 6.2 (the embedded server) and later: plain EVAL/EVALSHA, no
Redis Functions. Every check happens before the first write, so a batch lands
whole or not at all (Redis does not roll a script back, it only refuses to start
writing when, say, memory is full).

KEYS[1] stream   KEYS[2] meta hash   KEYS[3] idempotency hash
ARGV[1] expected seq, or ""          ARGV[2] idempotency key, or ""
ARGV[3] request fingerprint          ARGV[4] idempotency record to store (JSON)
ARGV[5] seq of the first event       ARGV[6] prev_hash of the first event
ARGV[7] hash of the last event       ARGV[8] number of events
ARGV[9] this batch's nonce (random per prepared batch), or ""
then, per event: its number of field/value strings, then those strings.

The nonce makes a re-sent command harmless: a client library that loses the reply (a
dropped connection, a Redis restart) sends the very same EVALSHA again, and without it the
script would see a moved head and the caller would append the batch a second time (or
report a false conflict). The nonces of the last few batches stay in the meta field
``recent_batches`` ("<nonce>:<last seq> ..."), written with the events.

A match whose log failed an integrity check carries a ``frozen`` field in its meta hash
(see ``EventStore.freeze``): nothing more is appended to it. A retry of a request that was
appended before (its idempotency key or nonce) still gets its answer: that write happened.

Replies (first element is the outcome):
  {"appended", last_seq}          (also for a batch that a re-sent command finds stored)
  {"replayed", record}            the key was seen before: nothing appended
  {"idempotency_mismatch", record}
  {"frozen", freeze_record}       the match is frozen: nothing appended
  {"conflict", head_seq, head_hash}     expected seq is stale
  {"head_moved", head_seq, head_hash}   the batch was built on an older head
  {"stream_mismatch", head_seq, last_stream_id}  the stream was written behind our back
                                  (it does not end at the head, or lost entries)
"""

APPEND_LUA = r"""
local GENESIS = string.rep("0", 64)
local RECENT_KEPT = 32
local stream, meta, idem = KEYS[1], KEYS[2], KEYS[3]
local idem_key = ARGV[2]
local nonce = ARGV[9]

-- (1) idempotency: a retry gets the first answer
if idem_key ~= "" then
  local record = redis.call("HGET", idem, idem_key)
  if record then
    local stored = cjson.decode(record)
    if stored["fingerprint"] ~= ARGV[3] then
      return {"idempotency_mismatch", record}
    end
    return {"replayed", record}
  end
end

local state = redis.call("HMGET", meta, "recent_batches", "head_seq", "head_hash", "frozen")

-- (1b) this very batch was appended by an earlier run of this command (its reply lost)
local recent = state[1] or ""
if nonce ~= "" then
  local done = string.match(" " .. recent, " " .. nonce .. ":(%d+)")
  if done then
    return {"appended", tonumber(done)}
  end
end

-- (1c) a frozen match takes no more events
if state[4] then
  return {"frozen", state[4]}
end

local head_seq = tonumber(state[2] or "0")
local head_hash = state[3] or GENESIS

-- (2) optimistic concurrency
if ARGV[1] ~= "" and tonumber(ARGV[1]) ~= head_seq then
  return {"conflict", head_seq, head_hash}
end

-- (3) the batch must continue the chain exactly where it ends now
if tonumber(ARGV[5]) ~= head_seq + 1 or ARGV[6] ~= head_hash then
  return {"head_moved", head_seq, head_hash}
end

-- the stream itself must end at the head, or XADD of <seq>-0 could fail half way, and
-- hold every seq up to it: an entry deleted or trimmed (the oldest ones too) is tampering
local last_id, length = "0-0", 0
if redis.call("EXISTS", stream) == 1 then
  local info = redis.call("XINFO", "STREAM", stream)
  last_id = "?"
  for i = 1, #info, 2 do
    if info[i] == "last-generated-id" then last_id = info[i + 1] end
    if info[i] == "length" then length = tonumber(info[i + 1]) end
  end
end
if last_id ~= string.format("%d-0", head_seq) or length ~= head_seq then
  return {"stream_mismatch", head_seq, last_id}
end

-- (4) write
local seq = head_seq
local pos = 10
for _ = 1, tonumber(ARGV[8]) do
  local nfields = tonumber(ARGV[pos])
  local entry = {}
  for j = pos + 1, pos + nfields do entry[#entry + 1] = ARGV[j] end
  pos = pos + nfields + 1
  seq = seq + 1
  redis.call("XADD", stream, string.format("%d-0", seq), unpack(entry))
end
redis.call("HSET", meta, "head_seq", seq, "head_hash", ARGV[7])
if nonce ~= "" then
  local kept = {nonce .. ":" .. seq}
  for entry in string.gmatch(recent, "%S+") do
    if #kept >= RECENT_KEPT then break end
    kept[#kept + 1] = entry
  end
  redis.call("HSET", meta, "recent_batches", table.concat(kept, " "))
end
if idem_key ~= "" then
  redis.call("HSET", idem, idem_key, ARGV[4])
end
return {"appended", seq}
"""

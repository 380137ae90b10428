import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import { clock } from './clock.ts';
import { type QueueStore, roomKeepUntil, SWEEP_EVERY_MS, type TickOps, type Visitor } from './queue.ts';
import * as repo from './waiting-room.repository.ts';

/** How long a tick may hold a room before another instance may take it (a tick takes milliseconds). */
const LOCK_MS = 30_000;

/**
 * The lines in Redis (one server, not Cluster: a script touches several keys of a room). Per room,
 * under `{prefix}wr:{room}:` (the room's key: a date's id, or the event's): `v:{device}` a hash per visitor (times in ms), `pre` the pre-queue (by
 * arrival), `line` those placed and not admitted (by place), `turns` the admitted with an unused turn
 * (by its end), `seq` and `arrivals` the counters, `pass:{id}` the device of each pass, `lock` the
 * ticker's, `swept` when the room's expiries were last pushed back. Every change of a visitor is one
 * script, so its hash and the sets agree.
 *
 * Nothing lives forever after a sale: every key a script writes expires ROOM_KEEP_MS after the room's
 * last activity (or after its opening, for a pre-queue that waits days), the ticker pushes the whole
 * room's expiries back once per SWEEP_EVERY_MS while it ticks (those waiting in line long are kept), a
 * pass marker expires with its pass, the lock after LOCK_MS, and a room that closed expires
 * CLOSED_KEEP_MS after closing (`expireRoom`). Every script takes the expiry time (ms) as ARGV[1].
 */
const KEEP = `local keep = ARGV[1]
local function keep_key(k) redis.call('PEXPIREAT', k, keep) end
`;

// KEYS: visitor, pre, line, seq, arrivals. ARGV: keep, now, opened, device.
const JOIN = `${KEEP}
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'joined_at', ARGV[2])
  if ARGV[3] == '1' then
    local place = redis.call('INCR', KEYS[4])
    redis.call('HSET', KEYS[1], 'position', place)
    redis.call('ZADD', KEYS[3], place, ARGV[4])
  else
    redis.call('ZADD', KEYS[2], redis.call('INCR', KEYS[5]), ARGV[4])
  end
end
for i = 1, 5 do keep_key(KEYS[i]) end
return redis.call('HGETALL', KEYS[1])`;

// KEYS: visitor, line, turns, seq. ARGV: keep, now, device, pass key prefix.
const REQUEUE = `${KEEP}
local pass = redis.call('HGET', KEYS[1], 'pass_id')
if pass then redis.call('DEL', ARGV[4] .. pass) end
redis.call('HDEL', KEYS[1], 'admitted_at', 'pass_id', 'pass_expires_at', 'used_at')
local place = redis.call('INCR', KEYS[4])
redis.call('HSET', KEYS[1], 'position', place, 'joined_at', ARGV[2])
redis.call('ZADD', KEYS[2], place, ARGV[3])
redis.call('ZREM', KEYS[3], ARGV[3])
for i = 1, 4 do keep_key(KEYS[i]) end
return redis.call('HGETALL', KEYS[1])`;

// KEYS: pre, line. ARGV: keep, visitor key prefix, then the devices in drawn order.
const PLACE_DRAWN = `${KEEP}
local n = #ARGV - 2
for i = 3, #ARGV do
  if redis.call('ZREM', KEYS[1], ARGV[i]) == 1 then
    local place = i - 3 - n
    redis.call('HSET', ARGV[2] .. ARGV[i], 'position', place)
    keep_key(ARGV[2] .. ARGV[i])
    redis.call('ZADD', KEYS[2], place, ARGV[i])
  end
end
keep_key(KEYS[2])`;

// KEYS: pre. ARGV: visitor key prefix, a time (ms): the pre-queue's devices that joined before it.
const UNPLACED = `
local out = {}
for _, device in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  if tonumber(redis.call('HGET', ARGV[1] .. device, 'joined_at')) < tonumber(ARGV[2]) then
    out[#out + 1] = device
  end
end
return out`;

// KEYS: pre, line, seq. ARGV: keep, visitor key prefix.
const PLACE_LATE = `${KEEP}
for _, device in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local place = redis.call('INCR', KEYS[3])
  redis.call('HSET', ARGV[2] .. device, 'position', place)
  keep_key(ARGV[2] .. device)
  redis.call('ZADD', KEYS[2], place, device)
end
redis.call('DEL', KEYS[1])
keep_key(KEYS[2])
keep_key(KEYS[3])`;

// KEYS: line, turns. ARGV: keep, visitor key prefix, pass key prefix, now, turn end, pass ids (one each).
const ADMIT = `${KEEP}
local popped = redis.call('ZPOPMIN', KEYS[1], #ARGV - 5)
for i = 1, #popped, 2 do
  local device, pass = popped[i], ARGV[5 + (i + 1) / 2]
  redis.call('HSET', ARGV[2] .. device, 'admitted_at', ARGV[4], 'pass_id', pass, 'pass_expires_at', ARGV[5])
  redis.call('HDEL', ARGV[2] .. device, 'used_at')
  keep_key(ARGV[2] .. device)
  redis.call('ZADD', KEYS[2], ARGV[5], device)
  redis.call('SET', ARGV[3] .. pass, device, 'PXAT', ARGV[5])
end
keep_key(KEYS[2])
return #popped / 2`;

// KEYS: pass, turns. ARGV: keep, visitor key prefix, pass id, now.
const CONSUME = `${KEEP}
local device = redis.call('GET', KEYS[1])
if not device then return 0 end
local visitor = ARGV[2] .. device
if redis.call('HGET', visitor, 'pass_id') ~= ARGV[3] or redis.call('HEXISTS', visitor, 'used_at') == 1 then
  return 0
end
redis.call('HSET', visitor, 'used_at', ARGV[4])
redis.call('ZREM', KEYS[2], device)
keep_key(visitor)
return 1`;

// KEYS: pass, turns. ARGV: keep, visitor key prefix, pass id.
const RELEASE = `${KEEP}
local device = redis.call('GET', KEYS[1])
if not device then return 0 end
local visitor = ARGV[2] .. device
if redis.call('HGET', visitor, 'pass_id') ~= ARGV[3] then return 0 end
redis.call('HDEL', visitor, 'used_at')
redis.call('ZADD', KEYS[2], redis.call('HGET', visitor, 'pass_expires_at'), device)
keep_key(visitor)
keep_key(KEYS[2])
return 1`;

const UNLOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** When keys written now expire (ms): ROOM_KEEP_MS after now, or after the opening if later. */
const keep = (now: Date = clock.now(), opensAt?: Date) => roomKeepUntil(now, opensAt).getTime();

const time = (ms: string | undefined) => (ms ? new Date(Number(ms)) : null);

function visitorOf(deviceHash: string, flat: string[]): Visitor {
  const h: Record<string, string> = {};
  for (let i = 0; i < flat.length; i += 2) h[flat[i] as string] = flat[i + 1] as string;
  return {
    device_hash: deviceHash,
    joined_at: new Date(Number(h.joined_at)),
    position: h.position === undefined ? null : Number(h.position),
    admitted_at: time(h.admitted_at),
    pass_id: h.pass_id ?? null,
    pass_expires_at: time(h.pass_expires_at),
    used_at: time(h.used_at),
  };
}

export function redisQueue(db: Db, options: { url: string; keyPrefix: string }): QueueStore {
  const redis = new Redis(options.url, {
    // A visitor must not wait for a Redis that is away: fail fast (the error handler answers 503).
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
  });
  redis.on('error', () => {});
  const room = (eventId: string) => {
    const k = `${options.keyPrefix}wr:${eventId}:`;
    return {
      visitor: `${k}v:`,
      pre: `${k}pre`,
      line: `${k}line`,
      turns: `${k}turns`,
      seq: `${k}seq`,
      arrivals: `${k}arrivals`,
      pass: `${k}pass:`,
      lock: `${k}lock`,
    };
  };
  const run = (script: string, keys: string[], args: (string | number)[]) =>
    redis.eval(script, keys.length, ...keys, ...args);
  /** Every key of the room but its pass markers, lock and sweep marker (they keep their own expiry). */
  async function expireRoomKeys(eventId: string, at: Date) {
    const k = `${options.keyPrefix}wr:${eventId}:`;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${k}*`, 'COUNT', 1000);
      const kept = keys.filter((key) => !/^(pass:|lock$|swept$)/.test(key.slice(k.length)));
      if (kept.length) {
        const batch = redis.pipeline();
        for (const key of kept) batch.pexpireat(key, at.getTime());
        await batch.exec();
      }
      cursor = next;
    } while (cursor !== '0');
  }

  const tickOps: TickOps = {
    figures: async () => ({ waiting: 0, unplaced: 0, admitted: 0 }),
    async unplaced(eventId, before) {
      const r = room(eventId);
      return (await run(UNPLACED, [r.pre], [r.visitor, before.getTime()])) as string[];
    },
    async placeDrawn(eventId, devices) {
      if (devices.length === 0) return;
      const r = room(eventId);
      await run(PLACE_DRAWN, [r.pre, r.line], [keep(), r.visitor, ...devices]);
    },
    async placeLate(eventId) {
      const r = room(eventId);
      await run(PLACE_LATE, [r.pre, r.line, r.seq], [keep(), r.visitor]);
    },
    async admitNext(eventId, count, now, expiresAt) {
      if (count <= 0) return 0;
      const r = room(eventId);
      const passes = Array.from({ length: count }, () => randomUUID());
      const args = [keep(now), r.visitor, r.pass, now.getTime(), expiresAt.getTime(), ...passes];
      return Number(await run(ADMIT, [r.line, r.turns], args));
    },
  };

  const store: QueueStore = {
    async find(eventId, hash) {
      const flat = await redis.hgetall(`${room(eventId).visitor}${hash}`);
      return Object.keys(flat).length ? visitorOf(hash, Object.entries(flat).flat()) : null;
    },
    async join(eventId, hash, opened, now, opensAt) {
      const r = room(eventId);
      const keys = [`${r.visitor}${hash}`, r.pre, r.line, r.seq, r.arrivals];
      const args = [keep(now, opensAt), now.getTime(), opened ? '1' : '0', hash];
      return visitorOf(hash, (await run(JOIN, keys, args)) as string[]);
    },
    async requeue(eventId, hash, now) {
      const r = room(eventId);
      const keys = [`${r.visitor}${hash}`, r.line, r.turns, r.seq];
      const args = [keep(now), now.getTime(), hash, r.pass];
      return visitorOf(hash, (await run(REQUEUE, keys, args)) as string[]);
    },
    countAhead: (eventId, position) => redis.zcount(room(eventId).line, '-inf', `(${position}`),
    async lineFigures(eventId, now) {
      const r = room(eventId);
      const [line, pre, admitted] = await Promise.all([
        redis.zcard(r.line),
        redis.zcard(r.pre),
        redis.zcount(r.turns, `(${now.getTime()}`, '+inf'),
      ]);
      return { waiting: line + pre, unplaced: pre, admitted };
    },
    async consumePass(eventId, passId, now) {
      const r = room(eventId);
      const args = [keep(now), r.visitor, passId, now.getTime()];
      return (await run(CONSUME, [`${r.pass}${passId}`, r.turns], args)) === 1;
    },
    async releasePass(eventId, passId) {
      const r = room(eventId);
      await run(RELEASE, [`${r.pass}${passId}`, r.turns], [keep(), r.visitor, passId]);
    },
    async keepAlive(eventId, now) {
      const swept = `${options.keyPrefix}wr:${eventId}:swept`;
      if ((await redis.set(swept, '1', 'PX', SWEEP_EVERY_MS, 'NX')) === 'OK') {
        await expireRoomKeys(eventId, new Date(keep(now)));
      }
    },
    expireRoom: (eventId, at) => expireRoomKeys(eventId, at),
    async withRoomLock(eventId, fn) {
      const { lock } = room(eventId);
      const token = randomUUID();
      if ((await redis.set(lock, token, 'PX', LOCK_MS, 'NX')) !== 'OK') return null;
      try {
        const row = await repo.findRoom(db, eventId);
        return row ? await fn(row, tickOps, db) : null;
      } finally {
        await run(UNLOCK, [lock], [token]);
      }
    },
    close: async () => {
      redis.disconnect();
    },
  };
  tickOps.figures = (eventId, now) => store.lineFigures(eventId, now);
  return store;
}

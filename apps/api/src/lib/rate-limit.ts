import { inArray, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';

export interface Counter {
  count: number;
  windowStart: Date;
  lastAt: Date;
}

/**
 * Fixed-window counters shared by every API instance. Time comes from the caller so tests can
 * move it; a window restarts on the first hit after it ended.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number, now: Date): Promise<Counter>;
  peek(key: string, windowMs: number, now: Date): Promise<Counter | null>;
  reset(key: string): Promise<void>;
  /** Several counters (distinct keys) in one round trip, in the order given. */
  hitMany(entries: readonly CounterWindow[], now: Date): Promise<Counter[]>;
  peekMany(entries: readonly CounterWindow[], now: Date): Promise<(Counter | null)[]>;
}

export interface CounterWindow {
  key: string;
  windowMs: number;
}

const inWindow = (counter: Counter, windowMs: number, now: Date) => counter.windowStart.getTime() > now.getTime() - windowMs;

export function postgresRateLimitStore(db: Database): RateLimitStore {
  return {
    async hit(key, windowMs, now) {
      const windowEndedBefore = new Date(now.getTime() - windowMs);
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ key, windowStart: now, count: 1, lastAt: now })
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${rateLimitCounters.windowStart} <= ${windowEndedBefore.toISOString()}::timestamptz then 1 else ${rateLimitCounters.count} + 1 end`,
            windowStart: sql`case when ${rateLimitCounters.windowStart} <= ${windowEndedBefore.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimitCounters.windowStart} end`,
            lastAt: now,
          },
        })
        .returning();
      if (!row) throw new Error('rate limit counter not written');
      return { count: row.count, windowStart: row.windowStart, lastAt: row.lastAt };
    },
    async peek(key, windowMs, now) {
      const [row] = await db.select().from(rateLimitCounters).where(sql`${rateLimitCounters.key} = ${key}`).limit(1);
      if (!row || row.windowStart.getTime() <= now.getTime() - windowMs) return null;
      return { count: row.count, windowStart: row.windowStart, lastAt: row.lastAt };
    },
    async reset(key) {
      await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} = ${key}`);
    },
    async hitMany(entries, now) {
      if (entries.length === 0) return [];
      // One upsert of every row; each key restarts its own window, so the cut-off is chosen per key.
      const cutOff = sql`case excluded.key ${sql.join(
        entries.map((e) => sql`when ${e.key} then ${new Date(now.getTime() - e.windowMs).toISOString()}::timestamptz`),
        sql` `,
      )} end`;
      const ended = sql`${rateLimitCounters.windowStart} <= ${cutOff}`;
      const rows = await db
        .insert(rateLimitCounters)
        .values(entries.map((e) => ({ key: e.key, windowStart: now, count: 1, lastAt: now })))
        .onConflictDoUpdate({
          target: rateLimitCounters.key,
          set: {
            count: sql`case when ${ended} then 1 else ${rateLimitCounters.count} + 1 end`,
            windowStart: sql`case when ${ended} then excluded.window_start else ${rateLimitCounters.windowStart} end`,
            lastAt: sql`excluded.last_at`,
          },
        })
        .returning();
      const byKey = new Map(rows.map((row) => [row.key, row]));
      return entries.map(({ key }) => {
        const row = byKey.get(key);
        if (!row) throw new Error('rate limit counter not written');
        return { count: row.count, windowStart: row.windowStart, lastAt: row.lastAt };
      });
    },
    async peekMany(entries, now) {
      if (entries.length === 0) return [];
      const rows = await db
        .select()
        .from(rateLimitCounters)
        .where(inArray(rateLimitCounters.key, entries.map((e) => e.key)));
      const byKey = new Map(rows.map((row) => [row.key, { count: row.count, windowStart: row.windowStart, lastAt: row.lastAt }]));
      return entries.map(({ key, windowMs }) => {
        const counter = byKey.get(key);
        return counter && inWindow(counter, windowMs, now) ? counter : null;
      });
    },
  };
}

// KEYS[1] counter hash; ARGV: now (ms), window (ms). Restarts the window when it has ended.
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local start = tonumber(redis.call('HGET', KEYS[1], 'start') or '0')
if start == 0 or start <= now - window then
  redis.call('HSET', KEYS[1], 'start', now, 'count', 0)
  start = now
end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HSET', KEYS[1], 'last', now)
redis.call('PEXPIRE', KEYS[1], window * 2)
return {count, start}
`;

// KEYS: counter hashes; ARGV: now (ms), then one window (ms) per key. HIT_SCRIPT applied to each.
const HIT_MANY_SCRIPT = `
local now = tonumber(ARGV[1])
local out = {}
for i, key in ipairs(KEYS) do
  local window = tonumber(ARGV[i + 1])
  local start = tonumber(redis.call('HGET', key, 'start') or '0')
  if start == 0 or start <= now - window then
    redis.call('HSET', key, 'start', now, 'count', 0)
    start = now
  end
  out[#out + 1] = redis.call('HINCRBY', key, 'count', 1)
  out[#out + 1] = start
  redis.call('HSET', key, 'last', now)
  redis.call('PEXPIRE', key, window * 2)
end
return out
`;

function counterFromHash(values: (string | null)[], windowMs: number, now: Date): Counter | null {
  const [start, count, last] = values.map((v) => Number(v ?? 0));
  if (!start || start <= now.getTime() - windowMs) return null;
  return { count: count ?? 0, windowStart: new Date(start), lastAt: new Date(last || start) };
}

export function redisRateLimitStore(redis: Redis, prefix = 'ecare:rl:'): RateLimitStore {
  return {
    async hit(key, windowMs, now) {
      const [count, start] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, now.getTime(), windowMs)) as [number, number];
      return { count, windowStart: new Date(Number(start)), lastAt: now };
    },
    async peek(key, windowMs, now) {
      return counterFromHash(await redis.hmget(prefix + key, 'start', 'count', 'last'), windowMs, now);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async hitMany(entries, now) {
      if (entries.length === 0) return [];
      const keys = entries.map((e) => prefix + e.key);
      const flat = (await redis.eval(HIT_MANY_SCRIPT, keys.length, ...keys, now.getTime(), ...entries.map((e) => e.windowMs))) as number[];
      return entries.map((_, i) => ({ count: Number(flat[2 * i]), windowStart: new Date(Number(flat[2 * i + 1])), lastAt: now }));
    },
    async peekMany(entries, now) {
      if (entries.length === 0) return [];
      const answers = await redis.pipeline(entries.map((e) => ['hmget', prefix + e.key, 'start', 'count', 'last'])).exec();
      return entries.map(({ windowMs }, i) => {
        const [error, values] = answers?.[i] ?? [new Error('no answer'), null];
        if (error) throw error;
        return counterFromHash(values as (string | null)[], windowMs, now);
      });
    },
  };
}

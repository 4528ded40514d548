import { sql } from 'drizzle-orm';
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
}

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

export function redisRateLimitStore(redis: Redis, prefix = 'ecare:rl:'): RateLimitStore {
  return {
    async hit(key, windowMs, now) {
      const [count, start] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, now.getTime(), windowMs)) as [number, number];
      return { count, windowStart: new Date(Number(start)), lastAt: now };
    },
    async peek(key, windowMs, now) {
      const values = await redis.hmget(prefix + key, 'start', 'count', 'last');
      const [start, count, last] = values.map((v) => Number(v ?? 0));
      if (!start || start <= now.getTime() - windowMs) return null;
      return { count: count ?? 0, windowStart: new Date(start), lastAt: new Date(last ?? start) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import StoreAbstract from 'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js';
import type { Database } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';
import type { Clock } from './clock.ts';

/** One rule: `points` per window of `durationMs`, under keys `keyPrefix:…`. */
export interface LimiterRule {
  keyPrefix: string;
  points: number;
  durationMs: number;
}

export type Limiter = RateLimiterStoreAbstract;

/**
 * Where every API instance keeps its counters: rate-limiter-flexible limiters (consume,
 * penalty, get, block, delete) over PostgreSQL or Redis, reading time from the app's clock.
 */
export interface RateLimitStore {
  limiter(rule: LimiterRule, clock: Clock): Limiter;
}

/** What a store keeps per key: the points of the window and when it ends (epoch ms). */
interface Stored {
  points: number;
  expiresAt: number;
}

/**
 * The library's stores read `Date.now()`; ours read the clock the app is given, so that tests
 * move time for the limits as they do for sessions. A window starts on the first point
 * consumed after the previous one ended (fixed windows, as the library's own stores).
 */
abstract class ClockedStore extends StoreAbstract {
  constructor(
    rule: LimiterRule,
    storeClient: unknown,
    protected readonly clock: Clock,
  ) {
    if (!Number.isInteger(rule.durationMs / 1000)) throw new Error(`rate-limit window not in whole seconds: ${rule.durationMs}`);
    // No in-memory blocking: it would be per instance and on the system clock.
    super({ keyPrefix: rule.keyPrefix, points: rule.points, duration: rule.durationMs / 1000, storeClient, inMemoryBlockOnConsumed: 0 });
  }

  protected abstract upsert(rlKey: string, points: number, msDuration: number, forceExpire: boolean, now: number): Promise<Stored>;
  protected abstract read(rlKey: string, now: number): Promise<Stored | null>;
  protected abstract remove(rlKey: string): Promise<boolean>;

  // The four methods RateLimiterStoreAbstract asks of a store.
  _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<Stored> {
    if (!(msDuration > 0)) return Promise.reject(new Error('rate-limit windows without an end are not supported'));
    // Whole milliseconds: a block's length is given in seconds, as a fraction where need be.
    return this.upsert(rlKey, points, Math.round(msDuration), forceExpire, this.clock.now().getTime());
  }

  _get(rlKey: string): Promise<Stored | null> {
    return this.read(rlKey, this.clock.now().getTime());
  }

  _delete(rlKey: string): Promise<boolean> {
    return this.remove(rlKey);
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, stored: Stored): RateLimiterRes {
    const msBeforeNext = Math.max(stored.expiresAt - this.clock.now().getTime(), 0);
    return new RateLimiterRes(Math.max(this.points - stored.points, 0), msBeforeNext, stored.points, stored.points === changedPoints);
  }
}

class DatabaseLimiter extends ClockedStore {
  constructor(
    rule: LimiterRule,
    private readonly db: Database,
    clock: Clock,
  ) {
    super(rule, db, clock);
  }

  protected async upsert(rlKey: string, points: number, msDuration: number, forceExpire: boolean, nowMs: number): Promise<Stored> {
    const now = new Date(nowMs);
    const t = rateLimitCounters;
    // A row of before the expiry column (null) counts as ended.
    const restart = forceExpire ? sql`true` : sql`(${t.expiresAt} is null or ${t.expiresAt} <= ${now.toISOString()}::timestamptz)`;
    const [row] = await this.db
      .insert(t)
      .values({ key: rlKey, windowStart: now, count: points, lastAt: now, expiresAt: new Date(nowMs + msDuration) })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          count: sql`case when ${restart} then excluded.count else ${t.count} + excluded.count end`,
          windowStart: sql`case when ${restart} then excluded.window_start else ${t.windowStart} end`,
          expiresAt: sql`case when ${restart} then excluded.expires_at else ${t.expiresAt} end`,
          lastAt: sql`excluded.last_at`,
        },
      })
      .returning({ points: t.count, expiresAt: t.expiresAt });
    if (!row?.expiresAt) throw new Error('rate limit counter not written');
    return { points: row.points, expiresAt: row.expiresAt.getTime() };
  }

  protected async read(rlKey: string, nowMs: number): Promise<Stored | null> {
    const t = rateLimitCounters;
    const [row] = await this.db
      .select({ points: t.count, expiresAt: t.expiresAt })
      .from(t)
      .where(sql`${t.key} = ${rlKey} and ${t.expiresAt} > ${new Date(nowMs).toISOString()}::timestamptz`)
      .limit(1);
    return row?.expiresAt ? { points: row.points, expiresAt: row.expiresAt.getTime() } : null;
  }

  protected async remove(rlKey: string): Promise<boolean> {
    const rows = await this.db.delete(rateLimitCounters).where(sql`${rateLimitCounters.key} = ${rlKey}`).returning({ key: rateLimitCounters.key });
    return rows.length > 0;
  }
}

/** Counters in the `rate_limit_counters` table, through the app's database (PGlite or PostgreSQL). */
export function postgresRateLimitStore(db: Database): RateLimitStore {
  return { limiter: (rule, clock) => new DatabaseLimiter(rule, db, clock) };
}

// KEYS[1] counter hash; ARGV: now (ms), window (ms), points, force ('1' to start a window, as a block does).
// Redis drops the key when the window ends, by its own clock; the app's decides before that.
const UPSERT_SCRIPT = `
local now = tonumber(ARGV[1])
local expires = tonumber(redis.call('HGET', KEYS[1], 'expires') or '0')
local points
if ARGV[4] == '1' or expires <= now then
  expires = now + tonumber(ARGV[2])
  points = tonumber(ARGV[3])
  redis.call('HSET', KEYS[1], 'points', points, 'expires', expires)
else
  points = redis.call('HINCRBY', KEYS[1], 'points', ARGV[3])
end
redis.call('PEXPIRE', KEYS[1], expires - now)
return {points, expires}
`;

class RedisLimiter extends ClockedStore {
  constructor(
    rule: LimiterRule,
    private readonly redis: Redis,
    private readonly namespace: string,
    clock: Clock,
  ) {
    super(rule, redis, clock);
  }

  protected async upsert(rlKey: string, points: number, msDuration: number, forceExpire: boolean, now: number): Promise<Stored> {
    const answer = (await this.redis.eval(UPSERT_SCRIPT, 1, this.namespace + rlKey, now, msDuration, points, forceExpire ? '1' : '0')) as [number, number];
    return { points: Number(answer[0]), expiresAt: Number(answer[1]) };
  }

  protected async read(rlKey: string, now: number): Promise<Stored | null> {
    const [points, expires] = await this.redis.hmget(this.namespace + rlKey, 'points', 'expires');
    if (points == null || expires == null || Number(expires) <= now) return null;
    return { points: Number(points), expiresAt: Number(expires) };
  }

  protected async remove(rlKey: string): Promise<boolean> {
    return (await this.redis.del(this.namespace + rlKey)) > 0;
  }
}

/** Counters in Redis (`REDIS_URL`), one hash per key under `namespace`. */
export function redisRateLimitStore(redis: Redis, namespace = 'ecare:rl:'): RateLimitStore {
  return { limiter: (rule, clock) => new RedisLimiter(rule, redis, namespace, clock) };
}

import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashConfidentialCode } from '@ecare/shared';
import { DEMO_USERS } from '../db/seed/demo.ts';
import { createTestContext, tokenErrorOf, type TestContext } from '../test/harness.ts';
import { ManualClock } from './clock.ts';
import { createLimits, LIMITS, loginSource, type Limits } from './limits.ts';
import { postgresRateLimitStore, redisRateLimitStore, type RateLimitStore } from './rate-limit.ts';

let t: TestContext;
let redis: Redis;
// A prefix of this file's own, so that other test runs on the same Redis are not touched.
const REDIS_PREFIX = `ecare-limits-test:${process.pid}:${Date.now()}:`;

beforeAll(async () => {
  t = await createTestContext();
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  const keys = await redis.keys(`${REDIS_PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await t.close();
});

const attempt = async (email: string, code: string, ip?: string) =>
  t.send('POST', '/api/token', {
    ...(ip ? { ip } : {}),
    form: { username: email, password: await hashConfidentialCode(email, code), grant_type: 'password', captcha: '', ip: '' },
  });

describe('login sources', () => {
  it('takes an IPv6 /64 as one source inside its /48, and an IPv4 address inside its /24', () => {
    expect(loginSource('2001:db8:1:2:aaaa::1')).toEqual({ address: '2001:db8:1:2::/64', network: '2001:db8:1::/48' });
    expect(loginSource('2001:0db8:0001:0002:ffff:eeee:dddd:cccc').address).toBe('2001:db8:1:2::/64');
    expect(loginSource('2001:db8:1:3::1').address).not.toBe(loginSource('2001:db8:1:2::1').address);
    expect(loginSource('2001:db8:1:3::1').network).toBe(loginSource('2001:db8:1:2::1').network);
    expect(loginSource('fe80::1%eth0').address).toBe('fe80:0:0:0::/64');
    expect(loginSource('203.0.113.9')).toEqual({ address: '203.0.113.9', network: '203.0.113.0/24' });
    // The same IPv4 client seen through a dual-stack socket.
    expect(loginSource('::ffff:203.0.113.9')).toEqual(loginSource('203.0.113.9'));
    expect(loginSource('::ffff:cb00:7109')).toEqual(loginSource('203.0.113.9'));
  });
});

describe('per-IP limit', () => {
  it('refuses the 11th login call of a minute from one address with a French 429, then lets it through a minute later', async () => {
    const ip = '203.0.113.10';
    for (let i = 0; i < 10; i++) expect((await attempt(`ip${i}@limite.test`, 'Mauvais#1', ip)).statusCode).toBe(400);
    const limited = await attempt(DEMO_USERS.solo.email, DEMO_USERS.solo.password, ip);
    expect(limited.statusCode).toBe(429);
    expect(tokenErrorOf(limited).error_description).toMatch(/^Trop de requêtes/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await attempt(DEMO_USERS.solo.email, DEMO_USERS.solo.password, '203.0.113.11')).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await attempt(DEMO_USERS.solo.email, DEMO_USERS.solo.password, ip)).statusCode).toBe(200);
  });

  it('limits the forgotten-code and link endpoints too', async () => {
    const ip = '203.0.113.20';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await t.send('POST', '/api/clients/reinit_mdp/autorise', { ip, json: { email: 'x@limite.test' } })).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    const guidStatuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await t.app.inject({ method: 'GET', url: `/api/guid/verifier/${'g'.repeat(43)}`, remoteAddress: ip });
      guidStatuses.push(response.statusCode);
    }
    expect(guidStatuses[10]).toBe(429);
  });
});

// The same rules on both counter stores: PostgreSQL (PGlite here unless DATABASE_URL is set) and Redis.
const STORES: [string, () => RateLimitStore][] = [
  ['database', () => postgresRateLimitStore(t.db)],
  ['Redis', () => redisRateLimitStore(redis, REDIS_PREFIX)],
];

describe.each(STORES)('%s counters', (name, makeStore) => {
  let clock: ManualClock;
  let limits: Limits;
  let n = 0;
  /** A fresh identifier per test, so that tests share nothing but the store. */
  const identifier = () => `${name.toLowerCase()}-${(n += 1)}@limite.test`;
  const fail = async (id: string, ip: string) => limits.loginFailed(id, await limits.checkLogin(id, ip));
  const beforeEachTest = () => {
    clock = new ManualClock();
    limits = createLimits(makeStore(), clock);
  };

  it('keeps fixed windows and blocks on the app’s clock, as rate-limiter-flexible’s own stores do', async () => {
    beforeEachTest();
    const store = makeStore();
    const prefix = `store-${identifier()}`;
    const limiter = store.limiter({ keyPrefix: prefix, points: 2, durationMs: 60_000 }, clock);
    expect(await limiter.consume('k')).toMatchObject({ consumedPoints: 1, remainingPoints: 1, msBeforeNext: 60_000, isFirstInDuration: true });
    clock.advance(30_000);
    expect(await limiter.consume('k')).toMatchObject({ consumedPoints: 2, remainingPoints: 0, msBeforeNext: 30_000, isFirstInDuration: false });
    await expect(limiter.consume('k')).rejects.toMatchObject({ consumedPoints: 3, msBeforeNext: 30_000 });
    expect(await limiter.get('other')).toBeNull();
    clock.advance(30_000);
    // The window ended: the next point starts a new one.
    expect(await limiter.get('k')).toBeNull();
    expect(await limiter.penalty('k', 2)).toMatchObject({ consumedPoints: 2, msBeforeNext: 60_000 });
    // A block lasts its own time, then the key starts afresh.
    await limiter.block('k', 5.5);
    await expect(limiter.consume('k')).rejects.toMatchObject({ msBeforeNext: 5_500 });
    clock.advance(5_500);
    expect(await limiter.consume('k')).toMatchObject({ consumedPoints: 1, msBeforeNext: 60_000 });
    expect(await limiter.delete('k')).toBe(true);
    expect(await limiter.get('k')).toBeNull();
    expect(await limiter.delete('k')).toBe(false);
    // Another prefix is another counter.
    expect(await store.limiter({ keyPrefix: `${prefix}-b`, points: 2, durationMs: 60_000 }, clock).get('k')).toBeNull();
  });

  it('never makes a source wait beyond the hour of the failures that caused it', async () => {
    beforeEachTest();
    const id = identifier();
    for (let i = 0; i < 4; i++) await fail(id, '203.0.113.3');
    clock.advance(LIMITS.failureWindowMs - 10_000);
    await fail(id, '203.0.113.3');
    await expect(limits.checkLogin(id, '203.0.113.3')).rejects.toThrow(/patienter 10\u00a0secondes/);
    clock.advance(10_000);
    await expect(limits.checkLogin(id, '203.0.113.3')).resolves.toMatchObject({ sourceFailed: false, sourceFailures: 0 });
  });

  it('slows down only the source that failed, however the identifier is written', async () => {
    beforeEachTest();
    const id = identifier();
    for (let i = 0; i < 5; i++) await fail(i % 2 ? id : ` ${id.toUpperCase()}`, '203.0.113.1');
    await expect(limits.checkLogin(id, '203.0.113.1')).rejects.toThrow(/patienter 30\u00a0secondes/);
    // The same IPv6 /64 is one source; another address is not slowed down at all.
    for (let i = 0; i < 5; i++) await fail(id, `2001:db8:5:6::${i + 1}`);
    await expect(limits.checkLogin(id, '2001:db8:5:6:ffff::9')).rejects.toThrow(/patienter 30\u00a0secondes/);
    await expect(limits.checkLogin(id, '198.51.100.7')).resolves.toMatchObject({ sourceFailed: false, underAttack: false });
    // 30 s, then 60 s after the next failure, doubling up to 5 minutes.
    clock.advance(30_000);
    await fail(id, '203.0.113.1');
    clock.advance(59_000);
    await expect(limits.checkLogin(id, '203.0.113.1')).rejects.toThrow(/patienter 1\u00a0seconde/);
    clock.advance(1_000);
    const gate = await limits.checkLogin(id, '203.0.113.1');
    expect(gate).toMatchObject({ sourceFailed: true, sourceFailures: 6 });
    // A success forgets that source's own failures.
    await limits.loginSucceeded(gate);
    await expect(limits.checkLogin(id, '203.0.113.1')).resolves.toMatchObject({ sourceFailed: false });
    // Failures are counted over an hour.
    clock.advance(LIMITS.failureWindowMs);
    await expect(limits.checkLogin(id, '2001:db8:5:6::1')).resolves.toMatchObject({ sourceFailed: false });
  });

  it('beyond the ceiling asks a source that failed (or its network) to prove itself, never a fresh one', async () => {
    beforeEachTest();
    const id = identifier();
    const notices: boolean[] = [];
    for (let i = 0; i < LIMITS.accountCeiling - 1; i++) notices.push(await fail(id, `10.${i}.0.1`));
    await expect(limits.checkLogin(id, '10.0.0.1')).resolves.toMatchObject({ underAttack: false, sourceFailed: true });
    notices.push(await fail(id, '192.0.2.10'), await fail(id, '192.0.2.11'));
    // Only the failure that reached the ceiling asks for the notice.
    expect(notices.lastIndexOf(true)).toBe(LIMITS.accountCeiling - 1);
    expect(notices.filter(Boolean)).toHaveLength(1);

    const fresh = await limits.checkLogin(id, '172.16.0.1');
    expect(fresh).toMatchObject({ underAttack: true, sourceFailed: false });
    expect(limits.mustProve(fresh)).toBe(false);
    expect(limits.mustProve(await limits.checkLogin(id, '10.5.0.1'))).toBe(true);
    // Two failures in 192.0.2.0/24 leave its other addresses alone; a third marks the network.
    expect(limits.mustProve(await limits.checkLogin(id, '192.0.2.99'))).toBe(false);
    await fail(id, '192.0.2.12');
    expect(limits.mustProve(await limits.checkLogin(id, '192.0.2.99'))).toBe(true);

    // The unlock e-mail is due once per period; so is the notice.
    expect(await limits.unlockMailDue(id)).toBe(true);
    expect(await limits.unlockMailDue(id)).toBe(false);
    clock.advance(LIMITS.mailPeriodMs);
    expect(await limits.unlockMailDue(id)).toBe(true);
    const later: boolean[] = [];
    for (let i = 0; i < LIMITS.accountCeiling; i++) later.push(await fail(id, `10.${i}.1.1`));
    expect(later.filter(Boolean)).toHaveLength(1);

    // A new code from the forgotten-code link ends the state.
    await limits.codeReset(id);
    expect(limits.mustProve(await limits.checkLogin(id, '10.5.1.1'))).toBe(false);
  });

  it('lets the browser holding a pass skip its source’s limits until it fails too often itself', async () => {
    beforeEachTest();
    const id = identifier();
    for (let i = 0; i < LIMITS.accountCeiling; i++) await fail(id, i < 5 ? '203.0.113.5' : `10.${i}.0.1`);
    const pass = await limits.grantPass(id);
    await expect(limits.checkLogin(id, '203.0.113.5')).rejects.toThrow(/patienter/);
    const passed = await limits.checkLogin(id, '203.0.113.5', pass);
    expect(passed).toMatchObject({ passed: true, underAttack: true, sourceFailed: true });
    expect(limits.mustProve(passed)).toBe(false);
    // A pass is for one identifier.
    await expect(limits.checkLogin(identifier(), '203.0.113.5', pass)).resolves.toMatchObject({ passed: false });
    expect((await limits.checkLogin(id, '198.51.100.1', 'x'.repeat(43))).passed).toBe(false);
    // Its holder's success does not clear failures that may be someone else's at that address.
    await limits.loginSucceeded(passed);
    await expect(limits.checkLogin(id, '203.0.113.5')).rejects.toThrow(/patienter/);
    for (let i = 1; i < LIMITS.passMaxFailures; i++) {
      await limits.loginFailed(id, await limits.checkLogin(id, '203.0.113.5', pass));
    }
    expect((await limits.checkLogin(id, '203.0.113.5', pass)).passed).toBe(true);
    await limits.loginFailed(id, await limits.checkLogin(id, '203.0.113.5', pass));
    await expect(limits.checkLogin(id, '203.0.113.5', pass)).rejects.toThrow(/patienter/);
  });

  it('limits a signed-in user re-entering their code by their own failures only', async () => {
    beforeEachTest();
    for (let i = 0; i < 5; i++) await limits.codeCheckFailed(7001);
    await expect(limits.assertCodeCheckAllowed(7001)).rejects.toThrow(/Trop de codes confidentiels erronés. Veuillez patienter 30\u00a0secondes/);
    await expect(limits.assertCodeCheckAllowed(7002)).resolves.toBeUndefined();
    clock.advance(30_000);
    await expect(limits.assertCodeCheckAllowed(7001)).resolves.toBeUndefined();
  });
});

describe('shared between instances', () => {
  it('counts failures made on one instance on the other (PostgreSQL-backed counters)', async () => {
    const other = await t.anotherInstance();
    const email = DEMO_USERS.utilisateur.email;
    const ip = '203.0.113.40';
    for (let i = 0; i < 5; i++) expect((await attempt(email, 'Mauvais#1', ip)).statusCode).toBe(400);
    const form = new URLSearchParams({ username: email, password: await hashConfidentialCode(email, DEMO_USERS.utilisateur.password), grant_type: 'password' });
    const onOther = (remoteAddress: string) =>
      other.inject({
        method: 'POST',
        url: '/api/token',
        remoteAddress,
        cookies: { 'XSRF-TOKEN': 'x' },
        headers: { 'x-xsrf-token': 'x', 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
    expect((await onOther(ip)).statusCode).toBe(429);
    expect((await onOther('203.0.113.41')).statusCode).toBe(200);
  });

  it('counts in Redis for every instance when REDIS_URL is used', async () => {
    const clock = new ManualClock();
    const first = createLimits(redisRateLimitStore(redis, `${REDIS_PREFIX}instances:`), clock);
    const second = createLimits(redisRateLimitStore(redis, `${REDIS_PREFIX}instances:`), clock);
    for (let i = 0; i < 5; i++) {
      const limits = i % 2 ? first : second;
      await limits.loginFailed('redis@limite.test', await limits.checkLogin('redis@limite.test', '203.0.113.50'));
    }
    await expect(second.checkLogin('redis@limite.test', '203.0.113.50')).rejects.toThrow(/patienter/);
    for (let i = 0; i < 10; i++) await first.perIp('login', '203.0.113.50');
    await expect(second.perIp('login', '203.0.113.50')).rejects.toThrow(/Trop de requêtes/);
    clock.advance(61_000);
    await expect(second.perIp('login', '203.0.113.50')).resolves.toBeUndefined();
  });
});

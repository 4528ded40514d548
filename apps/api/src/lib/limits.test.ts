import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashConfidentialCode } from '@ecare/shared';
import { DEMO_USERS } from '../db/seed/demo.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { ManualClock } from './clock.ts';
import { createLimits } from './limits.ts';
import { redisRateLimitStore } from './rate-limit.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const attempt = async (email: string, code: string, ip?: string) =>
  t.send('POST', '/api/token', {
    ...(ip ? { ip } : {}),
    form: { username: email, password: await hashConfidentialCode(email, code), grant_type: 'password', captcha: '', ip: '' },
  });

describe('per-IP limit', () => {
  it('refuses the 11th login call of a minute from one address with a French 429, then lets it through a minute later', async () => {
    const ip = '203.0.113.10';
    for (let i = 0; i < 10; i++) expect((await attempt(`ip${i}@limite.test`, 'Mauvais#1', ip)).statusCode).toBe(400);
    const limited = await attempt(DEMO_USERS.solo.email, DEMO_USERS.solo.password, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error_description).toMatch(/^Trop de requêtes/);
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

describe('per-account back-off and lock', () => {
  it('slows down after 5 failures and locks after 10, even with the right code, for known and unknown identifiers alike', async () => {
    const { email, password } = DEMO_USERS.gestionnaire;
    for (const identifier of [email, 'inconnu@limite.test']) {
      for (let i = 0; i < 5; i++) expect((await attempt(identifier, 'Mauvais#1')).statusCode).toBe(400);
      const slowed = await attempt(identifier, identifier === email ? password : 'Mauvais#1');
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().error_description).toMatch(/patienter 30 secondes/);
      // Waits of 30 s doubling (at most 5 min): failures 6 to 10 come 12.5 minutes into the 15-minute window.
      for (let i = 5; i < 10; i++) {
        t.clock.advance(Math.min(30_000 * 2 ** (i - 5), 300_000));
        expect((await attempt(identifier, 'Mauvais#1')).statusCode).toBe(400);
      }
      t.clock.advance(60_000);
      const locked = await attempt(identifier, identifier === email ? password : 'Mauvais#1');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error_description).toMatch(/temporairement bloqué/);
      t.clock.advance(16 * 60_000);
    }
    expect((await attempt(email, password)).statusCode).toBe(200);
  });

  it('forgets the failures after a successful login', async () => {
    const { email, password } = DEMO_USERS.mandataire;
    for (let i = 0; i < 4; i++) await attempt(email, 'Mauvais#1');
    expect((await attempt(email, password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt(email, 'Mauvais#1')).statusCode).toBe(400);
  });
});

describe('shared between instances', () => {
  it('counts failures made on one instance on the other (PostgreSQL-backed counters)', async () => {
    const other = await t.anotherInstance();
    const email = DEMO_USERS.utilisateur.email;
    for (let i = 0; i < 5; i++) await attempt(email, 'Mauvais#1');
    const form = new URLSearchParams({ username: email, password: await hashConfidentialCode(email, DEMO_USERS.utilisateur.password), grant_type: 'password' });
    const onOther = await other.inject({
      method: 'POST',
      url: '/api/token',
      remoteAddress: '203.0.113.40',
      cookies: { 'XSRF-TOKEN': 'x' },
      headers: { 'x-xsrf-token': 'x', 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(onOther.statusCode).toBe(429);
  });

  it('counts in Redis for every instance when REDIS_URL is used', async () => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
    try {
      const prefix = `ecare-test:${Date.now()}:${Math.random()}:`;
      const clock = new ManualClock();
      const first = createLimits(redisRateLimitStore(redis, prefix), clock);
      const second = createLimits(redisRateLimitStore(redis, prefix), clock);
      for (let i = 0; i < 5; i++) await (i % 2 ? first : second).loginFailed('redis@limite.test');
      await expect(second.assertLoginAllowed('redis@limite.test')).rejects.toThrow(/patienter/);
      for (let i = 0; i < 10; i++) await first.perIp('login', '203.0.113.50');
      await expect(second.perIp('login', '203.0.113.50')).rejects.toThrow(/Trop de requêtes/);
      clock.advance(61_000);
      await expect(second.perIp('login', '203.0.113.50')).resolves.toBeUndefined();
      await first.loginSucceeded('redis@limite.test');
      await expect(second.assertLoginAllowed('redis@limite.test')).resolves.toBeUndefined();
    } finally {
      const keys = await redis.keys('ecare-test:*');
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../lib/limits.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A failed login through the load balancer at 10.0.0.2, with whatever X-Forwarded-For the client wrote before it. */
const attempt = (app: FastifyInstance, attemptNumber: number, client: string) =>
  app.inject({
    method: 'POST',
    url: '/api/token',
    remoteAddress: '10.0.0.2',
    cookies: { 'XSRF-TOKEN': 'x' },
    headers: {
      'x-xsrf-token': 'x',
      'content-type': 'application/x-www-form-urlencoded',
      // Left-most: chosen by the client, new on each attempt. Right-most: appended by the balancer.
      'x-forwarded-for': `192.0.2.${attemptNumber + 1}, ${client}`,
    },
    payload: new URLSearchParams({ username: `proxy${attemptNumber}@limite.test`, password: 'mauvais', grant_type: 'password' }).toString(),
  });

async function statuses(app: FastifyInstance, client: string): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i <= LIMITS.perIpPerMinute; i++) seen.push((await attempt(app, i, client)).statusCode);
  return seen;
}

describe('client address behind proxies', () => {
  it.each([
    ['a hop count', '1', '203.0.113.61'],
    ['the proxies’ range', '10.0.0.0/8', '203.0.113.62'],
    ['the proxy’s address', '10.0.0.2', '203.0.113.63'],
  ])('takes the right-most untrusted address with %s, so a spoofed left-most address does not escape the per-address limit', async (_form, trust, client) => {
    const app = await t.anotherInstance({ TRUST_PROXY: trust });
    const seen = await statuses(app, client);
    expect(seen.slice(0, LIMITS.perIpPerMinute).every((status) => status === 400)).toBe(true);
    expect(seen.at(-1)).toBe(429);
  });

  it('uses the socket address when no proxy is trusted', async () => {
    const app = await t.anotherInstance({ TRUST_PROXY: 'false' });
    const ips: string[] = [];
    app.addHook('onRequest', async (request) => {
      ips.push(request.ip);
    });
    await app.inject({ method: 'GET', url: '/api/parametres', remoteAddress: '10.0.0.9', headers: { 'x-forwarded-for': '192.0.2.1' } });
    expect(ips).toEqual(['10.0.0.9']);
  });
});

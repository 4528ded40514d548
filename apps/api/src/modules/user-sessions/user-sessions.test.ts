import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashConfidentialCode, otherSessionsEndedSchema, tokenResponseSchema, userSessionsSchema } from '@ecare/shared';
import { agents, auditLog, sessions } from '../../db/schema.ts';
import { createUser } from '../../db/seed/factories.ts';
import { addressNetwork } from '../../lib/network.ts';
import { hashToken } from '../../lib/tokens.ts';
import { bodyOf, createTestContext, expectError, type TestContext } from '../../test/harness.ts';
import { describeDevice } from './device.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const CODE = 'Sessions#Pro42';
const XSRF = 'sessions-test-xsrf-value';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WINDOWS_CHROME_LATER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0';

let count = 0;
async function newUser() {
  count += 1;
  const email = `sessions${count}@mail.test`;
  const { id } = await createUser(t.db, { email, password: CODE, gestionnaire: true });
  return { id, email };
}

/** Signs in from a browser (User-Agent) at an address. */
async function signIn(email: string, userAgent: string, ip: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/token',
    remoteAddress: ip,
    cookies: { 'XSRF-TOKEN': XSRF },
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent, 'x-xsrf-token': XSRF },
    payload: new URLSearchParams({ username: email, password: await hashConfidentialCode(email, CODE), grant_type: 'password', captcha: '', ip: '' }).toString(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return tokenResponseSchema.parse(response.json()).access_token;
}

const list = async (token: string) => {
  const response = await t.get('/api/sessions', token);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, userSessionsSchema);
};

const newDeviceMails = async (email: string) =>
  (await t.outbox()).filter((mail) => mail.recipient === email && mail.subject.includes('Nouvelle connexion'));

describe('the device and the place of a session', () => {
  it('names the device and the browser without versions that change with updates in the key', () => {
    expect(describeDevice(WINDOWS_CHROME)).toMatchObject({ appareil: 'Ordinateur sous Windows 10', navigateur: 'Chrome 131' });
    expect(describeDevice(IPHONE_SAFARI)).toMatchObject({ appareil: 'iPhone sous iOS 17', navigateur: 'Safari 17' });
    expect(describeDevice(MAC_FIREFOX)).toMatchObject({ appareil: 'Ordinateur Apple sous macOS', navigateur: 'Firefox 133' });
    expect(describeDevice(undefined)).toMatchObject({ appareil: 'Appareil inconnu', navigateur: 'Navigateur inconnu' });
    expect(describeDevice(WINDOWS_CHROME_LATER).cle).toBe(describeDevice(WINDOWS_CHROME).cle);
    expect(describeDevice(MAC_FIREFOX).cle).not.toBe(describeDevice(WINDOWS_CHROME).cle);
  });

  it('keeps the network of an address, never the address', () => {
    expect(addressNetwork('203.0.113.57')).toBe('203.0.113.0/24');
    expect(addressNetwork('::ffff:203.0.113.57')).toBe('203.0.113.0/24');
    expect(addressNetwork('2001:db8:abcd:12:1::7')).toBe('2001:db8:abcd::/48');
    expect(addressNetwork('2001:db8::1')).toBe('2001:db8:0::/48');
    for (const local of ['127.0.0.1', '10.1.2.3', '172.20.0.4', '192.168.1.10', '::1', 'fd12:3456::1', 'fe80::1%eth0']) {
      expect(addressNetwork(local), local).toBe('local');
    }
    expect(addressNetwork('not an address')).toBeNull();
  });
});

describe('GET /api/sessions', () => {
  it('lists the caller’s own active sessions, with device, browser, network and this one flagged', async () => {
    const me = await newUser();
    const other = await newUser();
    const desktop = await signIn(me.email, WINDOWS_CHROME, '203.0.113.57');
    const phone = await signIn(me.email, IPHONE_SAFARI, '192.168.1.20');
    const ended = await signIn(me.email, MAC_FIREFOX, '192.0.2.9');
    await t.send('POST', '/api/sessions/SessionData/Logout', { token: ended });
    await signIn(other.email, WINDOWS_CHROME, '203.0.113.58');

    const mine = await list(desktop);
    expect(mine).toHaveLength(2);
    const current = mine.find((session) => session.courante);
    expect(current).toMatchObject({ appareil: 'Ordinateur sous Windows 10', navigateur: 'Chrome 131', lieu: 'Réseau 203.0.113.0/24' });
    expect(mine.find((session) => !session.courante)).toMatchObject({ appareil: 'iPhone sous iOS 17', navigateur: 'Safari 17', lieu: 'Réseau local' });
    expect(JSON.stringify(mine)).not.toContain('203.0.113.57');
    expect(mine.filter((session) => session.courante)).toHaveLength(1);
    // The same list from the phone flags the phone.
    expect((await list(phone)).find((session) => session.courante)?.appareil).toBe('iPhone sous iOS 17');
  });

  it('leaves out the sessions an agent opened for the user, leaves them running, and refuses the agent', async () => {
    const me = await newUser();
    const token = await signIn(me.email, WINDOWS_CHROME, '203.0.113.60');
    const [agent] = await t.db
      .insert(agents)
      .values({ identifiant: `AG${count}`, passwordHash: 'x', nomSc: 'Agent Test', loginSc: `agent${count}`, profil: 'SERVICE_CLIENT_DISTANCE' })
      .returning({ id: agents.id });
    const now = t.clock.now();
    const agentToken = `agent-customer-session-${count}`;
    await t.db.insert(sessions).values({
      tokenHash: hashToken(agentToken),
      userId: me.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      agentId: agent?.id,
      agentMotif: 'Ticket 42',
      agentIdClientBscs: 1,
    });
    expect(await list(token)).toHaveLength(1);
    expect(bodyOf(await t.send('DELETE', '/api/sessions', { token }), otherSessionsEndedSchema)).toEqual({ sessionsTerminees: 0 });
    const [agentSession] = await t.db.select({ id: sessions.id, revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.tokenHash, hashToken(agentToken)));
    expect(agentSession?.revokedAt).toBeNull();
    expectError(await t.send('DELETE', `/api/sessions/${agentSession?.id ?? ''}`, { token }), 404, 'USER_SESSION_UNKNOWN');
    // The agent, in the customer's session, has no business on the user's own security page.
    expectError(await t.get('/api/sessions', agentToken), 403, 'AGENT_FORBIDDEN');
    expectError(await t.send('DELETE', '/api/sessions', { token: agentToken }), 403, 'AGENT_FORBIDDEN');
  });

  it('does not list a session idle beyond the limit', async () => {
    const me = await newUser();
    const old = await signIn(me.email, IPHONE_SAFARI, '203.0.113.61');
    t.clock.advance(31 * 60_000);
    const token = await signIn(me.email, WINDOWS_CHROME, '203.0.113.61');
    expect((await list(token)).map((session) => session.courante)).toEqual([true]);
    expectError(await t.get('/api/current_user', old), 401, 'UNAUTHENTICATED');
  });

  it('answers 401 without a session', async () => {
    expectError(await t.get('/api/sessions'), 401, 'UNAUTHENTICATED');
  });
});

describe('DELETE /api/sessions/{id} and DELETE /api/sessions', () => {
  it('ends one of the caller’s sessions at once, even one this instance had just read, and audits it', async () => {
    const me = await newUser();
    const desktop = await signIn(me.email, WINDOWS_CHROME, '203.0.113.70');
    const phone = await signIn(me.email, IPHONE_SAFARI, '203.0.113.71');
    // A read this instance keeps for SESSION_CACHE_MS.
    expect((await t.get('/api/current_user', phone)).statusCode).toBe(200);
    const target = (await list(desktop)).find((session) => !session.courante);
    if (!target) throw new Error('no other session');

    const response = await t.send('DELETE', `/api/sessions/${target.id}`, { token: desktop });
    expect(response.statusCode, response.body).toBe(200);
    expectError(await t.get('/api/current_user', phone), 401, 'UNAUTHENTICATED');
    expect((await list(desktop)).map((session) => session.courante)).toEqual([true]);
    // Already ended: unknown.
    expectError(await t.send('DELETE', `/api/sessions/${target.id}`, { token: desktop }), 404, 'USER_SESSION_UNKNOWN');

    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.userId, me.id), eq(auditLog.action, 'FIN_SESSION')));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.details).toMatchObject({ session: target.id, appareil: 'iPhone sous iOS 17', navigateur: 'Safari 17' });
  });

  it('answers 404 for another user’s session, and leaves it running', async () => {
    const me = await newUser();
    const other = await newUser();
    const mine = await signIn(me.email, WINDOWS_CHROME, '203.0.113.72');
    const theirs = await signIn(other.email, WINDOWS_CHROME, '203.0.113.73');
    const [their] = await list(theirs);
    if (!their) throw new Error('no session');
    expectError(await t.send('DELETE', `/api/sessions/${their.id}`, { token: mine }), 404, 'USER_SESSION_UNKNOWN');
    expectError(await t.send('DELETE', '/api/sessions/00000000-0000-4000-8000-000000000000', { token: mine }), 404, 'USER_SESSION_UNKNOWN');
    expect((await t.get('/api/current_user', theirs)).statusCode).toBe(200);
    expect((await t.send('DELETE', '/api/sessions/not-a-uuid', { token: mine })).statusCode).toBe(400);
  });

  it('ends every other session of the caller and keeps the current one', async () => {
    const me = await newUser();
    const other = await newUser();
    const current = await signIn(me.email, WINDOWS_CHROME, '203.0.113.74');
    const phone = await signIn(me.email, IPHONE_SAFARI, '203.0.113.75');
    const mac = await signIn(me.email, MAC_FIREFOX, '203.0.113.76');
    const theirs = await signIn(other.email, MAC_FIREFOX, '203.0.113.77');
    expect((await t.get('/api/current_user', mac)).statusCode).toBe(200);

    const response = await t.send('DELETE', '/api/sessions', { token: current });
    expect(bodyOf(response, otherSessionsEndedSchema)).toEqual({ sessionsTerminees: 2 });
    expectError(await t.get('/api/current_user', phone), 401, 'UNAUTHENTICATED');
    expectError(await t.get('/api/current_user', mac), 401, 'UNAUTHENTICATED');
    expect((await t.get('/api/current_user', current)).statusCode).toBe(200);
    expect((await t.get('/api/current_user', theirs)).statusCode).toBe(200);
    expect(await list(current)).toHaveLength(1);
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.userId, me.id), eq(auditLog.action, 'FIN_AUTRES_SESSIONS')));
    expect(entries.map((entry) => entry.details)).toEqual([{ nombre: 2 }]);
    const live = await t.db.select().from(sessions).where(and(eq(sessions.userId, me.id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(1);
  });
});

describe('the new-device mail', () => {
  it('is sent once for a device and browser not seen in 90 days, not for a known one nor for the first sign-in', async () => {
    const me = await newUser();
    await signIn(me.email, WINDOWS_CHROME, '203.0.113.80');
    // The first sign-in has nothing to be compared with.
    expect(await newDeviceMails(me.email)).toHaveLength(0);
    // The same device after a browser update: known.
    await signIn(me.email, WINDOWS_CHROME_LATER, '203.0.113.80');
    expect(await newDeviceMails(me.email)).toHaveLength(0);

    await signIn(me.email, IPHONE_SAFARI, '203.0.113.81');
    const [mail, ...more] = await newDeviceMails(me.email);
    expect(more).toHaveLength(0);
    expect(mail?.textBody).toContain('Appareil\u00a0: iPhone sous iOS 17');
    expect(mail?.textBody).toContain('Navigateur\u00a0: Safari 17');
    expect(mail?.textBody).toContain('Lieu approché\u00a0: Réseau 203.0.113.0/24');
    expect(mail?.textBody).toMatch(/Date\u00a0: le \d{1,2}\s\S+\s\d{4}\sà\s\d{2}:\d{2} \(heure de Paris\)/);
    expect(mail?.textBody).toContain('https://espace-client.test/ecare/mon-compte/securite');
    expect(mail?.textBody).not.toContain('203.0.113.81');

    // Known from now on.
    await signIn(me.email, IPHONE_SAFARI, '203.0.113.82');
    await signIn(me.email, WINDOWS_CHROME, '203.0.113.83');
    expect(await newDeviceMails(me.email)).toHaveLength(1);
  });

  it('is sent again for a device last seen more than 90 days ago', async () => {
    const me = await newUser();
    await signIn(me.email, WINDOWS_CHROME, '203.0.113.84');
    await signIn(me.email, MAC_FIREFOX, '203.0.113.84');
    expect(await newDeviceMails(me.email)).toHaveLength(1);
    t.clock.advance(60 * 24 * 3_600_000);
    await signIn(me.email, WINDOWS_CHROME, '203.0.113.84');
    t.clock.advance(31 * 24 * 3_600_000);
    // Windows seen 31 days ago: known; the Mac, 91 days ago: new again.
    await signIn(me.email, WINDOWS_CHROME, '203.0.113.84');
    expect(await newDeviceMails(me.email)).toHaveLength(1);
    await signIn(me.email, MAC_FIREFOX, '203.0.113.84');
    expect(await newDeviceMails(me.email)).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, currentUserSchema, hashConfidentialCode, okResponseSchema, tokenResponseSchema } from '@ecare/shared';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { bodyOf, createTestContext, errorOf, tokenErrorOf, type TestContext } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const tokenForm = async (username: string, code: string, extra: Record<string, string> = {}) => ({
  username,
  password: await hashConfidentialCode(username, code),
  grant_type: 'password',
  captcha: '',
  ip: '',
  ...extra,
});

describe('POST /api/token', () => {
  // An administration user must have a second factor (decision 057): security-policy.test.ts signs them in.
  const withoutSecondFactor = (Object.keys(DEMO_USERS) as (keyof typeof DEMO_USERS)[]).filter((who) => who !== 'administration');
  it.each(withoutSecondFactor)('logs in the %s demo identity', async (who) => {
    const { email, password } = DEMO_USERS[who];
    const response = await t.send('POST', '/api/token', { form: await tokenForm(email, password) });
    expect(response.statusCode).toBe(200);
    const body = bodyOf(response, tokenResponseSchema);
    expect(body.token_type).toBe('bearer');
    expect(body.expires_in).toBe(1800);
    // 256-bit opaque token, base64url.
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('accepts the identifier in any case and with spaces around', async () => {
    const form = await tokenForm(DEMO_USERS.gestionnaire.email, DEMO_USERS.gestionnaire.password);
    const response = await t.send('POST', '/api/token', { form: { ...form, username: '  GESTIONNAIRE@demo.test ' } });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong code and an unknown identifier identically (no account enumeration)', async () => {
    const wrong = await t.send('POST', '/api/token', { form: await tokenForm(DEMO_USERS.gestionnaire.email, 'Mauvais-Code-1') });
    const unknown = await t.send('POST', '/api/token', { form: await tokenForm('personne@demo.test', 'Mauvais-Code-1') });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(tokenErrorOf(wrong)).toEqual({ error: 'invalid_grant', error_description: MESSAGES.invalidGrant });
    expect(unknown.body).toBe(wrong.body);
  });

  it('refuses another grant type', async () => {
    const form = await tokenForm(DEMO_USERS.solo.email, DEMO_USERS.solo.password, { grant_type: 'client_credentials' });
    const response = await t.send('POST', '/api/token', { form });
    expect(response.statusCode).toBe(400);
    expect(tokenErrorOf(response).error).toBe('unsupported_grant_type');
  });

  it.each([
    ['missing fields', { form: { username: 'a@b.fr' } }],
    ['a JSON body', { json: { username: 'a@b.fr', password: 'x', grant_type: 'password' } }],
    ['an over-long password', { form: { username: 'a@b.fr', password: 'x'.repeat(500), grant_type: 'password' } }],
  ])('answers 400 invalid_request to %s, never 5xx', async (_label, options) => {
    const response = await t.send('POST', '/api/token', options);
    expect(response.statusCode).toBe(400);
    const refusal = tokenErrorOf(response);
    expect(refusal.error).toBe('invalid_request');
    expect(refusal.error_description).toMatch(/invalide/);
  });

  it('answers a malformed identifier with invalid_grant', async () => {
    const response = await t.send('POST', '/api/token', { form: await tokenForm('pas-un-email', 'Demo-Gestion-2026!') });
    expect(response.statusCode).toBe(400);
    expect(tokenErrorOf(response).error).toBe('invalid_grant');
  });

  it('requires the XSRF header matching the cookie', async () => {
    const form = new URLSearchParams(await tokenForm(DEMO_USERS.solo.email, DEMO_USERS.solo.password)).toString();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-xsrf-token': 'other' },
      cookies: { 'XSRF-TOKEN': 'one' },
      payload: form,
    });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe('XSRF');
  });

  it('sets a readable XSRF-TOKEN cookie for a caller that has none', async () => {
    const response = await t.get('/api/parametres');
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Strict');
  });
});

describe('sessions', () => {
  it('answers 401 without a token, with a malformed one and with an unknown one', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', 'Bearer not a token', `Bearer ${'A'.repeat(43)}`]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/current_user', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    }
  });

  it('reads the authorization scheme in any letter case (RFC 6750: "bearer", "BEARER")', async () => {
    const token = await t.loginAs('solo');
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/current_user', headers: { authorization: `${scheme} ${token}` } });
      expect(response.statusCode, scheme).toBe(200);
    }
  });

  it('returns the current user with the roles of each identity', async () => {
    const expectations = {
      gestionnaire: { gestionnaire: true, mandataire: false, utilisateur: false },
      mandataire: { gestionnaire: false, mandataire: true, utilisateur: false },
      solo: { gestionnaire: false, mandataire: true, utilisateur: false },
      utilisateur: { gestionnaire: false, mandataire: false, utilisateur: true },
    } as const;
    for (const [who, roles] of Object.entries(expectations)) {
      const token = await t.loginAs(who as keyof typeof DEMO_USERS);
      const response = await t.get('/api/current_user', token);
      expect(response.statusCode).toBe(200);
      const user = bodyOf(response, currentUserSchema);
      expect(user).toMatchObject({ ...roles, serviceClient: false, administration: false, email: DEMO_USERS[who as keyof typeof DEMO_USERS].email });
      expect(user.idContrat !== null).toBe(who === 'utilisateur');
    }
  });

  it('ends a session after 30 minutes without a request, and any request restarts the idle clock', async () => {
    const token = await t.loginAs('gestionnaire');
    t.clock.advance(29 * 60_000);
    expect((await t.get('/api/current_user', token)).statusCode).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await t.get('/api/current_user', token)).statusCode).toBe(200);
    t.clock.advance(30 * 60_000);
    expect((await t.get('/api/current_user', token)).statusCode).toBe(401);
    // Once ended it stays ended, even if the clock were to move back.
    t.clock.advance(-29 * 60_000);
    expect((await t.get('/api/current_user', token)).statusCode).toBe(401);
  });

  it('ends a session after 12 hours however active it is', async () => {
    const token = await t.loginAs('solo');
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 20) {
      expect((await t.get('/api/current_user', token)).statusCode).toBe(200);
      t.clock.advance(20 * 60_000);
    }
    expect((await t.get('/api/current_user', token)).statusCode).toBe(401);
  });

  it('revokes the session at logout, and only that one', async () => {
    const first = await t.loginAs('mandataire');
    const second = await t.loginAs('mandataire');
    const logout = await t.send('POST', '/api/sessions/SessionData/Logout', { token: first });
    expect(logout.statusCode).toBe(200);
    expect(bodyOf(logout, okResponseSchema)).toEqual({ ok: true });
    expect((await t.get('/api/comptes_facturation', first)).statusCode).toBe(401);
    expect((await t.get('/api/comptes_facturation', second)).statusCode).toBe(200);
  });

  it('refuses logout without the XSRF header', async () => {
    const token = await t.loginAs('solo');
    const response = await t.app.inject({ method: 'POST', url: '/api/sessions/SessionData/Logout', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(403);
    expect((await t.get('/api/current_user', token)).statusCode).toBe(200);
  });

  it('shares sessions between two instances: a logout on one is refused by the other within seconds', async () => {
    const other = await t.anotherInstance();
    const token = await t.loginAs('gestionnaire');
    const onOther = () => other.inject({ method: 'GET', url: '/api/current_user', headers: { authorization: `Bearer ${token}` } });
    expect((await onOther()).statusCode).toBe(200);
    expect((await t.send('POST', '/api/sessions/SessionData/Logout', { token })).statusCode).toBe(200);
    expect((await t.get('/api/current_user', token)).statusCode).toBe(401);
    t.clock.advance(2_000);
    expect((await onOther()).statusCode).toBe(401);
  });

  it('does not keep serving a revoked session from the cache under continuous requests', async () => {
    const other = await t.anotherInstance();
    const token = await t.loginAs('solo');
    const onOther = () => other.inject({ method: 'GET', url: '/api/current_user', headers: { authorization: `Bearer ${token}` } });
    expect((await onOther()).statusCode).toBe(200);
    await t.send('POST', '/api/sessions/SessionData/Logout', { token });
    // Requests every 500 ms must not extend the cached period.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      t.clock.advance(500);
      statuses.push((await onOther()).statusCode);
    }
    expect(statuses.slice(-2)).toEqual([401, 401]);
  });

  it('refuses a revoked session within the cache bound even when a request on the other instance writes its idle clock', async () => {
    const other = await t.anotherInstance();
    const token = await t.loginAs('solo');
    const onOther = () => other.inject({ method: 'GET', url: '/api/current_user', headers: { authorization: `Bearer ${token}` } });
    // The other instance reads the session just before its idle clock is due (written once a minute).
    t.clock.advance(59_900);
    expect((await onOther()).statusCode).toBe(200);
    t.clock.advance(100);
    expect((await t.send('POST', '/api/sessions/SessionData/Logout', { token })).statusCode).toBe(200);
    // Still within the bound (2 s) on the other instance, whose read is reused and its idle clock written.
    t.clock.advance(1_000);
    expect((await onOther()).statusCode).toBe(200);
    // Past the bound from the logout: that write did not start a new period for the revoked session.
    t.clock.advance(1_500);
    expect((await onOther()).statusCode).toBe(401);
  });
});

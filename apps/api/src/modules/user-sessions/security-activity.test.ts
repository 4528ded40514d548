import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SECURITY_ACTIVITY_MAX,
  hashConfidentialCode,
  mfaRequiredSchema,
  recoveryCodesSchema,
  securityActivitySchema,
  tokenResponseSchema,
  totpEnrolmentSchema,
} from '@ecare/shared';
import { auditLog } from '../../db/schema.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { createBillingAccount, createUser } from '../../db/seed/factories.ts';
import { bodyOf, createTestContext, expectError, passwordGrant, type TestContext } from '../../test/harness.ts';
import { agentCustomerSession } from '../../test/support/agents.ts';
import { stepAt, totpCodeAt } from '../security/totp.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const CODE = 'Activite#Pro2026';
const XSRF = 'activity-test-xsrf-value';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const STEP_MS = 30_000;
const DAY = 24 * 3_600_000;

let people = 0;
async function newUser(accounts: { idClientBscs: number; isGestionnaire: boolean }[] = []) {
  people += 1;
  const email = `activite${people}@securite.test`;
  const user = await createUser(t.db, { email, password: CODE, gestionnaire: true, accounts });
  return { id: user.id, email };
}
type Person = Awaited<ReturnType<typeof newUser>>;

/** POST /api/token from a browser at an address, with the sign-in's form. */
const token = (form: Record<string, string>, userAgent: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/token',
    remoteAddress: ip,
    cookies: { 'XSRF-TOKEN': XSRF },
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent, 'x-xsrf-token': XSRF },
    payload: new URLSearchParams(form).toString(),
  });

const passwordForm = (person: Person) => passwordGrant(person.email, CODE);

async function signIn(person: Person, userAgent = WINDOWS_CHROME, ip = '203.0.113.57'): Promise<string> {
  const response = await token(await passwordForm(person), userAgent, ip);
  expect(response.statusCode, response.body).toBe(200);
  return tokenResponseSchema.parse(response.json()).access_token;
}

const codeOf = (secret: string) => totpCodeAt(secret, stepAt(t.clock.now()));
const nextStep = () => t.clock.advance(STEP_MS - (t.clock.now().getTime() % STEP_MS));

const activity = async (bearer: string) => {
  const response = await t.get('/api/securite/activite', bearer);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return bodyOf(response, securityActivitySchema);
};

describe('GET /api/securite/activite', () => {
  it('lists the user’s sign-ins by method, device, browser and network, and their security changes, newest first', async () => {
    const me = await newUser();
    const first = await signIn(me);
    const { secret } = bodyOf(await t.send('POST', '/api/securite/totp/inscription', { token: first }), totpEnrolmentSchema);
    t.clock.advance(1000);
    const confirmed = await t.send('POST', '/api/securite/totp/confirmation', { token: first, json: { code: codeOf(secret) } });
    const { codesDeSecours } = bodyOf(confirmed, recoveryCodesSchema);
    nextStep();

    // With the app, from an iPhone on a home network.
    const challenge = bodyOf(await token(await passwordForm(me), IPHONE_SAFARI, '192.168.1.20'), mfaRequiredSchema);
    const withApp = await token({ grant_type: 'mfa_otp', mfa_token: challenge.mfa_token, otp: codeOf(secret) }, IPHONE_SAFARI, '192.168.1.20');
    expect(withApp.statusCode, withApp.body).toBe(200);
    t.clock.advance(1000);
    // With a recovery code.
    const again = bodyOf(await token(await passwordForm(me), WINDOWS_CHROME, '203.0.113.90'), mfaRequiredSchema);
    const withCode = await token({ grant_type: 'mfa_recovery_code', mfa_token: again.mfa_token, recovery_code: codesDeSecours[0] ?? '' }, WINDOWS_CHROME, '203.0.113.90');
    expect(withCode.statusCode, withCode.body).toBe(200);
    const current = tokenResponseSchema.parse(withCode.json()).access_token;
    t.clock.advance(1000);
    await t.send('DELETE', '/api/sessions', { token: current });
    t.clock.advance(1000);
    await t.send('POST', '/api/securite/codes-secours', { token: current, ip: '203.0.113.91' });

    const events = await activity(current);
    expect(events.map((event) => event.evenement)).toEqual([
      'Nouveaux codes de secours générés',
      'Fin des autres sessions',
      'Connexion avec un code de secours',
      'Code de secours utilisé',
      'Connexion avec l’application d’authentification',
      'Application d’authentification ajoutée',
      'Connexion',
    ]);
    expect(events[0]).toMatchObject({ appareil: null, navigateur: null, lieu: 'Réseau 203.0.113.0/24' });
    expect(events[4]).toMatchObject({ appareil: 'iPhone sous iOS 17', navigateur: 'Safari 17', lieu: 'Réseau local' });
    expect(events[6]).toMatchObject({ appareil: 'Ordinateur sous Windows 10', navigateur: 'Chrome 131', lieu: 'Réseau 203.0.113.0/24' });
    const dates = events.map((event) => event.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    // The address is never shown, nor kept in the sign-in's details beyond the audit's own column.
    expect(JSON.stringify(events)).not.toMatch(/203\.0\.113\.(57|90|91)|192\.168\.1\.20/);
    const [signInEntry] = await t.db.select().from(auditLog).where(and(eq(auditLog.userId, me.id), eq(auditLog.action, 'CONNEXION'))).limit(1);
    expect(signInEntry?.sourceAddress).toBe('203.0.113.57');
    expect(signInEntry?.details).toEqual({ methode: 'code', appareil: 'Ordinateur sous Windows 10', navigateur: 'Chrome 131', reseau: '203.0.113.0/24' });
  });

  it('shows what an agent did in the user’s name « par le service client », and nothing of other people', async () => {
    const account = await createBillingAccount(t.db);
    const manager = await newUser([{ idClientBscs: account.idClientBscs, isGestionnaire: true }]);
    const me = await newUser([{ idClientBscs: account.idClientBscs, isGestionnaire: false }]);
    const agent = await agentCustomerSession(t, DEMO_AGENTS.distance, { idClientBscs: account.idClientBscs, email: manager.email, motif: 'Téléphone perdu par l’utilisatrice' });
    const reset = await t.send('POST', `/api/clients/${account.idClientBscs}/utilisateurs/${me.id}/reinitialisation-mfa`, { token: agent, json: { motif: 'Téléphone perdu' } });
    expect(reset.statusCode, reset.body).toBe(200);
    t.clock.advance(1000);
    const mine = await signIn(me);

    const events = await activity(mine);
    expect(events.map((event) => event.evenement)).toEqual(['Connexion', 'Vérification en deux étapes réinitialisée par le service client']);
    expect(events[1]).toMatchObject({ appareil: null, navigateur: null, lieu: null });
    // The manager's own list has their sign-in only: neither the agent's session nor my events.
    const managerToken = await signIn(manager);
    expect((await activity(managerToken)).map((event) => event.evenement)).toEqual(['Connexion']);
  });

  it('lists the confidential code changed and the login e-mail changed, then the change undone', async () => {
    const me = await newUser();
    let bearer = await signIn(me);
    const newCode = 'Activite#Nouveau2026';
    const changed = await t.send('POST', '/api/clients/password', {
      token: bearer,
      json: { ancienPassword: await hashConfidentialCode(me.email, CODE), Password: await hashConfidentialCode(me.email, newCode), codeConfidentiel: newCode },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    t.clock.advance(1000);
    const newEmail = `nouvelle-${me.email}`;
    const requested = await t.send('POST', '/api/utilisateurs/email', {
      token: bearer,
      json: { nouvelEmail: newEmail, ancienPassword: await hashConfidentialCode(me.email, newCode), Password: await hashConfidentialCode(newEmail, newCode) },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const mails = await t.outbox();
    const guid = (recipient: string, page: string) => new RegExp(`${page}\\?guid=([A-Za-z0-9_-]+)`).exec(mails.find((m) => m.recipient === recipient)?.textBody ?? '')?.[1] ?? '';
    expect((await t.send('POST', `/api/utilisateurs/email/${guid(newEmail, 'confirmationmodificationemail')}/valider`)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await t.send('POST', `/api/utilisateurs/email/${guid(me.email, 'confirmationannulationemail')}/annuler`)).statusCode).toBe(200);

    const login = await token({ ...(await passwordForm(me)), password: await hashConfidentialCode(me.email, newCode) }, WINDOWS_CHROME, '203.0.113.57');
    expect(login.statusCode, login.body).toBe(200);
    bearer = tokenResponseSchema.parse(login.json()).access_token;
    expect((await activity(bearer)).map((event) => event.evenement)).toEqual([
      'Connexion',
      'Changement d’adresse e-mail de connexion annulé',
      'Adresse e-mail de connexion changée',
      'Code confidentiel changé',
      'Connexion',
    ]);
  });

  it('keeps to the last 90 days and the last 30 events', async () => {
    const me = await newUser();
    const now = t.clock.now();
    const entry = (at: Date) => ({ userId: me.id, action: 'FIN_SESSION', at, sourceAddress: '203.0.113.5', details: null });
    await t.db.insert(auditLog).values([
      entry(new Date(now.getTime() - 91 * DAY)),
      ...Array.from({ length: SECURITY_ACTIVITY_MAX + 5 }, (_, i) => entry(new Date(now.getTime() - 89 * DAY + i * 60_000))),
      // Not a security event: not listed.
      { ...entry(now), action: 'EXPORT_LIGNES' },
    ]);
    const mine = await signIn(me);
    const events = await activity(mine);
    expect(events).toHaveLength(SECURITY_ACTIVITY_MAX);
    expect(events[0]?.evenement).toBe('Connexion');
    expect(events.slice(1).every((event) => event.evenement === 'Session terminée')).toBe(true);
    expect(new Date(events.at(-1)?.date ?? 0).getTime()).toBeGreaterThan(now.getTime() - 89 * DAY);
  });

  it('is the user’s own: an agent in their account is refused (403), without a session 401', async () => {
    const account = await createBillingAccount(t.db);
    const manager = await newUser([{ idClientBscs: account.idClientBscs, isGestionnaire: true }]);
    const agent = await agentCustomerSession(t, DEMO_AGENTS.distance, { idClientBscs: account.idClientBscs, email: manager.email, motif: 'Le client demande de l’aide' });
    expectError(await t.get('/api/securite/activite', agent), 403, 'AGENT_FORBIDDEN');
    expectError(await t.get('/api/securite/activite'), 401, 'UNAUTHENTICATED');
  });
});

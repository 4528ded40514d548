import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mfaRequiredSchema,
  okResponseSchema,
  recoveryCodesSchema,
  securityOverviewSchema,
  tokenResponseSchema,
  totpEnrolmentSchema,
} from '@ecare/shared';
import { agents, auditLog, recoveryCodes, sessions, totpFactors } from '../../db/schema.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { createBillingAccount, createUser } from '../../db/seed/factories.ts';
import { bodyOf, createTestContext, expectError, passwordGrant, type TestContext } from '../../test/harness.ts';
import { agentCustomerSession } from '../../test/support/agents.ts';
import { stepAt, totpCodeAt } from './totp.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const STEP_MS = 30_000;
const CODE = 'Secours#Pro2026';
let people = 0;

/** A new person, attached to `accounts` if given. */
async function newUser(accounts: { idClientBscs: number; isGestionnaire: boolean }[] = []) {
  people += 1;
  const email = `secours${people}@securite.test`;
  const user = await createUser(t.db, { email, password: CODE, gestionnaire: accounts.some((a) => a.isGestionnaire), prenom: 'Inès', nom: `Roux${people}`, accounts });
  return { id: user.id, email, password: CODE };
}
type Person = Awaited<ReturnType<typeof newUser>>;

const codeOf = (secret: string) => totpCodeAt(secret, stepAt(t.clock.now()));
const nextStep = () => t.clock.advance(STEP_MS - (t.clock.now().getTime() % STEP_MS));

/** The person signed in, with a confirmed authenticator app, its secret and recovery codes. */
async function enrolled(person: Person) {
  const token = await t.login(person.email, person.password);
  const { secret } = bodyOf(await t.send('POST', '/api/securite/totp/inscription', { token }), totpEnrolmentSchema);
  const confirmed = await t.send('POST', '/api/securite/totp/confirmation', { token, json: { code: codeOf(secret) } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  nextStep();
  return { token, secret, codes: bodyOf(confirmed, recoveryCodesSchema).codesDeSecours };
}

/** The sign-in's first step, then a recovery code: the status of the second step. */
async function signInWithRecoveryCode(person: Person, recoveryCode: string): Promise<number> {
  const first = await t.send('POST', '/api/token', {
    form: await passwordGrant(person.email, person.password),
  });
  const { mfa_token } = bodyOf(first, mfaRequiredSchema);
  const second = await t.send('POST', '/api/token', { form: { grant_type: 'mfa_recovery_code', mfa_token, recovery_code: recoveryCode } });
  return second.statusCode;
}

const auditOf = (userId: number, action: string) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.onBehalfOf, userId)));
const ownAuditOf = (userId: number, action: string) => t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.userId, userId)));

describe('POST /api/securite/codes-secours', () => {
  it('gives 10 new codes once, which replace every old one, audited and mailed', async () => {
    const person = await newUser();
    const { token, codes: old } = await enrolled(person);
    expect(await signInWithRecoveryCode(person, old[0] ?? '')).toBe(200);

    const response = await t.send('POST', '/api/securite/codes-secours', { token, ip: '203.0.113.80' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const fresh = bodyOf(response, recoveryCodesSchema).codesDeSecours;
    expect(new Set(fresh).size).toBe(10);
    expect(fresh.some((code) => old.includes(code))).toBe(false);
    // Stored as digests only, ten of them, all unused.
    const rows = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, person.id));
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.usedAt === null && !fresh.includes(row.codeHash))).toBe(true);
    expect(bodyOf(await t.get('/api/securite', token), securityOverviewSchema).codesDeSecoursRestants).toBe(10);

    expect(await signInWithRecoveryCode(person, old[1] ?? '')).toBe(400);
    expect(await signInWithRecoveryCode(person, fresh[0] ?? '')).toBe(200);

    const [entry] = await ownAuditOf(person.id, 'REGENERATION_CODES_SECOURS');
    expect(entry).toMatchObject({ onBehalfOf: null, sourceAddress: '203.0.113.80' });
    const mails = (await t.outbox()).filter((mail) => mail.recipient === person.email && mail.subject.includes('Nouveaux codes de secours'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).not.toContain(fresh[0]);
  });

  it('is refused without a confirmed second factor (409), and nothing is written', async () => {
    const person = await newUser();
    const token = await t.login(person.email, person.password);
    expectError(await t.send('POST', '/api/securite/codes-secours', { token }), 409, 'RECOVERY_CODES_NO_FACTOR');
    // A pending enrolment is no second factor yet.
    await t.send('POST', '/api/securite/totp/inscription', { token });
    expectError(await t.send('POST', '/api/securite/codes-secours', { token }), 409, 'RECOVERY_CODES_NO_FACTOR');
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, person.id))).toHaveLength(0);
    expect(await ownAuditOf(person.id, 'REGENERATION_CODES_SECOURS')).toHaveLength(0);
  });

  it('is the user’s own: an agent in their account is refused (403), without a session 401', async () => {
    const account = await createBillingAccount(t.db);
    const manager = await newUser([{ idClientBscs: account.idClientBscs, isGestionnaire: true }]);
    await enrolled(manager);
    const agent = await agentCustomerSession(t, DEMO_AGENTS.distance, { idClientBscs: account.idClientBscs, email: manager.email, motif: 'Aide à la connexion du client' });
    expectError(await t.send('POST', '/api/securite/codes-secours', { token: agent }), 403, 'AGENT_FORBIDDEN');
    expectError(await t.send('POST', '/api/securite/codes-secours'), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/clients/{idClientBscs}/utilisateurs/{idUtilisateur}/reinitialisation-mfa', () => {
  const url = (idClientBscs: number, userId: number) => `/api/clients/${idClientBscs}/utilisateurs/${userId}/reinitialisation-mfa`;
  const MOTIF = 'Téléphone perdu, identité vérifiée par rappel (ticket SUP-2026-000123)';

  /** An account with two managers and a line user; an agent connected to it through the first manager. */
  async function fixture() {
    const account = await createBillingAccount(t.db);
    const manager = await newUser([{ idClientBscs: account.idClientBscs, isGestionnaire: true }]);
    const otherManager = await newUser([{ idClientBscs: account.idClientBscs, isGestionnaire: true }]);
    const user = await newUser([{ idClientBscs: account.idClientBscs, isGestionnaire: false }]);
    const agent = await agentCustomerSession(t, DEMO_AGENTS.distance, { idClientBscs: account.idClientBscs, email: manager.email, motif: 'Réinitialisation demandée par le client' });
    return { idClientBscs: account.idClientBscs, manager, otherManager, user, agent };
  }

  it('lets an agent in the account remove the user’s factors and codes, end their sessions, audited and mailed', async () => {
    const f = await fixture();
    const { token: userToken } = await enrolled(f.user);
    const response = await t.send('POST', url(f.idClientBscs, f.user.id), { token: f.agent, json: { motif: `  ${MOTIF} ` }, ip: '192.0.2.44' });
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response, okResponseSchema)).toEqual({ ok: true });

    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.userId, f.user.id))).toHaveLength(0);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, f.user.id))).toHaveLength(0);
    expectError(await t.get('/api/securite', userToken), 401, 'UNAUTHENTICATED');
    const live = await t.db.select().from(sessions).where(and(eq(sessions.userId, f.user.id)));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);
    // The agent's session goes on; the user signs in with their code alone, and may enrol again.
    expect((await t.get('/api/utilisateurs?idClientBscs=' + f.idClientBscs, f.agent)).statusCode).toBe(200);
    const signIn = await t.send('POST', '/api/token', {
      form: await passwordGrant(f.user.email, f.user.password),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    tokenResponseSchema.parse(signIn.json());

    const [agentRow] = await t.db.select({ id: agents.id }).from(agents).where(eq(agents.identifiant, DEMO_AGENTS.distance.identifiant));
    const [entry] = await auditOf(f.user.id, 'REINITIALISATION_MFA');
    expect(entry).toMatchObject({ userId: agentRow?.id, onBehalfOf: f.user.id, idClientBscs: f.idClientBscs, sourceAddress: '192.0.2.44' });
    expect(entry?.details).toMatchObject({ agent: DEMO_AGENTS.distance.loginSc, motifReinitialisation: MOTIF, motif: 'Réinitialisation demandée par le client' });

    const mails = (await t.outbox()).filter((mail) => mail.subject.includes('Vérification en deux étapes'));
    expect(mails.filter((mail) => mail.recipient === f.user.email)).toHaveLength(1);
    for (const manager of [f.manager, f.otherManager]) {
      const [mail] = mails.filter((m) => m.recipient === manager.email);
      expect(mail?.textBody).toContain(f.user.email);
    }
  });

  it('keeps the agent’s session when the user reset is the session’s own manager', async () => {
    const f = await fixture();
    await enrolled(f.manager);
    const response = await t.send('POST', url(f.idClientBscs, f.manager.id), { token: f.agent, json: { motif: MOTIF } });
    expect(response.statusCode, response.body).toBe(200);
    expect((await t.get('/api/utilisateurs?idClientBscs=' + f.idClientBscs, f.agent)).statusCode).toBe(200);
    // The other manager is mailed; the manager reset gets the user's mail only.
    const mails = (await t.outbox()).filter((mail) => mail.subject.includes('Vérification en deux étapes') && mail.recipient === f.manager.email);
    expect(mails).toHaveLength(1);
  });

  it('refuses a customer, even a manager of the account (403)', async () => {
    const f = await fixture();
    await enrolled(f.user);
    const managerToken = await t.login(f.manager.email, f.manager.password);
    expectError(await t.send('POST', url(f.idClientBscs, f.user.id), { token: managerToken, json: { motif: MOTIF } }), 403, 'MFA_RESET_AGENT_ONLY');
    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.userId, f.user.id))).toHaveLength(1);
    expectError(await t.send('POST', url(f.idClientBscs, f.user.id), { json: { motif: MOTIF } }), 401, 'UNAUTHENTICATED');
  });

  it('refuses another account than the agent’s session’s (403) and a user not of the account (404)', async () => {
    const f = await fixture();
    const elsewhere = await fixture();
    await enrolled(elsewhere.user);
    expectError(await t.send('POST', url(elsewhere.idClientBscs, elsewhere.user.id), { token: f.agent, json: { motif: MOTIF } }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.send('POST', url(f.idClientBscs, elsewhere.user.id), { token: f.agent, json: { motif: MOTIF } }), 404, 'ACCOUNT_USER_UNKNOWN');
    expectError(await t.send('POST', url(f.idClientBscs, 2_000_000_000), { token: f.agent, json: { motif: MOTIF } }), 404, 'ACCOUNT_USER_UNKNOWN');
    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.userId, elsewhere.user.id))).toHaveLength(1);
  });

  it('asks for a motif of 3 to 500 characters without control characters', async () => {
    const f = await fixture();
    for (const motif of ['', '  ab  ', 'x'.repeat(501), 'Ticket\u0000 42', 'Deux\nlignes']) {
      expectError(await t.send('POST', url(f.idClientBscs, f.user.id), { token: f.agent, json: { motif } }), 400, 'VALIDATION');
    }
    expectError(await t.send('POST', url(f.idClientBscs, f.user.id), { token: f.agent, json: {} }), 400, 'VALIDATION');
    expect((await t.send('POST', url(f.idClientBscs, f.user.id), { token: f.agent, json: { motif: 'abc' } })).statusCode).toBe(200);
  });
});

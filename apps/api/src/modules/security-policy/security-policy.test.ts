import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  MFA_TOKEN_HEADER,
  MFA_TOKEN_TTL_MS,
  SECURITY_TEXTS,
  compositeUsername,
  currentUserSchema,
  hashConfidentialCode,
  mfaRequiredSchema,
  recoveryCodesSchema,
  securityOverviewSchema,
  securityPolicySchema,
  tokenResponseSchema,
  totpEnrolmentSchema,
  type MfaRequired,
} from '@ecare/shared';
import { agents, auditLog, billingAccounts, mfaChallenges, recoveryCodes, totpFactors, userBillingAccounts } from '../../db/schema.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { createUser } from '../../db/seed/factories.ts';
import { demoFixture, userIdOf } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, passwordGrant, tokenErrorOf, useTestContext } from '../../test/harness.ts';
import { agentCustomerSession } from '../../test/support/agents.ts';
import { agentTotpFactors } from '../security/agent-factors.schema.ts';
import { stepAt, totpCodeAt } from '../security/totp.ts';

const STEP_MS = 30_000;
const PASSWORD = 'Politique#Secu2026';
const MOTIF = 'Le client demande de l’aide sur sa politique de sécurité';

const { t, f } = useTestContext(async (t) => {
  const demo = await demoFixture(t);
  // A company of its own whose policy the tests turn on: its manager, and a user attached without managing.
  const [account] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.idClientBscs, demo.strangerAccount));
  if (!account) throw new Error('no stranger account');
  return { ...demo };
});

let people = 0;
/** A new user attached to `idClientBscs` (a manager or not), so that each test's factors and counters are its own. */
async function newUser(idClientBscs: number, isGestionnaire = false, fields: { administration?: boolean } = {}) {
  people += 1;
  const email = `politique${people}@securite.test`;
  const user = await createUser(t.db, { email, password: PASSWORD, gestionnaire: isGestionnaire, ...fields, accounts: [{ idClientBscs, isGestionnaire }] });
  return { id: user.id, email, password: PASSWORD };
}
type Person = Awaited<ReturnType<typeof newUser>>;

const policyUrl = (account: number) => `/api/clients/${account}/politique-securite`;
const setPolicy = (token: string, account: number, body: unknown) => t.send('PUT', policyUrl(account), { token, json: body });
const codeNow = (secret: string) => totpCodeAt(secret, stepAt(t.clock.now()));
const nextStep = () => t.clock.advance(STEP_MS - (t.clock.now().getTime() % STEP_MS));

async function passwordStep(user: Person) {
  return t.send('POST', '/api/token', {
    form: await passwordGrant(user.email, user.password),
  });
}
async function challengeOf(response: Awaited<ReturnType<typeof passwordStep>>): Promise<MfaRequired> {
  expect(response.statusCode, response.body).toBe(403);
  return bodyOf(response, mfaRequiredSchema);
}
const enrolWith = (mfaToken: string) => t.send('POST', '/api/securite/totp/inscription', { headers: { [MFA_TOKEN_HEADER]: mfaToken } });
const withOtp = (mfaToken: string, otp: string) => t.send('POST', '/api/token', { form: { grant_type: 'mfa_otp', mfa_token: mfaToken, otp } });
const auditOf = (userId: number, action: string) => t.db.select().from(auditLog).where(and(eq(auditLog.userId, userId), eq(auditLog.action, action)));

/** The forced enrolment at sign-in, end to end: the secret and the recovery codes, the session's token. */
async function forcedEnrolment(user: Person) {
  const challenge = await challengeOf(await passwordStep(user));
  expect(challenge).toMatchObject({ error: 'mfa_required', error_description: SECURITY_TEXTS.enrolmentRequired, methodes: [], inscriptionRequise: true });
  // No session was opened by the right code alone.
  const enrolment = await enrolWith(challenge.mfa_token);
  expect(enrolment.statusCode, enrolment.body).toBe(200);
  expect(enrolment.headers['cache-control']).toBe('no-store');
  const { secret, otpauthUrl } = bodyOf(enrolment, totpEnrolmentSchema);
  expect(otpauthUrl).toContain(encodeURIComponent(user.email));
  const signedIn = await withOtp(challenge.mfa_token, codeNow(secret));
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  const token = bodyOf(signedIn, tokenResponseSchema);
  nextStep();
  return { secret, token };
}

describe('GET/PUT /api/clients/{idClientBscs}/politique-securite', () => {
  it('is read and changed by the account’s managers only', async () => {
    expect(bodyOf(await t.get(policyUrl(f.strangerAccount), f.stranger), securityPolicySchema)).toEqual({ mfaObligatoire: false });
    expectError(await t.get(policyUrl(f.account), f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(policyUrl(f.account), f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await setPolicy(f.lineUser, f.account, { mfaObligatoire: true }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await setPolicy(f.stranger, f.account, { mfaObligatoire: true }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await setPolicy(f.mandataire, f.notManaged, { mfaObligatoire: true }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(policyUrl(f.account), undefined), 401, 'UNAUTHENTICATED');
  });

  it('takes a strict boolean', async () => {
    for (const body of [{ mfaObligatoire: 'true' }, {}, { mfaObligatoire: true, autre: 1 }]) {
      expect((await setPolicy(f.manager, f.account, body)).statusCode).toBe(400);
    }
    expect(bodyOf(await t.get(policyUrl(f.account), f.manager), securityPolicySchema).mfaObligatoire).toBe(false);
  });

  it('is audited before and after, and mailed to every user of the account', async () => {
    const account = f.strangerAccount;
    const colleague = await newUser(account);
    const stranger = await userIdOf(t, DEMO_USERS.solo.email);
    const before = (await t.outbox()).length;
    const response = await setPolicy(f.stranger, account, { mfaObligatoire: true });
    expect(bodyOf(response, securityPolicySchema)).toEqual({ mfaObligatoire: true });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'POLITIQUE_SECURITE'), eq(auditLog.idClientBscs, account)));
    expect(entry).toMatchObject({ userId: stranger, details: { avant: { mfaObligatoire: false }, apres: { mfaObligatoire: true } } });
    const mails = (await t.outbox()).slice(0, (await t.outbox()).length - before);
    const recipients = mails.map((mail) => mail.recipient).sort();
    expect(recipients).toContain(colleague.email);
    expect(recipients).toContain(DEMO_USERS.solo.email);
    expect(new Set(recipients).size).toBe(recipients.length);
    for (const mail of mails) expect(mail.subject).toContain('Politique de sécurité de votre entreprise');
    // The same value again changes nothing: no entry, no mail.
    const count = (await t.outbox()).length;
    expect((await setPolicy(f.stranger, account, { mfaObligatoire: true })).statusCode).toBe(200);
    expect((await t.outbox()).length).toBe(count);
    await t.db.update(billingAccounts).set({ mfaObligatoire: false }).where(eq(billingAccounts.idClientBscs, account));
  });

  it('may be changed by an agent in the customer’s session, audited as the agent’s', async () => {
    const customer = await agentCustomerSession(t, DEMO_AGENTS.distance, { idClientBscs: f.account, email: DEMO_USERS.gestionnaire.email, motif: MOTIF });
    expect(bodyOf(await t.get(policyUrl(f.account), customer), securityPolicySchema).mfaObligatoire).toBe(false);
    expect((await setPolicy(customer, f.account, { mfaObligatoire: true })).statusCode).toBe(200);
    const [agent] = await t.db.select({ id: agents.id }).from(agents).where(eq(agents.identifiant, DEMO_AGENTS.distance.identifiant));
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'POLITIQUE_SECURITE'), eq(auditLog.idClientBscs, f.account)));
    expect(entry).toMatchObject({ userId: agent?.id, onBehalfOf: await userIdOf(t, DEMO_USERS.gestionnaire.email), details: { motif: MOTIF } });
    expect((await setPolicy(customer, f.account, { mfaObligatoire: false })).statusCode).toBe(200);
  });
});

describe('the forced enrolment at sign-in', () => {
  it('makes a user of a policy account enrol, then sign in with the app; the recovery codes are given once', async () => {
    const account = f.strangerAccount;
    const user = await newUser(account);
    // Without the policy: the code alone.
    expect((await passwordStep(user)).statusCode).toBe(200);
    await setPolicy(f.stranger, account, { mfaObligatoire: true });
    const { secret, token } = await forcedEnrolment(user);
    expect(token.codesDeSecours).toHaveLength(10);
    expect(new Set(token.codesDeSecours).size).toBe(10);
    expect(bodyOf(await t.get('/api/current_user', token.access_token), currentUserSchema).email).toBe(user.email);
    const [factor] = await t.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(factor?.confirmedAt).not.toBeNull();
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(10);
    expect(await auditOf(user.id, 'INSCRIPTION_TOTP')).toHaveLength(1);
    expect((await t.outbox()).find((mail) => mail.recipient === user.email)?.subject).toContain('Application d’authentification activée');
    // The next sign-in: the normal second step, and no codes again.
    const next = await challengeOf(await passwordStep(user));
    expect(next.inscriptionRequise).toBeUndefined();
    expect(next.methodes).toEqual(['totp', 'secours']);
    expectError(await enrolWith(next.mfa_token), 400, 'MFA_TOKEN_INVALID');
    const again = await withOtp(next.mfa_token, codeNow(secret));
    expect(again.statusCode, again.body).toBe(200);
    expect(bodyOf(again, tokenResponseSchema).codesDeSecours).toBeUndefined();
    // The page says the factor is required; the last one may not be removed.
    nextStep();
    const overview = bodyOf(await t.get('/api/securite', token.access_token), securityOverviewSchema);
    expect(overview).toMatchObject({ obligatoire: true, totp: { actif: true } });
    nextStep();
    const removal = await t.send('DELETE', '/api/securite/totp', { token: token.access_token, json: { code: codeNow(secret) } });
    expectError(removal, 409, 'MFA_FACTOR_REQUIRED');
    expect(API_ERRORS.MFA_FACTOR_REQUIRED.message).toBe('Votre entreprise exige la vérification en deux étapes : ajoutez une autre méthode avant de retirer celle-ci.');
    await setPolicy(f.stranger, account, { mfaObligatoire: false });
    expect(bodyOf(await t.get('/api/securite', token.access_token), securityOverviewSchema).obligatoire).toBe(false);
  });

  it('makes an administration user enrol at their first sign-in', async () => {
    const admin = await newUser(f.strangerAccount, false, { administration: true });
    const { token } = await forcedEnrolment(admin);
    expect(token.codesDeSecours).toHaveLength(10);
    expect(bodyOf(await t.get('/api/current_user', token.access_token), currentUserSchema).administration).toBe(true);
  });

  it('counts wrong first codes like any second step, and opens no session before the right one', async () => {
    const admin = await newUser(f.strangerAccount, false, { administration: true });
    const challenge = await challengeOf(await passwordStep(admin));
    const { secret } = bodyOf(await enrolWith(challenge.mfa_token), totpEnrolmentSchema);
    const wrong = totpCodeAt(secret, stepAt(t.clock.now()) + 5);
    const refused = await withOtp(challenge.mfa_token, wrong);
    expect(refused.statusCode).toBe(400);
    expect(tokenErrorOf(refused)).toEqual({ error: 'invalid_grant', error_description: API_ERRORS.MFA_OTP_INVALID.message });
    const [row] = await t.db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, admin.id));
    expect(row?.failures).toBe(1);
    // A recovery code is no answer to an enrolment: there are none yet.
    const recovery = await t.send('POST', '/api/token', { form: { grant_type: 'mfa_recovery_code', mfa_token: challenge.mfa_token, recovery_code: 'abcde-fghjk' } });
    expect(recovery.statusCode).toBe(400);
    const [factor] = await t.db.select().from(totpFactors).where(eq(totpFactors.userId, admin.id));
    expect(factor?.confirmedAt).toBeNull();
    expect((await withOtp(challenge.mfa_token, codeNow(secret))).statusCode).toBe(200);
    nextStep();
  });

  it('refuses X-Mfa-Token of a normal challenge, an expired one, a used one, and garbage', async () => {
    const admin = await newUser(f.strangerAccount, false, { administration: true });
    // Used: the enrolment challenge that signed them in.
    const used = await challengeOf(await passwordStep(admin));
    const { secret } = bodyOf(await enrolWith(used.mfa_token), totpEnrolmentSchema);
    expect((await withOtp(used.mfa_token, codeNow(secret))).statusCode).toBe(200);
    nextStep();
    expectError(await enrolWith(used.mfa_token), 400, 'MFA_TOKEN_INVALID');
    // Normal: a user who has their app.
    const normal = await challengeOf(await passwordStep(admin));
    expectError(await enrolWith(normal.mfa_token), 400, 'MFA_TOKEN_INVALID');
    // Expired: an enrolment challenge past its 5 minutes.
    const late = await newUser(f.strangerAccount, false, { administration: true });
    const expired = await challengeOf(await passwordStep(late));
    t.clock.advance(MFA_TOKEN_TTL_MS);
    expectError(await enrolWith(expired.mfa_token), 400, 'MFA_TOKEN_INVALID');
    expectError(await enrolWith('pas-un-jeton'), 400, 'MFA_TOKEN_INVALID');
    expectError(await enrolWith(''), 400, 'MFA_TOKEN_INVALID');
    // Nothing was enrolled for the late user.
    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.userId, late.id))).toHaveLength(0);
  });

  it('leaves the others unchanged: a user of an account without the policy signs in with the code alone', async () => {
    const user = await newUser(f.account);
    expect((await passwordStep(user)).statusCode).toBe(200);
    // Attached to a second account with the policy: required.
    await t.db.insert(userBillingAccounts).values({ userId: user.id, idClientBscs: f.strangerAccount, isGestionnaire: false });
    await t.db.update(billingAccounts).set({ mfaObligatoire: true }).where(eq(billingAccounts.idClientBscs, f.strangerAccount));
    expect((await challengeOf(await passwordStep(user))).inscriptionRequise).toBe(true);
    await t.db.update(billingAccounts).set({ mfaObligatoire: false }).where(eq(billingAccounts.idClientBscs, f.strangerAccount));
  });

  it('costs the address one login attempt per sign-in: the second step counts apart', async () => {
    const admin = await newUser(f.strangerAccount, false, { administration: true });
    const { secret } = await forcedEnrolment(admin);
    const ip = '203.0.113.57';
    const form = await passwordGrant(admin.email, admin.password);
    // Six sign-ins with a second factor from one address: twelve calls, within its ten sign-ins a minute.
    for (let i = 0; i < 6; i += 1) {
      const challenge = await challengeOf(await t.send('POST', '/api/token', { form, ip }));
      const signedIn = await t.send('POST', '/api/token', { form: { grant_type: 'mfa_otp', mfa_token: challenge.mfa_token, otp: codeNow(secret) }, ip });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      nextStep();
    }
  });

  it('keeps the enrolment of the security page for a signed-in user without X-Mfa-Token', async () => {
    const user = await newUser(f.account);
    const token = await t.login(user.email, user.password);
    expect((await t.send('POST', '/api/securite/totp/inscription', { token })).statusCode).toBe(200);
    expectError(await t.send('POST', '/api/securite/totp/inscription'), 401, 'UNAUTHENTICATED');
    // The recovery-code schema is unchanged for the page's own confirmation.
    expect(recoveryCodesSchema.safeParse({ codesDeSecours: [] }).success).toBe(false);
  });
});

describe('agents signing in with a code', () => {
  const compositeForm = async (motif = MOTIF) => ({
    username: compositeUsername(DEMO_AGENTS.bdp.codeRegate, DEMO_USERS.gestionnaire.email),
    password: await hashConfidentialCode(DEMO_AGENTS.bdp.identifiant, DEMO_AGENTS.bdp.password),
    grant_type: 'password',
    captcha: '',
    ip: '',
    motif,
  });

  it('enrol their own app at their first composite login, then sign in with it into the customer’s session', async () => {
    const [agent] = await t.db.select().from(agents).where(eq(agents.identifiant, DEMO_AGENTS.bdp.identifiant));
    if (!agent) throw new Error('no demo agent');
    const first = await challengeOf(await t.send('POST', '/api/token', { form: await compositeForm() }));
    expect(first).toMatchObject({ methodes: [], inscriptionRequise: true });
    const enrolment = bodyOf(await enrolWith(first.mfa_token), totpEnrolmentSchema);
    const [pending] = await t.db.select().from(agentTotpFactors).where(eq(agentTotpFactors.agentId, agent.id));
    expect(pending?.confirmedAt).toBeNull();
    expect(pending?.secretEncrypted).not.toContain(enrolment.secret);
    const wrong = await withOtp(first.mfa_token, totpCodeAt(enrolment.secret, stepAt(t.clock.now()) + 4));
    expect(tokenErrorOf(wrong).error_description).toBe(API_ERRORS.MFA_OTP_INVALID.message);
    const signedIn = await withOtp(first.mfa_token, codeNow(enrolment.secret));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const customer = bodyOf(signedIn, tokenResponseSchema);
    expect(customer.codesDeSecours).toBeUndefined();
    expect(bodyOf(await t.get('/api/current_user', customer.access_token), currentUserSchema)).toMatchObject({ usernameSC: DEMO_AGENTS.bdp.loginSc, email: DEMO_USERS.gestionnaire.email });
    expect(await auditOf(agent.id, 'INSCRIPTION_TOTP_CONSEILLER')).toHaveLength(1);
    const connections = await t.db.select().from(auditLog).where(and(eq(auditLog.userId, agent.id), eq(auditLog.action, 'CONNEXION_AGENT')));
    expect(connections.at(-1)?.details).toMatchObject({ motif: MOTIF });

    // The next composite login: the app's code (no replay of the same step's code).
    const next = await challengeOf(await t.send('POST', '/api/token', { form: await compositeForm() }));
    expect(next.methodes).toEqual(['totp']);
    expect(next.inscriptionRequise).toBeUndefined();
    expect((await withOtp(next.mfa_token, codeNow(enrolment.secret))).statusCode).toBe(400);
    nextStep();
    expect((await withOtp(next.mfa_token, codeNow(enrolment.secret))).statusCode).toBe(200);
    nextStep();

    // The back office resets the app (audited): the agent enrols again at their next sign-in.
    const admin = await t.loginAs('administration');
    expectError(await t.send('DELETE', `/api/admin/conseillers/${agent.id}/totp`, { token: f.manager }), 403, 'FORBIDDEN_ADMINISTRATION');
    const reset = await t.send('DELETE', `/api/admin/conseillers/${agent.id}/totp`, { token: admin });
    expect(reset.statusCode, reset.body).toBe(200);
    expectError(await t.send('DELETE', `/api/admin/conseillers/${agent.id}/totp`, { token: admin }), 404, 'TOTP_NOT_ENROLLED');
    const [resetEntry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'REINITIALISATION_TOTP_CONSEILLER'));
    expect(resetEntry).toMatchObject({ userId: await userIdOf(t, DEMO_USERS.administration.email), details: { agentId: agent.id } });
    expect((await challengeOf(await t.send('POST', '/api/token', { form: await compositeForm() }))).inscriptionRequise).toBe(true);
  });

  it('answer a wrong agent code or a wrong reason before any second step', async () => {
    const wrong = await t.send('POST', '/api/token', { form: { ...(await compositeForm()), password: await hashConfidentialCode(DEMO_AGENTS.bdp.identifiant, 'Faux-2026!') } });
    expect(tokenErrorOf(wrong).error).toBe('invalid_grant');
    const noMotif = await t.send('POST', '/api/token', { form: await compositeForm('court') });
    expect(noMotif.statusCode).toBe(400);
  });
});

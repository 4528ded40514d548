import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  billingAccountListSchema,
  MFA_TOKEN_TTL_MS,
  SECURITY_TEXTS,
  currentUserSchema,
  mfaRequiredSchema,
  recoveryCodesSchema,
  securityOverviewSchema,
  tokenResponseSchema,
  totpEnrolmentSchema,
} from '@ecare/shared';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { createUser } from '../../db/seed/factories.ts';
import { auditLog, recoveryCodes, sessions, totpFactors } from '../../db/schema.ts';
import { bodyOf, createTestContext, expectError, passwordGrant, openApiDocumentSchema, tokenErrorOf, type TestContext } from '../../test/harness.ts';
import { agentCustomerSession } from '../../test/support/agents.ts';
import { stepAt, totpCodeAt } from './totp.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const STEP_MS = 30_000;
let people = 0;

/** A new customer of their own, so that each test's second factor and counters are its own. */
async function newUser() {
  people += 1;
  const email = `mfa${people}@securite.test`;
  const password = 'Secu#Code2026';
  const user = await createUser(t.db, { email, password, gestionnaire: true });
  return { id: user.id, email, password };
}
type Person = Awaited<ReturnType<typeof newUser>>;

/** The code the authenticator app shows now (or `steps` steps away), by the app's clock. */
const codeOf = (secret: string, steps = 0) => totpCodeAt(secret, stepAt(t.clock.now()) + steps);

/** Moves the clock to the start of the next step: its code has not been used yet. */
const nextStep = () => t.clock.advance(STEP_MS - (t.clock.now().getTime() % STEP_MS));

async function enrol(token: string) {
  const response = await t.send('POST', '/api/securite/totp/inscription', { token });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, totpEnrolmentSchema);
}

/** A user with a confirmed authenticator app, its secret and recovery codes; the clock in a fresh step. */
async function enrolled(person?: Person) {
  const user = person ?? (await newUser());
  const token = await t.login(user.email, user.password);
  const { secret } = await enrol(token);
  const response = await t.send('POST', '/api/securite/totp/confirmation', { token, json: { code: codeOf(secret) } });
  expect(response.statusCode, response.body).toBe(200);
  nextStep();
  return { ...user, token, secret, codes: bodyOf(response, recoveryCodesSchema).codesDeSecours };
}

/** The sign-in's first step: the right code, answered by the second step's challenge. */
async function firstStep(user: Person, ip?: string) {
  const response = await t.send('POST', '/api/token', { form: await passwordGrant(user.email, user.password), ip });
  expect(response.statusCode, response.body).toBe(403);
  return bodyOf(response, mfaRequiredSchema).mfa_token;
}

const withOtp = (mfaToken: string, otp: string, ip?: string) =>
  t.send('POST', '/api/token', { form: { grant_type: 'mfa_otp', mfa_token: mfaToken, otp }, ip });
const withRecoveryCode = (mfaToken: string, code: string, ip?: string) =>
  t.send('POST', '/api/token', { form: { grant_type: 'mfa_recovery_code', mfa_token: mfaToken, recovery_code: code }, ip });

function expectTokenRefusal(response: Awaited<ReturnType<typeof withOtp>>, code: 'MFA_TOKEN_INVALID' | 'MFA_OTP_INVALID' | 'MFA_RECOVERY_CODE_INVALID') {
  expect(response.statusCode, response.body).toBe(400);
  expect(tokenErrorOf(response)).toEqual({ error: 'invalid_grant', error_description: API_ERRORS[code].message });
}

async function expectSignedIn(response: Awaited<ReturnType<typeof withOtp>>, user: Person) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  const { access_token } = bodyOf(response, tokenResponseSchema);
  const me = bodyOf(await t.get('/api/current_user', access_token), currentUserSchema);
  expect(me.email).toBe(user.email);
}

const auditOf = (userId: number, action: string) =>
  t.db.select().from(auditLog).where(and(eq(auditLog.userId, userId), eq(auditLog.action, action)));

describe('enrolment of an authenticator app', () => {
  it('gives the secret, its otpauth:// address and QR code, and stores the secret encrypted', async () => {
    const user = await newUser();
    const token = await t.login(user.email, user.password);
    const response = await t.send('POST', '/api/securite/totp/inscription', { token });
    expect(response.headers['cache-control']).toBe('no-store');
    const enrolment = bodyOf(response, totpEnrolmentSchema);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(enrolment.otpauthUrl).searchParams.get('secret')).toBe(enrolment.secret);
    expect(enrolment.otpauthUrl).toContain(encodeURIComponent(user.email));
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const [row] = await t.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(row?.confirmedAt).toBeNull();
    expect(row?.secretEncrypted).not.toContain(enrolment.secret);
    // Pending: the sign-in is unchanged until a code confirms it.
    expect((await t.send('POST', '/api/token', { form: await passwordGrant(user.email, user.password) })).statusCode).toBe(200);
  });

  it('confirms with a current code: ten recovery codes shown once and stored hashed, audited and mailed', async () => {
    const user = await newUser();
    const token = await t.login(user.email, user.password);
    const { secret } = await enrol(token);
    const response = await t.send('POST', '/api/securite/totp/confirmation', { token, json: { code: codeOf(secret) } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { codesDeSecours } = bodyOf(response, recoveryCodesSchema);
    expect(new Set(codesDeSecours).size).toBe(10);
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codesDeSecours.join(' ')).not.toContain(row.codeHash);
    expect(await auditOf(user.id, 'INSCRIPTION_TOTP')).toHaveLength(1);
    const [mail] = await t.outbox();
    expect(mail?.recipient).toBe(user.email);
    expect(mail?.subject).toContain('Application d’authentification activée');
    // Enrolled: another enrolment waits for this one's removal.
    expectError(await t.send('POST', '/api/securite/totp/inscription', { token }), 409, 'TOTP_ALREADY_ENROLLED');
    expectError(await t.send('POST', '/api/securite/totp/confirmation', { token, json: { code: codeOf(secret) } }), 409, 'TOTP_NO_PENDING');
  });

  it('refuses a wrong code, and a confirmation without a pending enrolment', async () => {
    const user = await newUser();
    const token = await t.login(user.email, user.password);
    expectError(await t.send('POST', '/api/securite/totp/confirmation', { token, json: { code: '123456' } }), 409, 'TOTP_NO_PENDING');
    const { secret } = await enrol(token);
    expectError(await t.send('POST', '/api/securite/totp/confirmation', { token, json: { code: codeOf(secret, 2) } }), 400, 'TOTP_CODE_INVALID');
    expect((await t.send('POST', '/api/securite/totp/confirmation', { token, json: { code: 'abcdef' } })).statusCode).toBe(400);
    const [row] = await t.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(row?.confirmedAt).toBeNull();
  });

  it('replaces a pending enrolment with a new one', async () => {
    const user = await newUser();
    const token = await t.login(user.email, user.password);
    const first = await enrol(token);
    const second = await enrol(token);
    expect(second.secret).not.toBe(first.secret);
    expectError(await t.send('POST', '/api/securite/totp/confirmation', { token, json: { code: codeOf(first.secret) } }), 400, 'TOTP_CODE_INVALID');
    expect((await t.send('POST', '/api/securite/totp/confirmation', { token, json: { code: codeOf(second.secret) } })).statusCode).toBe(200);
  });

  it('slows down a user who keeps typing wrong codes', async () => {
    const user = await newUser();
    const token = await t.login(user.email, user.password);
    const { secret } = await enrol(token);
    for (let i = 0; i < 5; i += 1) {
      expectError(await t.send('POST', '/api/securite/totp/confirmation', { token, json: { code: codeOf(secret, 3) } }), 400, 'TOTP_CODE_INVALID');
    }
    const refused = await t.send('POST', '/api/securite/totp/confirmation', { token, json: { code: codeOf(secret) } });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is the customer’s own: an agent in their account may not enrol or remove it', async () => {
    const manager = await t.loginAs('gestionnaire');
    const [account] = bodyOf(await t.get('/api/comptes_facturation', manager), billingAccountListSchema);
    const motif = 'Le client demande de l’aide pour son application d’authentification';
    const customer = await agentCustomerSession(t, DEMO_AGENTS.distance, { idClientBscs: account?.idClientBscs ?? 0, email: DEMO_USERS.gestionnaire.email, motif });
    expectError(await t.send('POST', '/api/securite/totp/inscription', { token: customer }), 403, 'AGENT_FORBIDDEN');
    expectError(await t.send('DELETE', '/api/securite/totp', { token: customer, json: { code: '123456' } }), 403, 'AGENT_FORBIDDEN');
  });

  it('needs a session', async () => {
    expectError(await t.send('POST', '/api/securite/totp/inscription'), 401, 'UNAUTHENTICATED');
    expectError(await t.send('DELETE', '/api/securite/totp', { json: { code: '123456' } }), 401, 'UNAUTHENTICATED');
  });
});

describe('the security page’s overview', () => {
  it('says whether the app is confirmed, since when, and how many recovery codes are left: the caller’s own', async () => {
    const stranger = await newUser();
    const strangerToken = await t.login(stranger.email, stranger.password);
    const overviewOf = async (token: string) => bodyOf(await t.get('/api/securite', token), securityOverviewSchema);
    expect(await overviewOf(strangerToken)).toEqual({ totp: { actif: false, depuis: null }, codesDeSecoursRestants: 0, passkeys: 0, obligatoire: false });
    // A pending enrolment is not an active app.
    await enrol(strangerToken);
    expect((await overviewOf(strangerToken)).totp.actif).toBe(false);

    const user = await enrolled();
    const overview = await overviewOf(user.token);
    expect(overview.totp.actif).toBe(true);
    expect(Number.isNaN(Date.parse(overview.totp.depuis ?? ''))).toBe(false);
    expect(overview.codesDeSecoursRestants).toBe(10);
    const signedIn = await withRecoveryCode(await firstStep(user), user.codes[0] ?? '');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await overviewOf(user.token)).codesDeSecoursRestants).toBe(9);
    expect((await overviewOf(strangerToken)).codesDeSecoursRestants).toBe(0);
    expectError(await t.get('/api/securite', undefined), 401, 'UNAUTHENTICATED');
  });
});

describe('removal of the authenticator app', () => {
  it('needs a current code not used yet, then removes the app and its recovery codes, audited and mailed', async () => {
    const user = await enrolled();
    const remove = (code: string) => t.send('DELETE', '/api/securite/totp', { token: user.token, json: { code } });
    expectError(await remove(codeOf(user.secret, 3)), 400, 'TOTP_CODE_INVALID');
    // The confirmation's code (the previous step's, still within the drift) was used: no replay.
    expectError(await remove(codeOf(user.secret, -1)), 400, 'TOTP_CODE_INVALID');
    const response = await remove(codeOf(user.secret));
    expect(response.statusCode, response.body).toBe(200);
    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    expect(await auditOf(user.id, 'SUPPRESSION_TOTP')).toHaveLength(1);
    const [mail] = await t.outbox();
    expect(mail?.recipient).toBe(user.email);
    expect(mail?.subject).toContain('Application d’authentification retirée');
    expectError(await remove(codeOf(user.secret, 1)), 404, 'TOTP_NOT_ENROLLED');
    // The code alone signs in again, as before.
    expect((await t.send('POST', '/api/token', { form: await passwordGrant(user.email, user.password) })).statusCode).toBe(200);
  });

  it('acts on the caller’s own account only', async () => {
    const owner = await enrolled();
    const other = await newUser();
    const otherToken = await t.login(other.email, other.password);
    expectError(await t.send('DELETE', '/api/securite/totp', { token: otherToken, json: { code: codeOf(owner.secret) } }), 404, 'TOTP_NOT_ENROLLED');
    expectError(
      await t.send('POST', '/api/securite/totp/confirmation', { token: otherToken, json: { code: codeOf(owner.secret) } }),
      409,
      'TOTP_NO_PENDING',
    );
    const [row] = await t.db.select().from(totpFactors).where(eq(totpFactors.userId, owner.id));
    expect(row?.confirmedAt).not.toBeNull();
    // The owner's code was not spent by those attempts.
    expect((await t.send('DELETE', '/api/securite/totp', { token: owner.token, json: { code: codeOf(owner.secret) } })).statusCode).toBe(200);
  });
});

describe('sign-in with a second factor', () => {
  it('answers the right code with mfa_required and no session, then signs in with a current code', async () => {
    const user = await enrolled();
    const before = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const response = await t.send('POST', '/api/token', { form: await passwordGrant(user.email, user.password) });
    expect(response.statusCode).toBe(403);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = bodyOf(response, mfaRequiredSchema);
    expect(challenge).toEqual({ error: 'mfa_required', error_description: SECURITY_TEXTS.mfaRequired, mfa_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), methodes: ['totp', 'secours'] });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(before.length);
    await expectSignedIn(await withOtp(challenge.mfa_token, codeOf(user.secret)), user);
  });

  it('accepts one step of drift and refuses two', async () => {
    const user = await enrolled();
    const token = await firstStep(user);
    expectTokenRefusal(await withOtp(token, codeOf(user.secret, 2)), 'MFA_OTP_INVALID');
    await expectSignedIn(await withOtp(token, codeOf(user.secret, 1)), user);
  });

  it('keeps the mfa_token after a wrong code, and refuses a used one', async () => {
    const user = await enrolled();
    const token = await firstStep(user);
    expectTokenRefusal(await withOtp(token, codeOf(user.secret, 5)), 'MFA_OTP_INVALID');
    expectTokenRefusal(await withOtp(token, 'pas un code'), 'MFA_OTP_INVALID');
    await expectSignedIn(await withOtp(token, codeOf(user.secret)), user);
    nextStep();
    expectTokenRefusal(await withOtp(token, codeOf(user.secret)), 'MFA_TOKEN_INVALID');
  });

  it('refuses a code already used (no replay within its window)', async () => {
    const user = await enrolled();
    const code = codeOf(user.secret);
    await expectSignedIn(await withOtp(await firstStep(user), code), user);
    t.clock.advance(5_000);
    expectTokenRefusal(await withOtp(await firstStep(user), code), 'MFA_OTP_INVALID');
  });

  it('refuses an expired mfa_token', async () => {
    const user = await enrolled();
    const token = await firstStep(user);
    t.clock.advance(MFA_TOKEN_TTL_MS);
    expectTokenRefusal(await withOtp(token, codeOf(user.secret)), 'MFA_TOKEN_INVALID');
  });

  it('binds the mfa_token to its user', async () => {
    const owner = await enrolled();
    const other = await enrolled();
    const token = await firstStep(owner);
    expectTokenRefusal(await withOtp(token, codeOf(other.secret)), 'MFA_OTP_INVALID');
    expectTokenRefusal(await withRecoveryCode(token, other.codes[0] ?? ''), 'MFA_RECOVERY_CODE_INVALID');
    expectTokenRefusal(await withOtp('A'.repeat(43), codeOf(other.secret)), 'MFA_TOKEN_INVALID');
    await expectSignedIn(await withOtp(token, codeOf(owner.secret)), owner);
  });

  it('signs in with a recovery code once, audited and mailed', async () => {
    const user = await enrolled();
    const [code = '', second = ''] = user.codes;
    await expectSignedIn(await withRecoveryCode(await firstStep(user), code), user);
    expect(await auditOf(user.id, 'CONNEXION_CODE_SECOURS')).toHaveLength(1);
    const [mail] = await t.outbox();
    expect(mail?.recipient).toBe(user.email);
    expect(mail?.subject).toContain('Connexion avec un code de secours');
    expect(mail?.textBody).toContain('9\u00a0codes de secours');
    expectTokenRefusal(await withRecoveryCode(await firstStep(user), code), 'MFA_RECOVERY_CODE_INVALID');
    // Typed in capitals with spaces, as read off a sheet.
    await expectSignedIn(await withRecoveryCode(await firstStep(user), ` ${second.toUpperCase().replace('-', ' ')} `), user);
  });

  it('limits wrong second steps like wrong codes, without locking the owner out from elsewhere', async () => {
    const user = await enrolled();
    const attacker = '203.0.113.7';
    const token = await firstStep(user, attacker);
    for (let i = 0; i < 5; i += 1) expectTokenRefusal(await withOtp(token, codeOf(user.secret, 7), attacker), 'MFA_OTP_INVALID');
    const waiting = await withOtp(token, codeOf(user.secret), attacker);
    expect(waiting.statusCode).toBe(429);
    expect(tokenErrorOf(waiting).error).toBe('slow_down');
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, elsewhere, signs in.
    const owner = '192.0.2.44';
    await expectSignedIn(await withOtp(await firstStep(user, owner), codeOf(user.secret), owner), user);
    // After the wait, that mfa_token has borne its wrong answers: the code must be typed again.
    t.clock.advance(31_000);
    expectTokenRefusal(await withOtp(token, codeOf(user.secret), attacker), 'MFA_TOKEN_INVALID');
  });

  it('answers a malformed second step with invalid_request and an unknown one with unsupported_grant_type', async () => {
    const missing = await t.send('POST', '/api/token', { form: { grant_type: 'mfa_otp', otp: '123456' } });
    expect(missing.statusCode).toBe(400);
    expect(tokenErrorOf(missing).error).toBe('invalid_request');
    const unknown = await t.send('POST', '/api/token', { form: { grant_type: 'mfa_oob', mfa_token: 'x', otp: '1' } });
    expect(unknown.statusCode).toBe(400);
    expect(tokenErrorOf(unknown).error).toBe('unsupported_grant_type');
  });
});

describe('the contract', () => {
  it('is in the OpenAPI document, with the token call’s 403 answer', async () => {
    const document = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/securite/totp/inscription', '/api/securite/totp/confirmation', '/api/securite/totp']));
    expect(JSON.stringify(document.paths['/api/token'])).toContain('mfa_required');
  });
});

import { createAudit } from '../../core/audit.ts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { guidCheckSchema, okResponseSchema, PASSWORD_MESSAGES, PASSWORD_RESET_MESSAGES, hashConfidentialCode } from '@ecare/shared';
import { inlineJobs } from '../../core/jobs.ts';
import { emailOutbox, passwordResetRequests } from '../../db/schema.ts';
import { createUser } from '../../db/seed/factories.ts';
import { createTransact } from '../../db/transaction.ts';
import { createLimits } from '../../lib/limits.ts';
import { postgresRateLimitStore } from '../../lib/rate-limit.ts';
import { hashToken } from '../../lib/tokens.ts';
import { releasedTogether, statusTally } from '../../test/concurrent.ts';
import { bodyOf, createTestContext, errorOf, type TestContext } from '../../test/harness.ts';
import { createMailRepository, createMailService, workMailQueue } from '../../platform/mail/index.ts';
import { createPasswordRepository, type PasswordRepository } from './password.repository.ts';
import { createPasswordService } from './password.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

let userCount = 0;
async function newCustomer(code = 'Ancien#Code42') {
  userCount += 1;
  const email = `client${userCount}@reset.test`;
  const { id } = await createUser(t.db, { email, password: code, gestionnaire: true });
  return { id, email, code };
}

const reset = (email: string) => t.send('POST', '/api/clients/reset_password', { json: { email, captcha: '' } });
const allowed = async (email: string) => bodyOf(await t.send('POST', '/api/clients/reinit_mdp/autorise', { json: { email, captcha: '' } }), z.boolean());
const verify = async (guid: string) => bodyOf(await t.get(`/api/guid/verifier/${guid}`), guidCheckSchema);

/** The guid of the newest link mailed to this address. */
async function mailedGuid(email: string): Promise<string> {
  const mail = (await t.outbox()).find((m) => m.recipient === email);
  const guid = /creer-code-confidentiel\/([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1];
  if (!guid) throw new Error(`no link mailed to ${email}`);
  return guid;
}

async function createCode(guid: string, email: string, code: string) {
  return t.send('POST', '/api/clients/update_password', {
    json: { guid, Password: await hashConfidentialCode(email, code), codeConfidentiel: code },
  });
}

describe('forgotten code request', () => {
  it('mails a single-use link to a customer and reports the pending request', async () => {
    const { email } = await newCustomer();
    expect(await allowed(email)).toBe(true);
    const response = await reset(email);
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response, okResponseSchema)).toEqual({ ok: true });
    const [mail] = await t.outbox();
    expect(mail?.recipient).toBe(email);
    expect(mail?.textBody).toContain('https://espace-client.test/ecare/identification/creer-code-confidentiel/');
    expect(mail?.htmlBody).toContain('<a href="https://espace-client.test/ecare/identification/creer-code-confidentiel/');
    expect(await allowed(email)).toBe(false);
    const again = await reset(email);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).exceptionMessage).toBe(PASSWORD_RESET_MESSAGES.pending);
  });

  it('answers an unknown address exactly like a known one, and mails nothing', async () => {
    const before = (await t.outbox()).length;
    expect(await allowed('inconnu@reset.test')).toBe(true);
    const response = await reset('inconnu@reset.test');
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response, okResponseSchema)).toEqual({ ok: true });
    expect((await t.outbox()).length).toBe(before);
    expect(await allowed('inconnu@reset.test')).toBe(false);
    expect((await reset('inconnu@reset.test')).statusCode).toBe(409);
  });

  it('lets a new request through once the previous link has expired', async () => {
    const { email } = await newCustomer();
    await reset(email);
    t.clock.advance(24 * 3_600_000 + 1_000);
    expect(await allowed(email)).toBe(true);
  });

  it.each([
    ['a malformed address', { email: 'pas-une-adresse' }],
    ['an address over 50 characters', { email: `${'a'.repeat(45)}@reset.test` }],
    ['no address', {}],
  ])('refuses %s with 400', async (_label, body) => {
    const response = await t.send('POST', '/api/clients/reset_password', { json: body });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION');
  });
});

describe('forgotten code requests sent together', () => {
  /** What ten requests left behind for the address: links that still work, requests pending, mails. */
  async function figures(email: string) {
    const pending = await t.db
      .select()
      .from(passwordResetRequests)
      .where(and(eq(passwordResetRequests.email, email), isNull(passwordResetRequests.usedAt), gt(passwordResetRequests.expiresAt, t.clock.now())));
    const mails = (await t.outbox()).filter((mail) => mail.recipient === email);
    return { validLinks: pending.filter((row) => row.tokenHash !== null).length, pending: pending.length, mails: mails.length };
  }

  it('gives one link and one mail to ten requests for one address from ten sources', async () => {
    const { email } = await newCustomer();
    const answers = await releasedTogether(10, () => reset(email));
    expect({ answers: statusTally(answers), ...(await figures(email)) }).toEqual({ answers: { 200: 1, 409: 9 }, validLinks: 1, pending: 1, mails: 1 });
    for (const answer of answers.filter((a) => a.statusCode === 409)) expect(errorOf(answer).code).toBe('RESET_PENDING');
    expect((await verify(await mailedGuid(email))).ok).toBe(true);
  });

  it('records one pending request for an unknown address', async () => {
    const answers = await releasedTogether(10, () => reset('inconnu-concurrent@reset.test'));
    expect({ answers: statusTally(answers), ...(await figures('inconnu-concurrent@reset.test')) }).toEqual({ answers: { 200: 1, 409: 9 }, validLinks: 0, pending: 1, mails: 0 });
  });

  it('lets one new request through once the pending one has expired', async () => {
    const { email } = await newCustomer();
    await reset(email);
    t.clock.advance(24 * 3_600_000 + 1_000);
    const answers = await releasedTogether(5, () => reset(email));
    // The expired link's mail, and the new one's.
    expect({ answers: statusTally(answers), ...(await figures(email)) }).toEqual({ answers: { 200: 1, 409: 4 }, validLinks: 1, pending: 1, mails: 2 });
  });
});

describe('create a code from the link', () => {
  it('verifies the guid, sets the code once, and the customer logs in with it', async () => {
    const { email, code } = await newCustomer();
    await reset(email);
    const guid = await mailedGuid(email);
    expect(await verify(guid)).toEqual({ ok: true, email });

    const response = await createCode(guid, email, 'Nouveau#Code42');
    expect(response.statusCode).toBe(200);
    await expect(t.login(email, 'Nouveau#Code42')).resolves.toEqual(expect.any(String));
    await expect(t.login(email, code)).rejects.toThrow(/login failed/);

    expect(await verify(guid)).toEqual({ ok: false, email: '' });
    const reused = await createCode(guid, email, 'Autre#Code4242');
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).exceptionMessage).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    // A new request is possible again once the code is set.
    expect(await allowed(email)).toBe(true);
  });

  it('refuses an expired link', async () => {
    const { email } = await newCustomer();
    await reset(email);
    const guid = await mailedGuid(email);
    t.clock.advance(24 * 3_600_000 + 1_000);
    expect(await verify(guid)).toEqual({ ok: false, email: '' });
    expect((await createCode(guid, email, 'Nouveau#Code42')).statusCode).toBe(400);
  });

  it('answers unknown and malformed guids', async () => {
    expect(await verify('x'.repeat(43))).toEqual({ ok: false, email: '' });
    expect((await t.get('/api/guid/verifier/%3Cscript%3E')).statusCode).toBe(400);
  });

  it.each([
    ['too short', 'Ab1#xyz', PASSWORD_MESSAGES.requirementsUnmet],
    ['too long', 'Abcdefghij1#klmnopqrs', PASSWORD_MESSAGES.requirementsUnmet],
    ['without upper case', 'nouveau#code42', PASSWORD_MESSAGES.requirementsUnmet],
    ['without lower case', 'NOUVEAU#CODE42', PASSWORD_MESSAGES.requirementsUnmet],
    ['without digit', 'Nouveau#Codexx', PASSWORD_MESSAGES.requirementsUnmet],
    ['without special character', 'NouveauCode42', PASSWORD_MESSAGES.requirementsUnmet],
    ['with a forbidden character', 'Nouveau<Code42', PASSWORD_MESSAGES.forbiddenCharacters],
    ['a common password', 'Password123!', PASSWORD_MESSAGES.common],
    ['built on a common word', 'Soleil#2026', PASSWORD_MESSAGES.common],
  ])('enforces every rule server-side: %s', async (_label, code, message) => {
    const { email } = await newCustomer();
    await reset(email);
    const guid = await mailedGuid(email);
    const response = await createCode(guid, email, code);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).exceptionMessage).toBe(message);
    // The link stays usable after a refused code.
    expect((await verify(guid)).ok).toBe(true);
  });

  it('refuses a hash that is not the code’s', async () => {
    const { email } = await newCustomer();
    await reset(email);
    const guid = await mailedGuid(email);
    const response = await t.send('POST', '/api/clients/update_password', {
      json: { guid, Password: await hashConfidentialCode(email, 'Autre#Code4242'), codeConfidentiel: 'Nouveau#Code42' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).exceptionMessage).toBe(PASSWORD_MESSAGES.mismatch);
  });

  it('ends every session of the customer', async () => {
    const { email, code } = await newCustomer();
    const token = await t.login(email, code);
    await reset(email);
    await createCode(await mailedGuid(email), email, 'Nouveau#Code42');
    expect((await t.get('/api/current_user', token)).statusCode).toBe(401);
  });
});

describe('change of code by a logged-in user', () => {
  const change = async (token: string, email: string, oldCode: string, newCode: string) =>
    t.send('POST', '/api/clients/password', {
      token,
      json: {
        ancienPassword: await hashConfidentialCode(email, oldCode),
        Password: await hashConfidentialCode(email, newCode),
        codeConfidentiel: newCode,
      },
    });

  it('checks the old code', async () => {
    const { email, code } = await newCustomer();
    const token = await t.login(email, code);
    const response = await change(token, email, 'Mauvais#Code1', 'Nouveau#Code42');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).exceptionMessage).toBe(PASSWORD_MESSAGES.oldIncorrect);
  });

  it('changes the code and ends the other sessions only', async () => {
    const { email, code } = await newCustomer();
    const current = await t.login(email, code);
    const other = await t.login(email, code);
    const response = await change(current, email, code, 'Nouveau#Code42');
    expect(response.statusCode).toBe(200);
    expect((await t.get('/api/current_user', current)).statusCode).toBe(200);
    expect((await t.get('/api/current_user', other)).statusCode).toBe(401);
    await expect(t.login(email, 'Nouveau#Code42')).resolves.toEqual(expect.any(String));
  });

  it('refuses the same code and broken rules', async () => {
    const { email, code } = await newCustomer();
    const token = await t.login(email, code);
    expect(errorOf(await change(token, email, code, code)).exceptionMessage).toBe(PASSWORD_MESSAGES.sameAsOld);
    expect(errorOf(await change(token, email, code, 'court')).exceptionMessage).toBe(PASSWORD_MESSAGES.requirementsUnmet);
  });

  it('needs a session', async () => {
    const response = await t.send('POST', '/api/clients/password', { json: { ancienPassword: 'x', Password: 'y', codeConfidentiel: 'z' } });
    expect(response.statusCode).toBe(401);
  });
});

/** The service over the test database as the module builds it, with parts replaced to fail where a test says. */
async function serviceWith(replace: { repo?: Partial<PasswordRepository>; mailWorker?: false }) {
  const jobs = inlineJobs();
  if (replace.mailWorker !== false) await workMailQueue(jobs, async () => {});
  const transaction = createTransact(t.db);
  const limits = createLimits(postgresRateLimitStore(t.db), t.clock);
  return createPasswordService({
    repo: { ...createPasswordRepository(t.db), ...replace.repo },
    transaction,
    audit: createAudit(t.db, t.clock),
    mail: createMailService(createMailRepository(t.db), jobs, transaction, t.clock),
    captcha: { enabled: false, verify: async () => true },
    limits,
    clock: t.clock,
    revokeUserSessions: t.app.auth.revokeUserSessions,
    brandName: 'Telora Pro',
    publicUrl: 'https://espace-client.test',
    linkValidityMs: 24 * 3_600_000,
  });
}

const failing = (message: string) => async (): Promise<never> => {
  throw new Error(message);
};

describe('confidential code writes, all or nothing', () => {
  it('records no request and no mail when the mail’s job cannot be queued', async () => {
    const { email } = await newCustomer();
    // No worker for the mail queue: queuing the job fails after the outbox row is written.
    const service = await serviceWith({ mailWorker: false });
    await expect(service.requestReset(email, undefined, '198.51.100.1')).rejects.toThrow(/no worker/);

    expect(await t.db.select().from(passwordResetRequests).where(eq(passwordResetRequests.email, email))).toEqual([]);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email))).toEqual([]);
    expect(await allowed(email)).toBe(true);
  });

  it('keeps the link, the old code and the sessions when the last write of a code creation fails', async () => {
    const { email, code } = await newCustomer();
    const token = await t.login(email, code);
    await reset(email);
    const guid = await mailedGuid(email);
    const service = await serviceWith({ repo: { revokeSessions: failing('sessions unavailable') } });
    const newCode = 'Nouveau#Code42';
    await expect(
      service.createFromLink({ guid, Password: await hashConfidentialCode(email, newCode), codeConfidentiel: newCode }, '198.51.100.1'),
    ).rejects.toThrow('sessions unavailable');

    expect(await verify(guid)).toEqual({ ok: true, email });
    const [request] = await t.db.select().from(passwordResetRequests).where(eq(passwordResetRequests.tokenHash, hashToken(guid)));
    expect(request?.usedAt).toBeNull();
    await expect(t.login(email, code)).resolves.toEqual(expect.any(String));
    expect((await t.get('/api/current_user', token)).statusCode).toBe(200);
    // The link still works once nothing fails.
    expect((await createCode(guid, email, newCode)).statusCode).toBe(200);
  });

  it('keeps the old code and the other sessions when the last write of a change fails', async () => {
    const { id, email, code } = await newCustomer();
    const other = await t.login(email, code);
    const service = await serviceWith({ repo: { revokeSessions: failing('sessions unavailable') } });
    const newCode = 'Nouveau#Code42';
    const request = {
      ancienPassword: await hashConfidentialCode(email, code),
      Password: await hashConfidentialCode(email, newCode),
      codeConfidentiel: newCode,
    };
    await expect(service.change(id, hashToken('not-a-session'), request, '198.51.100.1')).rejects.toThrow('sessions unavailable');

    await expect(t.login(email, code)).resolves.toEqual(expect.any(String));
    await expect(t.login(email, newCode)).rejects.toThrow(/login failed/);
    expect((await t.get('/api/current_user', other)).statusCode).toBe(200);
  });
});

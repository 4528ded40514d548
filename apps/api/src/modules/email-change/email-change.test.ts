import { createAudit } from '../../core/audit.ts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_MESSAGES, emailManagementSchema, hashConfidentialCode } from '@ecare/shared';
import { inlineJobs } from '../../core/jobs.ts';
import { emailChangeRequests, emailOutbox, users } from '../../db/schema.ts';
import { createUser } from '../../db/seed/factories.ts';
import { createTransact } from '../../db/transaction.ts';
import { createLimits } from '../../lib/limits.ts';
import { postgresRateLimitStore } from '../../lib/rate-limit.ts';
import { releasedTogether, statusTally } from '../../test/concurrent.ts';
import { bodyOf, createTestContext, errorOf, type TestContext } from '../../test/harness.ts';
import { createMailRepository, createMailService, workMailQueue, type MailService } from '../../platform/mail/index.ts';
import { createEmailChangeRepository, type EmailChangeRepository } from './email-change.repository.ts';
import { createEmailChangeService } from './email-change.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const CODE = 'Changer#Mail42';
let count = 0;
async function customer() {
  count += 1;
  const email = `ancien${count}@mail.test`;
  const { id } = await createUser(t.db, { email, password: CODE, gestionnaire: true });
  return { id, email, token: await t.login(email, CODE) };
}

async function requestChange(token: string, oldEmail: string, newEmail: string, code = CODE) {
  return t.send('POST', '/api/utilisateurs/email', {
    token,
    json: {
      nouvelEmail: newEmail,
      ancienPassword: await hashConfidentialCode(oldEmail, code),
      Password: await hashConfidentialCode(newEmail, code),
    },
  });
}

async function links(newEmail: string, oldEmail: string) {
  const mails = await t.outbox();
  const confirm = /confirmationmodificationemail\?guid=([A-Za-z0-9_-]+)/.exec(mails.find((m) => m.recipient === newEmail)?.textBody ?? '')?.[1];
  const cancel = /confirmationannulationemail\?guid=([A-Za-z0-9_-]+)/.exec(mails.find((m) => m.recipient === oldEmail)?.textBody ?? '')?.[1];
  if (!confirm || !cancel) throw new Error('links not mailed');
  return { confirm, cancel };
}

const status = async (guid: string) => bodyOf(await t.get(`/api/emailmanagement/${guid}`), emailManagementSchema);
/** The state a confirmation or cancellation link answers with. */
const follow = async (guid: string, action: 'valider' | 'annuler') =>
  bodyOf(await t.send('POST', `/api/utilisateurs/email/${guid}/${action}`), emailManagementSchema).statut;

describe('login e-mail change', () => {
  it('mails a confirmation to the new address and a cancellation to the old one; confirming switches the identifier', async () => {
    const { email, token } = await customer();
    const newEmail = `nouveau${count}@mail.test`;
    expect((await requestChange(token, email, newEmail)).statusCode).toBe(200);
    const { confirm, cancel } = await links(newEmail, email);
    expect(await status(confirm)).toEqual({ type: 'confirmation', statut: 'EN_ATTENTE', ancienEmail: email, nouvelEmail: newEmail });
    expect((await status(cancel)).type).toBe('annulation');

    expect(await follow(confirm, 'valider')).toBe('VALIDEE');
    // Sessions end with the identifier change; the same code works with the new address only.
    expect((await t.get('/api/current_user', token)).statusCode).toBe(401);
    await expect(t.login(newEmail, CODE)).resolves.toEqual(expect.any(String));
    await expect(t.login(email, CODE)).rejects.toThrow(/login failed/);
    // Confirming twice changes nothing.
    expect(await follow(confirm, 'valider')).toBe('VALIDEE');
  });

  it('lets the old address cancel a pending change', async () => {
    const { email, token } = await customer();
    const newEmail = `nouveau${count}@mail.test`;
    await requestChange(token, email, newEmail);
    const { confirm, cancel } = await links(newEmail, email);
    expect(await follow(cancel, 'annuler')).toBe('ANNULEE');
    expect(await follow(confirm, 'valider')).toBe('ANNULEE');
    await expect(t.login(email, CODE)).resolves.toEqual(expect.any(String));
  });

  it('lets the old address undo a change already confirmed, while the link is valid', async () => {
    const { email, token } = await customer();
    const newEmail = `nouveau${count}@mail.test`;
    await requestChange(token, email, newEmail);
    const { confirm, cancel } = await links(newEmail, email);
    await t.send('POST', `/api/utilisateurs/email/${confirm}/valider`);
    const newToken = await t.login(newEmail, CODE);
    expect(await follow(cancel, 'annuler')).toBe('ANNULEE');
    expect((await t.get('/api/current_user', newToken)).statusCode).toBe(401);
    await expect(t.login(email, CODE)).resolves.toEqual(expect.any(String));
    await expect(t.login(newEmail, CODE)).rejects.toThrow(/login failed/);
  });

  it('expires links', async () => {
    const { email, token } = await customer();
    const newEmail = `nouveau${count}@mail.test`;
    await requestChange(token, email, newEmail);
    const { confirm } = await links(newEmail, email);
    t.clock.advance(24 * 3_600_000 + 1);
    expect(await follow(confirm, 'valider')).toBe('EXPIREE');
    await expect(t.login(email, CODE)).resolves.toEqual(expect.any(String));
  });

  it('refuses a wrong code, the same address and an address in use', async () => {
    const { email, token } = await customer();
    const wrong = await requestChange(token, email, 'autre@mail.test', 'Mauvais#Code1');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).exceptionMessage).toBe(EMAIL_CHANGE_MESSAGES.wrongCode);
    expect(errorOf(await requestChange(token, email, email)).exceptionMessage).toBe(EMAIL_CHANGE_MESSAGES.sameAddress);
    const taken = await requestChange(token, email, 'gestionnaire@demo.test');
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).exceptionMessage).toBe(EMAIL_CHANGE_MESSAGES.unavailable);
  });

  it('answers unknown links without error', async () => {
    expect((await status('z'.repeat(43))).statut).toBe('INCONNUE');
    expect(await follow('z'.repeat(43), 'valider')).toBe('INCONNUE');
  });
});

/**
 * The service over the test database as the module builds it, with repository methods or the
 * mail service replaced to fail where a test says.
 */
async function serviceWith(replace: { repo?: Partial<EmailChangeRepository>; mail?: (real: MailService) => MailService }) {
  const jobs = inlineJobs();
  await workMailQueue(jobs, async () => {});
  const transaction = createTransact(t.db);
  const mail = createMailService(createMailRepository(t.db), jobs, transaction, t.clock);
  return createEmailChangeService({
    repo: { ...createEmailChangeRepository(t.db), ...replace.repo },
    transaction,
    audit: createAudit(t.db, t.clock),
    mail: replace.mail?.(mail) ?? mail,
    clock: t.clock,
    limits: createLimits(postgresRateLimitStore(t.db), t.clock),
    revokeUserSessions: t.app.auth.revokeUserSessions,
    brandName: 'Telora Pro',
    publicUrl: 'https://espace-client.test',
    linkValidityMs: 24 * 3_600_000,
  });
}

const failing = (message: string) => async (): Promise<never> => {
  throw new Error(message);
};

describe('login e-mail changes sent together', () => {
  it('leaves one pending request of ten sent at once: each replaces the one before', async () => {
    const { id, email, token } = await customer();
    const targets = Array.from({ length: 10 }, (_, i) => `ensemble${count}-${i}@mail.test`);
    const answers = await releasedTogether(10, (i) => requestChange(token, email, targets[i] ?? ''));
    expect(statusTally(answers)).toEqual({ 200: 10 });
    const rows = await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, id));
    const mails = await t.db.select().from(emailOutbox).where(inArray(emailOutbox.recipient, [email, ...targets]));
    const pending = rows.filter((row) => row.validatedAt === null && row.cancelledAt === null);
    expect({ requests: rows.length, pending: pending.length, mails: mails.length }).toEqual({ requests: 10, pending: 1, mails: 20 });
    // The pending one is the request written last: its link confirms, the others say cancelled.
    expect(pending[0]?.id).toBe(Math.max(...rows.map((row) => row.id)));
    const statuses = await Promise.all(targets.map(async (target) => (await status((await links(target, email)).confirm)).statut));
    expect(statuses.filter((statut) => statut === 'EN_ATTENTE')).toHaveLength(1);
    expect(statuses.filter((statut) => statut === 'ANNULEE')).toHaveLength(9);
  });

  it('gives a new address to one of five customers confirming it together, and refuses the others', async () => {
    const target = `convoitee${count}@mail.test`;
    const confirmations: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { email, token } = await customer();
      await requestChange(token, email, target);
      confirmations.push((await links(target, email)).confirm);
    }
    const answers = await releasedTogether(5, (i) => t.send('POST', `/api/utilisateurs/email/${confirmations[i] ?? ''}/valider`));
    expect(statusTally(answers)).toEqual({ 200: 1, 409: 4 });
    for (const refused of answers.filter((answer) => answer.statusCode === 409)) expect(errorOf(refused).code).toBe('EMAIL_UNAVAILABLE');
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, target))).toHaveLength(1);
  });
});

describe('login e-mail change, all or nothing', () => {
  it('leaves no new request and no mail when the second mail fails, and the pending request stands', async () => {
    const { id, email, token } = await customer();
    const first = `premier${count}@mail.test`;
    await requestChange(token, email, first);
    const { confirm } = await links(first, email);

    let sends = 0;
    const service = await serviceWith({
      mail: (real) => ({
        async send(to, content, options) {
          sends += 1;
          if (sends === 2) throw new Error('outbox unavailable');
          return real.send(to, content, options);
        },
      }),
    });
    const second = `second${count}@mail.test`;
    const body = { nouvelEmail: second, ancienPassword: await hashConfidentialCode(email, CODE), Password: await hashConfidentialCode(second, CODE) };
    await expect(service.request(id, body)).rejects.toThrow('outbox unavailable');
    expect(sends).toBe(2);

    const requests = await t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, id));
    expect(requests.map((row) => row.newEmail)).toEqual([first]);
    expect((await status(confirm)).statut).toBe('EN_ATTENTE');
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, second))).toEqual([]);
  });

  it('leaves the request pending and the login as it was when ending the sessions fails', async () => {
    const { email, token } = await customer();
    const newEmail = `nouveau${count}@mail.test`;
    await requestChange(token, email, newEmail);
    const { confirm } = await links(newEmail, email);

    const service = await serviceWith({ repo: { revokeSessions: failing('sessions unavailable') } });
    await expect(service.validate(confirm, '198.51.100.1')).rejects.toThrow('sessions unavailable');

    expect((await status(confirm)).statut).toBe('EN_ATTENTE');
    const [user] = await t.db.select({ email: users.email }).from(users).where(inArray(users.email, [email, newEmail]));
    expect(user?.email).toBe(email);
    expect((await t.get('/api/current_user', token)).statusCode).toBe(200);
  });

  it('leaves a confirmed change in place when restoring the old login fails', async () => {
    const { email, token } = await customer();
    const newEmail = `nouveau${count}@mail.test`;
    await requestChange(token, email, newEmail);
    const { confirm, cancel } = await links(newEmail, email);
    expect(await follow(confirm, 'valider')).toBe('VALIDEE');

    const service = await serviceWith({ repo: { setLogin: failing('users unavailable') } });
    await expect(service.cancel(cancel, '198.51.100.1')).rejects.toThrow('users unavailable');

    expect((await status(cancel)).statut).toBe('VALIDEE');
    await expect(t.login(newEmail, CODE)).resolves.toEqual(expect.any(String));
  });
});

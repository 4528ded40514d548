import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailListSchema, hashConfidentialCode, okResponseSchema } from '@ecare/shared';
import { pgBossJobs, type JobRunner } from '../../core/jobs.ts';
import type { DatabaseHandle, ExecuteSql } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { createTransact } from '../../db/transaction.ts';
import { bodyOf, createTestContext, type TestContext } from '../../test/harness.ts';
import { decodeHeader, textPart, parseMime } from '../../test/mime.ts';
import { startSmtpPeer } from '../../test/smtp-peer.ts';
import { waitFor } from '../../test/wait-for.ts';
import { createMailRepository, createMailService, layoutMail, SEND_EMAIL_QUEUE } from './index.ts';
import { smtpTransport } from './mail.transport.ts';

/** Within the test's time limit, so that a wait that fails says what it waited for. */
const WAIT = { timeoutMs: 20_000 };

const content = layoutMail('Telora Pro', { title: 'Essai', paragraphs: ['Un essai.'], action: 'Ouvrir', link: 'https://espace-client.test/', footer: '—' });

/** The app's database handle and pg-boss job queue, as the harness builds the app with them. */
function withPgBoss() {
  const opened: { database?: DatabaseHandle; jobs?: JobRunner } = {};
  return {
    factory: (database: DatabaseHandle) => {
      opened.database = database;
      return (log: Parameters<typeof pgBossJobs>[1]) => {
        const jobs = pgBossJobs(database.executeSql, log, { pollingSeconds: 0.5 });
        // The first instance's; another one the test starts works the same queue.
        opened.jobs ??= jobs;
        return jobs;
      };
    },
    database: () => opened.database ?? missing('database handle'),
    jobs: () => opened.jobs ?? missing('job queue'),
  };
}

function missing(what: string): never {
  throw new Error(`no ${what}: the app was not built yet`);
}

/** Delivery jobs not finished yet (waiting, retrying or running), across every instance. */
async function unfinishedMailJobs(executeSql: ExecuteSql): Promise<number> {
  const { rows } = await executeSql(`select count(*)::int as n from pgboss.job where name = $1 and state <> 'completed'`, [SEND_EMAIL_QUEUE]);
  const [row] = rows as { n: number }[];
  return row?.n ?? 0;
}

/** Delivery jobs of one outbox row created since `since` (the start of the test), in any state. */
async function mailJobsOf(executeSql: ExecuteSql, outboxId: number, since: Date): Promise<number> {
  const { rows } = await executeSql(`select count(*)::int as n from pgboss.job where name = $1 and data->>'id' = $2 and created_on >= $3`, [
    SEND_EMAIL_QUEUE,
    String(outboxId),
    since,
  ]);
  const [row] = rows as { n: number }[];
  return row?.n ?? 0;
}

/** The database's time, which pg-boss dates its jobs with. */
async function databaseNow(executeSql: ExecuteSql): Promise<Date> {
  const { rows } = await executeSql('select now() as now');
  const [row] = rows as { now: Date }[];
  if (!row) throw new Error('no time from the database');
  return row.now;
}

describe('e-mails through the pg-boss queue, over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let t: TestContext;
  const boss = withPgBoss();
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestContext({ env: { BRAND_NAME: 'Telora Pro', SMTP_URL: smtp.url }, jobs: boss.factory });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });
  const outboxRow = async (id: number) => t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));

  it('sends a French message with text and HTML parts carrying the link, and the link works', async () => {
    const { email } = DEMO_USERS.gestionnaire;
    await t.send('POST', '/api/clients/reset_password', { json: { email } });
    await waitFor(() => smtp.received.length === 1, { ...WAIT, what: 'the mail over SMTP' });
    const [mail] = smtp.received;
    if (!mail) throw new Error('no mail');
    expect(mail.to).toEqual([email]);
    const { headers } = parseMime(mail.raw);
    expect(decodeHeader(headers.get('subject') ?? '')).toBe('Telora Pro – Initialisation de votre code confidentiel');
    const text = textPart(mail.raw, 'text/plain');
    const html = textPart(mail.raw, 'text/html');
    expect(text).toContain('Vous avez demandé à initialiser le code confidentiel');
    expect(html).toContain('<html lang="fr">');
    const guid = /creer-code-confidentiel\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(guid).toBeDefined();
    expect(html).toContain(`creer-code-confidentiel/${guid}`);

    const code = 'Boulange#Rie77';
    const created = await t.send('POST', '/api/clients/update_password', {
      json: { guid, Password: await hashConfidentialCode(email, code), codeConfidentiel: code },
    });
    expect(created.statusCode).toBe(200);
    expect(bodyOf(created, okResponseSchema)).toEqual({ ok: true });
    await expect(t.login(email, code)).resolves.toEqual(expect.any(String));
    const [row] = await t.outbox();
    expect(row?.transport).toBe('smtp');
    expect(row?.sentAt).not.toBeNull();
  });

  it('never sends the same e-mail twice with two instances working the queue', async () => {
    const other = await t.anotherInstance();
    expect(other).toBeDefined();
    const before = smtp.received.length;
    const addresses = [DEMO_USERS.mandataire.email, DEMO_USERS.solo.email, DEMO_USERS.utilisateur.email];
    for (const email of addresses) await t.send('POST', '/api/clients/reset_password', { json: { email } });
    await waitFor(() => smtp.received.length >= before + 3, { ...WAIT, what: 'the three mails over SMTP' });
    // Once every job is completed no worker has anything left to send, twice or otherwise.
    const { executeSql } = boss.database();
    await waitFor(async () => (await unfinishedMailJobs(executeSql)) === 0, { ...WAIT, what: 'the delivery jobs to complete' });
    const recipients = smtp.received.slice(before).flatMap((m) => m.to).sort();
    expect(recipients).toEqual([...addresses].sort());
  });

  it('leaves neither the outbox row nor the job when a later step of the transaction throws', async () => {
    const transact = createTransact(t.db);
    const mail = createMailService(createMailRepository(t.db), boss.jobs(), transact, t.clock);
    const since = await databaseNow(boss.database().executeSql);
    let id: number | undefined;
    await expect(
      transact(async (tx) => {
        id = await mail.send('annule@client.test', content, { tx });
        // Both are written (the outbox row holds `id`; the job is on the transaction's connection).
        expect(await mailJobsOf(tx.executeSql, id, since)).toBe(1);
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');

    if (id === undefined) throw new Error('the mail was not stored');
    expect(await outboxRow(id)).toEqual([]);
    expect(await mailJobsOf(boss.database().executeSql, id, since)).toBe(0);
  });

  it('commits both when the transaction does, and the mail is then delivered', async () => {
    const transact = createTransact(t.db);
    const mail = createMailService(createMailRepository(t.db), boss.jobs(), transact, t.clock);
    const since = await databaseNow(boss.database().executeSql);
    const id = await transact((tx) => mail.send('valide@client.test', content, { tx }));
    expect(await mailJobsOf(boss.database().executeSql, id, since)).toBe(1);
    const delivered = await waitFor(async () => (await outboxRow(id))[0]?.sentAt, { ...WAIT, what: 'the mail to be delivered' });
    expect(delivered).toBeInstanceOf(Date);
  });
});

describe('development mailbox', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { DEV_TOOLS: 'true' } });
  });
  afterAll(() => t.close());

  it('keeps every e-mail readable when no SMTP server is configured', async () => {
    // The mailbox answers only requests from this machine (inject's default peer is 127.0.0.1).
    const local = (url: string) => t.app.inject({ method: 'GET', url });
    await t.send('POST', '/api/clients/reset_password', { json: { email: DEMO_USERS.solo.email } });
    const [latest] = bodyOf(await local('/api/dev/mails'), devMailListSchema);
    expect(latest).toMatchObject({ destinataire: DEMO_USERS.solo.email, transport: 'mailbox' });
    const list = await local('/dev/boite-mail');
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain(DEMO_USERS.solo.email);
    const one = await local(`/dev/boite-mail/${latest?.id}`);
    expect(one.body).toMatch(/<a href="https:\/\/espace-client\.test\/ecare\/identification\/creer-code-confidentiel\/[A-Za-z0-9_-]+">/);
  });

  it('smtp transport reports failures so the queue retries', async () => {
    const transport = smtpTransport('smtp://127.0.0.1:1', 'x@y.test');
    await expect(transport.send({ to: 'a@b.test', subject: 's', text: 't', html: '<p>t</p>', attachments: [] })).rejects.toThrow();
    transport.close();
  });
});

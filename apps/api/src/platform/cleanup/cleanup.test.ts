import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashConfidentialCode } from '@ecare/shared';
import { eq, gte, inArray } from 'drizzle-orm';
import {
  agentSessions,
  agents,
  auditLog,
  emailChangeRequests,
  emailOutbox,
  faqQuestions,
  faqVotes,
  lineUsage,
  loginUnlockLinks,
  passwordResetRequests,
  rateLimitCounters,
  sessions,
  ssoClientContexts,
  ssoOneclicUses,
} from '../../db/schema.ts';
import { inlineJobs, pgBossJobs } from '../../core/jobs.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { createUser } from '../../db/seed/factories.ts';
import { LIMITS } from '../../lib/limits.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import {
  CLEANUP_CRON,
  CLEANUP_JOB,
  createCleanup,
  createCleanupRepository,
  createCleanupService,
  RETENTION,
  scheduleCleanup,
} from './index.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The harness's defaults: SESSION_MAX_HOURS and LINK_VALIDITY_HOURS. */
const SESSION_MAX_MS = 12 * HOUR;
const LINK_VALIDITY_MS = 24 * HOUR;

let t: TestContext;
let database: DatabaseHandle | undefined;
/** The app's job queue: inline, so its schedules run when a test says. */
const jobs = inlineJobs();
beforeAll(async () => {
  t = await createTestContext({
    jobs: (opened) => {
      database = opened;
      return () => jobs;
    },
  });
});
afterAll(() => t.close());

const cleanup = () => createCleanup(t.db);
const sessionRow = async (token: string) => (await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token))))[0];

let users = 0;
async function customer() {
  users += 1;
  const email = `nettoyage${users}@client.test`;
  const user = await createUser(t.db, { email, password: 'Nettoyage#2026', gestionnaire: true });
  return { ...user, token: await t.login(email, 'Nettoyage#2026') };
}

describe('clean-up', () => {
  it('deletes sessions a week after they were revoked or expired, never a live one', async () => {
    const revoked = await t.loginAs('gestionnaire');
    await t.send('POST', '/api/sessions/SessionData/Logout', { token: revoked });
    const expiring = await t.loginAs('gestionnaire');

    t.clock.advance(RETENTION.sessionsMs + MINUTE);
    const live = await t.loginAs('gestionnaire');
    expect(await cleanup().sessions(t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await sessionRow(revoked)).toBeUndefined();
    // Expired after SESSION_MAX_HOURS, less than a week ago.
    expect(await sessionRow(expiring)).toBeDefined();

    t.clock.advance(SESSION_MAX_MS);
    await cleanup().sessions(t.clock.now());
    expect(await sessionRow(expiring)).toBeUndefined();
    expect(await sessionRow(live)).toBeDefined();
  });

  it('deletes agent sessions a week after they were revoked or expired, and expired one-click contexts', async () => {
    const now = t.clock.now();
    const [agent] = await t.db.select({ id: agents.id }).from(agents).limit(1);
    if (!agent) throw new Error('demo agents are seeded');
    const session = (tokenHash: string, revokedAt: Date | null, expiresAt: Date) => ({ tokenHash, agentId: agent.id, createdAt: now, lastSeenAt: now, expiresAt, revokedAt });
    await t.db.insert(agentSessions).values([
      session('nettoyage-agent-revoque', now, new Date(now.getTime() + HOUR)),
      session('nettoyage-agent-vivant', null, new Date(now.getTime() + RETENTION.sessionsMs + 2 * HOUR)),
    ]);
    const context = (idContexte: string, expiresAt: Date) => ({ idContexte, idRh: 'RH1', urlAppel: 'https://vqd.test', estConnexionOk: false, expiresAt });
    await t.db.insert(ssoClientContexts).values([context('CTX-NETTOYAGE-1', new Date(now.getTime() + MINUTE)), context('CTX-NETTOYAGE-2', new Date(now.getTime() + 30 * 24 * HOUR))]);
    const use = (signature: string, expiresAt: Date) => ({ signature, usedAt: now, expiresAt });
    await t.db.insert(ssoOneclicUses).values([use('a'.repeat(64), new Date(now.getTime() + 5 * MINUTE)), use('b'.repeat(64), new Date(now.getTime() + 30 * 24 * HOUR))]);

    t.clock.advance(RETENTION.sessionsMs + HOUR);
    expect(await cleanup().agentSessions(t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await cleanup().ssoContexts(t.clock.now())).toBe(1);
    expect(await cleanup().oneclicUses(t.clock.now())).toBe(1);
    const uses = await t.db.select({ signature: ssoOneclicUses.signature }).from(ssoOneclicUses);
    expect(uses.map((row) => row.signature)).toEqual(['b'.repeat(64)]);
    const left = await t.db.select({ tokenHash: agentSessions.tokenHash }).from(agentSessions).where(inArray(agentSessions.tokenHash, ['nettoyage-agent-revoque', 'nettoyage-agent-vivant']));
    expect(left.map((row) => row.tokenHash)).toEqual(['nettoyage-agent-vivant']);
    const contexts = await t.db.select({ id: ssoClientContexts.idContexte }).from(ssoClientContexts).where(inArray(ssoClientContexts.idContexte, ['CTX-NETTOYAGE-1', 'CTX-NETTOYAGE-2']));
    expect(contexts.map((row) => row.id)).toEqual(['CTX-NETTOYAGE-2']);
  });

  it('deletes e-mailed links a month after they were used or expired', async () => {
    const start = t.clock.now();
    // A forgotten-code request for a customer and one for an unknown address, both left unused.
    await t.send('POST', '/api/clients/reset_password', { json: { email: DEMO_USERS.solo.email } });
    await t.send('POST', '/api/clients/reset_password', { json: { email: 'inconnu@nulle-part.test' } });
    const emails = [DEMO_USERS.solo.email, 'inconnu@nulle-part.test', 'utilise@client.test'];
    // One used at once.
    await t.db.insert(passwordResetRequests).values({ email: 'utilise@client.test', createdAt: start, expiresAt: new Date(start.getTime() + LINK_VALIDITY_MS), usedAt: start });
    // An e-mail change left pending, and a login unlock link.
    const { id: userId, email, token } = await customer();
    const newEmail = `nouveau-${email}`;
    const change = await t.send('POST', '/api/utilisateurs/email', {
      token,
      json: {
        nouvelEmail: newEmail,
        ancienPassword: await hashConfidentialCode(email, 'Nettoyage#2026'),
        Password: await hashConfidentialCode(newEmail, 'Nettoyage#2026'),
      },
    });
    expect(change.statusCode).toBe(200);
    await t.db.insert(loginUnlockLinks).values({ userId, tokenHash: hashToken(`deblocage-${userId}`), createdAt: start, expiresAt: new Date(start.getTime() + LINK_VALIDITY_MS) });
    const resets = () => t.db.select().from(passwordResetRequests).where(inArray(passwordResetRequests.email, emails));
    const changes = () => t.db.select().from(emailChangeRequests).where(eq(emailChangeRequests.userId, userId));
    const unlocks = () => t.db.select().from(loginUnlockLinks).where(eq(loginUnlockLinks.userId, userId));
    expect(await resets()).toHaveLength(3);

    t.clock.advance(RETENTION.linksMs + MINUTE);
    const firstRun = await cleanup().emailLinks(t.clock.now());
    expect(firstRun.passwordResets).toBeGreaterThanOrEqual(1);
    expect((await resets()).map((row) => row.email).sort()).toEqual(['inconnu@nulle-part.test', DEMO_USERS.solo.email]);
    expect(await changes()).toHaveLength(1);
    expect(await unlocks()).toHaveLength(1);

    t.clock.advance(LINK_VALIDITY_MS);
    const secondRun = await cleanup().emailLinks(t.clock.now());
    expect(secondRun).toMatchObject({ passwordResets: expect.any(Number), emailChanges: 1, unlockLinks: 1 });
    expect(await resets()).toEqual([]);
    expect(await changes()).toEqual([]);
    expect(await unlocks()).toEqual([]);
  });

  it('deletes rate-limit counters once the longest window has passed since they started', async () => {
    expect(RETENTION.countersMs).toBeGreaterThanOrEqual(Math.max(LIMITS.failureWindowMs, MINUTE));
    const start = t.clock.now();
    await t.send('POST', '/api/token', { form: { username: 'compteur@client.test', password: 'x'.repeat(64), grant_type: 'password', captcha: '', ip: '' } });
    // The clock only moves forward: counters started from now on are this test's.
    const counters = () => t.db.select().from(rateLimitCounters).where(gte(rateLimitCounters.windowStart, start));
    const mine = await counters();
    expect(mine.length).toBeGreaterThan(0);

    t.clock.advance(RETENTION.countersMs - MINUTE);
    await cleanup().rateLimits(t.clock.now());
    expect(await counters()).toHaveLength(mine.length);

    t.clock.advance(2 * MINUTE);
    expect(await cleanup().rateLimits(t.clock.now())).toBeGreaterThanOrEqual(mine.length);
    expect(await counters()).toEqual([]);
  });

  it('deletes sent mails after a month and mails never sent after three', async () => {
    const start = t.clock.now();
    await t.send('POST', '/api/clients/reset_password', { json: { email: DEMO_USERS.mandataire.email } });
    const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, DEMO_USERS.mandataire.email));
    expect(sent?.sentAt).toBeInstanceOf(Date);
    const [failed] = await t.db
      .insert(emailOutbox)
      .values({ recipient: 'echec@client.test', subject: 'Échec', textBody: 'x', htmlBody: '<p>x</p>', createdAt: start, attempts: 5, lastError: 'connection refused' })
      .returning();
    const stored = async (id: number | undefined) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id ?? -1))).length;

    t.clock.advance(RETENTION.sentMailsMs + MINUTE);
    const first = await cleanup().outbox(t.clock.now());
    expect(first.sentMails).toBeGreaterThanOrEqual(1);
    expect(await stored(sent?.id)).toBe(0);
    expect(await stored(failed?.id)).toBe(1);

    t.clock.advance(RETENTION.unsentMailsMs - RETENTION.sentMailsMs);
    expect((await cleanup().outbox(t.clock.now())).unsentMails).toBe(1);
    expect(await stored(failed?.id)).toBe(0);
  });

  it('deletes audit entries a year after the action, as the privacy page states', async () => {
    const entry = (at: Date) => ({ userId: 1, action: 'LECTURE_PUK', idClientBscs: 1, idContrat: 1, at, sourceAddress: '203.0.113.9' });
    const [old] = await t.db.insert(auditLog).values(entry(t.clock.now())).returning();
    t.clock.advance(RETENTION.auditMs / 2);
    const [recent] = await t.db.insert(auditLog).values(entry(t.clock.now())).returning();
    t.clock.advance(RETENTION.auditMs / 2 + MINUTE);
    expect(await cleanup().auditEntries(t.clock.now())).toBeGreaterThanOrEqual(1);
    const kept = await t.db.select({ id: auditLog.id }).from(auditLog).where(inArray(auditLog.id, [old?.id ?? -1, recent?.id ?? -1]));
    expect(kept).toEqual([{ id: recent?.id }]);
  });

  it('keeps a year of line usage: the twelve billing periods before the current one', async () => {
    const [contract] = await t.db.select({ id: lineUsage.idContrat }).from(lineUsage).limit(1);
    const idContrat = contract?.id ?? -1;
    const now = t.clock.now();
    const month = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 10);
    await t.db
      .insert(lineUsage)
      .values([13, 12].map((back) => ({ idContrat, periode: month(back), voixMinutes: 1, sms: 1, dataMo: 1 })))
      .onConflictDoNothing();
    expect(await cleanup().usagePeriods(now)).toBeGreaterThanOrEqual(1);
    const periods = (await t.db.select({ periode: lineUsage.periode }).from(lineUsage).where(eq(lineUsage.idContrat, idContrat))).map((row) => row.periode);
    expect(periods).toContain(month(12));
    expect(periods).not.toContain(month(13));
  });

  it('deletes FAQ votes a month after they were cast, leaving the question’s counts', async () => {
    const [question] = await t.db.select({ id: faqQuestions.idQuestion }).from(faqQuestions).limit(1);
    const idQuestion = question?.id ?? -1;
    const vote = (votant: string) => ({ idQuestion, votant, utile: true, voteLe: t.clock.now() });
    await t.db.insert(faqVotes).values(vote('session:ancienne'));
    t.clock.advance(RETENTION.faqVotesMs / 2);
    await t.db.insert(faqVotes).values(vote('session:recente'));
    t.clock.advance(RETENTION.faqVotesMs / 2 + MINUTE);
    expect(await cleanup().faqVotes(t.clock.now())).toBeGreaterThanOrEqual(1);
    const kept = await t.db.select({ votant: faqVotes.votant }).from(faqVotes).where(eq(faqVotes.idQuestion, idQuestion));
    expect(kept).toEqual([{ votant: 'session:recente' }]);
  });

  it('works through a backlog in bounded batches, the rest left for the next run', async () => {
    await cleanup().rateLimits(t.clock.now());
    const old = new Date(t.clock.now().getTime() - RETENTION.countersMs - HOUR);
    await t.db.insert(rateLimitCounters).values(Array.from({ length: 25 }, (_, i) => ({ key: `arriere:${i}`, windowStart: old, count: 1, lastAt: old })));
    const repo = createCleanupRepository(t.db);
    const batches: number[] = [];
    const counted = { ...repo, staleCounters: async (before: Date, limit: number) => { const n = await repo.staleCounters(before, limit); batches.push(n); return n; } };

    expect(await createCleanupService(counted, { batchSize: 10, maxBatches: 2 }).rateLimits(t.clock.now())).toBe(20);
    expect(batches).toEqual([10, 10]);
    expect(await createCleanupService(counted, { batchSize: 10 }).rateLimits(t.clock.now())).toBe(5);
    expect(batches).toEqual([10, 10, 5]);
  });

  it('runs every kind with runAll and reports what each deleted', async () => {
    const start = t.clock.now();
    const { token } = await customer();
    await t.send('POST', '/api/sessions/SessionData/Logout', { token });
    await t.send('POST', '/api/clients/reset_password', { json: { email: DEMO_USERS.utilisateur.email } });
    await t.db.insert(emailOutbox).values({ recipient: 'jamais@client.test', subject: 'x', textBody: 'x', htmlBody: 'x', createdAt: start });

    t.clock.advance(RETENTION.unsentMailsMs + MINUTE);
    const report = await cleanup().runAll(t.clock.now());
    expect(Object.keys(report).sort()).toEqual([
      'agentSessions',
      'auditEntries',
      'counters',
      'emailChanges',
      'faqVotes',
      'knownDevices',
      'mfaChallenges',
      'oneclicUses',
      'orphanFiles',
      'partialFiles',
      'passwordResets',
      'sentMails',
      'sessions',
      'ssoContexts',
      'supportAttachments',
      'unlockLinks',
      'unsentMails',
      'usagePeriods',
    ]);
    expect(report.unsentMails).toBe(1);
    for (const kind of ['sessions', 'passwordResets', 'counters', 'sentMails'] as const) expect(report[kind], kind).toBeGreaterThanOrEqual(1);
    expect(await cleanup().runAll(t.clock.now())).toEqual({
      sessions: 0,
      agentSessions: 0,
      ssoContexts: 0,
      oneclicUses: 0,
      passwordResets: 0,
      emailChanges: 0,
      unlockLinks: 0,
      mfaChallenges: 0,
      knownDevices: 0,
      counters: 0,
      sentMails: 0,
      unsentMails: 0,
      auditEntries: 0,
      usagePeriods: 0,
      faqVotes: 0,
      supportAttachments: 0,
      partialFiles: 0,
      orphanFiles: 0,
    });
  });
});

describe('clean-up schedule', () => {
  it('is scheduled every hour by the app, and its job cleans with the core clock', async () => {
    expect(jobs.schedules()).toContainEqual({ name: CLEANUP_JOB, cron: CLEANUP_CRON });
    expect(CLEANUP_CRON).toBe('0 * * * *');

    // Rows dated by the core clock, which then moves while the system's does not: only a job
    // reading the core clock finds them old enough to go.
    const start = t.clock.now();
    await t.db.insert(rateLimitCounters).values({ key: 'planifie:1', windowStart: start, count: 1, lastAt: start });
    const [mail] = await t.db
      .insert(emailOutbox)
      .values({ recipient: 'planifie@client.test', subject: 'x', textBody: 'x', htmlBody: 'x', createdAt: start })
      .returning({ id: emailOutbox.id });
    const counter = () => t.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, 'planifie:1'));
    const unsent = () => t.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail?.id ?? -1));

    await jobs.runScheduled(CLEANUP_JOB);
    expect(await counter()).toHaveLength(1);
    expect(await unsent()).toHaveLength(1);

    t.clock.advance(RETENTION.unsentMailsMs + MINUTE);
    await jobs.runScheduled(CLEANUP_JOB);
    expect(await counter()).toEqual([]);
    expect(await unsent()).toEqual([]);
  });

  it('is kept in pg-boss, which runs each occurrence on one instance', async () => {
    if (!database) throw new Error('no database handle');
    const boss = pgBossJobs(database.executeSql, t.app.log);
    await boss.start();
    try {
      await scheduleCleanup(boss, cleanup(), t.clock, t.app.log);
      const { rows } = await database.executeSql('select name, cron, timezone from pgboss.schedule where name = $1', [CLEANUP_JOB]);
      expect(rows).toEqual([{ name: CLEANUP_JOB, cron: CLEANUP_CRON, timezone: 'UTC' }]);
    } finally {
      await boss.stop();
    }
  });
});

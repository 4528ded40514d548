import { isoWeekOf, scheduledReportSchema, scheduledReportsAnswerSchema } from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inlineJobs } from '../../core/jobs.ts';
import { auditLog, reportSendings, scheduledReports } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';

const jobs = inlineJobs();
const { t, f } = useTestContext(demoFixture, { jobs: () => () => jobs });

const DAY = 86_400_000;
const reportsUrl = (account = f.account) => `/api/clients/${account}/rapports-programmes`;
const list = async (token = f.manager) => bodyOf(await t.get(reportsUrl(), token), scheduledReportsAnswerSchema);
async function schedule(body: object, token = f.manager, account = f.account) {
  return t.send('POST', reportsUrl(account), { token, json: body });
}
async function removeAll() {
  await t.db.delete(scheduledReports).where(eq(scheduledReports.idClientBscs, f.account));
}

describe('scheduled reports', () => {
  it('schedules a weekly fleet report, sends it at once to the managers and the listed address, as an attached workbook kept for download', async () => {
    await removeAll();
    const before = (await t.outbox()).length;
    const created = await schedule({ type: 'FLOTTE', frequence: 'HEBDOMADAIRE', destinataires: ['Compta@Demo.test', 'compta@demo.test'] });
    expect(created.statusCode).toBe(201);
    const report = bodyOf(created, scheduledReportSchema);
    expect(report).toMatchObject({ type: 'FLOTTE', frequence: 'HEBDOMADAIRE', destinataires: ['compta@demo.test'] });

    const answer = await list();
    const sending = answer.envois.find((envoi) => envoi.idRapport === report.idRapport);
    expect(sending).toMatchObject({ type: 'FLOTTE', periode: isoWeekOf(parisDay(t.clock.now())) });
    expect(sending?.destinataires).toContain(DEMO_USERS.gestionnaire.email);
    expect(sending?.destinataires).toContain('compta@demo.test');
    expect(answer.rapports.find((row) => row.idRapport === report.idRapport)?.dernierEnvoi).not.toBeNull();

    const mails = (await t.outbox()).slice(0, (await t.outbox()).length - before);
    const toCompta = mails.find((mail) => mail.recipient === 'compta@demo.test');
    expect(toCompta?.subject).toContain('rapport programmé');
    expect(toCompta?.attachments[0]).toMatchObject({ contentType: expect.stringContaining('spreadsheetml') });
    expect(mails.map((mail) => mail.recipient)).toContain(DEMO_USERS.gestionnaire.email);

    const file = await t.get(`${reportsUrl()}/envois/${sending?.idEnvoi}/fichier`, f.manager);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="parc-lignes-${f.account}-${parisDay(t.clock.now())}.xlsx"`);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(file.rawPayload.length).toBe(sending?.taille);
    const audited = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'TELECHARGEMENT_RAPPORT'), eq(auditLog.idClientBscs, f.account)));
    expect(audited.length).toBeGreaterThan(0);
  });

  it('sends a weekly report once a week, whatever the number of runs, and a monthly one for the month of the latest invoice', async () => {
    await removeAll();
    const weekly = bodyOf(await schedule({ type: 'FLOTTE', frequence: 'HEBDOMADAIRE', destinataires: [] }), scheduledReportSchema);
    await jobs.runScheduled('scheduled-reports.queue-due');
    await jobs.runScheduled('scheduled-reports.queue-due');
    const sent = async (idRapport: number) => t.db.select().from(reportSendings).where(eq(reportSendings.idRapport, idRapport));
    expect(await sent(weekly.idRapport)).toHaveLength(1);
    const thisWeek = isoWeekOf(parisDay(t.clock.now()));
    t.clock.advance(7 * DAY);
    try {
      await jobs.runScheduled('scheduled-reports.queue-due');
      await jobs.runScheduled('scheduled-reports.queue-due');
      expect((await sent(weekly.idRapport)).map((row) => row.periode).sort()).toEqual([thisWeek, isoWeekOf(parisDay(t.clock.now()))]);
    } finally {
      t.clock.advance(-7 * DAY);
    }

    const monthly = bodyOf(await schedule({ type: 'FACTURE_CENTRES', frequence: 'MENSUELLE' }), scheduledReportSchema);
    const [first] = await sent(monthly.idRapport);
    expect(first?.periode).toMatch(/^20\d\d-\d\d$/);
    expect(first?.nomFichier).toBe(`facture-centres-de-cout-${f.account}-${parisDay(t.clock.now())}.xlsx`);
    const workbook = await t.get(`${reportsUrl()}/envois/${first?.idEnvoi}/fichier`, f.manager);
    expect(workbook.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses addresses outside the company’s domain, malformed ones and a second report of the same kind, ten at once making one', async () => {
    await removeAll();
    expectError(await schedule({ type: 'FLOTTE', frequence: 'HEBDOMADAIRE', destinataires: ['someone@elsewhere.example'] }), 400, 'SCHEDULED_REPORT_OUTSIDE_DOMAIN');
    for (const destinataires of [['pas-une-adresse'], ['a\u0000b@demo.test'], Array.from({ length: 11 }, (_, i) => `p${i}@demo.test`), 'x@demo.test']) {
      expect((await schedule({ type: 'FLOTTE', frequence: 'HEBDOMADAIRE', destinataires })).statusCode).toBe(400);
    }
    expect((await schedule({ type: 'AUTRE', frequence: 'HEBDOMADAIRE' })).statusCode).toBe(400);
    expect((await schedule({ type: 'FLOTTE', frequence: 'HEBDOMADAIRE', extra: 1 })).statusCode).toBe(400);

    const answers = await Promise.all(Array.from({ length: 10 }, () => schedule({ type: 'FLOTTE', frequence: 'HEBDOMADAIRE' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    expect((await list()).rapports.filter((row) => row.type === 'FLOTTE' && row.frequence === 'HEBDOMADAIRE')).toHaveLength(1);
  });

  it('lets only the account’s managers see, schedule, remove and download, and keeps the sendings of a removed report', async () => {
    await removeAll();
    const report = bodyOf(await schedule({ type: 'FLOTTE', frequence: 'HEBDOMADAIRE' }), scheduledReportSchema);
    const [sending] = (await list()).envois.filter((envoi) => envoi.idRapport === report.idRapport);
    for (const token of [f.stranger, f.lineUser, f.mandataire]) {
      expect((await t.get(reportsUrl(), token)).statusCode).toBe(403);
      expect((await schedule({ type: 'FLOTTE', frequence: 'MENSUELLE' }, token)).statusCode).toBe(403);
      expect((await t.send('DELETE', `${reportsUrl()}/${report.idRapport}`, { token })).statusCode).toBe(403);
      expect((await t.get(`${reportsUrl()}/envois/${sending?.idEnvoi}/fichier`, token)).statusCode).toBe(403);
    }
    // Through another account the caller manages, this account's report and sending are not found.
    const stranger = await t.get(reportsUrl(f.strangerAccount), f.stranger);
    expect(stranger.statusCode).toBe(200);
    expectError(await t.send('DELETE', `${reportsUrl(f.strangerAccount)}/${report.idRapport}`, { token: f.stranger }), 404, 'SCHEDULED_REPORT_NOT_FOUND');
    expectError(await t.get(`${reportsUrl(f.strangerAccount)}/envois/${sending?.idEnvoi}/fichier`, f.stranger), 404, 'REPORT_SENDING_NOT_FOUND');
    for (const id of ['0', '-1', 'abc', '99999999999', '1%00']) expect((await t.get(`${reportsUrl()}/envois/${id}/fichier`, f.manager)).statusCode).toBe(400);
    expect((await t.get(`${reportsUrl()}/envois/%2e%2e/fichier`, f.manager)).statusCode).toBe(404);

    expect((await t.send('DELETE', `${reportsUrl()}/${report.idRapport}`, { token: f.manager })).statusCode).toBe(200);
    expectError(await t.send('DELETE', `${reportsUrl()}/${report.idRapport}`, { token: f.manager }), 404, 'SCHEDULED_REPORT_NOT_FOUND');
    const after = await list();
    expect(after.rapports.some((row) => row.idRapport === report.idRapport)).toBe(false);
    expect(after.envois.some((envoi) => envoi.idEnvoi === sending?.idEnvoi && envoi.idRapport === null)).toBe(true);
    expect((await t.get(`${reportsUrl()}/envois/${sending?.idEnvoi}/fichier`, f.manager)).statusCode).toBe(200);
  });

  it('forgets a sending and its workbook after a year', async () => {
    await removeAll();
    await schedule({ type: 'FLOTTE', frequence: 'HEBDOMADAIRE' });
    const [sending] = (await list()).envois;
    const idEnvoi = sending?.idEnvoi ?? 0;
    const fileUrl = `${reportsUrl()}/envois/${idEnvoi}/fichier`;
    expect((await t.get(fileUrl, f.manager)).statusCode).toBe(200);
    // Sent a year and a day ago.
    await t.db.update(reportSendings).set({ envoyeLe: new Date(t.clock.now().getTime() - 366 * DAY) }).where(eq(reportSendings.idEnvoi, idEnvoi));
    expectError(await t.get(fileUrl, f.manager), 404, 'REPORT_SENDING_NOT_FOUND');
    expect((await list()).envois.some((envoi) => envoi.idEnvoi === idEnvoi)).toBe(false);
    await jobs.runScheduled('scheduled-reports.forget-old');
    expect(await t.db.select().from(reportSendings).where(eq(reportSendings.idEnvoi, idEnvoi))).toHaveLength(0);
  });
});

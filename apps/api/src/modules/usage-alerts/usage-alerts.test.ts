import { randomBytes } from 'node:crypto';
import {
  alertsAnswerSchema,
  consumptionSchema,
  dataFreezeSchema,
  thresholdsAnswerSchema,
  type UsageEventInput,
} from '@ecare/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inlineJobs } from '../../core/jobs.ts';
import { auditLog, contracts } from '../../db/schema.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';
import { agentCustomerSession } from '../../test/support/agents.ts';

const TOKEN = 'usage-alerts-test-token-0123456789abcdef';
const MIB = 1024 * 1024;
const jobs = inlineJobs();

const { t, f } = useTestContext(
  async (t) => {
    const demo = await demoFixture(t);
    /** Capped lines of the bakery well under their allowance this period, each test its own. */
    const quiet: { idContrat: number; numeroLigne: string; allowanceMo: number; usedMo: number }[] = [];
    for (const line of demo.colleagues) {
      const consumption = bodyOf(await t.send('POST', '/api/infoconso/getinfoconso', { token: demo.manager, json: { idContrat: line.idContrat } }), consumptionSchema);
      const allowance = consumption.forfait.data;
      const used = consumption.periodes.at(-1)?.dataMo ?? 0;
      const hors = consumption.periodes.at(-1)?.horsForfaitHT ?? 0;
      if (!allowance.illimite && allowance.inclus !== null && allowance.inclus >= 1024 && used < allowance.inclus * 0.9 && hors === 0) {
        quiet.push({ idContrat: line.idContrat, numeroLigne: line.numeroLigne, allowanceMo: allowance.inclus, usedMo: used });
      }
    }
    if (quiet.length < 5) throw new Error('the demo bakery has too few quiet capped lines');
    return { ...demo, quiet };
  },
  { env: { USAGE_FEED_TOKEN: TOKEN }, jobs: () => () => jobs },
);

const quietLine = (i: number) => {
  const line = f.quiet[i];
  if (!line) throw new Error(`no quiet line ${i}`);
  return line;
};

let sequence = 0;
function record(numeroLigne: string, overrides: Partial<UsageEventInput> = {}): UsageEventInput {
  sequence += 1;
  return {
    idEvenement: `alert-${randomBytes(6).toString('hex')}-${sequence}`,
    numeroLigne,
    horodatage: new Date(t.clock.now().getTime() - 60_000).toISOString(),
    type: 'DATA',
    zone: 'FRANCE',
    volume: 1_000,
    montantHorsForfaitCentimes: 0,
    ...overrides,
  };
}
const feed = (evenements: UsageEventInput[]) =>
  t.app.inject({ method: 'POST', url: '/api/interne/usages', headers: { authorization: `Bearer ${TOKEN}` }, payload: { evenements } });
/**
 * Thresholds of a line just above what it has used (its next whole percentages), so that reaching
 * them takes a few hundred MB: far from the 1 GB of a day that the anomaly rule watches.
 */
function closeThresholds(line: { allowanceMo: number; usedMo: number }, action: 'ALERTE' | 'BLOCAGE_DATA' = 'ALERTE') {
  const next = Math.floor((line.usedMo * 100) / line.allowanceMo) + 1;
  return { dataPourcentages: [next, next + 2], horsForfaitEurosHT: null, itineranceEurosHT: null, action, prevenirUtilisateur: false };
}
async function watchClosely(line: { idContrat: number; allowanceMo: number; usedMo: number }, action: 'ALERTE' | 'BLOCAGE_DATA' = 'ALERTE') {
  const thresholds = closeThresholds(line, action);
  expect((await t.send('PUT', `/api/lignes/${line.idContrat}/seuils`, { token: f.manager, json: thresholds })).statusCode).toBe(200);
  return thresholds.dataPourcentages as [number, number];
}
/** Data that brings a line to `percent` % of its allowance (from what it had used when the tests began). */
function dataTo(line: { numeroLigne: string; allowanceMo: number; usedMo: number }, percent: number): UsageEventInput[] {
  const missingMo = Math.ceil((line.allowanceMo * percent) / 100) - line.usedMo + 1;
  return [record(line.numeroLigne, { volume: missingMo * MIB })];
}
async function alertsOf(idContrat: number) {
  return bodyOf(await t.get(`/api/lignes/${idContrat}/alertes`, f.manager), alertsAnswerSchema).alertes;
}
async function auditCount(action: string, idContrat: number) {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.idContrat, idContrat)));
  return row?.n ?? 0;
}

const THRESHOLDS = { dataPourcentages: [50, 90], horsForfaitEurosHT: 20.5, itineranceEurosHT: null, action: 'ALERTE', prevenirUtilisateur: false };

describe('thresholds', () => {
  it('starts from the portal’s defaults, lets the account’s managers set the account’s and a line’s own, audited', async () => {
    const initial = bodyOf(await t.get(`/api/clients/${f.account}/seuils`, f.manager), thresholdsAnswerSchema);
    expect(initial).toEqual({ dataPourcentages: [80, 100], horsForfaitEurosHT: 50, itineranceEurosHT: 50, action: 'ALERTE', prevenirUtilisateur: false, origine: 'DEFAUT' });

    const saved = bodyOf(await t.send('PUT', `/api/clients/${f.account}/seuils`, { token: f.manager, json: { ...THRESHOLDS, dataPourcentages: [90, 50] } }), thresholdsAnswerSchema);
    expect(saved).toEqual({ ...THRESHOLDS, origine: 'COMPTE' });
    const line = quietLine(4);
    expect(bodyOf(await t.get(`/api/lignes/${line.idContrat}/seuils`, f.manager), thresholdsAnswerSchema).origine).toBe('COMPTE');

    const own = { ...THRESHOLDS, dataPourcentages: [100], action: 'BLOCAGE_DATA', prevenirUtilisateur: true };
    expect(bodyOf(await t.send('PUT', `/api/lignes/${line.idContrat}/seuils`, { token: f.manager, json: own }), thresholdsAnswerSchema)).toEqual({ ...own, origine: 'LIGNE' });
    expect(bodyOf(await t.send('DELETE', `/api/lignes/${line.idContrat}/seuils`, { token: f.manager }), thresholdsAnswerSchema)).toEqual({ ...THRESHOLDS, origine: 'COMPTE' });
    expect(await auditCount('MODIFICATION_SEUILS_LIGNE', line.idContrat)).toBe(1);
    expect(await auditCount('SUPPRESSION_SEUILS_LIGNE', line.idContrat)).toBe(1);

    // Back to the defaults for the other tests.
    const defaults = { dataPourcentages: [80, 100], horsForfaitEurosHT: 50, itineranceEurosHT: 50, action: 'ALERTE', prevenirUtilisateur: false };
    expect((await t.send('PUT', `/api/clients/${f.account}/seuils`, { token: f.manager, json: defaults })).statusCode).toBe(200);
  });

  it('keeps them to the account’s managers: a line user reads their line’s, another customer nothing', async () => {
    expect(bodyOf(await t.get(`/api/lignes/${f.own.idContrat}/seuils`, f.lineUser), thresholdsAnswerSchema).origine).not.toBe('LIGNE');
    expectError(await t.send('PUT', `/api/lignes/${f.own.idContrat}/seuils`, { token: f.lineUser, json: THRESHOLDS }), 403, 'USAGE_ALERTS_MANAGER_ONLY');
    expectError(await t.get(`/api/clients/${f.account}/seuils`, f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.send('PUT', `/api/clients/${f.account}/seuils`, { token: f.stranger, json: THRESHOLDS }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(`/api/lignes/${f.own.idContrat}/seuils`, f.stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.send('PUT', `/api/lignes/${f.unmanagedLine.idContrat}/seuils`, { token: f.mandataire, json: THRESHOLDS }), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.get(`/api/clients/99999999999/seuils`, f.manager), 400, 'VALIDATION');
  });

  it('lets a customer-service agent change them for the manager, the audit naming the agent and the reason', async () => {
    const agent = DEMO_AGENTS.distance;
    const motif = 'Appel du client : seuils d’alerte trop bas';
    const customer = await agentCustomerSession(t, agent, { idClientBscs: f.account, email: DEMO_USERS.gestionnaire.email, motif });
    const values = { dataPourcentages: [80, 100], horsForfaitEurosHT: 75, itineranceEurosHT: 50, action: 'ALERTE', prevenirUtilisateur: false };
    expect((await t.send('PUT', `/api/clients/${f.account}/seuils`, { token: customer, json: values })).statusCode).toBe(200);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'MODIFICATION_SEUILS_COMPTE'), eq(auditLog.idClientBscs, f.account))).orderBy(sql`${auditLog.id} desc`).limit(1);
    expect(entry?.onBehalfOf).not.toBeNull();
    expect(entry?.details).toMatchObject({ motif, apres: { horsForfaitCentimes: 7_500 } });
    // Another account than the one the session was opened for stays out of reach.
    expectError(await t.get(`/api/clients/${f.strangerAccount}/seuils`, customer), 403, 'FORBIDDEN_ACCOUNT');
    expect((await t.send('PUT', `/api/clients/${f.account}/seuils`, { token: f.manager, json: { ...values, horsForfaitEurosHT: 50 } })).statusCode).toBe(200);
  });

  it('refuses malformed thresholds with a French message and changes nothing', async () => {
    const bad = [
      { ...THRESHOLDS, dataPourcentages: [0] },
      { ...THRESHOLDS, dataPourcentages: [10, 20, 30, 40, 50, 60] },
      { ...THRESHOLDS, dataPourcentages: [80, 80] },
      { ...THRESHOLDS, dataPourcentages: [80.5] },
      { ...THRESHOLDS, horsForfaitEurosHT: 12.345 },
      { ...THRESHOLDS, horsForfaitEurosHT: -1 },
      { ...THRESHOLDS, itineranceEurosHT: '50' },
      { ...THRESHOLDS, action: 'COUPURE' },
      { ...THRESHOLDS, autre: true },
    ];
    for (const json of bad) {
      const response = await t.send('PUT', `/api/clients/${f.account}/seuils`, { token: f.manager, json });
      expectError(response, 400, 'VALIDATION');
      expect(response.json<{ exceptionMessage: string }>().exceptionMessage).not.toMatch(/'/);
    }
    expect(bodyOf(await t.get(`/api/clients/${f.account}/seuils`, f.manager), thresholdsAnswerSchema).dataPourcentages).toEqual([80, 100]);
  });
});

describe('alerts', () => {
  it('raises one alert per threshold crossed in the period, e-mails the managers with the figures and a link, and never twice', async () => {
    const line = quietLine(0);
    const [first, second] = await watchClosely(line);
    const sentBefore = (await t.outbox()).length;
    expect((await feed(dataTo(line, first))).statusCode).toBe(200);
    // The thresholds' alerts: the same record may also make the day an anomaly for this quiet
    // line, depending on how much of the day the demo's usage already holds (the hour of the run
    // in Paris); anomalies have their own test below.
    const thresholdAlerts = async () => (await alertsOf(line.idContrat)).filter((a) => a.type === 'DATA_SEUIL');
    const alerts = await thresholdAlerts();
    expect(alerts.map((a) => [a.type, a.seuil, a.statut, a.blocage])).toEqual([['DATA_SEUIL', first, 'NOUVELLE', false]]);
    expect(alerts[0]?.valeur).toBe(first);

    const mails = (await t.outbox()).slice(0, (await t.outbox()).length - sentBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('Alerte de consommation');
    expect(mails[0]?.textBody).toContain(`a consommé ${first} % de son forfait de données (seuil de ${first} %)`);
    expect(mails[0]?.textBody).toContain(`/ecare/ligne-mobile/${line.idContrat}/consommation`);

    // More usage under the next threshold: nothing new.
    expect(second).toBe(first + 2);
    expect((await feed([record(line.numeroLigne, { volume: MIB })])).statusCode).toBe(200);
    expect(await thresholdAlerts()).toHaveLength(1);
    expect((await t.outbox()).length).toBe(sentBefore + 1);

    // The account's list has it; a status filter keeps to it.
    const account = bodyOf(await t.get(`/api/clients/${f.account}/alertes?statut=NOUVELLE`, f.manager), alertsAnswerSchema);
    expect(account.alertes.some((a) => a.idAlerte === alerts[0]?.idAlerte)).toBe(true);
    expect(account.total).toBeGreaterThanOrEqual(1);
    expectError(await t.get(`/api/clients/${f.account}/alertes?statut=LUE`, f.manager), 400, 'VALIDATION');
    expectError(await t.get(`/api/clients/${f.account}/alertes`, f.stranger), 403, 'FORBIDDEN_ACCOUNT');
  });

  it('exports the account’s alerts as CSV for its managers, audited', async () => {
    const response = await t.get(`/api/clients/${f.account}/alertes/export?statut=NOUVELLE`, f.manager);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="alertes-\d+-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header).toBe('Déclenchée le;Ligne;Alerte;Détail;Seuil;Valeur;Unité;Période;Statut;Données suspendues');
    expect(rows.length).toBe(Number(response.headers['x-total-count']));
    expect(rows.some((row) => row.includes('Seuil de données atteint') && row.includes(';Nouvelle;Non'))).toBe(true);
    expectError(await t.get(`/api/clients/${f.account}/alertes/export`, f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(`/api/clients/${f.strangerAccount}/alertes/export`, f.manager), 403, 'FORBIDDEN_ACCOUNT');
    const [exported] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'EXPORT_ALERTES'), eq(auditLog.idClientBscs, f.account)));
    expect(exported?.details).toMatchObject({ statut: 'NOUVELLE', nombre: rows.length });
  });

  it('counts two overlapping batches sent at once once: one alert, one e-mail', async () => {
    const line = quietLine(1);
    const [first] = await watchClosely(line);
    const sentBefore = (await t.outbox()).length;
    const shared = dataTo(line, first);
    const [a, b] = await Promise.all([feed([...shared, record(line.numeroLigne)]), feed([...shared, record(line.numeroLigne)])]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await alertsOf(line.idContrat)).map((alert) => alert.seuil)).toEqual([first]);
    expect((await t.outbox()).length).toBe(sentBefore + 1);
  });

  it('lets the line’s user mark its alert seen, a manager resolve it, and nobody else touch it', async () => {
    const line = quietLine(0);
    const [alert] = await alertsOf(line.idContrat);
    if (!alert) throw new Error('no alert to follow');
    expectError(await t.send('PUT', `/api/alertes/${alert.idAlerte}`, { token: f.stranger, json: { statut: 'VUE' } }), 403, 'USAGE_ALERT_FORBIDDEN');
    expectError(await t.send('PUT', `/api/alertes/2147483000`, { token: f.manager, json: { statut: 'VUE' } }), 403, 'USAGE_ALERT_FORBIDDEN');
    expectError(await t.send('PUT', `/api/alertes/${alert.idAlerte}`, { token: f.manager, json: { statut: 'NOUVELLE' } }), 400, 'VALIDATION');
    expect(bodyOf(await t.send('PUT', `/api/alertes/${alert.idAlerte}`, { token: f.manager, json: { statut: 'VUE' } }), alertsAnswerSchema.shape.alertes.element).statut).toBe('VUE');
    expect(bodyOf(await t.send('PUT', `/api/alertes/${alert.idAlerte}`, { token: f.manager, json: { statut: 'RESOLUE' } }), alertsAnswerSchema.shape.alertes.element).statut).toBe('RESOLUE');
    // Seen again, it stays resolved.
    expect(bodyOf(await t.send('PUT', `/api/alertes/${alert.idAlerte}`, { token: f.manager, json: { statut: 'VUE' } }), alertsAnswerSchema.shape.alertes.element).statut).toBe('RESOLUE');
    expect(await auditCount('RESOLUTION_ALERTE', line.idContrat)).toBe(1);
  });

  it('raises an anomaly for a day far above the line’s habit, and for 100 € HT out of bundle within 24 hours', async () => {
    const line = quietLine(2);
    expect((await feed([record(line.numeroLigne, { volume: 1100 * MIB }), record(line.numeroLigne, { type: 'SMS', volume: 1, montantHorsForfaitCentimes: 10_000 })])).statusCode).toBe(200);
    const alerts = await alertsOf(line.idContrat);
    const anomalies = alerts.filter((a) => a.type === 'ANOMALIE');
    expect(anomalies.map((a) => [a.unite, a.seuil]).sort()).toEqual([
      ['EUROS_HT', 100],
      ['MO', 1024],
    ]);
    // The out-of-bundle amount crossed the account's 50 € HT too.
    expect(alerts.find((a) => a.type === 'HORS_FORFAIT')).toMatchObject({ seuil: 50, valeur: 100, unite: 'EUROS_HT' });
  });
});

describe('data freeze', () => {
  it('freezes a line at its largest threshold with BLOCAGE_DATA, says so, and lets a manager lift it for the rest of the period', async () => {
    const line = quietLine(3);
    const [first, largest] = await watchClosely(line, 'BLOCAGE_DATA');

    expect((await feed(dataTo(line, first))).statusCode).toBe(200);
    expect(bodyOf(await t.get(`/api/lignes/${line.idContrat}/blocage-data`, f.manager), dataFreezeSchema).bloquee).toBe(false);

    const sentBefore = (await t.outbox()).length;
    expect((await feed(dataTo(line, largest))).statusCode).toBe(200);
    const freeze = bodyOf(await t.get(`/api/lignes/${line.idContrat}/blocage-data`, f.manager), dataFreezeSchema);
    expect(freeze).toMatchObject({ bloquee: true, cause: 'SEUIL', alerte: { type: 'DATA_SEUIL', seuil: largest, blocage: true } });
    expect(freeze.finPrevue).toMatch(/^\d{4}-\d{2}-01$/);
    const [mail] = await t.outbox();
    expect((await t.outbox()).length).toBe(sentBefore + 1);
    expect(mail?.textBody).toContain('sont suspendues jusqu’au');
    expect(mail?.textBody).toContain('Les appels, les SMS et les appels d’urgence restent possibles.');
    expect(await auditCount('BLOCAGE_DATA_AUTOMATIQUE', line.idContrat)).toBe(1);

    expectError(await t.send('DELETE', `/api/lignes/${line.idContrat}/blocage-data`, { token: f.stranger }), 403, 'FORBIDDEN_CONTRACT');
    const lifted = bodyOf(await t.send('DELETE', `/api/lignes/${line.idContrat}/blocage-data`, { token: f.manager }), dataFreezeSchema);
    expect(lifted.bloquee).toBe(false);
    expect(await auditCount('LEVEE_BLOCAGE_DATA', line.idContrat)).toBe(1);
    expect((await t.outbox())[0]?.subject).toContain('Données rétablies');

    // More usage in the same period: the threshold's alert is raised already, the line stays open.
    expect((await feed([record(line.numeroLigne, { volume: 10 * MIB })])).statusCode).toBe(200);
    expect(bodyOf(await t.get(`/api/lignes/${line.idContrat}/blocage-data`, f.manager), dataFreezeSchema).bloquee).toBe(false);
  });

  it('freezes and lifts by hand once however often asked, managers only, active lines only; the freeze ends with its period', async () => {
    const line = f.colleagues.find((colleague) => !f.quiet.some((quiet) => quiet.idContrat === colleague.idContrat));
    if (!line) throw new Error('no line left for the freeze by hand');
    expectError(await t.send('POST', `/api/lignes/${f.own.idContrat}/blocage-data`, { token: f.lineUser }), 403, 'USAGE_ALERTS_MANAGER_ONLY');
    expectError(await t.send('POST', `/api/lignes/${f.suspended.idContrat}/blocage-data`, { token: f.manager }), 409, 'DATA_FREEZE_LINE_NOT_ACTIVE');
    expectError(await t.send('POST', `/api/lignes/${f.unmanagedLine.idContrat}/blocage-data`, { token: f.stranger }), 403, 'FORBIDDEN_CONTRACT');

    const answers = await Promise.all(Array.from({ length: 10 }, () => t.send('POST', `/api/lignes/${line.idContrat}/blocage-data`, { token: f.manager })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    const [answer] = answers;
    if (!answer) throw new Error('no answer');
    expect(bodyOf(answer, dataFreezeSchema)).toMatchObject({ bloquee: true, cause: 'MANUEL', alerte: null });
    expect(await auditCount('BLOCAGE_DATA', line.idContrat)).toBe(1);
    expect(bodyOf(await t.get(`/api/lignes/${line.idContrat}/blocage-data`, f.manager), dataFreezeSchema).bloquee).toBe(true);

    // The next period: the freeze has ended, before and after the clean-up passes.
    const [contract] = await t.db.select().from(contracts).where(eq(contracts.idContrat, line.idContrat));
    expect(contract?.codeStatut).toBe('ACTIF');
    const now = t.clock.now();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2, 12));
    t.clock.advance(nextMonth.getTime() - now.getTime());
    try {
      // A month later the session has ended: the manager signs in again.
      const manager = await t.loginAs('gestionnaire');
      expect(bodyOf(await t.get(`/api/lignes/${line.idContrat}/blocage-data`, manager), dataFreezeSchema).bloquee).toBe(false);
      await jobs.runScheduled('usage-alerts.end-freezes');
      expect(await auditCount('FIN_BLOCAGE_DATA', line.idContrat)).toBe(1);
      expect((await t.outbox())[0]?.subject).toContain('Données rétablies');
    } finally {
      t.clock.advance(now.getTime() - t.clock.now().getTime());
    }
  });
});

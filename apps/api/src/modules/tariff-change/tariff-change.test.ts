import { and, eq, inArray, ne } from 'drizzle-orm';
import { describe, expect, it, beforeAll } from 'vitest';
import {
  agentConnectResponseSchema,
  errorMessage,
  hashConfidentialCode,
  nextBillingPeriodStart,
  tariffChangeBlockSchema,
  tariffChangeDatesSchema,
  tariffChangeInProgressSchema,
  tariffChangeSchema,
  tariffTargetsSchema,
  validateScResponseSchema,
  vatCentimes,
  addMonths,
  type ApiErrorCode,
  type TariffChangeRequest,
} from '@ecare/shared';
import type { LightMyRequestResponse } from 'fastify';
import { parisDay } from '@ecare/shared/paris-time';
import { inlineJobs } from '../../core/jobs.ts';
import { agents, auditLog, contracts, invoices, offers, tariffChanges } from '../../db/schema.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture, userIdOf } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, openApiDocumentSchema, useTestContext } from '../../test/harness.ts';
import { pdfText } from '../../test/support/termination.ts';
import { TARIFF_CHANGE_CRON, TARIFF_CHANGE_JOB } from './index.ts';

const jobs = inlineJobs();
const { t, f } = useTestContext(demoFixture, { jobs: () => () => jobs });

const today = () => parisDay(t.clock.now());

/** The mobile range's plans, as this file sets them: all sold but 106, with known commitments. */
const PLANS = { cheap: 105, base: 102, dear: 103, dearest: 104, withdrawn: 106, other: 101 } as const;

async function priceOf(id: number): Promise<number> {
  const [row] = await t.db.select({ price: offers.prixMensuelCentimes }).from(offers).where(eq(offers.idOffreEngagement, id));
  if (!row) throw new Error(`no plan ${id}`);
  return row.price;
}

/** Puts a line on `idOffre` with a commitment ending on `end` (none when null), active. */
async function setLine(idContrat: number, idOffre: number, end: string | null, codeStatut: 'ACTIF' | 'SUSPENDU' = 'ACTIF'): Promise<void> {
  await t.db.update(contracts).set({ idOffreEngagement: idOffre, idGamme: 1, dateFinEngagement: end, codeStatut }).where(eq(contracts.idContrat, idContrat));
}

const submit = (token: string, body: TariffChangeRequest | Record<string, unknown>) => t.send('POST', '/api/chgmttarif/enregistrer', { token, json: body });
const cancel = (token: string, idChangement: unknown) => t.send('POST', '/api/chgmttarif/annuler', { token, json: { idChangement } });

async function submitted(token: string, body: TariffChangeRequest) {
  const response = await submit(token, body);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, tariffChangeSchema);
}

/** A refusal whose message names values (a date): its status, its code and a French message. */
function expectCode(response: LightMyRequestResponse, status: number, code: ApiErrorCode): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response).code).toBe(code);
  expect(errorOf(response).exceptionMessage).toMatch(/\d{2}\/\d{2}\/\d{4}/);
}

async function lineRow(idContrat: number) {
  const [row] = await t.db.select().from(contracts).where(eq(contracts.idContrat, idContrat));
  if (!row) throw new Error('no line');
  return row;
}

beforeAll(async () => {
  // What this file relies on of the catalogue columns, set here rather than read from the seed.
  await t.db.update(offers).set({ commercialise: true, engagementMois: 12 }).where(eq(offers.idGamme, 1));
  await t.db.update(offers).set({ commercialise: false }).where(eq(offers.idOffreEngagement, PLANS.withdrawn));
  await t.db.update(offers).set({ engagementMois: 24 }).where(eq(offers.idOffreEngagement, PLANS.dearest));
  // Every invoice settled: the unpaid-balance test makes one overdue itself.
  await t.db.update(invoices).set({ resteAPayerCentimes: 0 });
});

describe('target plans', () => {
  it('lists the sold plans of the line’s range but its own, cheapest first, with the monthly difference HT and TTC', async () => {
    const line = f.colleague(0).idContrat;
    await setLine(line, PLANS.base, null);
    const answer = bodyOf(await t.get(`/api/chgmttarif/offres/${line}`, f.manager), tariffTargetsSchema);
    expect(answer.offreActuelle.idOffreEngagement).toBe(PLANS.base);
    const ids = answer.offres.map((plan) => plan.idOffreEngagement);
    expect(ids).not.toContain(PLANS.base);
    expect(ids).not.toContain(PLANS.withdrawn);
    expect(ids).not.toContain(201);
    expect(ids).toEqual(expect.arrayContaining([PLANS.cheap, PLANS.other, PLANS.dear, PLANS.dearest]));
    const prices = answer.offres.map((plan) => plan.prixMensuelHtCentimes);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const base = await priceOf(PLANS.base);
    const dear = await priceOf(PLANS.dear);
    const target = answer.offres.find((plan) => plan.idOffreEngagement === PLANS.dear);
    expect(target).toMatchObject({
      differenceHtCentimes: dear - base,
      differenceTtcCentimes: dear + vatCentimes(dear) - (base + vatCentimes(base)),
      prixMensuelTtcCentimes: dear + vatCentimes(dear),
      sens: 'HAUSSE',
      engagementMois: 12,
    });
    expect(answer.offres.find((plan) => plan.idOffreEngagement === PLANS.cheap)?.sens).toBe('BAISSE');
  });

  it('refuses another customer (403), the line’s own user (manager only) and a line of an account not managed', async () => {
    const line = f.colleague(0).idContrat;
    expectError(await t.get(`/api/chgmttarif/offres/${line}`, f.stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.get(`/api/chgmttarif/offres/${f.own.idContrat}`, f.lineUser), 403, 'TARIFF_CHANGE_MANAGER_ONLY');
    expectError(await t.get(`/api/chgmttarif/offres/${f.unmanagedLine.idContrat}`, f.mandataire), 403, 'FORBIDDEN_CONTRACT');
    expectError(await submit(f.stranger, { idContrat: line, idOffreCible: PLANS.dear, effet: 'PROCHAINE_FACTURATION', action: 'Application_de_DR14' }), 403, 'FORBIDDEN_CONTRACT');
    expect((await t.get(`/api/chgmttarif/offres/${line}`)).statusCode).toBe(401);
  });

  it('answers 400, never 5xx, to malformed and huge ids', async () => {
    for (const bad of ['%00', 'abc', '99999999999999999999', '-1', '0', '%27%20or%201=1']) {
      for (const path of ['offres', 'en-cours', 'blocage']) {
        const response = await t.get(`/api/chgmttarif/${path}/${bad}`, f.manager);
        expect(response.statusCode, `${path}/${bad}: ${response.body}`).toBe(400);
      }
      expect((await t.get(`/api/chgmttarif/recapitulatif/${bad}`, f.manager)).statusCode).toBe(400);
    }
    const line = f.colleague(0).idContrat;
    expect((await t.get(`/api/chgmttarif/dates-effet/${line}`, f.manager)).statusCode).toBe(400);
    expect((await t.get(`/api/chgmttarif/dates-effet/${line}?idOffreCible=%00`, f.manager)).statusCode).toBe(400);
    for (const body of [
      { idContrat: 2 ** 40, idOffreCible: PLANS.dear, effet: 'IMMEDIAT', action: 'Application_de_DR14' },
      { idContrat: '\u0000', idOffreCible: PLANS.dear, effet: 'IMMEDIAT', action: 'Application_de_DR14' },
      { idContrat: line, idOffreCible: PLANS.dear, effet: 'DEMAIN', action: 'Application_de_DR14' },
      { idContrat: line, idOffreCible: PLANS.dear, effet: 'IMMEDIAT', action: 3 },
      { idContrat: line, idOffreCible: PLANS.dear, effet: 'IMMEDIAT', action: 'Application_de_DR14', extra: 1 },
    ]) {
      expect((await submit(f.manager, body)).statusCode).toBe(400);
    }
    for (const id of ['%00', 2 ** 53, -4, null]) expect((await cancel(f.manager, id)).statusCode).toBe(400);
    // A target outside the list: a withdrawn plan, another range, the current plan, an unknown id.
    for (const idOffreCible of [PLANS.withdrawn, 201, PLANS.base, 999_999]) {
      expectError(await submit(f.manager, { idContrat: line, idOffreCible, effet: 'PROCHAINE_FACTURATION', action: 'Renonciation_de_DR14' }), 400, 'TARIFF_CHANGE_TARGET_INVALID');
    }
    expect(await t.db.select().from(tariffChanges).where(eq(tariffChanges.idContrat, line))).toEqual([]);
  });
});

describe('effective dates and the DR14 choice', () => {
  it('offers an upgrade today or at the next billing period, a downgrade at the next billing period only', async () => {
    const line = f.colleague(1).idContrat;
    await setLine(line, PLANS.base, null);
    const up = bodyOf(await t.get(`/api/chgmttarif/dates-effet/${line}?idOffreCible=${PLANS.dear}`, f.manager), tariffChangeDatesSchema);
    expect(up).toMatchObject({ sens: 'HAUSSE', engage: false, actions: ['Application_de_DR14', 'Renonciation_de_DR14'] });
    expect(up.dates).toEqual([
      { type: 'IMMEDIAT', date: today(), autorise: true, raison: null },
      { type: 'PROCHAINE_FACTURATION', date: nextBillingPeriodStart(today()), autorise: true, raison: null },
    ]);
    expect(nextBillingPeriodStart(today()).endsWith('-01')).toBe(true);

    const down = bodyOf(await t.get(`/api/chgmttarif/dates-effet/${line}?idOffreCible=${PLANS.cheap}`, f.manager), tariffChangeDatesSchema);
    expect(down.sens).toBe('BAISSE');
    expect(down.dates[0]).toMatchObject({ type: 'IMMEDIAT', autorise: false, raison: errorMessage('TARIFF_CHANGE_TIMING_DOWNGRADE', { date: nextBillingPeriodStart(today()) }) });
    expectCode(await submit(f.manager, { idContrat: line, idOffreCible: PLANS.cheap, effet: 'IMMEDIAT', action: 'Application_de_DR14' }), 400, 'TARIFF_CHANGE_TIMING_DOWNGRADE');
  });

  it('keeps the commitment with DR14 applied, and asks to renounce it for a downgrade while committed', async () => {
    const line = f.colleague(1).idContrat;
    const end = addMonths(today(), 8);
    await setLine(line, PLANS.base, end);
    const down = bodyOf(await t.get(`/api/chgmttarif/dates-effet/${line}?idOffreCible=${PLANS.cheap}`, f.manager), tariffChangeDatesSchema);
    expect(down).toMatchObject({ engage: true, actions: ['Renonciation_de_DR14'] });
    expectCode(await submit(f.manager, { idContrat: line, idOffreCible: PLANS.cheap, effet: 'PROCHAINE_FACTURATION', action: 'Application_de_DR14' }), 400, 'TARIFF_CHANGE_DR14_COMMITTED');

    // Upgrade at once, DR14 applied: the line moves now and keeps its commitment end.
    const applied = await submitted(f.manager, { idContrat: line, idOffreCible: PLANS.dear, effet: 'IMMEDIAT', action: 'Application_de_DR14' });
    expect(applied).toMatchObject({ statut: 'APPLIQUE', immediat: true, dateEffet: today(), dateFinEngagementApres: end, annulable: false, action: 'Application_de_DR14' });
    expect(await lineRow(line)).toMatchObject({ idOffreEngagement: PLANS.dear, dateFinEngagement: end });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.idContrat, line), eq(auditLog.action, 'DEMANDE_CHANGEMENT_FORFAIT')));
    expect(entry?.details).toMatchObject({
      avant: { idOffreEngagement: PLANS.base, dateFinEngagement: end },
      apres: { idOffreEngagement: PLANS.dear, dateFinEngagement: end },
    });
    const [mail] = await t.outbox();
    expect(mail?.recipient).toBe(DEMO_USERS.gestionnaire.email);
    expect(mail?.subject).toContain('effectué');
    const inProgress = bodyOf(await t.get(`/api/chgmttarif/en-cours/${line}`, f.manager), tariffChangeInProgressSchema);
    expect(inProgress).toEqual({ enCours: false, changement: null });

    // Renounced on a 24-month plan: a new commitment from the effective date.
    const renounced = await submitted(f.manager, { idContrat: line, idOffreCible: PLANS.dearest, effet: 'IMMEDIAT', action: 'Renonciation_de_DR14' });
    expect(renounced.dateFinEngagementApres).toBe(addMonths(today(), 24));
    expect((await lineRow(line)).dateFinEngagement).toBe(addMonths(today(), 24));
  });
});

describe('one change at a time', () => {
  it('schedules a change, shows it in progress and in the block check, refuses a second one, and gives its recap PDF', async () => {
    const line = f.colleague(2).idContrat;
    await setLine(line, PLANS.base, null);
    const change = await submitted(f.manager, { idContrat: line, idOffreCible: PLANS.cheap, effet: 'PROCHAINE_FACTURATION', action: 'Renonciation_de_DR14' });
    expect(change).toMatchObject({ statut: 'EN_ATTENTE', immediat: false, dateEffet: nextBillingPeriodStart(today()), annulable: true });
    expect((await lineRow(line)).idOffreEngagement).toBe(PLANS.base);

    const inProgress = bodyOf(await t.get(`/api/chgmttarif/en-cours/${line}`, f.manager), tariffChangeInProgressSchema);
    expect(inProgress.changement?.idChangement).toBe(change.idChangement);
    // The line's user sees it too, without the right to cancel it.
    const seenByUser = bodyOf(await t.get(`/api/chgmttarif/en-cours/${f.own.idContrat}`, f.lineUser), tariffChangeInProgressSchema);
    expect(seenByUser.enCours).toBe(false);
    const block = bodyOf(await t.get(`/api/chgmttarif/blocage/${line}`, f.manager), tariffChangeBlockSchema);
    expect(block).toMatchObject({ bloque: true, code: 'CHANGEMENT_EN_COURS', serviceClient: false, immediatAutorise: true });

    expectError(await submit(f.manager, { idContrat: line, idOffreCible: PLANS.dear, effet: 'IMMEDIAT', action: 'Application_de_DR14' }), 409, 'TARIFF_CHANGE_IN_PROGRESS');

    const pdf = await t.get(`/api/chgmttarif/recapitulatif/${change.idChangement}`, f.manager);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`changement-forfait-${change.idChangement}-ligne-`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Changement de forfait n° ${change.idChangement}`);
    expect(text).toContain(change.offreCible.libelle);
    expect(text).toContain('Renoncer au droit DR14');
    expectError(await t.get(`/api/chgmttarif/recapitulatif/${change.idChangement}`, f.stranger), 403, 'FORBIDDEN_CONTRACT');
    expectError(await t.get('/api/chgmttarif/recapitulatif/2147483647', f.manager), 404, 'TARIFF_CHANGE_NOT_FOUND');

    // The confirmation e-mail carries the same recap.
    const [mail] = await t.outbox();
    expect(mail?.subject).toContain('programmé');
  });

  it('previews the recap before confirming, with the same rules', async () => {
    const line = f.colleague(3).idContrat;
    await setLine(line, PLANS.base, null);
    const body = { idContrat: line, idOffreCible: PLANS.dear, effet: 'IMMEDIAT', action: 'Application_de_DR14' };
    const preview = await t.send('POST', '/api/chgmttarif/recapitulatif', { token: f.manager, json: body });
    expect(preview.statusCode, preview.body).toBe(200);
    const text = await pdfText(preview.rawPayload);
    expect(text).toContain('Projet de changement de forfait');
    expectCode(await t.send('POST', '/api/chgmttarif/recapitulatif', { token: f.manager, json: { ...body, idOffreCible: PLANS.cheap } }), 400, 'TARIFF_CHANGE_TIMING_DOWNGRADE');
    expect(await t.db.select().from(tariffChanges).where(eq(tariffChanges.idContrat, line))).toEqual([]);
  });

  it('records one change out of two sent at once, scheduled or immediate', async () => {
    const scheduled = f.colleague(3).idContrat;
    await setLine(scheduled, PLANS.base, null);
    const body = { idContrat: scheduled, idOffreCible: PLANS.cheap, effet: 'PROCHAINE_FACTURATION', action: 'Renonciation_de_DR14' } as const;
    const both = await Promise.all([submit(f.manager, body), submit(f.manager, { ...body, idOffreCible: PLANS.other })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = both.find((r) => r.statusCode === 409);
    if (!loser) throw new Error('no refused submit');
    expect(errorOf(loser).code).toBe('TARIFF_CHANGE_IN_PROGRESS');
    const rows = await t.db.select().from(tariffChanges).where(and(eq(tariffChanges.idContrat, scheduled), eq(tariffChanges.statut, 'EN_ATTENTE')));
    expect(rows).toHaveLength(1);

    const immediate = f.colleague(4).idContrat;
    await setLine(immediate, PLANS.base, null);
    const now = { idContrat: immediate, idOffreCible: PLANS.dear, effet: 'IMMEDIAT', action: 'Application_de_DR14' } as const;
    const twice = await Promise.all([submit(f.manager, now), submit(f.manager, { ...now, idOffreCible: PLANS.dearest })]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const applied = await t.db.select().from(tariffChanges).where(and(eq(tariffChanges.idContrat, immediate), eq(tariffChanges.statut, 'APPLIQUE')));
    expect(applied).toHaveLength(1);
    expect((await lineRow(immediate)).idOffreEngagement).toBe(applied[0]?.idOffreCible);
  });
});

describe('blocks', () => {
  it('runs the unpaid-balance check (PU) first: an overdue invoice blocks the change with its message', async () => {
    const line = f.colleague(5).idContrat;
    await setLine(line, PLANS.base, null);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.idClientBscs, f.account)).limit(1);
    if (!invoice) throw new Error('no bakery invoice');
    await t.db.update(invoices).set({ resteAPayerCentimes: invoice.montantTtcCentimes, dateEcheance: '2020-01-01' }).where(eq(invoices.id, invoice.id));
    try {
      const block = bodyOf(await t.get(`/api/chgmttarif/blocage/${line}`, f.manager), tariffChangeBlockSchema);
      expect(block).toMatchObject({ bloque: true, code: 'IMPAYES' });
      expect(block.message).toContain('Pour changer de forfait');
      const refused = await submit(f.manager, { idContrat: line, idOffreCible: PLANS.dear, effet: 'IMMEDIAT', action: 'Application_de_DR14' });
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toEqual({ code: 'TARIFF_CHANGE_UNPAID', exceptionMessage: block.message });
      expect((await lineRow(line)).idOffreEngagement).toBe(PLANS.base);
    } finally {
      await t.db.update(invoices).set({ resteAPayerCentimes: 0 }).where(eq(invoices.id, invoice.id));
    }
    expect(bodyOf(await t.get(`/api/chgmttarif/blocage/${line}`, f.manager), tariffChangeBlockSchema).bloque).toBe(false);
  });

  it('blocks a suspended line, and tells a line user that only a manager may', async () => {
    await setLine(f.suspended.idContrat, PLANS.base, null, 'SUSPENDU');
    const block = bodyOf(await t.get(`/api/chgmttarif/blocage/${f.suspended.idContrat}`, f.manager), tariffChangeBlockSchema);
    expect(block).toMatchObject({ bloque: true, code: 'LIGNE_INACTIVE' });
    expectError(await submit(f.manager, { idContrat: f.suspended.idContrat, idOffreCible: PLANS.dear, effet: 'IMMEDIAT', action: 'Application_de_DR14' }), 409, 'TARIFF_CHANGE_LINE_INACTIVE');
    const own = bodyOf(await t.get(`/api/chgmttarif/blocage/${f.own.idContrat}`, f.lineUser), tariffChangeBlockSchema);
    expect(own).toMatchObject({ bloque: true, code: 'GESTIONNAIRE_SEUL' });
  });
});

describe('no target', () => {
  it('blocks a line whose range sells no other plan', async () => {
    const line = f.colleague(2).idContrat;
    const pending = bodyOf(await t.get(`/api/chgmttarif/en-cours/${line}`, f.manager), tariffChangeInProgressSchema).changement;
    if (pending) expect((await cancel(f.manager, pending.idChangement)).statusCode).toBe(200);
    await setLine(line, PLANS.base, null);
    await t.db.update(offers).set({ commercialise: false }).where(and(eq(offers.idGamme, 1), ne(offers.idOffreEngagement, PLANS.base)));
    try {
      const block = bodyOf(await t.get(`/api/chgmttarif/blocage/${line}`, f.manager), tariffChangeBlockSchema);
      expect(block).toMatchObject({ bloque: true, code: 'AUCUNE_OFFRE', message: errorMessage('TARIFF_CHANGE_NO_TARGET') });
      expect(bodyOf(await t.get(`/api/chgmttarif/offres/${line}`, f.manager), tariffTargetsSchema).offres).toEqual([]);
    } finally {
      await t.db.update(offers).set({ commercialise: true }).where(and(eq(offers.idGamme, 1), ne(offers.idOffreEngagement, PLANS.withdrawn)));
    }
  });
});

describe('OpenAPI document', () => {
  it('documents every tariff-change call, the recap as a binary PDF', async () => {
    const document = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    for (const [path, method] of [
      ['/api/chgmttarif/offres/{idContrat}', 'get'],
      ['/api/chgmttarif/dates-effet/{idContrat}', 'get'],
      ['/api/chgmttarif/blocage/{idContrat}', 'get'],
      ['/api/chgmttarif/en-cours/{idContrat}', 'get'],
      ['/api/chgmttarif/enregistrer', 'post'],
      ['/api/chgmttarif/annuler', 'post'],
      ['/api/chgmttarif/recapitulatif', 'post'],
      ['/api/chgmttarif/recapitulatif/{idChangement}', 'get'],
    ] as const) {
      expect(document.paths[path]?.[method], `${method} ${path}`).toMatchObject({ tags: ['tariff-change'], summary: expect.any(String) });
    }
    expect(document.paths['/api/chgmttarif/recapitulatif/{idChangement}']?.get).toMatchObject({
      responses: { 200: { content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } } },
    });
  });
});

describe('agent mode', () => {
  it('lets a customer-service agent schedule a change only, recorded and audited as the agent’s', async () => {
    const agent = DEMO_AGENTS.distance;
    const validated = await t.send('POST', '/api/validate_sc', {
      json: { username: agent.identifiant, password: await hashConfidentialCode(agent.identifiant, agent.password) },
    });
    const connected = await t.send('POST', '/api/service-client/connexion', {
      token: bodyOf(validated, validateScResponseSchema).access_token,
      json: { idClientBscs: f.account, email: DEMO_USERS.gestionnaire.email, motif: 'Appel du gestionnaire : changement de forfait' },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const customer = bodyOf(connected, agentConnectResponseSchema).access_token;
    const [agentRow] = await t.db.select({ id: agents.id }).from(agents).where(eq(agents.identifiant, agent.identifiant));

    const [esim] = f.esim;
    if (!esim) throw new Error('no eSIM line');
    const line = esim.idContrat;
    await setLine(line, PLANS.base, null);
    const block = bodyOf(await t.get(`/api/chgmttarif/blocage/${line}`, customer), tariffChangeBlockSchema);
    expect(block).toMatchObject({ bloque: false, serviceClient: true, immediatAutorise: false });
    const dates = bodyOf(await t.get(`/api/chgmttarif/dates-effet/${line}?idOffreCible=${PLANS.dear}`, customer), tariffChangeDatesSchema);
    expect(dates.dates[0]).toMatchObject({ type: 'IMMEDIAT', autorise: false });
    expectCode(await submit(customer, { idContrat: line, idOffreCible: PLANS.dear, effet: 'IMMEDIAT', action: 'Application_de_DR14' }), 400, 'TARIFF_CHANGE_TIMING_AGENT');

    const change = await submitted(customer, { idContrat: line, idOffreCible: PLANS.dear, effet: 'PROCHAINE_FACTURATION', action: 'Application_de_DR14' });
    const manager = await userIdOf(t, DEMO_USERS.gestionnaire.email);
    const [row] = await t.db.select().from(tariffChanges).where(eq(tariffChanges.id, change.idChangement));
    expect(row).toMatchObject({ userId: manager, agentId: agentRow?.id });
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.idContrat, line), eq(auditLog.action, 'DEMANDE_CHANGEMENT_FORFAIT')));
    const entry = entries.find((candidate) => (candidate.details as { idChangement?: number } | null)?.idChangement === change.idChangement);
    expect(entry).toMatchObject({ userId: agentRow?.id, onBehalfOf: manager, details: expect.objectContaining({ motif: expect.stringContaining('changement de forfait') }) });
    expect((await t.outbox())[0]?.recipient).toBe(DEMO_USERS.gestionnaire.email);
    // The customer can cancel it from their own session.
    expect((await cancel(f.manager, change.idChangement)).statusCode).toBe(200);
  });
});

describe('cancellation and the scheduled job', () => {
  it('cancels before the effective date only, then the job applies a due change on its day', async () => {
    expect(jobs.schedules()).toContainEqual({ name: TARIFF_CHANGE_JOB, cron: TARIFF_CHANGE_CRON });
    const kept = f.colleague(0).idContrat;
    const dropped = f.colleague(5).idContrat;
    const end = addMonths(today(), 3);
    await setLine(kept, PLANS.base, end);
    await setLine(dropped, PLANS.base, null);
    const change = await submitted(f.manager, { idContrat: kept, idOffreCible: PLANS.cheap, effet: 'PROCHAINE_FACTURATION', action: 'Renonciation_de_DR14' });
    const other = await submitted(f.manager, { idContrat: dropped, idOffreCible: PLANS.cheap, effet: 'PROCHAINE_FACTURATION', action: 'Renonciation_de_DR14' });

    // Another customer and the line's user may not cancel.
    expectError(await cancel(f.stranger, other.idChangement), 403, 'FORBIDDEN_CONTRACT');
    const cancelled = await cancel(f.manager, other.idChangement);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(bodyOf(cancelled, tariffChangeSchema)).toMatchObject({ statut: 'ANNULE', annulable: false });
    expect((await t.outbox())[0]?.subject).toContain('annulé');
    expect((await t.outbox())[0]?.textBody).toMatch(/La ligne garde son Forfait Pro [^.]+ et son engagement\./u);
    expectError(await cancel(f.manager, other.idChangement), 409, 'TARIFF_CHANGE_NOT_CANCELLABLE');
    const [cancelEntry] = await t.db.select().from(auditLog).where(and(eq(auditLog.idContrat, dropped), eq(auditLog.action, 'ANNULATION_CHANGEMENT_FORFAIT')));
    expect(cancelEntry?.details).toMatchObject({ avant: { statut: 'EN_ATTENTE' }, apres: { statut: 'ANNULE' } });

    // Nothing is due before the day.
    await jobs.runScheduled(TARIFF_CHANGE_JOB);
    expect((await lineRow(kept)).idOffreEngagement).toBe(PLANS.base);

    while (today() < change.dateEffet) t.clock.advance(6 * 60 * 60_000);
    // A new session: the first one has been idle for longer than its timeout.
    const manager = await t.loginAs('gestionnaire');
    expectError(await cancel(manager, change.idChangement), 409, 'TARIFF_CHANGE_CANCEL_TOO_LATE');
    await jobs.runScheduled(TARIFF_CHANGE_JOB);
    await jobs.runScheduled(TARIFF_CHANGE_JOB);
    const line = await lineRow(kept);
    expect(line.idOffreEngagement).toBe(PLANS.cheap);
    const renewed = addMonths(change.dateEffet, 12);
    expect(line.dateFinEngagement).toBe(end > renewed ? end : renewed);
    const rows = await t.db.select().from(tariffChanges).where(inArray(tariffChanges.id, [change.idChangement, other.idChangement]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.statut]))).toEqual({ [change.idChangement]: 'APPLIQUE', [other.idChangement]: 'ANNULE' });
    const applications = await t.db.select().from(auditLog).where(and(eq(auditLog.idContrat, kept), eq(auditLog.action, 'APPLICATION_CHANGEMENT_FORFAIT')));
    expect(applications).toHaveLength(1);
    expect(applications[0]?.details).toMatchObject({ avant: { idOffreEngagement: PLANS.base }, apres: { idOffreEngagement: PLANS.cheap } });
    expectError(await cancel(manager, change.idChangement), 409, 'TARIFF_CHANGE_NOT_CANCELLABLE');
  });
});

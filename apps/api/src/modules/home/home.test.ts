import { describe, expect, it } from 'vitest';
import { HOME_LATEST_ORDERS, agentActionListSchema, agentConnectResponseSchema, billingAccountListSchema, hashConfidentialCode, validateScResponseSchema, HOME_TOP_LINES, LINE_STATUSES, billingPeriodOf, consumptionSchema, homeSchema, orderTotalSchema, periodBounds, shiftPeriod } from '@ecare/shared';
import { lineUsageDays } from '../../db/schema.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';

const { t, f } = useTestContext(demoFixture);

const MIB = 1024 * 1024;
const homeUrl = (idClientBscs: number) => `/api/clients/${idClientBscs}/accueil`;

async function home(token: string, idClientBscs: number) {
  const response = await t.get(homeUrl(idClientBscs), token);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, homeSchema);
}

/** What the consumption page says a line used in data over the running period. */
async function periodDataMo(idContrat: number): Promise<number> {
  const response = await t.send('POST', '/api/infoconso/getinfoconso', { token: f.manager, json: { idContrat } });
  expect(response.statusCode, response.body).toBe(200);
  const body = bodyOf(response, consumptionSchema);
  const current = body.periodes.find((period) => period.periode === body.periodeCourante);
  return current?.dataMo ?? 0;
}

describe('GET /api/clients/{idClientBscs}/accueil', () => {
  it('counts the account’s lines by status, every status named, adding up to the lines it has', async () => {
    const body = await home(f.manager, f.account);
    expect(body.periode).toBe(billingPeriodOf(t.clock.now()));
    expect(body.lignes.parStatut.map((row) => row.statut)).toEqual([...LINE_STATUSES]);
    for (const { statut, nombre } of body.lignes.parStatut) expect(nombre, statut).toBe(f.lines.filter((line) => line.codeStatut === statut).length);
    expect(body.lignes.total).toBe(f.lines.length);
    expect(body.lignes.parStatut.reduce((sum, row) => sum + row.nombre, 0)).toBe(body.lignes.total);
  });

  it('ranks the lines by data used this period, the monthly reading plus the usage feed’s days (roaming included), as the consumption page counts them', async () => {
    const line = f.colleague(0);
    const current = billingPeriodOf(t.clock.now());
    const { debut } = periodBounds(current);
    const before = periodBounds(shiftPeriod(current, -1)).fin;
    // 200 GB at home and 1.6 MiB abroad this period (rounded to 2 MB), and a day of the previous period that must not count.
    await t.db.insert(lineUsageDays).values([
      { idContrat: line.idContrat, jour: debut, dataOctets: 200 * 1024 * MIB, dataItineranceOctets: Math.round(1.6 * MIB) },
      { idContrat: line.idContrat, jour: before, dataOctets: 900 * 1024 * MIB },
    ]);

    const body = await home(f.manager, f.account);
    expect(body.grosConsommateurs.length).toBe(HOME_TOP_LINES);
    const [top] = body.grosConsommateurs;
    expect(top?.idContrat).toBe(line.idContrat);
    expect(top?.numeroLigne).toBe(line.numeroLigne);

    // Each figure is the consumption page's, most first, and no other line of the account used more than the last.
    const used = new Map<number, number>();
    for (const account of f.lines) used.set(account.idContrat, await periodDataMo(account.idContrat));
    expect(top?.dataMo).toBeGreaterThanOrEqual(200 * 1024 + 2);
    for (const shown of body.grosConsommateurs) {
      expect(shown.dataMo, String(shown.idContrat)).toBe(used.get(shown.idContrat));
      if (shown.forfaitDataMo !== null && shown.forfaitDataMo > 0) expect(shown.partForfait).toBe(Math.floor((shown.dataMo * 100) / shown.forfaitDataMo));
      else expect(shown.partForfait).toBeNull();
    }
    const figures = body.grosConsommateurs.map((shown) => shown.dataMo);
    expect(figures).toEqual([...figures].sort((a, b) => b - a));
    const shownIds = new Set(body.grosConsommateurs.map((shown) => shown.idContrat));
    const last = figures.at(-1) ?? 0;
    for (const [idContrat, dataMo] of used) if (!shownIds.has(idContrat)) expect(dataMo, String(idContrat)).toBeLessThanOrEqual(last);
  });

  it('counts the orders in progress as the orders page does and lists the latest of them, newest first', async () => {
    const body = await home(f.manager, f.account);
    const totals = bodyOf(await t.get(`/api/commandes/${f.account}/total`, f.manager), orderTotalSchema);
    expect(body.commandes.enCours).toBe(totals.enCours);
    expect(body.commandes.enCours).toBeGreaterThan(0);
    expect(body.commandes.dernieres.length).toBe(Math.min(HOME_LATEST_ORDERS, totals.enCours));
    const dates = body.commandes.dernieres.map((order) => order.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('the demo has actions of the customer service on the account, labelled in French, that the home page reads from the audit endpoint', async () => {
    const actions = bodyOf(await t.get(`/api/audit/${f.account}`, f.manager), agentActionListSchema);
    expect(actions.length).toBeGreaterThanOrEqual(4);
    expect(actions.slice(0, 2).map((action) => action.action)).toEqual(['Export des factures', 'Connexion d’un conseiller à votre compte']);
    expect(actions[0]).toMatchObject({ agent: 'Camille Martin (cmartin)', motif: 'Aide à l’export des factures en boutique' });
    const dates = actions.map((action) => action.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('refuses another customer’s account, a line user and a mandataire who does not manage it', async () => {
    expectError(await t.get(homeUrl(f.strangerAccount), f.manager), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(homeUrl(f.account), f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(homeUrl(f.account), f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(homeUrl(f.notManaged), f.mandataire), 403, 'FORBIDDEN_ACCOUNT');
    expect((await t.get(homeUrl(f.account))).statusCode).toBe(401);
  });

  it('answers an agent’s customer session on the account it is bound to, and on no other', async () => {
    const [bound, other] = bodyOf(await t.get('/api/comptes_facturation', f.mandataire), billingAccountListSchema).filter((account) => account.isGestionnaire);
    if (!bound || !other) throw new Error('the demo mandataire manages two accounts');
    const { identifiant, password } = DEMO_AGENTS.distance;
    const validated = await t.send('POST', '/api/validate_sc', { json: { username: identifiant, password: await hashConfidentialCode(identifiant, password) } });
    const agent = bodyOf(validated, validateScResponseSchema).access_token;
    const connected = await t.send('POST', '/api/service-client/connexion', {
      token: agent,
      json: { idClientBscs: bound.idClientBscs, email: DEMO_USERS.mandataire.email, motif: 'Appel du client : point sur son compte' },
    });
    const customer = bodyOf(connected, agentConnectResponseSchema).access_token;
    expect((await home(customer, bound.idClientBscs)).lignes.total).toBe((await home(f.mandataire, bound.idClientBscs)).lignes.total);
    expectError(await t.get(homeUrl(other.idClientBscs), customer), 403, 'FORBIDDEN_ACCOUNT');
    expect((await t.get(homeUrl(other.idClientBscs), f.mandataire)).statusCode).toBe(200);
  });
});

import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fleetPolicyAnswerSchema, ORDER_STATUS, orderApprovalSchema, submittedOrderSchema, type SubmitOrderRequest } from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { inlineJobs } from '../../core/jobs.ts';
import { auditLog, contracts, costCentres, invoices, orders, subscriptionLines } from '../../db/schema.ts';
import { createUser } from '../../db/seed/factories.ts';
import { releasedTogether, statusTally } from '../../test/concurrent.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';
import { cartOf, insertTestCatalogue, saveAddress, saveLine, TEST_CATALOGUE } from '../../test/support/add-line.ts';
import { createAddLineRepository } from '../add-line/add-line.repository.ts';
import { EXPIRE_APPROVALS_SCHEDULE } from './index.ts';

const jobs = inlineJobs();
const PASSWORD = 'Second-Gestion-2026!';

const { t, f } = useTestContext(
  async (t) => {
    const demo = await demoFixture(t);
    await insertTestCatalogue(t, parisDay(t.clock.now()));
    await t.db.update(invoices).set({ resteAPayerCentimes: 0 });
    // Two more managers of the bakery: the approvers.
    const second = await createUser(t.db, { email: 'second@boulangerie.test', password: PASSWORD, prenom: 'Inès', nom: 'Garnier', gestionnaire: true, accounts: [{ idClientBscs: demo.account, isGestionnaire: true }] });
    const third = await createUser(t.db, { email: 'troisieme@boulangerie.test', password: PASSWORD, prenom: 'Hugo', nom: 'Petit', gestionnaire: true, accounts: [{ idClientBscs: demo.account, isGestionnaire: true }] });
    const [centre] = await t.db.insert(costCentres).values({ idClientBscs: demo.account, code: 'POLITIQUE-TEST', libelle: 'Centre des tests de politique' }).returning();
    const [foreign] = await t.db.insert(costCentres).values({ idClientBscs: demo.strangerAccount, code: 'AUTRE', libelle: 'Centre d’un autre compte' }).returning();
    if (!centre || !foreign) throw new Error('centres not created');
    return {
      ...demo,
      second: await t.login(second.email, PASSWORD),
      third: await t.login(third.email, PASSWORD),
      secondId: second.id,
      centre: centre.idCentre,
      foreignCentre: foreign.idCentre,
    };
  },
  { jobs: () => () => jobs },
);

const policyUrl = (account = f.account) => `/api/clients/${account}/politique-flotte`;
const setPolicy = (body: unknown, token = f.manager, account = f.account) => t.send('PUT', policyUrl(account), { token, json: body });

async function policyIs(centreObligatoire: boolean, seuilValidationHtCentimes: number | null) {
  const response = await setPolicy({ centreObligatoire, seuilValidationHtCentimes });
  expect(response.statusCode, response.body).toBe(200);
}

/** A cart of one line with a phone (an amount to pay at order), delivered to the account's address, its recaps opened. */
async function readyCart(): Promise<number> {
  await createAddLineRepository(t.db).deleteCarts(f.account);
  const { simOnlyPhone } = TEST_CATALOGUE;
  const cart = cartOf(await saveLine(t, f.manager, { IdClientBscs: f.account, IdOffreEngagement: 103, IdArticleMobile: simOnlyPhone.idArticle, Couleur: 'Gris', TypeSim: 'SIM' }));
  const idSouscription = cart.IdSouscription ?? 0;
  cartOf(await saveAddress(t, f.manager, idSouscription, { mode: 'ADRESSE_COMPTE' }));
  for (const document of ['information-precontractuelle', 'recapitulatif-contractuel']) {
    expect((await t.get(`/api/ajout-lignes/recapitulatif/${idSouscription}/${document}`, f.manager)).statusCode).toBe(200);
  }
  return idSouscription;
}

function submit(body: Partial<SubmitOrderRequest> & { IdSouscription: number }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/commande/enregistrer',
    cookies: { 'XSRF-TOKEN': 'x' },
    headers: { 'x-xsrf-token': 'x', authorization: `Bearer ${f.manager}`, 'idempotency-key': randomBytes(12).toString('hex') },
    payload: { ModePaiement: 6, ...body },
  });
}

/** An order of the bakery held for approval (threshold 1 cent HT), by transfer. */
async function heldOrder(): Promise<{ numero: string; idSouscription: number }> {
  await policyIs(false, 1);
  const idSouscription = await readyCart();
  const response = await submit({ IdSouscription: idSouscription });
  expect(response.statusCode, response.body).toBe(200);
  const order = bodyOf(response, submittedOrderSchema);
  expect(order.statut).toBe(ORDER_STATUS.EnAttenteValidation);
  return { numero: order.numero, idSouscription };
}

const validationUrl = (numero: string, account = f.account) => `/api/commandes/${account}/${numero}/validation`;
const decide = (numero: string, token: string, body: unknown, account = f.account) => t.send('POST', validationUrl(numero, account), { token, json: body });

async function contractsOf(idSouscription: number) {
  const lines = await t.db.select({ idContrats: subscriptionLines.idContrats }).from(subscriptionLines).where(eq(subscriptionLines.idSouscription, idSouscription));
  const ids = lines.flatMap((line) => line.idContrats);
  return ids.length === 0 ? [] : t.db.select().from(contracts).where(eq(contracts.idContrat, ids[0] ?? 0));
}

describe('the policy', () => {
  it('is read and written by the account’s managers, audited', async () => {
    const before = bodyOf(await t.get(policyUrl(), f.manager), fleetPolicyAnswerSchema);
    expect(before).toEqual({ centreObligatoire: false, seuilValidationHtCentimes: null, nombreGestionnaires: 3 });
    const response = await setPolicy({ centreObligatoire: true, seuilValidationHtCentimes: 150_000 });
    expect(bodyOf(response, fleetPolicyAnswerSchema)).toEqual({ centreObligatoire: true, seuilValidationHtCentimes: 150_000, nombreGestionnaires: 3 });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'MODIFICATION_POLITIQUE_FLOTTE'));
    expect(entry?.details).toMatchObject({ apres: { centreObligatoire: true, seuilValidationHtCentimes: 150_000 } });
    await policyIs(false, null);
  });

  it('is refused to a line user, another customer and for an account the caller does not manage', async () => {
    expectError(await t.get(policyUrl(), f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(policyUrl(), f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await setPolicy({ centreObligatoire: true, seuilValidationHtCentimes: null }, f.stranger), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await setPolicy({ centreObligatoire: true, seuilValidationHtCentimes: null }, f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await setPolicy({ centreObligatoire: true, seuilValidationHtCentimes: null }, f.mandataire, f.notManaged), 403, 'FORBIDDEN_ACCOUNT');
  });

  it('answers bad values with a French message, and a threshold on an account of one manager with 409', async () => {
    const bad = await setPolicy({ centreObligatoire: true, seuilValidationHtCentimes: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Le seuil de validation doit être supérieur à 0 €.');
    expect((await setPolicy({ centreObligatoire: 'oui', seuilValidationHtCentimes: null })).statusCode).toBe(400);
    expectError(await setPolicy({ centreObligatoire: false, seuilValidationHtCentimes: 10_000 }, f.stranger, f.strangerAccount), 409, 'FLEET_POLICY_ONE_MANAGER');
    expect((await setPolicy({ centreObligatoire: true, seuilValidationHtCentimes: null }, f.stranger, f.strangerAccount)).statusCode).toBe(200);
  });
});

describe('a cost centre required on new lines', () => {
  it('refuses an order without a centre or with another account’s, and creates the lines in the centre named', async () => {
    await policyIs(true, null);
    const idSouscription = await readyCart();
    expectError(await submit({ IdSouscription: idSouscription }), 400, 'FLEET_POLICY_CENTRE_REQUIRED');
    expectError(await submit({ IdSouscription: idSouscription, IdCentre: f.foreignCentre }), 400, 'FLEET_POLICY_CENTRE_UNKNOWN');
    expectError(await submit({ IdSouscription: idSouscription, IdCentre: 99_999_999 }), 400, 'FLEET_POLICY_CENTRE_UNKNOWN');
    const response = await submit({ IdSouscription: idSouscription, IdCentre: f.centre });
    expect(response.statusCode, response.body).toBe(200);
    const made = await contractsOf(idSouscription);
    expect(made.length).toBe(1);
    expect(made[0]?.idCentre).toBe(f.centre);
    await policyIs(false, null);
  });

  it('even without the policy, refuses another account’s centre', async () => {
    await policyIs(false, null);
    const idSouscription = await readyCart();
    expectError(await submit({ IdSouscription: idSouscription, IdCentre: f.foreignCentre }), 400, 'FLEET_POLICY_CENTRE_UNKNOWN');
  });
});

describe('approval of an order above the threshold', () => {
  it('holds the order (no line, no transfer instructions), mails the other managers, and lets neither the requester nor others decide', async () => {
    const sentBefore = (await t.outbox()).length;
    const { numero, idSouscription } = await heldOrder();
    expect(await contractsOf(idSouscription)).toEqual([]);
    const [row] = await t.db.select().from(orders).where(eq(orders.numero, numero));
    expect(row?.referenceVirement).toBeNull();
    const mails = (await t.outbox()).slice(0, (await t.outbox()).length - sentBefore);
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(['second@boulangerie.test', 'troisieme@boulangerie.test']);
    expect(mails[0]?.subject).toContain(`Commande ${numero} à valider`);

    const mine = bodyOf(await t.get(validationUrl(numero), f.manager), orderApprovalSchema);
    expect(mine).toMatchObject({ statut: 'EN_ATTENTE_VALIDATION', peutDecider: false, demandeur: 'Sophie Lemoine' });
    expect(bodyOf(await t.get(validationUrl(numero), f.second), orderApprovalSchema).peutDecider).toBe(true);
    expectError(await decide(numero, f.manager, { decision: 'APPROUVEE' }), 403, 'APPROVAL_OWN_ORDER');
    expectError(await decide(numero, f.lineUser, { decision: 'APPROUVEE' }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await decide(numero, f.stranger, { decision: 'APPROUVEE' }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await decide(numero, f.stranger, { decision: 'APPROUVEE' }, f.strangerAccount), 404, 'APPROVAL_NOT_FOUND');
    expectError(await t.get(validationUrl(numero, f.strangerAccount), f.stranger), 404, 'APPROVAL_NOT_FOUND');
    const noReason = await decide(numero, f.second, { decision: 'REFUSEE' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Indiquez le motif du refus.');
    // The order list shows it waiting.
    expect((await t.get(`/api/commandes/${f.account}?statut=${ORDER_STATUS.EnAttenteValidation}`, f.manager)).body).toContain(numero);
  });

  it('approved by another manager, proceeds as it would have: the lines, the transfer instructions, the requester told', async () => {
    const { numero, idSouscription } = await heldOrder();
    const response = await decide(numero, f.second, { decision: 'APPROUVEE' });
    expect(bodyOf(response, orderApprovalSchema)).toMatchObject({ statut: 'APPROUVEE', decidePar: 'Inès Garnier', peutDecider: false });
    const [row] = await t.db.select().from(orders).where(eq(orders.numero, numero));
    expect(row?.statut).toBe(ORDER_STATUS.PaiementSurFactureAttenteValidation);
    expect(row?.referenceVirement).toBe(`VIR-${numero}`);
    expect((await contractsOf(idSouscription)).length).toBe(1);
    const subjects = (await t.outbox()).slice(0, 2).map((mail) => mail.subject);
    expect(subjects).toContain(`Votre commande ${numero} est validée`);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'VALIDATION_COMMANDE'), eq(auditLog.userId, f.secondId)));
    expect(entry?.details).toMatchObject({ numero });
    expectError(await decide(numero, f.third, { decision: 'REFUSEE', motif: 'Trop tard' }), 409, 'APPROVAL_ALREADY_DECIDED');
  });

  it('refused with a reason: cancelled, nothing created, the requester told the reason', async () => {
    const { numero, idSouscription } = await heldOrder();
    const response = await decide(numero, f.third, { decision: 'REFUSEE', motif: 'Budget du trimestre épuisé' });
    expect(bodyOf(response, orderApprovalSchema)).toMatchObject({ statut: 'REFUSEE', motif: 'Budget du trimestre épuisé' });
    const [row] = await t.db.select().from(orders).where(eq(orders.numero, numero));
    expect(row?.statut).toBe(ORDER_STATUS.ValidationRefusee);
    expect(await contractsOf(idSouscription)).toEqual([]);
    const [mail] = await t.outbox();
    expect(mail?.subject).toBe(`Votre commande ${numero} est refusée`);
    expect(mail?.textBody).toContain('Budget du trimestre épuisé');
  });

  it('two managers deciding at once: exactly one wins, the other gets 409', async () => {
    const { numero } = await heldOrder();
    const answers = await releasedTogether(2, (i) => decide(numero, i === 0 ? f.second : f.third, i === 0 ? { decision: 'APPROUVEE' } : { decision: 'REFUSEE', motif: 'Non' }));
    expect(statusTally(answers)).toEqual({ 200: 1, 409: 1 });
    const loser = answers.find((answer) => answer.statusCode === 409);
    if (loser) expectError(loser, 409, 'APPROVAL_ALREADY_DECIDED');
  });

  it('an order at or under the threshold proceeds at once', async () => {
    await policyIs(false, 100_000_000);
    const idSouscription = await readyCart();
    const order = bodyOf(await submit({ IdSouscription: idSouscription }), submittedOrderSchema);
    expect(order.statut).toBe(ORDER_STATUS.PaiementSurFactureAttenteValidation);
  });

  it('nobody decides in 7 days: the scheduled job cancels it and tells the requester', async () => {
    expect(jobs.schedules().map((schedule) => schedule.name)).toContain(EXPIRE_APPROVALS_SCHEDULE);
    const { numero, idSouscription } = await heldOrder();
    // Last test of the file: a week later, every session of the fixture has expired.
    t.clock.advance(7 * 86_400_000 - 60_000);
    await jobs.runScheduled(EXPIRE_APPROVALS_SCHEDULE);
    const manager = await t.loginAs('gestionnaire');
    expect(bodyOf(await t.get(validationUrl(numero), manager), orderApprovalSchema).statut).toBe('EN_ATTENTE_VALIDATION');
    t.clock.advance(2 * 60_000);
    await jobs.runScheduled(EXPIRE_APPROVALS_SCHEDULE);
    expect(bodyOf(await t.get(validationUrl(numero), manager), orderApprovalSchema).statut).toBe('EXPIREE');
    const [row] = await t.db.select().from(orders).where(eq(orders.numero, numero));
    expect(row?.statut).toBe(ORDER_STATUS.ValidationExpiree);
    expect(await contractsOf(idSouscription)).toEqual([]);
    expect((await t.outbox()).map((mail) => mail.subject)).toContain(`Votre commande ${numero} est annulée`);
    expectError(await decide(numero, await t.login('second@boulangerie.test', PASSWORD), { decision: 'APPROUVEE' }), 409, 'APPROVAL_ALREADY_DECIDED');
    // The first test's order, left waiting, is cancelled by the same run.
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'EXPIRATION_VALIDATION_COMMANDE'));
    expect(entries.map((entry) => entry.details)).toContainEqual({ numero });
  });
});

import { randomBytes } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  errorMessage,
  newPhoneEligibilitySchema,
  newPhoneOrderSchema,
  ORDER_STATUS,
  orderApprovalSchema,
  orderDetailSchema,
  paymentLinkSchema,
  paymentNotificationAnswerSchema,
  type ApiErrorCode,
  type NewPhoneOrderRequest,
} from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import { inlineJobs } from '../../core/jobs.ts';
import { auditLog, catalogPhones, contracts, invoices, orderEvents, orders, rateLimitCounters } from '../../db/schema.ts';
import { createUser } from '../../db/seed/factories.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, errorOf, expectError, useTestContext } from '../../test/harness.ts';
import { eventBody, PAYMENT_ENV, postNotification } from '../../test/support/payment.ts';
import { EXPIRE_APPROVALS_SCHEDULE } from '../fleet-policy/index.ts';

/**
 * The company's approval threshold applied to a new phone (order type RM, decisions 039 and 051):
 * above it the order waits for another manager, then proceeds as it would have, or is cancelled.
 */

/** A phone of these tests: 199,99 € HT at the renewal price, 699,99 € HT alone. */
const PHONE = { idArticle: 1983, marque: 'Test', modele: 'Validation', description: 'Téléphone de test', couleurs: ['Noir'], stockageGo: 128, esim: true, cinqG: true, prixNuCentimes: 69_999, prixAvecForfaitCentimes: 19_999, stock: 20, image: 'test.webp' };
/** Between the two prices: the phone alone is held, the renewal is not. */
const THRESHOLD = 50_000;
const PASSWORD = 'Second-Gestion-2026!';

const jobs = inlineJobs();

const { t, f } = useTestContext(
  async (t) => {
    const demo = await demoFixture(t);
    await t.db.insert(catalogPhones).values(PHONE).onConflictDoUpdate({ target: catalogPhones.idArticle, set: PHONE });
    await t.db.update(invoices).set({ resteAPayerCentimes: 0 });
    // Two more managers of the account: the approvers.
    const second = await createUser(t.db, { email: 'second.rm@boulangerie.test', password: PASSWORD, prenom: 'Inès', nom: 'Garnier', gestionnaire: true, accounts: [{ idClientBscs: demo.account, isGestionnaire: true }] });
    const third = await createUser(t.db, { email: 'troisieme.rm@boulangerie.test', password: PASSWORD, prenom: 'Hugo', nom: 'Petit', gestionnaire: true, accounts: [{ idClientBscs: demo.account, isGestionnaire: true }] });
    const policy = await t.send('PUT', `/api/clients/${demo.account}/politique-flotte`, { token: demo.manager, json: { centreObligatoire: false, seuilValidationHtCentimes: THRESHOLD } });
    if (policy.statusCode !== 200) throw new Error(policy.body);
    return { ...demo, second: await t.login(second.email, PASSWORD), third: await t.login(third.email, PASSWORD) };
  },
  { env: PAYMENT_ENV, jobs: () => () => jobs },
);

const today = () => parisDay(t.clock.now());
const base: NewPhoneOrderRequest = { IdArticleMobile: PHONE.idArticle, Couleur: 'Noir', ModePaiement: 6, Livraison: { mode: 'ADRESSE_COMPTE' } };

/** The line active; its commitment far away (the phone alone: held) or none (the renewal price: not held). */
async function lineFor(i: number, pricing: 'ALONE' | 'RENEWAL') {
  const line = f.colleague(i);
  await t.db
    .update(contracts)
    .set({ codeStatut: 'ACTIF', dateFinEngagement: pricing === 'ALONE' ? addMonths(today(), 12) : null })
    .where(eq(contracts.idContrat, line.idContrat));
  return line.idContrat;
}

function submit(idContrat: number, body: NewPhoneOrderRequest = base) {
  return t.app.inject({
    method: 'POST',
    url: `/api/nouveau-telephone/${idContrat}/commande`,
    cookies: { 'XSRF-TOKEN': 'x' },
    headers: { 'x-xsrf-token': 'x', authorization: `Bearer ${f.manager}`, 'idempotency-key': randomBytes(12).toString('hex') },
    payload: body,
  });
}

/** A refusal whose message names the order (the catalogue's message is a function of it). */
function expectCode(response: LightMyRequestResponse, status: number, code: ApiErrorCode): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response).code).toBe(code);
}

function orderOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, newPhoneOrderSchema);
}

async function stored(numero: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.numero, numero));
  if (!row) throw new Error(`no order ${numero}`);
  return row;
}

const stock = async () => (await t.db.select({ stock: catalogPhones.stock }).from(catalogPhones).where(eq(catalogPhones.idArticle, PHONE.idArticle)))[0]?.stock;
const timeline = async (orderId: number) => (await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))).map((row) => [row.statut, row.etape]);
const mailsAbout = async (numero: string) => (await t.outbox()).filter((mail) => mail.subject.includes(numero) || mail.textBody.includes(numero));
const validationUrl = (numero: string) => `/api/commandes/${f.account}/${numero}/validation`;
const decide = (numero: string, token: string, body: unknown) => t.send('POST', validationUrl(numero), { token, json: body });
const eligibility = async (idContrat: number) => bodyOf(await t.get(`/api/nouveau-telephone/${idContrat}/eligibilite`, f.manager), newPhoneEligibilitySchema);
const askLink = (numero: string) => t.send('POST', '/api/paiement/lien-commande', { token: f.manager, json: { numero } });

/** A new phone at 699,99 € HT, held for approval. */
async function heldOrder(idContrat: number, body: NewPhoneOrderRequest = base) {
  const order = orderOf(await submit(idContrat, body));
  expect(order).toMatchObject({ statut: ORDER_STATUS.EnAttenteValidation, etape: 4, virement: null, total: { htCentimes: 69_999 } });
  return order;
}

describe('a new phone above the company’s threshold', () => {
  it('is held: no transfer reference nor instructions, not payable, the phone reserved, the other managers e-mailed, the line waiting', async () => {
    const idContrat = await lineFor(0, 'ALONE');
    const before = await stock();
    const order = await heldOrder(idContrat);
    const row = await stored(order.numero);
    expect(row).toMatchObject({ type: 4, statut: ORDER_STATUS.EnAttenteValidation, etape: 4, referenceVirement: null, referenceTransaction: null, totalUniqueHtCentimes: 69_999 });
    expect(await timeline(row.id)).toEqual([[ORDER_STATUS.EnAttenteValidation, 4]]);
    expect(await stock()).toBe((before ?? 0) - 1);

    const mails = await mailsAbout(order.numero);
    expect(mails.map((mail) => mail.recipient).sort()).toEqual(['second.rm@boulangerie.test', 'troisieme.rm@boulangerie.test']);
    expect(mails[0]?.subject).toContain(`Commande ${order.numero} à valider`);
    expect(mails.some((mail) => mail.textBody.includes(`VIR-${order.numero}`))).toBe(false);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'COMMANDE_EN_ATTENTE_VALIDATION'), eq(auditLog.idClientBscs, f.account)));
    expect(entry?.details).toMatchObject({ numero: order.numero, montantHtCentimes: 69_999, seuilHtCentimes: THRESHOLD });

    // Held: no payment by card, and a second order of the line is refused until it is decided.
    expectCode(await askLink(order.numero), 409, 'PAYMENT_ORDER_AWAITING_APPROVAL');
    expectCode(await submit(idContrat), 409, 'NEW_PHONE_ORDER_AWAITING_APPROVAL');
    expect(await eligibility(idContrat)).toMatchObject({
      eligible: false,
      motif: 'COMMANDE_EN_COURS',
      commandeEnCours: order.numero,
      message: errorMessage('NEW_PHONE_ORDER_AWAITING_APPROVAL', { numero: order.numero }),
    });
    // The order page shows the waiting approval.
    const detail = bodyOf(await t.get(`/api/commandes/${f.account}/${order.numero}`, f.manager), orderDetailSchema);
    expect(detail).toMatchObject({ typeLibelle: 'Nouveau téléphone', etapeLibelle: 'En attente de validation par un gestionnaire' });
  });

  it('cannot be approved by its requester, only by another manager', async () => {
    const order = await heldOrder(await lineFor(1, 'ALONE'));
    const mine = bodyOf(await t.get(validationUrl(order.numero), f.manager), orderApprovalSchema);
    expect(mine).toMatchObject({ statut: 'EN_ATTENTE_VALIDATION', peutDecider: false, demandeur: 'Sophie Lemoine' });
    expectError(await decide(order.numero, f.manager, { decision: 'APPROUVEE' }), 403, 'APPROVAL_OWN_ORDER');
    expectError(await decide(order.numero, f.lineUser, { decision: 'APPROUVEE' }), 403, 'FORBIDDEN_ACCOUNT');
    expect(bodyOf(await t.get(validationUrl(order.numero), f.second), orderApprovalSchema).peutDecider).toBe(true);
    expect((await stored(order.numero)).statut).toBe(ORDER_STATUS.EnAttenteValidation);
  });

  it('by transfer, approved: proceeds as it would have — the reference, the instructions e-mailed to the requester, the line waiting for the transfer', async () => {
    const idContrat = await lineFor(2, 'ALONE');
    const order = await heldOrder(idContrat, { ...base, Livraison: { mode: 'POINT_DE_VENTE', idPointDeVente: 12 } });
    const approved = await decide(order.numero, f.second, { decision: 'APPROUVEE' });
    expect(bodyOf(approved, orderApprovalSchema)).toMatchObject({ statut: 'APPROUVEE', decidePar: 'Inès Garnier' });
    const row = await stored(order.numero);
    expect(row).toMatchObject({ statut: ORDER_STATUS.PaiementSurFactureAttenteValidation, etape: 9, referenceVirement: `VIR-${order.numero}` });
    expect(await timeline(row.id)).toEqual([
      [ORDER_STATUS.EnAttenteValidation, 4],
      [ORDER_STATUS.PaiementSurFactureAttenteValidation, 9],
    ]);
    const toRequester = (await mailsAbout(order.numero)).filter((mail) => mail.recipient === DEMO_USERS.gestionnaire.email);
    expect(toRequester.map((mail) => mail.subject).sort()).toEqual([`Votre commande ${order.numero} est enregistrée`, `Votre commande ${order.numero} est validée`]);
    const instructions = toRequester.find((mail) => mail.subject.endsWith('enregistrée'));
    expect(instructions?.textBody).toContain(`VIR-${order.numero}`);
    expect(instructions?.textBody).toContain('à retirer en boutique\u00a0: Boutique Dijon Liberté');
    expectCode(await submit(idContrat), 409, 'NEW_PHONE_ORDER_PENDING');
    expectError(await decide(order.numero, f.third, { decision: 'REFUSEE', motif: 'Trop tard' }), 409, 'APPROVAL_ALREADY_DECIDED');
  });

  it('by card, approved: waits for its card payment, paid from the order page as any card order', async () => {
    await t.db.delete(rateLimitCounters).where(like(rateLimitCounters.key, 'quota:payment-link:%'));
    const order = await heldOrder(await lineFor(3, 'ALONE'), { ...base, ModePaiement: 3 });
    expect((await decide(order.numero, f.third, { decision: 'APPROUVEE' })).statusCode).toBe(200);
    expect(await stored(order.numero)).toMatchObject({ statut: ORDER_STATUS.Validee, etape: 5, referenceVirement: null });
    const link = await askLink(order.numero);
    expect(link.statusCode, link.body).toBe(200);
    const { transactionReference } = bodyOf(link, paymentLinkSchema);
    const notified = await postNotification(t.app, eventBody({ reference: transactionReference, montant: 83_999 }, t.clock.now()), { now: t.clock.now() });
    expect(bodyOf(notified, paymentNotificationAnswerSchema).resultat).toBe('APPLIQUEE');
    expect(await stored(order.numero)).toMatchObject({ statut: ORDER_STATUS.CbOfficeServerAcceptee, etape: 9 });
  });

  it('refused: cancelled with nothing made — no reference, no instructions, the phone back in stock, the line free, the requester told the reason', async () => {
    const idContrat = await lineFor(4, 'ALONE');
    const before = await stock();
    const order = await heldOrder(idContrat);
    expect(await stock()).toBe((before ?? 0) - 1);
    const refused = await decide(order.numero, f.second, { decision: 'REFUSEE', motif: 'Téléphone hors budget' });
    expect(bodyOf(refused, orderApprovalSchema)).toMatchObject({ statut: 'REFUSEE', motif: 'Téléphone hors budget' });
    expect(await stored(order.numero)).toMatchObject({ statut: ORDER_STATUS.ValidationRefusee, etape: 7, referenceVirement: null, referenceTransaction: null });
    expect(await stock()).toBe(before);
    const toRequester = (await mailsAbout(order.numero)).filter((mail) => mail.recipient === DEMO_USERS.gestionnaire.email);
    expect(toRequester.map((mail) => mail.subject)).toEqual([`Votre commande ${order.numero} est refusée`]);
    expect(toRequester[0]?.textBody).toContain('Téléphone hors budget');
    expectCode(await askLink(order.numero), 409, 'PAYMENT_ORDER_NOT_PAYABLE');
    expect((await eligibility(idContrat)).eligible).toBe(true);
  });

  it('at or under the threshold: proceeds at once, no approval', async () => {
    const order = orderOf(await submit(await lineFor(5, 'RENEWAL')));
    expect(order).toMatchObject({ statut: ORDER_STATUS.PaiementSurFactureAttenteValidation, etape: 9, total: { htCentimes: 19_999 } });
    expect(order.virement?.reference).toBe(`VIR-${order.numero}`);
    expectError(await t.get(validationUrl(order.numero), f.manager), 404, 'APPROVAL_NOT_FOUND');
    expect((await mailsAbout(order.numero)).map((mail) => mail.recipient)).toEqual([DEMO_USERS.gestionnaire.email]);
  });

  it('nobody decides in 7 days: the scheduled job cancels it and the phone goes back to the stock', async () => {
    expect(jobs.schedules().map((schedule) => schedule.name)).toContain(EXPIRE_APPROVALS_SCHEDULE);
    // The refused order's line is free again.
    const order = await heldOrder(await lineFor(4, 'ALONE'));
    // Last test of the file: a week later, every session of the fixture has expired.
    t.clock.advance(7 * 86_400_000 + 60_000);
    await jobs.runScheduled(EXPIRE_APPROVALS_SCHEDULE);
    expect(await stored(order.numero)).toMatchObject({ statut: ORDER_STATUS.ValidationExpiree, etape: 7, referenceVirement: null });
    expect((await t.outbox()).map((mail) => mail.subject)).toContain(`Votre commande ${order.numero} est annulée`);
    // The orders left waiting by the first tests are cancelled too: only the three orders that went on keep their phone.
    expect(await stock()).toBe(PHONE.stock - 3);
  });
});

import { randomBytes } from 'node:crypto';
import {
  adminComplaintSchema,
  FLOW_STEP,
  invoiceComplaintResponseSchema,
  invoiceReference,
  ORDER_STATUS,
  ORDER_TYPE,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '@ecare/shared';
import { addDays } from '@ecare/shared/paris-time';
import { desc, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineJobs } from '../../core/jobs.ts';
import { contracts, invoices } from '../../db/schema.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, useTestContext } from '../../test/harness.ts';
import { agentCustomerSession } from '../../test/support/agents.ts';
import { startJob } from '../../test/support/bulk-actions.ts';
import { insertInvoice } from '../../test/support/payment.ts';
import { daysOf, submitted } from '../../test/support/termination.ts';
import { createWebhook, inTransaction, startReceiver, type Receiver } from '../../test/support/webhooks.ts';
import { TERMINATION_JOB } from '../termination/index.ts';

/*
 * Each module that tells the webhooks what happened, through its own flow: one event of each
 * type reaches an endpoint of the bakery's account subscribed to all of them.
 */
const FEED_TOKEN = 'webhooks-events-test-feed-token-0123456789';
const DAY = 86_400_000;
const jobs = inlineJobs();
const { t, f } = useTestContext(demoFixture, { env: { WEBHOOKS_ALLOW_LOOPBACK: 'true', USAGE_FEED_TOKEN: FEED_TOKEN }, jobs: () => () => jobs });

let receiver: Receiver;
let secret: string;
beforeAll(async () => {
  receiver = await startReceiver();
  secret = (await createWebhook(t, f.manager, f.account, { url: receiver.url(), evenements: [...WEBHOOK_EVENTS] })).secret;
});
afterAll(() => receiver.close());

/** The `data` of the events of a type the endpoint received, each checked with the reference implementation first. */
function received(type: WebhookEvent): Record<string, unknown>[] {
  return receiver.received.flatMap((request) => {
    const body = JSON.parse(request.body) as { type: string; data: Record<string, unknown> };
    if (body.type !== type) return [];
    const headers = { 'webhook-id': String(request.headers['webhook-id']), 'webhook-timestamp': String(request.headers['webhook-timestamp']), 'webhook-signature': String(request.headers['webhook-signature']) };
    // The reference implementation checks the timestamp against the real clock: the signature is compared instead.
    expect(headers['webhook-signature']).toBe(new Webhook(secret).sign(headers['webhook-id'], new Date(Number(headers['webhook-timestamp']) * 1000), request.body));
    expect(body.data.idClientBscs).toBe(f.account);
    return [body.data];
  });
}

describe('the events the modules emit', () => {
  it('ligne.statut: a line suspended after a loss, then given back its status', async () => {
    const line = f.colleague(2);
    const declared = await t.send('POST', `/api/perte-ou-vol/${line.idContrat}/${f.account}`, { token: f.manager, json: { motif: 'PERTE', dateEvenement: addDays(daysOf(t).today, -1), commentaire: '' } });
    expect(declared.statusCode, declared.body).toBe(200);
    expect((await t.send('POST', `/api/perte-ou-vol/${line.idContrat}/${f.account}/retablir`, { token: f.manager })).statusCode).toBe(200);
    expect(received('ligne.statut').filter((data) => data.idContrat === line.idContrat)).toEqual([
      { idClientBscs: f.account, idContrat: line.idContrat, numeroLigne: line.numeroLigne, statut: 'SUSPENDU', statutPrecedent: 'ACTIF', cause: 'PERTE_OU_VOL' },
      { idClientBscs: f.account, idContrat: line.idContrat, numeroLigne: line.numeroLigne, statut: 'ACTIF', statutPrecedent: 'SUSPENDU', cause: 'RETABLISSEMENT' },
    ]);
  });

  it('paiement.recu: invoices paid at a point of sale', async () => {
    const invoice = await insertInvoice(t, f.account, { montantTtcCentimes: 4_321 });
    const counter = await agentCustomerSession(t, DEMO_AGENTS.bdp, { idClientBscs: f.account, email: DEMO_USERS.gestionnaire.email, motif: 'Règlement au comptoir' });
    const paid = await t.send('POST', '/api/paiement-bdp/payer', { token: counter, json: { idClientBscs: f.account, referenceNumbers: [invoice.referenceNumber], moyen: 'ESPECES', referenceRecu: 'RECU-42' } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(received('paiement.recu')).toContainEqual({
      idClientBscs: f.account,
      moyen: 'COMPTOIR',
      moyenComptoir: 'ESPECES',
      montant: 43.21,
      datePaiement: t.clock.now().toISOString(),
      reference: 'RECU-42',
      factures: [invoice.referenceNumber],
      numeroCommande: null,
    });
  });

  it('commande.statut: an order created, then moved, as every module that takes orders writes them', async () => {
    const order = await inTransaction(t, (tx) =>
      t.app.orders.createOrder(
        tx,
        { idClientBscs: f.account, userId: null, type: ORDER_TYPE.RM, statut: ORDER_STATUS.Validee, etape: FLOW_STEP.PaiementEnCours, recapitulatif: { lignes: [] } },
        t.clock.now(),
      ),
    );
    await inTransaction(t, (tx) => t.app.orders.recordOrderEvent(tx, order.id, { statut: ORDER_STATUS.CbOfficeServerAcceptee, etape: FLOW_STEP.PaiementEffectue, libelle: 'Paiement par carte accepté' }, t.clock.now()));
    // Only the timeline grows: no event.
    await inTransaction(t, (tx) => t.app.orders.recordOrderEvent(tx, order.id, { statut: ORDER_STATUS.CbOfficeServerAcceptee, etape: FLOW_STEP.PaiementEffectue, libelle: 'Note' }, t.clock.now()));
    expect(received('commande.statut').filter((data) => data.numero === order.numero)).toEqual([
      expect.objectContaining({ numero: order.numero, type: ORDER_TYPE.RM, typeLibelle: 'Nouveau téléphone', statut: ORDER_STATUS.Validee, statutPrecedent: null, etapePrecedente: null }),
      expect.objectContaining({ statut: ORDER_STATUS.CbOfficeServerAcceptee, statutLibelle: 'Paiement par carte accepté', etape: FLOW_STEP.PaiementEffectue, statutPrecedent: ORDER_STATUS.Validee, etapePrecedente: FLOW_STEP.PaiementEnCours }),
    ]);
  });

  it('alerte.consommation: an alert the usage feed raises', async () => {
    const line = f.colleague(5);
    const thresholds = { dataPourcentages: [], horsForfaitEurosHT: 1, itineranceEurosHT: null, action: 'ALERTE', prevenirUtilisateur: false };
    expect((await t.send('PUT', `/api/lignes/${line.idContrat}/seuils`, { token: f.manager, json: thresholds })).statusCode).toBe(200);
    const record = { idEvenement: `hook-${randomBytes(6).toString('hex')}`, numeroLigne: line.numeroLigne, horodatage: new Date(t.clock.now().getTime() - 60_000).toISOString(), type: 'SMS', zone: 'FRANCE', volume: 1, montantHorsForfaitCentimes: 250 };
    const fed = await t.app.inject({ method: 'POST', url: '/api/interne/usages', headers: { authorization: `Bearer ${FEED_TOKEN}` }, payload: { evenements: [record] } });
    expect(fed.statusCode, fed.body).toBe(200);
    expect(received('alerte.consommation')).toContainEqual(expect.objectContaining({ idContrat: line.idContrat, numeroLigne: line.numeroLigne, type: 'HORS_FORFAIT', seuil: 1, unite: 'EUROS_HT', blocage: false }));
  });

  it('traitement.termine: a bulk job done', async () => {
    const lines = [f.colleague(0).idContrat, f.colleague(1).idContrat];
    const id = await startJob(t, f.manager, f.account, { action: 'ANNUAIRE', parametres: { inscriptionAnnuaire: 'LISTE_ORANGE' }, lignes: lines });
    expect(received('traitement.termine')).toContainEqual({ idClientBscs: f.account, idTraitement: id, action: 'ANNUAIRE', retourArriere: false, total: 2, faits: 2, refuses: 0 });
  });

  it('avoir.emis: a credit note the back office grants on a complaint', async () => {
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.idClientBscs, f.account)).orderBy(desc(invoices.dateFacture)).limit(1);
    if (!invoice) throw new Error('no invoice of the bakery');
    const complaint = await t.send('POST', `/api/facture/${f.account}/${invoice.referenceNumber}/reclamation`, { token: f.manager, json: { motif: 'MONTANT_ERRONE', message: 'Une option a été facturée deux fois ce mois-ci.' } });
    expect(complaint.statusCode, complaint.body).toBe(200);
    const admin = await t.loginAs('administration');
    const decided = await t.send('POST', `/api/admin/reclamations/${bodyOf(complaint, invoiceComplaintResponseSchema).reference}/decision`, { token: admin, json: { decision: 'ACCEPTEE_AVEC_AVOIR', montantHT: 5, motif: 'Option facturée deux fois.' } });
    expect(decided.statusCode, decided.body).toBe(200);
    const reference = bodyOf(decided, adminComplaintSchema).avoir;
    expect(received('avoir.emis')).toContainEqual(expect.objectContaining({ reference, factureReference: invoice.referenceNumber, montantHT: 5, montantTVA: 1, montantTTC: 6 }));
  });

  it('facture.emise and ligne.statut: a termination done, its fees billed', async () => {
    const line = f.colleague(6);
    const { min } = daysOf(t);
    await t.db.update(contracts).set({ dateFinEngagement: addDays(min, 300) }).where(eq(contracts.idContrat, line.idContrat));
    const termination = await submitted(t, f.manager, { idContrat: line.idContrat, idMotif: 104, idSousMotif: 1041, dateEffet: min });
    let moved = 0;
    try {
      while (daysOf(t).today < min) {
        t.clock.advance(DAY / 4);
        moved += DAY / 4;
      }
      await jobs.runScheduled(TERMINATION_JOB);
    } finally {
      t.clock.advance(-moved);
    }
    const ttc = termination.frais.totalTtcCentimes / 100;
    expect(received('facture.emise')).toContainEqual(
      expect.objectContaining({ referenceNumber: `${invoiceReference(f.account, min)}-R${termination.idResiliation}`, dateFacture: min, montantTTC: ttc, resteAPayer: ttc }),
    );
    expect(received('ligne.statut')).toContainEqual({ idClientBscs: f.account, idContrat: line.idContrat, numeroLigne: line.numeroLigne, statut: 'RESILIE', statutPrecedent: 'ACTIF', cause: 'RESILIATION' });
  });
});

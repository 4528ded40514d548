import { and, asc, eq, sql } from 'drizzle-orm';
import { FLOW_STEP, ORDER_PAYMENT_MODE, ORDER_STATUS, ORDER_TYPE, SUBSCRIPTION_STATUS, orderNumber, vatCentimes } from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import type { Database } from '../client.ts';
import { billingAccounts, fleetPolicies, offers, orderApprovals, orderEvents, orders, referenceCounters, subscriptionLines, subscriptions, userBillingAccounts, users } from '../schema.ts';
import { DEMO_COMPANIES } from './demo-companies.ts';
import { createUser } from './factories.ts';

/** The transport company's second manager, who approves the orders of the first (decision 051). */
export const DEMO_APPROVER = { email: 'valideuse@demo.test', password: 'Demo-Valide-2026!' } as const;

const DAY = 86_400_000;
/** The demo's threshold: 1,000 € HT. */
const DEMO_THRESHOLD_CENTIMES = 100_000;
const QUANTITY = 6;
/** One-off fee of a SIM card, excluding VAT, and the demo order's monthly price per line. */
const SIM_FEE_CENTIMES = 1_000;

/**
 * The fleet policy in the demo: the transport company, managed by the demo mandataire, gets a
 * second manager and a threshold of 1,000 € HT, and one order of new lines by the mandataire,
 * placed two days ago, waits for her approval.
 */
export async function seedDemoFleetPolicy(db: Database, now: Date = new Date()): Promise<void> {
  const [account] = await db.select().from(billingAccounts).where(eq(billingAccounts.raisonSociale, DEMO_COMPANIES.transport.raisonSociale)).orderBy(asc(billingAccounts.idClientBscs)).limit(1);
  if (!account) throw new Error('no demo transport account');
  const [requester] = await db
    .select({ id: users.id })
    .from(userBillingAccounts)
    .innerJoin(users, eq(users.id, userBillingAccounts.userId))
    .where(and(eq(userBillingAccounts.idClientBscs, account.idClientBscs), eq(userBillingAccounts.isGestionnaire, true)))
    .orderBy(asc(users.id))
    .limit(1);
  if (!requester) throw new Error('no manager of the demo transport account');
  await createUser(db, { ...DEMO_APPROVER, prenom: 'Nadia', nom: 'Benali', gestionnaire: true, idClientBscs: account.idClientBscs, accounts: [{ idClientBscs: account.idClientBscs, isGestionnaire: true }] });
  await db.insert(fleetPolicies).values({ idClientBscs: account.idClientBscs, centreObligatoire: false, seuilValidationHtCentimes: DEMO_THRESHOLD_CENTIMES, modifieLe: new Date(now.getTime() - 30 * DAY) });

  const [offer] = await db.select().from(offers).orderBy(asc(offers.idOffreEngagement)).limit(1);
  if (!offer) throw new Error('no offer for the demo order');
  const placed = new Date(now.getTime() - 2 * DAY);
  const monthly = offer.prixMensuelCentimes;
  // Six lines with a phone each at 249 € HT: above the threshold.
  const phoneCentimes = 24_900;
  const uniqueHt = QUANTITY * (phoneCentimes + SIM_FEE_CENTIMES);
  const [subscription] = await db
    .insert(subscriptions)
    .values({ idClientBscs: account.idClientBscs, userId: requester.id, statut: SUBSCRIPTION_STATUS.EnAttentePaiement, etape: FLOW_STEP.RécapitulatifDeLaCommande, createdAt: placed, updatedAt: placed })
    .returning();
  if (!subscription) throw new Error('demo subscription not created');
  await db.insert(subscriptionLines).values({ idSouscription: subscription.idSouscription, quantite: QUANTITY, idOffreEngagement: offer.idOffreEngagement, prixMobileCentimes: phoneCentimes, prixMensuelCentimes: monthly, createdAt: placed });

  const year = Number(parisDay(placed).slice(0, 4));
  const [counter] = await db
    .insert(referenceCounters)
    .values({ serie: 'CMD', annee: year, dernierNumero: 1 })
    .onConflictDoUpdate({ target: [referenceCounters.serie, referenceCounters.annee], set: { dernierNumero: sql`${referenceCounters.dernierNumero} + 1` } })
    .returning({ dernierNumero: referenceCounters.dernierNumero });
  const numero = orderNumber(year, counter?.dernierNumero ?? 1);
  const libelle = `${QUANTITY} nouvelles lignes ${offer.libelle} avec téléphone`;
  const [order] = await db
    .insert(orders)
    .values({
      numero,
      idClientBscs: account.idClientBscs,
      userId: requester.id,
      type: ORDER_TYPE.ExtensionParc,
      statut: ORDER_STATUS.EnAttenteValidation,
      etape: FLOW_STEP.RécapitulatifDeLaCommande,
      idSouscription: subscription.idSouscription,
      modePaiement: ORDER_PAYMENT_MODE.Virement,
      totalUniqueHtCentimes: uniqueHt,
      tvaUniqueCentimes: vatCentimes(uniqueHt),
      totalMensuelHtCentimes: QUANTITY * monthly,
      recapitulatif: { lignes: [{ libelle, quantite: QUANTITY, prixUniqueHtCentimes: phoneCentimes + SIM_FEE_CENTIMES, prixMensuelHtCentimes: monthly, details: [], elements: [] }] },
      createdAt: placed,
      updatedAt: placed,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('demo order not created');
  await db.insert(orderEvents).values([
    { orderId: order.id, statut: ORDER_STATUS.EnAttenteValidation, etape: FLOW_STEP.RécapitulatifDeLaCommande, libelle: 'Commande enregistrée, en attente de validation', at: placed },
  ]);
  await db.insert(orderApprovals).values({
    orderId: order.id,
    idClientBscs: account.idClientBscs,
    demandeurId: requester.id,
    montantHtCentimes: uniqueHt,
    seuilHtCentimes: DEMO_THRESHOLD_CENTIMES,
    demandeLe: placed,
    expireLe: new Date(placed.getTime() + 7 * DAY),
  });
}

import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  ADDRESS_TYPE,
  FLOW_STEP,
  ORDER_PAYMENT_MODE,
  ORDER_STATUS,
  ORDER_TYPE,
  SUBSCRIPTION_STATUS,
  orderNumber,
  vatCentimes,
  type FlowStep,
  type OrderPaymentMode,
  type OrderStatus,
  type OrderType,
  type PieceType,
  type SubscriptionStatus,
} from '@ecare/shared';
import { parisDay } from '@ecare/shared/paris-time';
import type { Database } from '../client.ts';
import { billingAccounts, contracts, offers, orderAddresses, orderEvents, orders, referenceCounters, subscriptions } from '../schema.ts';
import { DEMO_COMPANIES } from './demo-companies.ts';

/*
 * The demo's orders (decision 036): for each account a demo user manages, a few orders of several
 * types and statuses over the last months, with their timelines and delivery addresses: new lines
 * SIM only or with the catalogue's first phone, a new phone for a line, one waiting for a bank
 * transfer, one incomplete until its Kbis is uploaded. Dates are relative to the seeding day;
 * everything else is fixed.
 */

const DAY = 86_400_000;
const MINUTE = 60_000;
/** One-off fee of a SIM card or an eSIM profile, excluding VAT. */
const SIM_FEE_CENTIMES = 1_000;
/** The catalogue's phone 1001 with a plan under commitment, excluding VAT. */
const PHONE_1001 = { libelle: 'Apple iPhone 17 256 Go', prixCentimes: 32_900 };

interface Line {
  libelle: string;
  quantite: number;
  prixUniqueHtCentimes: number;
  prixMensuelHtCentimes: number;
  details: string[];
}

interface DemoOrder {
  daysAgo: number;
  type: OrderType;
  lines: Line[];
  mode: OrderPaymentMode;
  /** The timeline, oldest first; the last entry is the order's status and step. */
  steps: { statut: OrderStatus; etape: FlowStep; libelle: string; minutes: number }[];
  subscription?: SubscriptionStatus;
  piecesAttendues?: PieceType[];
  /** For a new phone: the account's line it is for (rank among its lines). */
  line?: number;
  delivery: boolean;
}

const submitted = (minutes = 0) => ({ statut: ORDER_STATUS.Validee, etape: FLOW_STEP.RécapitulatifDeLaCommande, libelle: 'Commande enregistrée', minutes });
const cardPaid = (minutes: number) => [
  { statut: ORDER_STATUS.Validee, etape: FLOW_STEP.PaiementEnCours, libelle: 'Paiement par carte en cours', minutes },
  { statut: ORDER_STATUS.CbOfficeServerAcceptee, etape: FLOW_STEP.PaiementEffectue, libelle: 'Paiement par carte accepté', minutes: minutes + 2 },
  { statut: ORDER_STATUS.CbOfficeServerAcceptee, etape: FLOW_STEP.TermineeConfirmation, libelle: 'Commande confirmée', minutes: minutes + 3 },
];

function simLines(plan: { libelle: string; prix: number }, quantite: number, esim = false): Line {
  return {
    libelle: `${plan.libelle} — ${esim ? 'eSIM' : 'carte SIM'} seule`,
    quantite,
    prixUniqueHtCentimes: SIM_FEE_CENTIMES,
    prixMensuelHtCentimes: plan.prix,
    details: [esim ? 'eSIM' : 'Carte SIM', 'Nouveau numéro'],
  };
}

function phoneLine(plan: { libelle: string; prix: number }): Line {
  return {
    libelle: `${plan.libelle} avec ${PHONE_1001.libelle}`,
    quantite: 1,
    prixUniqueHtCentimes: PHONE_1001.prixCentimes + SIM_FEE_CENTIMES,
    prixMensuelHtCentimes: plan.prix,
    details: ['Couleur : Noir', 'eSIM', 'Portabilité du numéro'],
  };
}

/** The orders of the richest account (the bakery); the others get the first three kinds. */
function demoOrders(plan: { libelle: string; prix: number }, rich: boolean): DemoOrder[] {
  const base: DemoOrder[] = [
    {
      daysAgo: 152,
      type: ORDER_TYPE.ExtensionParc,
      lines: [simLines(plan, 2)],
      mode: ORDER_PAYMENT_MODE.CarteBleue,
      steps: [submitted(), ...cardPaid(4)],
      subscription: SUBSCRIPTION_STATUS.Ok,
      delivery: true,
    },
    {
      daysAgo: 64,
      type: ORDER_TYPE.RM,
      lines: [{ libelle: `Renouvellement : ${PHONE_1001.libelle}`, quantite: 1, prixUniqueHtCentimes: PHONE_1001.prixCentimes, prixMensuelHtCentimes: 0, details: ['Couleur : Sauge'] }],
      mode: ORDER_PAYMENT_MODE.CarteBleue,
      steps: [submitted(), ...cardPaid(3)],
      line: 1,
      delivery: true,
    },
    {
      daysAgo: 9,
      type: ORDER_TYPE.ExtensionParc,
      lines: [simLines(plan, 3)],
      mode: ORDER_PAYMENT_MODE.Virement,
      steps: [
        submitted(),
        { statut: ORDER_STATUS.PaiementSurFactureAttenteValidation, etape: FLOW_STEP.PaiementEnCours, libelle: 'En attente du virement bancaire', minutes: 2 },
      ],
      subscription: SUBSCRIPTION_STATUS.EnAttentePaiement,
      delivery: true,
    },
  ];
  if (!rich) return base;
  return [
    ...base,
    {
      daysAgo: 97,
      type: ORDER_TYPE.ExtensionParc,
      lines: [phoneLine(plan), simLines(plan, 1, true)],
      mode: ORDER_PAYMENT_MODE.CarteBleue,
      steps: [submitted(), ...cardPaid(5)],
      subscription: SUBSCRIPTION_STATUS.Ok,
      delivery: true,
    },
    {
      daysAgo: 31,
      type: ORDER_TYPE.ExtensionParc,
      lines: [simLines(plan, 1)],
      mode: ORDER_PAYMENT_MODE.CarteBleue,
      steps: [
        submitted(),
        { statut: ORDER_STATUS.Validee, etape: FLOW_STEP.PaiementEnCours, libelle: 'Paiement par carte en cours', minutes: 1 },
        { statut: ORDER_STATUS.CbOfficeServerRefusee, etape: FLOW_STEP.PaiementAnnulee, libelle: 'Paiement par carte refusé', minutes: 3 },
      ],
      subscription: SUBSCRIPTION_STATUS.EnAttentePaiement,
      delivery: false,
    },
    {
      daysAgo: 3,
      type: ORDER_TYPE.Souscription,
      lines: [simLines(plan, 2, true)],
      mode: ORDER_PAYMENT_MODE.CarteBleue,
      steps: [
        submitted(),
        ...cardPaid(2),
        { statut: ORDER_STATUS.CbOfficeServerAcceptee, etape: FLOW_STEP.TermineeConfirmation, libelle: 'En attente de l’extrait Kbis', minutes: 6 },
      ],
      subscription: SUBSCRIPTION_STATUS.Incomplet,
      piecesAttendues: ['KBIS'],
      delivery: false,
    },
  ];
}

/** The demo orders; their numbers continue the year's order counter. */
export async function seedDemoOrders(db: Database, now: Date = new Date()): Promise<void> {
  const names = [DEMO_COMPANIES.bakery, DEMO_COMPANIES.transport, DEMO_COMPANIES.publicWorks, DEMO_COMPANIES.studio].map((company) => company.raisonSociale);
  const accounts = await db.select().from(billingAccounts).where(inArray(billingAccounts.raisonSociale, names)).orderBy(asc(billingAccounts.idClientBscs));
  if (accounts.length !== names.length) throw new Error('demo orders need the four managed demo accounts');
  const planned: { account: (typeof accounts)[number]; order: DemoOrder; lineId: number | null; plan: { libelle: string; prix: number } }[] = [];
  for (const account of accounts) {
    const lines = await db
      .select({ idContrat: contracts.idContrat, libelle: offers.libelle, prix: offers.prixMensuelCentimes })
      .from(contracts)
      .innerJoin(offers, eq(offers.idOffreEngagement, contracts.idOffreEngagement))
      .where(eq(contracts.idClientBscs, account.idClientBscs))
      .orderBy(asc(contracts.idContrat));
    const first = lines[0];
    if (!first) throw new Error('demo orders need lines on every managed account');
    const plan = { libelle: first.libelle, prix: first.prix };
    for (const order of demoOrders(plan, account.raisonSociale === DEMO_COMPANIES.bakery.raisonSociale)) {
      planned.push({ account, order, plan, lineId: order.line === undefined ? null : (lines[order.line] ?? first).idContrat });
    }
  }
  // Numbered in the order they were placed, year by year.
  planned.sort((a, b) => b.order.daysAgo - a.order.daysAgo || a.account.idClientBscs - b.account.idClientBscs);
  const counters = new Map<number, number>();
  for (const [index, { account, order, lineId }] of planned.entries()) {
    const placed = new Date(now.getTime() - order.daysAgo * DAY - (index % 7) * 37 * MINUTE);
    const year = Number(parisDay(placed).slice(0, 4));
    const rank = (counters.get(year) ?? 0) + 1;
    counters.set(year, rank);
    const uniqueHt = order.lines.reduce((sum, line) => sum + line.prixUniqueHtCentimes * line.quantite, 0);
    const monthlyHt = order.lines.reduce((sum, line) => sum + line.prixMensuelHtCentimes * line.quantite, 0);
    const last = order.steps.at(-1) ?? submitted();
    const [subscription] = order.subscription
      ? await db
          .insert(subscriptions)
          .values({ idClientBscs: account.idClientBscs, statut: order.subscription, etape: last.etape, createdAt: placed, updatedAt: placed })
          .returning()
      : [];
    const numero = orderNumber(year, rank);
    const [row] = await db
      .insert(orders)
      .values({
        numero,
        idClientBscs: account.idClientBscs,
        type: order.type,
        statut: last.statut,
        etape: last.etape,
        idSouscription: subscription?.idSouscription ?? null,
        idContrat: lineId,
        modePaiement: order.mode,
        totalUniqueHtCentimes: uniqueHt,
        tvaUniqueCentimes: vatCentimes(uniqueHt),
        totalMensuelHtCentimes: monthlyHt,
        referenceVirement: order.mode === ORDER_PAYMENT_MODE.Virement ? `VIR-${numero}` : null,
        referenceTransaction: order.mode === ORDER_PAYMENT_MODE.CarteBleue ? `DEMO-${numero}` : null,
        recapitulatif: { lignes: order.lines, ...(order.piecesAttendues ? { piecesAttendues: order.piecesAttendues } : {}) },
        createdAt: placed,
        updatedAt: new Date(placed.getTime() + last.minutes * MINUTE),
        valideeLe: last.etape === FLOW_STEP.TermineeConfirmation ? new Date(placed.getTime() + last.minutes * MINUTE) : null,
      })
      .returning({ id: orders.id });
    if (!row) throw new Error('demo order not created');
    await db.insert(orderEvents).values(order.steps.map((step) => ({ orderId: row.id, statut: step.statut, etape: step.etape, libelle: step.libelle, at: new Date(placed.getTime() + step.minutes * MINUTE) })));
    if (order.delivery) {
      await db.insert(orderAddresses).values({
        orderId: row.id,
        type: ADDRESS_TYPE.LIVRAISON,
        destinataire: `${account.raisonSociale} — ${account.prenom} ${account.nom}`,
        numero: account.adresseNumero,
        voie: account.adresseVoie,
        codePostal: account.adresseCodePostal,
        ville: account.adresseVille,
      });
    }
  }
  for (const [annee, dernierNumero] of counters) {
    await db
      .insert(referenceCounters)
      .values({ serie: 'CMD', annee, dernierNumero })
      .onConflictDoUpdate({ target: [referenceCounters.serie, referenceCounters.annee], set: { dernierNumero: sql`greatest(${referenceCounters.dernierNumero}, ${dernierNumero})` } });
  }
}

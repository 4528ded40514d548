import {
  CONSUMPTION_PERIODS_SHOWN,
  LINE_OPTION_PRICES_CENTIMES,
  billingPeriodOf,
  invoiceDueDate,
  invoiceReference,
  invoiceTotals,
  periodBounds,
  periodsBetween,
  shiftPeriod,
  type InvoicePaymentMode,
} from '@ecare/shared';
import { addDays, parisDay, parisInstant } from '@ecare/shared/paris-time';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { ACCOUNT_CHARGE_SNAPSHOT, customerSnapshot, invoiceAccountColumns, lineSnapshot, lineSnapshotColumns, lineSnapshotJoin, type AccountForInvoice } from '../invoice-snapshot.ts';
import { billingAccounts, contracts, invoiceItems, invoicePayments, invoices, lineUsage, offers } from '../schema.ts';
import { DEMO_COMPANIES } from './demo-companies.ts';
import { Random } from './random.ts';

/**
 * Two years of monthly invoices for every demo billing account (decision 025), computed from what
 * its lines had: plan (with an earlier plan for some), options (some taken or dropped on the way),
 * out-of-bundle usage (the consumption page's figures for the months it shows), occasional
 * one-off charges and discounts, the fixed-line box as an account charge; VAT 20 %. An invoice is
 * dated the 1st of a month, bills that month's subscriptions and options in advance and the
 * previous month's out-of-bundle usage, and is due 30 days later.
 *
 * Each account pays as DEMO_PAYMENT_MODES says and leaves unpaid what DEMO_UNPAID says, so that
 * the demo shows both sides of the unpaid-balance checks: the bakery's latest direct debit still
 * to come and an older one that bounced, two unpaid invoices (one late) for the Girard accounts,
 * and everything paid for Atelier Vincent Design (solo@demo.test).
 */

type DemoKey = keyof typeof DEMO_COMPANIES;

/** How each demo account pays (the bank details seed gives the same modes). */
export const DEMO_PAYMENT_MODES: Record<DemoKey, InvoicePaymentMode> = {
  bakery: 'PRELEVEMENT',
  transport: 'VIREMENT',
  publicWorks: 'CARTE',
  accounting: 'VIREMENT',
  studio: 'PRELEVEMENT',
};

/** The invoices each account has not paid, by age (0: the latest); the others are paid. */
export const DEMO_UNPAID: Record<DemoKey, readonly number[]> = {
  // The latest direct debit is still to come; the one of two months before bounced.
  bakery: [0, 2],
  transport: [0, 2],
  publicWorks: [0, 3],
  accounting: [0, 2],
  studio: [],
};
/** Any other account: the latest invoice to pay and one two months older, late. */
const DEFAULT_UNPAID: readonly number[] = [0, 2];

/** Unpaid invoices partly paid already: 40 % of the amount came in by transfer. */
const PARTLY_PAID: Partial<Record<DemoKey, number>> = { transport: 2 };

export const DEMO_INVOICE_MONTHS = 24;

/** Charges excluding VAT, in cents. */
const CHARGES = {
  newSim: { libelle: 'Envoi d’une nouvelle carte SIM', centimes: 1_000 },
  newEsim: { libelle: 'Nouveau profil eSIM', centimes: 1_000 },
  numberChange: { libelle: 'Changement de numéro', centimes: 1_500 },
  goodwill: { libelle: 'Geste commercial', centimes: -500 },
  debitRejected: { libelle: 'Frais de rejet de prélèvement', centimes: 750 },
} as const;

/** Months of a new line's welcome discount (half its plan's price). */
const WELCOME_MONTHS = 3;

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const monthName = (period: string) => `${MONTHS[Number(period.slice(5, 7)) - 1] ?? ''} ${period.slice(0, 4)}`;
const shortDate = (isoDate: string) => `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;

export interface DemoInvoiceAccount extends AccountForInvoice {
  idClientBscs: number;
  statutContratFixe: string | null;
}

export interface DemoInvoiceLine {
  idContrat: number;
  idClientBscs: number;
  numeroLigne: string;
  codeStatut: 'ACTIF' | 'SUSPENDU' | 'RESILIE' | 'EN_COURS';
  dateActivation: Date;
  idOffreEngagement: number;
  options: string[];
  typeSim: 'SIM' | 'ESIM';
  utilisateurPrenom: string | null;
  utilisateurNom: string | null;
  /** The cost centre the line is charged to when seeded (demo-cost-centres.ts), if any. */
  idCentre?: number | null;
  centreCode?: string | null;
  centreLibelle?: string | null;
}

export interface DemoOffer {
  idOffreEngagement: number;
  libelle: string;
  idGamme: number;
  prixMensuelCentimes: number;
  optionsIncluses: string[];
}

type NewInvoice = Omit<typeof invoices.$inferInsert, 'id'>;
type NewItem = Omit<typeof invoiceItems.$inferInsert, 'id' | 'invoiceId'>;
type NewPayment = Omit<typeof invoicePayments.$inferInsert, 'id' | 'invoiceId'>;

export interface DemoInvoice {
  invoice: NewInvoice;
  items: NewItem[];
  payments: NewPayment[];
}

/** What a line had in its past, drawn from its own sequence so that the other lines do not change it. */
interface LineHistory {
  /** Invoices at least this old (0: the latest) billed `previousPlan` instead of the current plan. */
  planChangedAt: number | null;
  previousPlan: number;
  /** Options taken on the way: billed from this invoice on (0: the latest), not before. */
  addedAt: Map<string, number>;
  /** An option dropped on the way: billed by invoices at least `droppedAt` old. */
  dropped: { option: string; droppedAt: number } | null;
}

function historyOf(line: DemoInvoiceLine, mobilePlans: readonly number[]): LineHistory {
  const rng = new Random(Math.imul(line.idContrat, 0x27d4eb2f) ^ 0x5bd1_e995);
  const changes = rng.next() < 0.3;
  // Older than the six months of usage, whose out-of-bundle amounts follow the current plan.
  const planChangedAt = changes ? rng.int(CONSUMPTION_PERIODS_SHOWN + 1, DEMO_INVOICE_MONTHS - 4) : null;
  const others = mobilePlans.filter((id) => id !== line.idOffreEngagement);
  const previousPlan = others.length > 0 ? rng.pick(others) : line.idOffreEngagement;
  const addedAt = new Map<string, number>();
  for (const option of line.options) {
    const recent = rng.next() < 0.35;
    const at = rng.int(1, DEMO_INVOICE_MONTHS - 6);
    if (recent) addedAt.set(option, at);
  }
  const candidates = Object.keys(LINE_OPTION_PRICES_CENTIMES).filter((option) => !line.options.includes(option));
  const dropping = rng.next() < 0.2 && candidates.length > 0;
  const droppedOption = candidates.length > 0 ? rng.pick(candidates) : '';
  const droppedAt = rng.int(2, DEMO_INVOICE_MONTHS - 8);
  return { planChangedAt, previousPlan, addedAt, dropped: dropping ? { option: droppedOption, droppedAt } : null };
}

export interface DemoInvoiceInput {
  accounts: readonly DemoInvoiceAccount[];
  lines: readonly DemoInvoiceLine[];
  offers: readonly DemoOffer[];
  /** Out-of-bundle amounts of the consumption records, by `idContrat:YYYY-MM`. */
  usage: ReadonlyMap<string, number>;
}

const demoKeyOf = (raisonSociale: string): DemoKey | undefined =>
  (Object.keys(DEMO_COMPANIES) as DemoKey[]).find((key) => DEMO_COMPANIES[key].raisonSociale === raisonSociale);

/**
 * The invoices, their charges and their payments, oldest first for each account. The same input
 * and `now` (the seeding time: the latest invoice is dated the 1st of its month) give the same rows.
 */
export function buildDemoInvoices({ accounts, lines, offers: catalogue, usage }: DemoInvoiceInput, now: Date): DemoInvoice[] {
  const offerById = new Map(catalogue.map((offer) => [offer.idOffreEngagement, offer]));
  const mobilePlans = catalogue.filter((offer) => offer.idGamme === 1).map((offer) => offer.idOffreEngagement);
  const box = catalogue.find((offer) => offer.idGamme === 2);
  const latest = billingPeriodOf(now);
  const firstUsage = shiftPeriod(latest, 1 - CONSUMPTION_PERIODS_SHOWN);
  const result: DemoInvoice[] = [];

  for (const account of accounts) {
    const key = demoKeyOf(account.raisonSociale);
    const mode = key ? DEMO_PAYMENT_MODES[key] : 'VIREMENT';
    const unpaid = key ? DEMO_UNPAID[key] : DEFAULT_UNPAID;
    const partly = key ? PARTLY_PAID[key] : undefined;
    const accountLines = lines.filter((line) => line.idClientBscs === account.idClientBscs).sort((a, b) => a.idContrat - b.idContrat);
    const histories = new Map(accountLines.map((line) => [line.idContrat, historyOf(line, mobilePlans)]));
    const rng = new Random(Math.imul(account.idClientBscs, 0x165667b1) ^ 0x3c6e_f372);
    const bounced = mode === 'PRELEVEMENT' ? unpaid.filter((age) => age >= 2) : [];

    for (let age = DEMO_INVOICE_MONTHS - 1; age >= 0; age--) {
      const period = shiftPeriod(latest, -age);
      const usagePeriod = shiftPeriod(period, -1);
      const dateFacture = `${period}-01`;
      const reference = invoiceReference(account.idClientBscs, dateFacture);
      const items: NewItem[] = [];

      for (const line of accountLines) {
        // The same draws every month, billed or not, so that each month's charges stay put.
        const draws = { extraRoll: rng.next(), extraCents: rng.int(150, 1_290), oneOff: rng.next(), goodwill: rng.next() };
        if (line.codeStatut === 'EN_COURS') continue;
        const activation = billingPeriodOf(line.dateActivation);
        if (activation > usagePeriod) continue;
        const history = histories.get(line.idContrat);
        const planId = history && history.planChangedAt !== null && age >= history.planChangedAt ? history.previousPlan : line.idOffreEngagement;
        const plan = offerById.get(planId);
        if (!plan) continue;
        // The line's user and cost centre when the invoice is issued: the demo's, as they are when it is seeded.
        const snapshot = lineSnapshot({
          utilisateurPrenom: line.utilisateurPrenom,
          utilisateurNom: line.utilisateurNom,
          idCentre: line.idCentre ?? null,
          centreCode: line.centreCode ?? null,
          centreLibelle: line.centreLibelle ?? null,
        });
        const item = (nature: NewItem['nature'], libelle: string, montantHtCentimes: number): NewItem => ({
          idContrat: line.idContrat,
          numeroLigne: line.numeroLigne,
          ...snapshot,
          nature,
          libelle,
          quantite: 1,
          montantHtCentimes,
          tauxTvaBp: 2_000,
        });

        items.push(item('ABONNEMENT', plan.libelle, plan.prixMensuelCentimes));
        if (activation === usagePeriod) {
          // The first invoice also bills the days of the activation month (FAQ: "prorata").
          const activatedOn = parisDay(line.dateActivation);
          const { fin } = periodBounds(usagePeriod);
          const days = Number(fin.slice(8));
          const served = days - Number(activatedOn.slice(8)) + 1;
          items.push(item('ABONNEMENT', `${plan.libelle} – prorata du ${shortDate(activatedOn)} au ${shortDate(fin)}`, Math.round((plan.prixMensuelCentimes * served) / days)));
        }
        const billedOptions = line.options.filter((option) => (history?.addedAt.get(option) ?? DEMO_INVOICE_MONTHS) >= age);
        if (history?.dropped && age >= history.dropped.droppedAt) billedOptions.push(history.dropped.option);
        for (const option of billedOptions) {
          const price = LINE_OPTION_PRICES_CENTIMES[option] ?? 0;
          if (price > 0 && !plan.optionsIncluses.includes(option)) items.push(item('OPTION', `Option ${option}`, price));
        }

        const recorded = usage.get(`${line.idContrat}:${usagePeriod}`);
        const outOfBundle = usagePeriod >= firstUsage ? (recorded ?? 0) : draws.extraRoll < 0.15 ? draws.extraCents : 0;
        if (outOfBundle > 0) items.push(item('HORS_FORFAIT', `Communications hors forfait – ${monthName(usagePeriod)}`, outOfBundle));

        if (draws.oneOff < 0.025) items.push(item('PONCTUEL', line.typeSim === 'ESIM' ? CHARGES.newEsim.libelle : CHARGES.newSim.libelle, CHARGES.newSim.centimes));
        else if (draws.oneOff < 0.035) items.push(item('PONCTUEL', CHARGES.numberChange.libelle, CHARGES.numberChange.centimes));
        const monthsActive = periodsBetween(activation, usagePeriod);
        if (monthsActive < WELCOME_MONTHS) {
          items.push(item('REMISE', `Remise de bienvenue\u00a0: 50\u00a0% sur ${plan.libelle}`, -Math.round(plan.prixMensuelCentimes / 2)));
        } else if (draws.goodwill < 0.03) {
          items.push(item('REMISE', CHARGES.goodwill.libelle, CHARGES.goodwill.centimes));
        }
      }

      const accountItem = (nature: NewItem['nature'], libelle: string, montantHtCentimes: number): NewItem => ({
        idContrat: null,
        numeroLigne: null,
        ...ACCOUNT_CHARGE_SNAPSHOT,
        nature,
        libelle,
        quantite: 1,
        montantHtCentimes,
        tauxTvaBp: 2_000,
      });
      if (account.statutContratFixe === 'ACTIF' && box) items.push(accountItem('ABONNEMENT', `${box.libelle} – ligne fixe`, box.prixMensuelCentimes));
      const rejected = bounced.find((older) => older > age);
      if (age === 0 && rejected !== undefined) {
        const bouncedReference = invoiceReference(account.idClientBscs, `${shiftPeriod(latest, -rejected)}-01`);
        items.push(accountItem('PONCTUEL', `${CHARGES.debitRejected.libelle} (facture ${bouncedReference})`, CHARGES.debitRejected.centimes));
      }

      const groups = new Map<number | null, number[]>();
      for (const item of items) groups.set(item.idContrat ?? null, [...(groups.get(item.idContrat ?? null) ?? []), item.montantHtCentimes]);
      const totals = invoiceTotals([...groups.values()]);
      const dateEcheance = invoiceDueDate(dateFacture);
      const { debut, fin } = periodBounds(period);

      // Paid: on its due date by direct debit, some days before it by transfer, soon after the invoice by card; never after now.
      const paymentDay =
        mode === 'CARTE' ? addDays(dateFacture, rng.int(2, 10)) : mode === 'VIREMENT' ? addDays(dateEcheance, -rng.int(2, 12)) : dateEcheance;
      const paidAt = new Date(Math.min(parisInstant(paymentDay, 9).getTime(), now.getTime()));
      const isUnpaid = unpaid.includes(age);
      const payments: NewPayment[] = [];
      let resteAPayerCentimes = 0;
      if (!isUnpaid) {
        payments.push({ montantCentimes: totals.ttcCentimes, moyen: mode, paidAt });
      } else if (partly === age) {
        const part = Math.round(totals.ttcCentimes * 0.4);
        payments.push({ montantCentimes: part, moyen: 'VIREMENT', paidAt });
        resteAPayerCentimes = totals.ttcCentimes - part;
      } else {
        resteAPayerCentimes = totals.ttcCentimes;
      }

      result.push({
        invoice: {
          idClientBscs: account.idClientBscs,
          referenceNumber: reference,
          dateFacture,
          dateEcheance,
          periodeDebut: debut,
          periodeFin: fin,
          montantHtCentimes: totals.htCentimes,
          montantTvaCentimes: totals.tvaCentimes,
          montantTtcCentimes: totals.ttcCentimes,
          resteAPayerCentimes,
          prelevement: mode === 'PRELEVEMENT',
          client: customerSnapshot(account),
          modePaiement: mode,
        },
        items,
        payments,
      });
    }
  }
  return result;
}

/** Rows per insert: well under PostgreSQL's 65,535 bound parameters. */
const BATCH = 1_000;

async function insertInBatches<Row>(rows: readonly Row[], insert: (batch: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

/** Seeds the demo accounts' invoices, `now` (the seeding time) falling in the month of the latest. */
export async function seedDemoInvoices(db: Database, now: Date = new Date()): Promise<void> {
  // One after the other: `db` is the seed's transaction, one connection.
  const accounts = await db
    .select({
      idClientBscs: billingAccounts.idClientBscs,
      ...invoiceAccountColumns,
      statutContratFixe: billingAccounts.statutContratFixe,
    })
    .from(billingAccounts)
    .orderBy(asc(billingAccounts.idClientBscs));
  const lines = await db
    .select({
      idContrat: contracts.idContrat,
      idClientBscs: contracts.idClientBscs,
      numeroLigne: contracts.numeroLigne,
      codeStatut: contracts.codeStatut,
      dateActivation: contracts.dateActivation,
      idOffreEngagement: contracts.idOffreEngagement,
      options: contracts.options,
      typeSim: contracts.typeSim,
      ...lineSnapshotColumns,
    })
    .from(contracts)
    .leftJoin(...lineSnapshotJoin)
    .orderBy(asc(contracts.idContrat));
  const catalogue = await db
    .select({
      idOffreEngagement: offers.idOffreEngagement,
      libelle: offers.libelle,
      idGamme: offers.idGamme,
      prixMensuelCentimes: offers.prixMensuelCentimes,
      optionsIncluses: offers.optionsIncluses,
    })
    .from(offers)
    .orderBy(asc(offers.idOffreEngagement));
  const usageRows = await db
    .select({ idContrat: lineUsage.idContrat, periode: lineUsage.periode, horsForfaitCentimes: lineUsage.horsForfaitCentimes })
    .from(lineUsage)
    .innerJoin(contracts, eq(contracts.idContrat, lineUsage.idContrat));
  const usage = new Map(usageRows.map((row) => [`${row.idContrat}:${row.periode.slice(0, 7)}`, row.horsForfaitCentimes]));
  const built = buildDemoInvoices({ accounts, lines, offers: catalogue, usage }, now);
  if (built.length === 0) return;

  const ids = new Map<string, number>();
  await insertInBatches(
    built.map((entry) => entry.invoice),
    async (batch) => {
      const rows = await db.insert(invoices).values(batch).returning({ id: invoices.id, referenceNumber: invoices.referenceNumber });
      for (const row of rows) ids.set(row.referenceNumber, row.id);
    },
  );
  const idOf = (reference: string) => {
    const id = ids.get(reference);
    if (id === undefined) throw new Error(`invoice ${reference} not inserted`);
    return id;
  };
  await insertInBatches(
    built.flatMap((entry) => entry.items.map((item) => ({ ...item, invoiceId: idOf(entry.invoice.referenceNumber) }))),
    (batch) => db.insert(invoiceItems).values(batch),
  );
  await insertInBatches(
    built.flatMap((entry) => entry.payments.map((payment) => ({ ...payment, invoiceId: idOf(entry.invoice.referenceNumber) }))),
    (batch) => db.insert(invoicePayments).values(batch),
  );
}

import { inArray } from 'drizzle-orm';
import { mandateReference, type PaymentMode } from '@ecare/shared';
import type { Database } from '../client.ts';
import { accountPaymentSettings, billingAccounts, sepaMandates } from '../schema.ts';
import { DEMO_COMPANIES, type DemoCompany } from './demo-companies.ts';
import { parisDay } from '@ecare/shared/paris-time';

/**
 * Bank accounts of fictional banks (codes 99901 to 99905, BICs DEM…FRPP): French IBANs whose RIB
 * key and check digits are right, so that ibantools takes them, of no real bank.
 */
export const DEMO_BANK_ACCOUNTS = {
  bakery: { iban: 'FR7699901000120001234560167', bic: 'DEMAFRPP' },
  transport: { iban: 'FR7699902000340009876540202', bic: 'DEMBFRPP' },
  accounting: { iban: 'FR7699903000560004561230395', bic: 'DEMCFRPP' },
  studio: { iban: 'FR7699904000780007894560480', bic: 'DEMDFRPP' },
  /** The bakery's former bank, of its revoked mandate. */
  bakeryFormer: { iban: 'FR7699905000900003216540532', bic: 'DEMEFRPP' },
} as const;

interface DemoPayment {
  company: DemoCompany;
  modePaiement: PaymentMode;
  /** The account on file (none: the account has never given one). */
  bank: { iban: string; bic: string } | null;
  /** Mandates, oldest first, the last one in force when the account pays by direct debit. */
  mandates: { bank: { iban: string; bic: string }; signedAt: Date; revokedAt: Date | null }[];
  savedAt: Date;
}

/** Direct debit for the bakery (a former mandate revoked) and the studio, transfer or card for the others. */
const DEMO_PAYMENTS: DemoPayment[] = [
  {
    company: DEMO_COMPANIES.bakery,
    modePaiement: 'PRELEVEMENT',
    bank: DEMO_BANK_ACCOUNTS.bakery,
    mandates: [
      { bank: DEMO_BANK_ACCOUNTS.bakeryFormer, signedAt: new Date('2023-03-14T09:12:00Z'), revokedAt: new Date('2024-09-02T14:30:00Z') },
      { bank: DEMO_BANK_ACCOUNTS.bakery, signedAt: new Date('2024-09-02T14:30:00Z'), revokedAt: null },
    ],
    savedAt: new Date('2024-09-02T14:30:00Z'),
  },
  {
    company: DEMO_COMPANIES.transport,
    modePaiement: 'VIREMENT',
    bank: DEMO_BANK_ACCOUNTS.transport,
    mandates: [],
    savedAt: new Date('2025-02-10T10:05:00Z'),
  },
  { company: DEMO_COMPANIES.publicWorks, modePaiement: 'CARTE', bank: null, mandates: [], savedAt: new Date('2025-04-22T08:40:00Z') },
  {
    company: DEMO_COMPANIES.accounting,
    modePaiement: 'VIREMENT',
    bank: DEMO_BANK_ACCOUNTS.accounting,
    mandates: [],
    savedAt: new Date('2024-11-18T16:20:00Z'),
  },
  {
    company: DEMO_COMPANIES.studio,
    modePaiement: 'PRELEVEMENT',
    bank: DEMO_BANK_ACCOUNTS.studio,
    mandates: [{ bank: DEMO_BANK_ACCOUNTS.studio, signedAt: new Date('2025-06-05T13:45:00Z'), revokedAt: null }],
    savedAt: new Date('2025-06-05T13:45:00Z'),
  },
];

/** The payment mode, bank details and SEPA mandates of every demo billing account (decision 026). */
export async function seedDemoBankDetails(db: Database): Promise<void> {
  const names = DEMO_PAYMENTS.map((payment) => payment.company.raisonSociale);
  const accounts = await db
    .select({ idClientBscs: billingAccounts.idClientBscs, codeClientBscs: billingAccounts.codeClientBscs, raisonSociale: billingAccounts.raisonSociale, ville: billingAccounts.adresseVille })
    .from(billingAccounts)
    .where(inArray(billingAccounts.raisonSociale, names));
  for (const payment of DEMO_PAYMENTS) {
    const account = accounts.find((row) => row.raisonSociale === payment.company.raisonSociale);
    if (!account) throw new Error(`demo bank details need the account of ${payment.company.raisonSociale}`);
    const titulaire = payment.bank ? payment.company.raisonSociale : null;
    await db.insert(accountPaymentSettings).values({
      idClientBscs: account.idClientBscs,
      modePaiement: payment.modePaiement,
      titulaire,
      iban: payment.bank?.iban ?? null,
      bic: payment.bank?.bic ?? null,
      updatedAt: payment.savedAt,
      updatedBy: null,
    });
    if (payment.mandates.length === 0) continue;
    await db.insert(sepaMandates).values(
      payment.mandates.map((mandate, index) => ({
        idClientBscs: account.idClientBscs,
        rum: mandateReference(account, parisDay(mandate.signedAt), index + 1),
        type: 'B2B' as const,
        statut: mandate.revokedAt ? ('REVOQUE' as const) : ('ACTIF' as const),
        titulaire: payment.company.raisonSociale,
        iban: mandate.bank.iban,
        bic: mandate.bank.bic,
        lieuSignature: account.ville,
        signedAt: mandate.signedAt,
        revokedAt: mandate.revokedAt,
      })),
    );
  }
}

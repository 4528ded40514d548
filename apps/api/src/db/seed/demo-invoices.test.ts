import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPeriodOf, invoiceDay, invoiceStatus, invoiceTotals, periodBounds, shiftPeriod } from '@ecare/shared';
import { asc } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { billingAccounts, invoiceItems, invoicePayments, invoices } from '../schema.ts';
import { DEMO_COMPANIES } from './demo-companies.ts';
import { DEMO_INVOICE_MONTHS, buildDemoInvoices, type DemoInvoiceInput } from './demo-invoices.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The i-th from the end (1: the last). */
function fromEnd<T>(list: readonly T[], index: number): T {
  const item = list.at(-index);
  if (item === undefined) throw new Error(`no item ${index} from the end`);
  return item;
}

async function demo() {
  const [accounts, rows, items, payments] = await Promise.all([
    t.db.select().from(billingAccounts),
    t.db.select().from(invoices).orderBy(asc(invoices.dateFacture)),
    t.db.select().from(invoiceItems),
    t.db.select().from(invoicePayments),
  ]);
  const accountOf = (name: string) => {
    const account = accounts.find((candidate) => candidate.raisonSociale === name);
    if (!account) throw new Error(`no account ${name}`);
    return account.idClientBscs;
  };
  return { accounts, rows, items, payments, accountOf };
}

describe('demo invoices', () => {
  it('gives every demo account 24 monthly invoices, dated the 1st, due 30 days later, the latest this month', async () => {
    const { accounts, rows } = await demo();
    const latest = billingPeriodOf(new Date());
    for (const account of accounts) {
      const own = rows.filter((row) => row.idClientBscs === account.idClientBscs);
      expect(own).toHaveLength(DEMO_INVOICE_MONTHS);
      expect(own.map((row) => row.dateFacture)).toEqual(Array.from({ length: DEMO_INVOICE_MONTHS }, (_, index) => `${shiftPeriod(latest, index - DEMO_INVOICE_MONTHS + 1)}-01`));
      for (const row of own) {
        const { debut, fin } = periodBounds(row.dateFacture.slice(0, 7));
        expect(row).toMatchObject({ periodeDebut: debut, periodeFin: fin });
        expect(Date.parse(row.dateEcheance) - Date.parse(row.dateFacture)).toBe(30 * 86_400_000);
      }
    }
    expect(new Set(rows.map((row) => row.referenceNumber)).size).toBe(rows.length);
  });

  it('computes each invoice from its charges: totals to the cent, VAT 20 % of the whole', async () => {
    const { rows, items } = await demo();
    for (const row of rows) {
      const own = items.filter((item) => item.invoiceId === row.id);
      expect(own.length).toBeGreaterThan(0);
      const groups = new Map<number | null, number[]>();
      for (const item of own) groups.set(item.idContrat, [...(groups.get(item.idContrat) ?? []), item.montantHtCentimes]);
      const totals = invoiceTotals([...groups.values()]);
      expect(row).toMatchObject({ montantHtCentimes: totals.htCentimes, montantTvaCentimes: totals.tvaCentimes, montantTtcCentimes: totals.ttcCentimes });
      expect(own.every((item) => item.tauxTvaBp === 2_000)).toBe(true);
    }
  });

  it('leaves the solo account fully paid and every other one at least two unpaid invoices, one of them late', async () => {
    const { accounts, rows, payments, accountOf } = await demo();
    const today = invoiceDay(new Date());
    const solo = accountOf(DEMO_COMPANIES.studio.raisonSociale);
    for (const account of accounts) {
      const own = rows.filter((row) => row.idClientBscs === account.idClientBscs);
      const unpaid = own.filter((row) => row.resteAPayerCentimes > 0);
      const late = own.filter((row) => invoiceStatus(row, today) === 'EN_RETARD');
      if (account.idClientBscs === solo) {
        expect(unpaid).toEqual([]);
        expect(own.every((row) => invoiceStatus(row, today) === 'PAYEE')).toBe(true);
      } else {
        expect(unpaid.length, account.raisonSociale).toBeGreaterThanOrEqual(2);
        expect(late, account.raisonSociale).toHaveLength(1);
        // The latest is still to pay, not late.
        expect(['A_PAYER', 'PRELEVEMENT_A_VENIR']).toContain(invoiceStatus(fromEnd(own, 1), today));
      }
      // What was paid is recorded, by the account's means, never after now; balances agree.
      for (const row of own) {
        const received = payments.filter((payment) => payment.invoiceId === row.id);
        expect(received.reduce((sum, payment) => sum + payment.montantCentimes, 0)).toBe(row.montantTtcCentimes - row.resteAPayerCentimes);
        for (const payment of received) expect(payment.paidAt.getTime()).toBeLessThanOrEqual(Date.now());
      }
    }
    const bakery = rows.filter((row) => row.idClientBscs === accountOf(DEMO_COMPANIES.bakery.raisonSociale));
    expect(bakery.every((row) => row.prelevement)).toBe(true);
    expect(invoiceStatus(fromEnd(bakery, 1), today)).toBe('PRELEVEMENT_A_VENIR');
    expect(invoiceStatus(fromEnd(bakery, 3), today)).toBe('EN_RETARD');
    const card = rows.filter((row) => row.idClientBscs === accountOf(DEMO_COMPANIES.publicWorks.raisonSociale));
    expect(payments.filter((payment) => card.some((row) => row.id === payment.invoiceId)).every((payment) => payment.moyen === 'CARTE')).toBe(true);
  });

  it('keeps the latest invoice not yet late whatever the day of the month the demo is seeded on, and gives the same rows for the same day', () => {
    const input: DemoInvoiceInput = {
      accounts: [
        {
          idClientBscs: 1_000_001,
          codeClientBscs: '1.000001',
          raisonSociale: DEMO_COMPANIES.transport.raisonSociale,
          sirenSiret: '73282932000074',
          adresseNumero: '12',
          adresseVoie: 'rue des Transporteurs',
          adresseCodePostal: '69007',
          adresseVille: 'Lyon',
          statutContratFixe: null,
        },
      ],
      lines: [
        { idContrat: 5_000_001, idClientBscs: 1_000_001, numeroLigne: '0612345678', codeStatut: 'ACTIF', dateActivation: new Date('2020-05-04T10:00:00Z'), idOffreEngagement: 101, options: ['International 2 h'], typeSim: 'SIM', utilisateurPrenom: 'Nina', utilisateurNom: 'Perrin' },
      ],
      offers: [
        { idOffreEngagement: 101, libelle: 'Forfait Pro 5 Go', idGamme: 1, prixMensuelCentimes: 1_499, optionsIncluses: [] },
        { idOffreEngagement: 102, libelle: 'Forfait Pro 50 Go', idGamme: 1, prixMensuelCentimes: 2_499, optionsIncluses: [] },
      ],
      usage: new Map(),
    };
    for (const moment of ['2026-03-01T00:30:00+01:00', '2026-03-31T23:30:00+02:00', '2026-04-30T22:00:00+02:00', '2026-02-28T12:00:00+01:00', '2026-12-31T23:59:00+01:00']) {
      const now = new Date(moment);
      const built = buildDemoInvoices(input, now);
      expect(built).toHaveLength(DEMO_INVOICE_MONTHS);
      const statuses = built.map((entry) => invoiceStatus({ ...entry.invoice, prelevement: entry.invoice.prelevement ?? false }, invoiceDay(now)));
      expect(statuses.at(-1), moment).toBe('A_PAYER');
      expect(statuses.filter((status) => status === 'EN_RETARD'), moment).toHaveLength(1);
      expect(buildDemoInvoices(input, now)).toEqual(built);
    }
  });

  it('records on each line’s charges the cost centre the line has when seeded, none on the account’s own charges', () => {
    const account = {
      idClientBscs: 1_000_002,
      codeClientBscs: '1.000002',
      raisonSociale: 'Centres SARL',
      sirenSiret: '73282932000074',
      adresseNumero: '1',
      adresseVoie: 'rue des Centres',
      adresseCodePostal: '69007',
      adresseVille: 'Lyon',
      statutContratFixe: 'ACTIF',
    };
    const line = { idClientBscs: 1_000_002, codeStatut: 'ACTIF', dateActivation: new Date('2020-05-04T10:00:00Z'), idOffreEngagement: 101, options: [], typeSim: 'SIM', utilisateurPrenom: null, utilisateurNom: null } as const;
    const built = buildDemoInvoices(
      {
        accounts: [account],
        lines: [
          { ...line, idContrat: 5_000_011, numeroLigne: '0612345611', options: [], idCentre: 31, centreCode: 'CC-NORD', centreLibelle: 'Agence Nord' },
          { ...line, idContrat: 5_000_012, numeroLigne: '0612345612', options: [] },
        ],
        offers: [
          { idOffreEngagement: 101, libelle: 'Forfait Pro 5 Go', idGamme: 1, prixMensuelCentimes: 1_499, optionsIncluses: [] },
          { idOffreEngagement: 201, libelle: 'Box Pro', idGamme: 2, prixMensuelCentimes: 3_999, optionsIncluses: [] },
        ],
        usage: new Map(),
      },
      new Date('2026-03-10T10:00:00+01:00'),
    );
    const items = built.flatMap((entry) => entry.items);
    const centreOf = (idContrat: number | null) => new Set(items.filter((item) => (item.idContrat ?? null) === idContrat).map((item) => `${item.idCentre ?? '-'} ${item.centreCode ?? '-'} ${item.centreLibelle ?? '-'}`));
    expect(centreOf(5_000_011)).toEqual(new Set(['31 CC-NORD Agence Nord']));
    expect(centreOf(5_000_012)).toEqual(new Set(['- - -']));
    expect(centreOf(null)).toEqual(new Set(['- - -']));
  });
});

import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NO_CENTRE_LABEL, invoiceCentresSchema, invoiceDueDate, invoiceEvolutionSchema, invoiceTotals, type InvoiceCentres } from '@ecare/shared';
import { addDays } from '@ecare/shared/paris-time';
import { auditLog, contracts, costCentres, invoiceItems, invoices } from '../../db/schema.ts';
import { createTransact } from '../../db/transaction.ts';
import { bodyOf, expectError, useTestContext, type TestContext } from '../../test/harness.ts';
import { cents, invoiceDetail, invoiceFixture } from '../../test/support/invoices.ts';
import { issueInvoice } from './index.ts';

/**
 * An invoice by cost centre (decision 049). The centres are made here, straight in the database
 * (their management is another module's); two invoices are issued the way the portal issues them,
 * after the demo's latest, with lines in two centres, a line in none, the account's own charges
 * and discounts.
 */

interface Charge {
  idContrat: number | null;
  numeroLigne: string | null;
  montantHtCentimes: number;
  nature: 'ABONNEMENT' | 'OPTION' | 'HORS_FORFAIT' | 'PONCTUEL' | 'REMISE';
  libelle: string;
}

async function issue(t: TestContext, idClientBscs: number, dateFacture: string, reference: string, charges: readonly Charge[]) {
  const groups = new Map<number | null, number[]>();
  for (const charge of charges) groups.set(charge.idContrat, [...(groups.get(charge.idContrat) ?? []), charge.montantHtCentimes]);
  const totals = invoiceTotals([...groups.values()]);
  await createTransact(t.db)((tx) =>
    issueInvoice(
      tx,
      {
        idClientBscs,
        referenceNumber: reference,
        dateFacture,
        dateEcheance: invoiceDueDate(dateFacture),
        periodeDebut: dateFacture,
        periodeFin: dateFacture,
        montantHtCentimes: totals.htCentimes,
        montantTvaCentimes: totals.tvaCentimes,
        montantTtcCentimes: totals.ttcCentimes,
        resteAPayerCentimes: totals.ttcCentimes,
      },
      charges.map((charge) => ({ ...charge, quantite: 1 })),
    ),
  );
  const [row] = await t.db.select().from(invoices).where(eq(invoices.referenceNumber, reference));
  if (!row) throw new Error(`invoice ${reference} not issued`);
  return row;
}

async function fixture(t: TestContext) {
  const base = await invoiceFixture(t);
  const [north, south, strangers] = await t.db
    .insert(costCentres)
    .values([
      { idClientBscs: base.account, code: 'CC-NORD', libelle: 'Agence Nord' },
      { idClientBscs: base.account, code: 'CC-SUD', libelle: 'Agence Sud' },
      { idClientBscs: base.strangerAccount, code: 'CC-SOLO', libelle: 'Studio' },
    ])
    .returning();
  if (!north || !south || !strangers) throw new Error('centres not made');
  const [a, b, c, d] = [base.colleague(0), base.colleague(1), base.colleague(2), base.colleague(3)];
  await t.db.update(contracts).set({ idCentre: north.idCentre }).where(inArray(contracts.idContrat, [a.idContrat, b.idContrat]));
  await t.db.update(contracts).set({ idCentre: south.idCentre }).where(eq(contracts.idContrat, c.idContrat));
  await t.db.update(contracts).set({ idCentre: null }).where(eq(contracts.idContrat, d.idContrat));
  const of = (line: typeof a) => ({ idContrat: line.idContrat, numeroLigne: line.numeroLigne });
  const first = addDays(base.latest.dateFacture, 5);
  const second = addDays(base.latest.dateFacture, 15);
  const before = await issue(t, base.account, first, `FC${base.account}-A`, [
    { ...of(a), nature: 'ABONNEMENT', libelle: 'Forfait Pro 5 Go', montantHtCentimes: 1_499 },
    { ...of(a), nature: 'REMISE', libelle: 'Geste commercial', montantHtCentimes: -333 },
    { ...of(b), nature: 'ABONNEMENT', libelle: 'Forfait Pro 50 Go', montantHtCentimes: 2_999 },
    { ...of(c), nature: 'ABONNEMENT', libelle: 'Forfait Pro 5 Go', montantHtCentimes: 1_499 },
    { ...of(c), nature: 'HORS_FORFAIT', libelle: 'Communications hors forfait', montantHtCentimes: 7 },
    { ...of(d), nature: 'ABONNEMENT', libelle: 'Forfait Pro 5 Go', montantHtCentimes: 1_499 },
    { idContrat: null, numeroLigne: null, nature: 'PONCTUEL', libelle: 'Frais de rejet de prélèvement', montantHtCentimes: 750 },
  ]);
  const after = await issue(t, base.account, second, `FC${base.account}-B`, [
    { ...of(a), nature: 'ABONNEMENT', libelle: 'Forfait Pro 5 Go', montantHtCentimes: 1_499 },
    { ...of(b), nature: 'ABONNEMENT', libelle: 'Forfait Pro 50 Go', montantHtCentimes: 2_999 },
    { ...of(c), nature: 'ABONNEMENT', libelle: 'Forfait Pro 5 Go', montantHtCentimes: 1_499 },
    { ...of(d), nature: 'ABONNEMENT', libelle: 'Forfait Pro 5 Go', montantHtCentimes: 1_499 },
    { ...of(d), nature: 'OPTION', libelle: 'Option International 2 h', montantHtCentimes: 999 },
  ]);
  return { ...base, north, south, strangers, lines: { a, b, c, d }, before, after };
}

const { t, f } = useTestContext(fixture);

const byCentre = async (reference: string, token = f.manager, account = f.account): Promise<InvoiceCentres> => {
  const response = await t.get(`/api/facture/${account}/${reference}/centres-de-cout`, token);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, invoiceCentresSchema);
};

const sumCents = (values: readonly number[]) => values.reduce((sum, value) => sum + cents(value), 0);

describe('issuing an invoice', () => {
  it('records on each line’s charges the centre it has then (id, code, label), none on the account’s own charges', async () => {
    const items = await t.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, f.before.id)).orderBy(asc(invoiceItems.id));
    const centreOf = (idContrat: number | null) => items.filter((item) => item.idContrat === idContrat).map((item) => [item.idCentre, item.centreCode, item.centreLibelle]);
    expect(centreOf(f.lines.a.idContrat)).toEqual([
      [f.north.idCentre, 'CC-NORD', 'Agence Nord'],
      [f.north.idCentre, 'CC-NORD', 'Agence Nord'],
    ]);
    expect(centreOf(f.lines.c.idContrat)[0]).toEqual([f.south.idCentre, 'CC-SUD', 'Agence Sud']);
    expect(centreOf(f.lines.d.idContrat)).toEqual([[null, null, null]]);
    expect(centreOf(null)).toEqual([[null, null, null]]);
  });
});

describe('GET /api/facture/{idClientBscs}/{referenceNumber}/centres-de-cout', () => {
  it('gives each centre its lines and its share of the totals, then the charges without a centre; they add up to the invoice to the cent', async () => {
    const answer = await byCentre(f.before.referenceNumber);
    expect(answer).toMatchObject({
      referenceNumber: f.before.referenceNumber,
      montantHT: f.before.montantHtCentimes / 100,
      montantTVA: f.before.montantTvaCentimes / 100,
      montantTTC: f.before.montantTtcCentimes / 100,
    });
    expect(answer.centres.map((centre) => [centre.code, centre.libelle])).toEqual([
      ['CC-NORD', 'Agence Nord'],
      ['CC-SUD', 'Agence Sud'],
      [null, NO_CENTRE_LABEL],
    ]);
    const [north, south, none] = answer.centres;
    expect(north?.lignes.map((line) => line.idContrat).sort()).toEqual([f.lines.a.idContrat, f.lines.b.idContrat].sort());
    expect(north?.totalHT).toBe((1_499 - 333 + 2_999) / 100);
    expect(south?.totalHT).toBe((1_499 + 7) / 100);
    expect(none?.lignes.map((line) => line.idContrat)).toEqual([f.lines.d.idContrat, null]);
    expect(none?.lignes.at(-1)).toMatchObject({ numeroLigne: null, montantHT: 7.5 });
    expect(sumCents(answer.centres.map((centre) => centre.totalHT))).toBe(f.before.montantHtCentimes);
    expect(sumCents(answer.centres.map((centre) => centre.totalTVA))).toBe(f.before.montantTvaCentimes);
    expect(sumCents(answer.centres.map((centre) => centre.totalTTC))).toBe(f.before.montantTtcCentimes);
    for (const centre of answer.centres) {
      expect(cents(centre.totalHT) + cents(centre.totalTVA)).toBe(cents(centre.totalTTC));
      expect(sumCents(centre.lignes.map((line) => line.montantHT))).toBe(cents(centre.totalHT));
    }
  });

  it('adds up to the cent on every demo invoice too, whose lines the demo puts in centres', async () => {
    for (const invoice of f.invoices.slice(-6)) {
      const answer = await byCentre(invoice.referenceNumber);
      expect(answer.centres.some((centre) => centre.idCentre !== null)).toBe(true);
      expect(answer.centres.reduce((sum, centre) => sum + cents(centre.totalTTC), 0)).toBe(invoice.montantTtcCentimes);
      expect(answer.centres.reduce((sum, centre) => sum + cents(centre.totalTVA), 0)).toBe(invoice.montantTvaCentimes);
      expect(answer.centres.reduce((sum, centre) => sum + cents(centre.totalHT), 0)).toBe(invoice.montantHtCentimes);
    }
  });

  it('tells the detail whether the invoice reads by centre', async () => {
    expect((await invoiceDetail(t, f.account, f.before.referenceNumber, f.manager)).centresDeCout).toBe(true);
    // The demo's sole trader has no cost centre.
    expect((await invoiceDetail(t, f.strangerAccount, f.strangerInvoice.referenceNumber, f.stranger)).centresDeCout).toBe(false);
  });

  it('stays as issued after a line changes centre and a centre is renamed', async () => {
    const before = await byCentre(f.before.referenceNumber);
    const detail = await invoiceDetail(t, f.account, f.before.referenceNumber, f.manager);
    await t.db.update(contracts).set({ idCentre: f.south.idCentre }).where(eq(contracts.idContrat, f.lines.a.idContrat));
    await t.db.update(contracts).set({ idCentre: f.north.idCentre }).where(eq(contracts.idContrat, f.lines.d.idContrat));
    await t.db.update(costCentres).set({ code: 'CC-NORD-2', libelle: 'Agence Nord (Lille)' }).where(eq(costCentres.idCentre, f.north.idCentre));
    try {
      expect(await byCentre(f.before.referenceNumber)).toEqual(before);
      expect(await invoiceDetail(t, f.account, f.before.referenceNumber, f.manager)).toEqual(detail);
    } finally {
      await t.db.update(contracts).set({ idCentre: f.north.idCentre }).where(eq(contracts.idContrat, f.lines.a.idContrat));
      await t.db.update(contracts).set({ idCentre: null }).where(eq(contracts.idContrat, f.lines.d.idContrat));
      await t.db.update(costCentres).set({ code: 'CC-NORD', libelle: 'Agence Nord' }).where(eq(costCentres.idCentre, f.north.idCentre));
    }
  });

  it('refuses another customer, a line user and an attached mandataire (403), and answers another account’s invoice as unknown (404)', async () => {
    const url = (account: number, reference: string) => `/api/facture/${account}/${reference}/centres-de-cout`;
    for (const token of [f.stranger, f.lineUser, f.mandataire]) expectError(await t.get(url(f.account, f.before.referenceNumber), token), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(url(f.strangerAccount, f.strangerInvoice.referenceNumber), f.manager), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(url(f.notManaged, f.unmanagedInvoice.referenceNumber), f.mandataire), 403, 'FORBIDDEN_ACCOUNT');
    for (const reference of [f.strangerInvoice.referenceNumber, f.unmanagedInvoice.referenceNumber, 'F9901999']) {
      expectError(await t.get(url(f.account, reference), f.manager), 404, 'INVOICE_NOT_FOUND');
    }
    // The stranger's own account does not open the bakery's invoice either.
    expectError(await t.get(url(f.strangerAccount, f.before.referenceNumber), f.stranger), 404, 'INVOICE_NOT_FOUND');
    expectError(await t.get(url(f.account, f.before.referenceNumber)), 401, 'UNAUTHENTICATED');
    expect((await t.get(url(f.account, 'f2603%00'), f.manager)).statusCode).toBe(400);
  });
});

describe('« Pourquoi ma facture a changé ? » by centre', () => {
  it('says which centres went up or down since the previous invoice', async () => {
    const response = await t.get(`/api/detail-facture/${f.account}/${f.after.referenceNumber}/evolution`, f.manager);
    const evolution = bodyOf(response, invoiceEvolutionSchema);
    expect(evolution.precedente?.referenceNumber).toBe(f.before.referenceNumber);
    expect(evolution.centres).toEqual([
      // The account's rejected debit (7,50 €) is gone, the line without a centre took an option (9,99 €).
      { idCentre: null, code: null, libelle: NO_CENTRE_LABEL, avantHT: 22.49, apresHT: 24.98, ecartHT: 2.49 },
      { idCentre: f.north.idCentre, code: 'CC-NORD', libelle: 'Agence Nord', avantHT: 41.65, apresHT: 44.98, ecartHT: 3.33 },
      { idCentre: f.south.idCentre, code: 'CC-SUD', libelle: 'Agence Sud', avantHT: 15.06, apresHT: 14.99, ecartHT: -0.07 },
    ].sort((x, y) => Math.abs(y.ecartHT) - Math.abs(x.ecartHT)));
    const total = evolution.centres.reduce((sum, centre) => sum + cents(centre.ecartHT), 0);
    expect(total).toBe(cents(evolution.ecartHT));
  });

  it('has no change by centre on an account’s first invoice, and on the demo’s latest the centres’ changes add up to the invoice’s', async () => {
    const first = f.invoices[0];
    if (!first) throw new Error('no demo invoice');
    const evolution = bodyOf(await t.get(`/api/detail-facture/${f.account}/${first.referenceNumber}/evolution`, f.manager), invoiceEvolutionSchema);
    expect(evolution.centres).toEqual([]);
    const demo = bodyOf(await t.get(`/api/detail-facture/${f.account}/${f.latest.referenceNumber}/evolution`, f.manager), invoiceEvolutionSchema);
    expect(demo.centres.every((centre) => centre.ecartHT !== 0)).toBe(true);
    expect(demo.centres.reduce((sum, centre) => sum + cents(centre.ecartHT), 0)).toBe(cents(demo.ecartHT));
  });
});

describe('GET /api/facture/{idClientBscs}/centres-de-cout/export', () => {
  const month = () => f.before.dateFacture.slice(0, 7);
  const auditCount = async () => (await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'EXPORT_FACTURES_CENTRES'), eq(auditLog.idClientBscs, f.account)))).length;

  it('writes one row per invoice and centre with HT, TVA and TTC, audited', async () => {
    const audited = await auditCount();
    const response = await t.get(`/api/facture/${f.account}/centres-de-cout/export?format=csv&du=${month()}&au=${f.after.dateFacture.slice(0, 7)}`, f.manager);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(`factures-centres-${f.account}-${month()}-`);
    expect(await auditCount()).toBe(audited + 1);
    const rows = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((row) => row.split(';'));
    expect(rows[0]).toEqual(['Facture', 'Date de facture', 'Mois', 'Code du centre', 'Centre de coût', 'Lignes', 'Montant HT (€)', 'TVA (€)', 'Montant TTC (€)', 'Statut de la facture']);
    const ofInvoice = (reference: string) => rows.filter((row) => row[0] === reference);
    const first = ofInvoice(f.before.referenceNumber);
    expect(first.map((row) => [row[3], row[4], row[5]])).toEqual([
      ['CC-NORD', 'Agence Nord', '2'],
      ['CC-SUD', 'Agence Sud', '1'],
      ['', NO_CENTRE_LABEL, '1'],
    ]);
    const amount = (text: string | undefined) => Math.round(Number((text ?? '').replace(',', '.')) * 100);
    expect(first.reduce((sum, row) => sum + amount(row[6]), 0)).toBe(f.before.montantHtCentimes);
    expect(first.reduce((sum, row) => sum + amount(row[7]), 0)).toBe(f.before.montantTvaCentimes);
    expect(first.reduce((sum, row) => sum + amount(row[8]), 0)).toBe(f.before.montantTtcCentimes);
    expect(ofInvoice(f.after.referenceNumber)).toHaveLength(3);
    expect(response.headers['x-total-count']).toBe(String(new Set(rows.slice(1).map((row) => row[0])).size));
  });

  it('writes the same as an Excel workbook', async () => {
    const response = await t.get(`/api/facture/${f.account}/centres-de-cout/export?format=xlsx&du=${month()}&au=${month()}`, f.manager);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('refuses bad periods (400) and the accounts one does not manage (403)', async () => {
    for (const query of ['?du=2026-13', '?du=2026-1', '?au=26-01', '?du=2026-05&au=2026-04', '?du=2020-01&au=2023-01', '?format=pdf', '?du=1999-12']) {
      const response = await t.get(`/api/facture/${f.account}/centres-de-cout/export${query}`, f.manager);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
    }
    expect((await t.get(`/api/facture/${f.account}/centres-de-cout/export?du=2020-01&au=2022-12`, f.manager)).statusCode).toBe(200);
    for (const [token, account] of [
      [f.stranger, f.account],
      [f.lineUser, f.account],
      [f.manager, f.strangerAccount],
      [f.mandataire, f.notManaged],
    ] as const) {
      expectError(await t.get(`/api/facture/${account}/centres-de-cout/export`, token), 403, 'FORBIDDEN_ACCOUNT');
    }
  });
});

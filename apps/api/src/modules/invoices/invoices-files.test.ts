import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OPERATOR_COMPANY } from '@ecare/shared';
import { frenchVatNumber } from '@ecare/shared/siren-siret';
import { formatPhone } from '@ecare/shared/phone';
import { auditLog, billingAccounts, invoiceItems } from '../../db/schema.ts';
import { DEMO_COMPANIES } from '../../db/seed/demo-companies.ts';
import { sheetCells, unzip } from '../../test/support/unzip.ts';
import { XLSX_CONTENT_TYPE } from '../../lib/xlsx-stream.ts';
import { expectError, useTestContext } from '../../test/harness.ts';
import { INVOICE_EXPORT_HEADERS } from './invoices-export.ts';
import { INVOICE_FILES_QUOTA } from './invoices.service.ts';
import { archivedFiles, invoiceDetail, invoiceFixture, pdfPages } from '../../test/support/invoices.ts';
import { parseCsv } from '../../test/csv-reader.ts';
import { ciiFigures, facturXml } from '../../test/support/factur-x.ts';
import { ARCHIVE_INDEX_HEADERS } from './invoices-archive.ts';

const { t, f } = useTestContext(invoiceFixture);

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
/** As the PDF's text reads once pdf.js has turned every kind of space into a plain one. */
const euros = (centimes: number) => money.format(centimes / 100).replace(/\s/g, ' ');
const frenchDate = (isoDate: string) => isoDate.split('-').reverse().join('/');

const auditCount = async (action: string) =>
  (await t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.idClientBscs, f.account)))).length;

describe('GET /api/facture/{idClientBscs}/{referenceNumber}/pdf', () => {
  it('sends a real PDF carrying every mention of a French invoice, and records the download', async () => {
    const before = await auditCount('TELECHARGEMENT_FACTURE');
    const response = await t.get(`/api/facture/${f.account}/${f.latest.referenceNumber}/pdf`, f.manager);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="facture-${f.latest.referenceNumber}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await auditCount('TELECHARGEMENT_FACTURE')).toBe(before + 1);

    const text = (await pdfPages(response.rawPayload)).join(' ');
    const [account] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.idClientBscs, f.account));
    if (!account) throw new Error('no account');
    const customerSiren = account.sirenSiret.slice(0, 9);
    const detail = await invoiceDetail(t, f.account, f.latest.referenceNumber, f.manager);
    const mentions = [
      // The invoice: number, date, period, due date.
      `Facture n° ${f.latest.referenceNumber}`,
      `Date de facture ${frenchDate(f.latest.dateFacture)}`,
      `du ${frenchDate(f.latest.periodeDebut)} au ${frenchDate(f.latest.periodeFin)}`,
      `Date d’échéance ${frenchDate(f.latest.dateEcheance)}`,
      // The seller: name, legal form and capital, head office, SIREN and RCS, VAT number.
      OPERATOR_COMPANY.denomination,
      OPERATOR_COMPANY.formeJuridique,
      OPERATOR_COMPANY.siegeSocial,
      '512 345 679 – RCS Nanterre',
      `N° de TVA intracommunautaire ${OPERATOR_COMPANY.tvaIntracommunautaire}`,
      // The customer: name, billing address, SIREN, VAT number.
      account.raisonSociale,
      `${account.adresseNumero} ${account.adresseVoie}, ${account.adresseCodePostal} ${account.adresseVille}`,
      customerSiren.replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3'),
      frenchVatNumber(customerSiren),
      // Lines with their VAT rate, totals.
      'Désignation Quantité TVA Montant HT',
      'TVA à 20 %',
      `Total HT ${euros(f.latest.montantHtCentimes)}`,
      `${euros(f.latest.montantTvaCentimes)} (base ${euros(f.latest.montantHtCentimes)} HT)`,
      `Total TTC ${euros(f.latest.montantTtcCentimes)}`,
      // Payment terms, no discount, late-payment penalties and the 40 € indemnity.
      'facture payable dans un délai de 30 jours à compter de sa date d’émission',
      'Prélèvement SEPA',
      'Aucun escompte n’est accordé pour paiement anticipé',
      'pénalités de retard au taux de trois fois le taux d’intérêt légal',
      'indemnité forfaitaire pour frais de recouvrement de 40 €',
      'L. 441-10',
    ];
    for (const mention of mentions) expect(text, mention).toContain(mention);
    expect(frenchVatNumber('512345679')).toBe(OPERATOR_COMPANY.tvaIntracommunautaire);
    for (const line of detail.lignes) {
      expect(text).toContain(formatPhone(line.numeroLigne).replace(/\s/g, ' '));
      expect(text).toContain(`${euros(Math.round(line.totalHT * 100))} HT`);
      for (const item of line.elements) expect(text).toContain(euros(Math.round(item.montantHT * 100)));
    }
  });

  it('is the invoice as issued: the net to pay, whatever has been paid since', async () => {
    for (const invoice of [f.ago(2), f.ago(6)]) {
      const text = (await pdfPages((await t.get(`/api/facture/${f.account}/${invoice.referenceNumber}/pdf`, f.manager)).rawPayload)).join(' ');
      expect(text).toContain(`Net à payer ${euros(invoice.montantTtcCentimes)}`);
      expect(text).not.toContain('Reste à payer');
      expect(text).not.toContain('Déjà réglé');
    }
  });
});

describe('GET /api/facture/{idClientBscs}/zip?annee=', () => {
  it('streams the year’s invoices as one ZIP of Factur-X PDFs with their index, that unzips and counts right', async () => {
    const year = Number(f.latest.dateFacture.slice(0, 4));
    const ofYear = f.invoices.filter((invoice) => invoice.dateFacture.startsWith(`${year}-`));
    const files = await archivedFiles(t, f.account, `${year}-01-01`, `${year}-12-31`);
    const before = await auditCount('EXPORT_FACTURES');
    const response = await t.get(`/api/facture/${f.account}/zip?annee=${year}`, f.manager);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="factures-${f.account}-${year}.zip"`);
    expect(response.headers['x-total-count']).toBe(String(files.length));
    expect(await auditCount('EXPORT_FACTURES')).toBe(before + 1);
    const archive = await unzip(response.rawPayload);
    try {
      expect(archive.testOutput).toMatch(/No errors detected/);
      expect(archive.names).toEqual(['index.csv', ...files]);
      const first = ofYear[0];
      if (!first) throw new Error('no invoice this year');
      const pdf = await archive.read(`facture-${first.referenceNumber}.pdf`);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await pdfPages(pdf)).join(' ')).toContain(`Facture n° ${first.referenceNumber}`);
      expect(ciiFigures(await facturXml(pdf)).number).toBe(first.referenceNumber);
      const index = parseCsv((await archive.read('index.csv')).toString('utf8').replace(/^\uFEFF/, ''));
      expect(index[0]).toEqual([...ARCHIVE_INDEX_HEADERS]);
      expect(index.slice(1).map((row) => row[9])).toEqual(files);
    } finally {
      await archive.remove();
    }
  });

  it('answers 404 for a year without invoices and 400 for a year out of range or missing', async () => {
    expectError(await t.get(`/api/facture/${f.account}/zip?annee=2001`, f.manager), 404, 'INVOICE_YEAR_EMPTY');
    for (const query of ['', '?annee=1999', '?annee=2101', '?annee=20%0026', '?annee=1e400', '?annee=-2026']) {
      const response = await t.get(`/api/facture/${f.account}/zip${query}`, f.manager);
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/facture/{idClientBscs}/export', () => {
  const items = async (from: string, to: string) => {
    const chosen = f.invoices.filter((invoice) => invoice.dateFacture >= from && invoice.dateFacture <= to);
    return chosen.length === 0 ? [] : t.db.select().from(invoiceItems).where(inArray(invoiceItems.invoiceId, chosen.map((invoice) => invoice.id))).orderBy(asc(invoiceItems.id));
  };

  it('sends the charges of the period’s invoices as a CSV, one row each', async () => {
    const du = f.ago(5).dateFacture;
    const au = f.ago(2).dateFacture;
    const response = await t.get(`/api/facture/${f.account}/export?format=csv&du=${du}&au=${au}`, f.manager);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="factures-${f.account}-${du}-${au}.csv"`);
    expect(response.headers['x-total-count']).toBe('4');
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual(INVOICE_EXPORT_HEADERS);
    const expected = await items(du, au);
    expect(rows).toHaveLength(expected.length);
    const column = (name: string) => INVOICE_EXPORT_HEADERS.indexOf(name);
    // Amounts in French notation adding up to the invoices' totals excluding VAT.
    const total = rows.reduce((sum, row) => sum + Math.round(Number((row[column('Montant HT (€)')] ?? '').replace(',', '.')) * 100), 0);
    const invoicesTotal = f.invoices.filter((invoice) => invoice.dateFacture >= du && invoice.dateFacture <= au).reduce((sum, invoice) => sum + invoice.montantHtCentimes, 0);
    expect(total).toBe(invoicesTotal);
    expect(new Set(rows.map((row) => row[column('Facture')]))).toEqual(new Set([f.ago(5), f.ago(4), f.ago(3), f.ago(2)].map((invoice) => invoice.referenceNumber)));
    expect(rows.every((row) => /^\d{2}\/\d{2}\/\d{4}$/.test(row[column('Date de facture')] ?? ''))).toBe(true);
    expect(rows.filter((row) => row[column('Facture')] === f.ago(2).referenceNumber).every((row) => row[column('Statut de la facture')] === 'En retard')).toBe(true);
    expect(rows.some((row) => row[column('Numéro de ligne')] === 'Compte' && row[column('Libellé')] === 'Box Pro Fibre – ligne fixe')).toBe(true);
  });

  it('sends the same as a workbook that unzips, dates and amounts as numbers', async () => {
    const du = f.ago(1).dateFacture;
    const au = f.latest.dateFacture;
    const response = await t.get(`/api/facture/${f.account}/export?format=xlsx&du=${du}&au=${au}`, f.manager);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const archive = await unzip(response.rawPayload);
    try {
      expect(archive.testOutput).toMatch(/No errors detected/);
      const cells = sheetCells((await archive.read('xl/worksheets/sheet1.xml')).toString('utf8'));
      expect(cells.get('A1')?.value).toBe('Facture');
      const expected = await items(du, au);
      expect(cells.get(`A${expected.length + 1}`)).toBeDefined();
      expect(cells.get(`A${expected.length + 2}`)).toBeUndefined();
      expect(cells.get('B2')?.type).toBe('n');
      expect(cells.get('K2')?.type).toBe('n');
    } finally {
      await archive.remove();
    }
  });

  it('takes the last twelve months by default and refuses a period backwards, too long or not a date', async () => {
    const response = await t.get(`/api/facture/${f.account}/export`, f.manager);
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThanOrEqual(12);
    for (const query of ['?du=2026-03-01&au=2026-02-01', '?du=2020-01-01&au=2026-01-01', '?du=2026-02-30', '?du=26-01-01', '?format=pdf', '?du=2026-01-01%00']) {
      const refused = await t.get(`/api/facture/${f.account}/export${query}`, f.manager);
      expect(refused.statusCode, query).toBe(400);
    }
  });

  it('holds each user to a quota of files (archives and exports together): 429 with Retry-After beyond it', async () => {
    const token = await t.loginAs('mandataire');
    const [transport] = await t.db.select().from(billingAccounts).where(eq(billingAccounts.raisonSociale, DEMO_COMPANIES.transport.raisonSociale));
    if (!transport) throw new Error('no transport account');
    const account = transport.idClientBscs;
    for (let index = 0; index < INVOICE_FILES_QUOTA.max; index++) {
      const response = await t.get(`/api/facture/${account}/export?format=csv`, token);
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await t.get(`/api/facture/${account}/zip?annee=${f.latest.dateFacture.slice(0, 4)}`, token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'INVOICE_FILES_TOO_MANY' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else's quota is their own.
    expect((await t.get(`/api/facture/${f.account}/export?format=csv`, f.manager)).statusCode).toBe(200);
  });
});

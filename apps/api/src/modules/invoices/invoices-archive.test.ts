import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoicePageSchema } from '@ecare/shared';
import { billingAccounts, contracts, invoices } from '../../db/schema.ts';
import { parseCsv } from '../../test/csv-reader.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';
import { ciiFigures, facturXml, pdfA3Problems } from '../../test/support/factur-x.ts';
import { archivedFiles, invoiceFixture } from '../../test/support/invoices.ts';
import { unzip } from '../../test/support/unzip.ts';
import { ARCHIVE_INDEX_HEADERS } from './invoices-archive.ts';

const { t, f } = useTestContext(invoiceFixture);

const money = (centimes: number) => (centimes / 100).toString().replace('.', ',');
const frenchDate = (isoDate: string) => isoDate.split('-').reverse().join('/');

describe('GET /api/facture/{idClientBscs}/archive', () => {
  it('gives every invoice of the period as Factur-X PDFs with index.csv, kept ten years, after the account’s last line is terminated too', async () => {
    // An invoice issued nine years and a half ago, and every line of the account terminated.
    const oldest = f.invoices[0];
    if (!oldest) throw new Error('no invoice');
    await t.db.update(invoices).set({ dateFacture: '2017-05-01', dateEcheance: '2017-05-31', periodeDebut: '2017-05-01', periodeFin: '2017-05-31' }).where(eq(invoices.id, oldest.id));
    await t.db.update(contracts).set({ codeStatut: 'RESILIE' }).where(eq(contracts.idClientBscs, f.account));
    await t.db.update(billingAccounts).set({ statut: 'RESILIE' }).where(eq(billingAccounts.idClientBscs, f.account));
    try {
      const page = bodyOf(await t.get(`/api/facture/${f.account}?taille=50`, f.manager), invoicePageSchema);
      expect(page.total).toBe(24);
      expect(page.annees).toContain(2017);

      const files = await archivedFiles(t, f.account, '2016-12-01', '2026-11-30');
      expect(files.filter((file) => file.startsWith('facture-'))).toHaveLength(24);
      const response = await t.get(`/api/facture/${f.account}/archive?du=2016-12-01&au=2026-11-30`, f.manager);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="factures-${f.account}-2016-12-01-2026-11-30.zip"`);
      expect(response.headers['x-total-count']).toBe(String(files.length));
      const archive = await unzip(response.rawPayload);
      try {
        expect(archive.testOutput).toMatch(/No errors detected/);
        expect(archive.names).toEqual(['index.csv', ...files]);
        const [first] = await t.db.select().from(invoices).where(eq(invoices.id, oldest.id));
        const index = parseCsv((await archive.read('index.csv')).toString('utf8').replace(/^\uFEFF/, ''));
        expect(index[0]).toEqual([...ARCHIVE_INDEX_HEADERS]);
        if (!first) throw new Error('no invoice');
        expect(index[1]).toEqual([
          'Facture',
          first.referenceNumber,
          '01/05/2017',
          '',
          frenchDate(first.periodeDebut),
          frenchDate(first.periodeFin),
          money(first.montantHtCentimes),
          money(first.montantTvaCentimes),
          money(first.montantTtcCentimes),
          `facture-${first.referenceNumber}.pdf`,
        ]);
        const pdf = await archive.read(`facture-${first.referenceNumber}.pdf`);
        expect(await pdfA3Problems(pdf)).toEqual([]);
        expect(ciiFigures(await facturXml(pdf))).toMatchObject({ number: first.referenceNumber, issueDate: '2017-05-01', taxInclusiveCentimes: first.montantTtcCentimes });
      } finally {
        await archive.remove();
      }
    } finally {
      await t.db.update(invoices).set({ dateFacture: oldest.dateFacture, dateEcheance: oldest.dateEcheance, periodeDebut: oldest.periodeDebut, periodeFin: oldest.periodeFin }).where(eq(invoices.id, oldest.id));
      await t.db.update(billingAccounts).set({ statut: 'ACTIF' }).where(eq(billingAccounts.idClientBscs, f.account));
      for (const line of f.lines) await t.db.update(contracts).set({ codeStatut: line.codeStatut }).where(eq(contracts.idContrat, line.idContrat));
    }
  });

  it('answers 404 for a period without documents, 400 for a period malformed, reversed or longer than ten years, 403 to others', async () => {
    expectError(await t.get(`/api/facture/${f.account}/archive?du=2001-01-01&au=2001-12-31`, f.manager), 404, 'INVOICE_PERIOD_EMPTY');
    for (const query of ['', '?du=2026-01-01', '?du=2026-02-30&au=2026-03-01', '?du=2026-03-01&au=2026-01-01', '?du=2010-01-01&au=2026-01-01', '?du=2026-01-01%00&au=2026-02-01', `?du=${'9'.repeat(300)}&au=2026-01-01`]) {
      const response = await t.get(`/api/facture/${f.account}/archive${query}`, f.manager);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
    }
    expectError(await t.get(`/api/facture/${f.strangerAccount}/archive?du=2026-01-01&au=2026-11-30`, f.manager), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.get(`/api/facture/${f.account}/archive?du=2026-01-01&au=2026-11-30`, f.lineUser), 403, 'FORBIDDEN_ACCOUNT');
    expect((await t.get(`/api/facture/${f.account}/archive?du=2026-01-01&au=2026-11-30`)).statusCode).toBe(401);
  });
});

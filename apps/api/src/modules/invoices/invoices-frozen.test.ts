import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceEvolutionSchema } from '@ecare/shared';
import { accountPaymentSettings, billingAccounts, contracts, invoiceItems, offers } from '../../db/schema.ts';
import { bodyOf, useTestContext } from '../../test/harness.ts';
import { invoiceDetail, invoiceFixture, pdfPages } from '../../test/support/invoices.ts';

const { t, f } = useTestContext(invoiceFixture);

describe('an issued invoice', () => {
  it('shows the same PDF, detail, comparison, exports and ZIP after its lines, users, plans, options and the account change', async () => {
    const invoice = f.ago(1);
    const year = invoice.dateFacture.slice(0, 4);
    const files = async () => {
      const pdf = await t.get(`/api/facture/${f.account}/${invoice.referenceNumber}/pdf`, f.manager);
      const zip = await t.get(`/api/facture/${f.account}/zip?annee=${year}`, f.manager);
      const csv = await t.get(`/api/facture/${f.account}/export?format=csv&du=${invoice.dateFacture}&au=${invoice.dateFacture}`, f.manager);
      const xlsx = await t.get(`/api/facture/${f.account}/export?format=xlsx&du=${invoice.dateFacture}&au=${invoice.dateFacture}`, f.manager);
      for (const response of [pdf, zip, csv, xlsx]) expect(response.statusCode, response.body).toBe(200);
      return {
        pdf: pdf.rawPayload,
        pdfText: (await pdfPages(pdf.rawPayload)).join(' '),
        zip: zip.rawPayload,
        csv: csv.rawPayload.toString('utf8'),
        xlsx: xlsx.rawPayload,
        detail: await invoiceDetail(t, f.account, invoice.referenceNumber, f.manager),
        evolution: bodyOf(await t.get(`/api/detail-facture/${f.account}/${invoice.referenceNumber}/evolution`, f.manager), invoiceEvolutionSchema),
      };
    };
    const before = await files();

    // Every line of the invoice gets another user, another plan and other options; the account moves and pays otherwise.
    const billed = await t.db.selectDistinct({ idContrat: invoiceItems.idContrat }).from(invoiceItems).where(and(eq(invoiceItems.invoiceId, invoice.id), isNotNull(invoiceItems.idContrat)));
    const lines = billed.flatMap((row) => (row.idContrat === null ? [] : [row.idContrat]));
    expect(lines.length).toBeGreaterThan(0);
    const [otherPlan] = await t.db.select({ id: offers.idOffreEngagement }).from(offers).where(eq(offers.idOffreEngagement, 109));
    await t.db
      .update(contracts)
      .set({ utilisateurPrenom: 'Paul', utilisateurNom: 'Durand', idOffreEngagement: otherPlan?.id ?? 109, options: ['Roaming Monde 1 Go'] })
      .where(inArray(contracts.idContrat, lines));
    await t.db
      .update(billingAccounts)
      .set({ raisonSociale: 'Nouvelle Raison Sociale SAS', adresseNumero: '99', adresseVoie: 'avenue du Changement', adresseCodePostal: '75011', adresseVille: 'Paris' })
      .where(eq(billingAccounts.idClientBscs, f.account));
    await t.db.update(accountPaymentSettings).set({ modePaiement: 'VIREMENT' }).where(eq(accountPaymentSettings.idClientBscs, f.account));

    const after = await files();
    expect(after.pdfText).not.toContain('Paul Durand');
    expect(after.pdfText).not.toContain('avenue du Changement');
    expect(after.detail).toEqual(before.detail);
    expect(after.evolution).toEqual(before.evolution);
    expect(after.csv).toBe(before.csv);
    expect(Buffer.compare(after.xlsx, before.xlsx)).toBe(0);
    expect(Buffer.compare(after.pdf, before.pdf)).toBe(0);
    expect(Buffer.compare(after.zip, before.zip)).toBe(0);
  });
});

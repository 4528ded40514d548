import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { INVOICE_ITEM_NATURES, VAT_RATE_BP, invoiceTotals, type InvoicePaymentMode } from '@ecare/shared';
import { auditLog, creditNotes, invoiceItems, invoices } from '../../db/schema.ts';
import { en16931Violations, validateFacturXSchema } from '../../test/en16931.ts';
import { useTestContext } from '../../test/harness.ts';
import { attachedFiles, ciiFigures, facturXMetadata, pdfA3Problems, ublFigures } from '../../test/support/factur-x.ts';
import { invoiceFixture } from '../../test/support/invoices.ts';
import { toCii } from './e-invoice.cii.ts';
import { eInvoiceOf, type EInvoiceItem, type EInvoiceSource } from './e-invoice.model.ts';
import { toUbl } from './e-invoice.ubl.ts';

const { t, f } = useTestContext(invoiceFixture);

const asBytes = (document: Uint8Array | string | undefined): Uint8Array => {
  if (!(document instanceof Uint8Array)) throw new Error('no PDF');
  return document;
};
const asText = (document: Uint8Array | string | undefined): string => {
  if (typeof document !== 'string') throw new Error('no XML');
  return document;
};

describe('every demo invoice as a Factur-X e-invoice', () => {
  it('is a PDF/A-3b carrying factur-x.xml, valid against the Factur-X EN 16931 schema and EN 16931’s rules, with the figures issued; CII and UBL say the same', async () => {
    const issued = await t.db.select().from(invoices).orderBy(asc(invoices.id));
    expect(issued.length).toBeGreaterThanOrEqual(120);
    const modes = new Set(issued.map((invoice) => invoice.modePaiement));
    expect(modes).toEqual(new Set(['PRELEVEMENT', 'VIREMENT', 'CARTE']));
    const xmls: string[] = [];
    for (const invoice of issued) {
      const pdf = asBytes(await t.app.invoices.document(invoice.idClientBscs, invoice.referenceNumber, 'pdf'));
      expect(await pdfA3Problems(pdf), invoice.referenceNumber).toEqual([]);
      const files = await attachedFiles(pdf);
      expect(files.map(({ name, relationship, mimeType }) => ({ name, relationship, mimeType }))).toEqual([
        { name: 'factur-x.xml', relationship: 'Data', mimeType: 'text/xml' },
      ]);
      const xml = new TextDecoder().decode(files[0]?.bytes);
      expect(asText(await t.app.invoices.document(invoice.idClientBscs, invoice.referenceNumber, 'cii'))).toBe(xml);
      expect(en16931Violations(xml), invoice.referenceNumber).toEqual([]);
      const figures = ciiFigures(xml);
      const items = await t.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, invoice.id));
      expect(figures).toEqual({
        number: invoice.referenceNumber,
        typeCode: '380',
        issueDate: invoice.dateFacture,
        taxExclusiveCentimes: invoice.montantHtCentimes,
        vatCentimes: invoice.montantTvaCentimes,
        taxInclusiveCentimes: invoice.montantTtcCentimes,
        // What the invoice asked for when issued, whatever has been paid since.
        dueCentimes: invoice.montantTtcCentimes,
        lines: items.filter((item) => item.montantHtCentimes >= 0).length,
      });
      const ubl = asText(await t.app.invoices.document(invoice.idClientBscs, invoice.referenceNumber, 'ubl'));
      expect(ublFigures(ubl)).toEqual(figures);
      xmls.push(xml);
    }
    expect(await validateFacturXSchema(xmls)).toEqual([]);
  });

  it('so is every demo credit note: a PDF/A-3b carrying its CII of type 381, which names the invoice it credits', async () => {
    const notes = await t.db.select().from(creditNotes).orderBy(asc(creditNotes.id));
    expect(notes.length).toBeGreaterThan(0);
    const xmls: string[] = [];
    for (const note of notes) {
      const pdf = asBytes(await t.app.invoices.document(note.idClientBscs, note.reference, 'pdf'));
      expect(await pdfA3Problems(pdf), note.reference).toEqual([]);
      const xml = new TextDecoder().decode((await attachedFiles(pdf))[0]?.bytes);
      expect(en16931Violations(xml), note.reference).toEqual([]);
      expect(ciiFigures(xml)).toMatchObject({ number: note.reference, typeCode: '381', taxExclusiveCentimes: note.montantHtCentimes, dueCentimes: note.montantTtcCentimes });
      expect(ublFigures(asText(await t.app.invoices.document(note.idClientBscs, note.reference, 'ubl')))).toEqual(ciiFigures(xml));
      xmls.push(xml);
    }
    expect(await validateFacturXSchema(xmls)).toEqual([]);
  });

  it('names the mandate in force on the invoice’s date and the creditor identifier when paid by direct debit, the operator’s IBAN when by transfer', async () => {
    const [debit] = await t.db.select().from(invoices).where(eq(invoices.modePaiement, 'PRELEVEMENT')).limit(1);
    const [transfer] = await t.db.select().from(invoices).where(eq(invoices.modePaiement, 'VIREMENT')).limit(1);
    if (!debit || !transfer) throw new Error('demo invoices of both modes expected');
    const debitXml = asText(await t.app.invoices.document(debit.idClientBscs, debit.referenceNumber, 'cii'));
    expect(debitXml).toMatch(/<ram:TypeCode>59<\/ram:TypeCode>/);
    expect(debitXml).toMatch(/<ram:CreditorReferenceID>FR\d{2}ZZZ\w+<\/ram:CreditorReferenceID>/);
    expect(debitXml).toMatch(/<ram:DirectDebitMandateID>[^<]+<\/ram:DirectDebitMandateID>/);
    const transferXml = asText(await t.app.invoices.document(transfer.idClientBscs, transfer.referenceNumber, 'cii'));
    expect(transferXml).toMatch(/<ram:TypeCode>58<\/ram:TypeCode>/);
    expect(transferXml).toContain('<ram:IBANID>FR7630004000310001234567865</ram:IBANID>');
  });

  it('is told apart from a PDF that is not PDF/A: the structure check can fail', async () => {
    const plain = await PDFDocument.create();
    plain.addPage().drawText('Facture', { font: await plain.embedFont(StandardFonts.Helvetica) });
    plain.setTitle('Facture');
    const problems = await pdfA3Problems(await plain.save());
    for (const expected of ['trailer: no file identifier', 'catalog: no Metadata', 'catalog: one GTS_PDFA1 output intent expected', 'font Helvetica without a descriptor']) {
      expect(problems).toContain(expected);
    }
  });

  it('gives the same bytes at every download, and says in its metadata what it is', async () => {
    const first = asBytes(await t.app.invoices.document(f.account, f.latest.referenceNumber, 'pdf'));
    const again = asBytes(await t.app.invoices.document(f.account, f.latest.referenceNumber, 'pdf'));
    expect(Buffer.compare(Buffer.from(first), Buffer.from(again))).toBe(0);
    expect(await facturXMetadata(first)).toEqual({ DocumentType: 'INVOICE', DocumentFileName: 'factur-x.xml', Version: '1.0', ConformanceLevel: 'EN 16931' });
  });
});

describe('GET /api/facture/{idClientBscs}/{referenceNumber}/cii and /ubl', () => {
  it('sends the invoice’s XML as an attachment to its managers, and records the download', async () => {
    const audited = async () => (await t.db.select().from(auditLog).where(eq(auditLog.action, 'TELECHARGEMENT_FACTURE'))).length;
    for (const syntax of ['cii', 'ubl'] as const) {
      const before = await audited();
      const response = await t.get(`/api/facture/${f.account}/${f.latest.referenceNumber}/${syntax}`, f.manager);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="facture-${f.latest.referenceNumber}-${syntax}.xml"`);
      expect(response.headers['cache-control']).toBe('no-store');
      const figures = syntax === 'cii' ? ciiFigures(response.body) : ublFigures(response.body);
      expect(figures.taxInclusiveCentimes).toBe(f.latest.montantTtcCentimes);
      expect(await audited()).toBe(before + 1);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Any invoice: lines, options, usage, one-off charges and promotions at any VAT rate.

const RATES = [VAT_RATE_BP, 1_000, 550, 210] as const;
const PAYMENT_MODES: InvoicePaymentMode[] = ['PRELEVEMENT', 'VIREMENT', 'CARTE'];

const itemArbitrary = (rates: readonly number[]) =>
  fc.record({
    nature: fc.constantFrom(...INVOICE_ITEM_NATURES),
    libelle: fc.string({ minLength: 1, maxLength: 40 }).map((text) => text.replace(/[^\p{L}\p{N} .,'’()-]/gu, 'x').trim() || 'Forfait'),
    quantite: fc.integer({ min: 1, max: 500 }),
    amount: fc.integer({ min: 0, max: 2_000_000 }),
    tauxTvaBp: fc.constantFrom(...rates),
    groupe: fc.constantFrom('Ligne 06 12 34 56 78 – Julien Roux', 'Ligne 07 00 00 00 01', 'Frais du compte'),
    centreCode: fc.option(fc.constantFrom('CC-01', 'DIR', 'ATELIER'), { nil: null }),
  });

const sourceArbitrary = (rates: readonly number[]) =>
  fc
    .record({
      // One subscription at least, as every invoice of a line has.
      first: itemArbitrary(rates).map((item) => ({ ...item, nature: 'ABONNEMENT' as const })),
      others: fc.array(itemArbitrary(rates), { maxLength: 30 }),
      paymentMode: fc.constantFrom(...PAYMENT_MODES),
      mandate: fc.option(fc.constant('TEL-20260101-000042'), { nil: null }),
    })
    .map(({ first, others, paymentMode, mandate }): EInvoiceSource => ({
      typeCode: '380',
      number: 'F26110000042',
      issueDate: '2026-11-01',
      dueDate: '2026-12-01',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      customer: {
        codeClientBscs: '8.1000001',
        raisonSociale: 'Boulangerie Lemoine & Fils <SARL>',
        sirenSiret: '44306184100047',
        adresse: { numero: '12', voie: 'rue de la Paix', codePostal: '75002', ville: 'Paris' },
      },
      paymentMode,
      mandateReference: mandate,
      creditorIdentifier: 'FR12ZZZ123456',
      brandName: 'Telora Pro',
      items: [first, ...others].map(
        ({ nature, amount, ...item }): EInvoiceItem => ({
          ...item,
          // Promotions are negative, as the invoices record them.
          montantHtCentimes: nature === 'REMISE' ? -Math.min(amount, 50_000) : amount,
        }),
      ),
    }));

describe('any invoice as EN 16931 data (property)', () => {
  it('is a valid document whose lines, allowances and VAT add up to its totals, in CII and UBL alike', async () => {
    const samples: string[] = [];
    fc.assert(
      fc.property(sourceArbitrary(RATES), (source) => {
        const model = eInvoiceOf(source);
        const cii = toCii(model);
        expect(en16931Violations(cii)).toEqual([]);
        const charged = source.items.reduce((sum, item) => sum + item.montantHtCentimes, 0);
        const figures = ciiFigures(cii);
        expect(figures.taxExclusiveCentimes).toBe(charged);
        expect(figures.vatCentimes).toBe(model.vat.reduce((sum, entry) => sum + entry.vatCentimes, 0));
        expect(figures.taxInclusiveCentimes).toBe(charged + figures.vatCentimes);
        expect(ublFigures(toUbl(model))).toEqual(figures);
        if (samples.length < 40) samples.push(cii);
      }),
      { numRuns: 200 },
    );
    expect(await validateFacturXSchema(samples)).toEqual([]);
  });

  it('at the single rate the operator charges, gives exactly the invoice’s own totals', () => {
    fc.assert(
      fc.property(sourceArbitrary([VAT_RATE_BP]), (source) => {
        const model = eInvoiceOf(source);
        const totals = invoiceTotals([source.items.map((item) => item.montantHtCentimes)], VAT_RATE_BP);
        expect(model.totals).toMatchObject({ taxExclusiveCentimes: totals.htCentimes, vatCentimes: totals.tvaCentimes, taxInclusiveCentimes: totals.ttcCentimes });
      }),
      { numRuns: 300 },
    );
  });
});

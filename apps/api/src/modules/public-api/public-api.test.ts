import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyCreatedSchema,
  appliedCustomerBillingRateSchema,
  customerBillSchema,
  ORDER_STATUS,
  productOrderSchema,
  tmfErrorSchema,
  usageSchema,
  type TmfProductOrder,
} from '@ecare/shared';
import { addDays, parisDay, parisInstant } from '@ecare/shared/paris-time';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { contracts, creditNotes, invoiceItems, invoices, lineUsageDays, orderEvents, orders } from '../../db/schema.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, useTestContext } from '../../test/harness.ts';

const { t, f } = useTestContext(demoFixture);

const ALL_SCOPES = ['lignes:lecture', 'factures:lecture', 'consommation:lecture', 'commandes:lecture'];
const BILLS = '/customerBillManagement/customerBill';
const RATES = '/customerBillManagement/appliedCustomerBillingRate';
const USAGE = '/usageManagement/usage';
const ORDERS = '/productOrderingManagement/productOrder';

/** A key of the account, created by one of its managers as the page « API et webhooks » does. */
async function createKey(token: string, account: number, portees: string[] = ALL_SCOPES) {
  const response = await t.send('POST', `/api/clients/${account}/cles-api`, {
    token,
    json: { libelle: 'Outil comptable', portees, expireLe: addDays(parisDay(t.clock.now()), 300) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return bodyOf(response, apiKeyCreatedSchema).cle;
}

const keys = { all: '', noUsage: '', stranger: '' };
beforeAll(async () => {
  keys.all = await createKey(f.manager, f.account);
  keys.noUsage = await createKey(f.manager, f.account, ['lignes:lecture', 'factures:lecture', 'commandes:lecture']);
  keys.stranger = await createKey(await t.loginAs('solo'), f.strangerAccount);
});

const v1 = (path: string, bearer = keys.all) => t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: { authorization: `Bearer ${bearer}` } });

/** A 200 answer's body, read with the shared schema. */
function okBody<Schema extends z.ZodType>(response: LightMyRequestResponse, schema: Schema): z.infer<Schema> {
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json());
}
const list = async <Schema extends z.ZodType>(path: string, schema: Schema, bearer = keys.all) => {
  const response = await v1(path, bearer);
  return { items: okBody(response, z.array(schema)), total: Number(response.headers['x-total-count']), count: Number(response.headers['x-result-count']) };
};
function expectTmfError(response: LightMyRequestResponse, status: number, code?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = tmfErrorSchema.parse(response.json());
  expect(body.status).toBe(String(status));
  if (code) expect(body.code).toBe(code);
  return body;
}
const cents = (money: { value: number } | undefined) => Math.round((money?.value ?? Number.NaN) * 100);

const ownInvoices = () => t.db.select().from(invoices).where(eq(invoices.idClientBscs, f.account)).orderBy(asc(invoices.id));
const ownCreditNotes = () => t.db.select().from(creditNotes).where(eq(creditNotes.idClientBscs, f.account));
async function strangerInvoice() {
  const [invoice] = await t.db.select().from(invoices).where(eq(invoices.idClientBscs, f.strangerAccount)).limit(1);
  if (!invoice) throw new Error('the stranger has no invoice');
  return invoice;
}

describe('TMF678 customer bills', () => {
  it('lists the account’s invoices and credit notes, newest first, with their amounts, state, period and documents', async () => {
    const [rows, notes] = await Promise.all([ownInvoices(), ownCreditNotes()]);
    const { items, total, count } = await list(`${BILLS}?limit=1000`, customerBillSchema);
    // The demo's bakery has a credit note, from a complaint accepted with a refund.
    expect(notes.length).toBeGreaterThan(0);
    expect(total).toBe(rows.length + notes.length);
    expect(count).toBe(items.length);
    expect(items).toHaveLength(total);
    const dates = items.map((bill) => bill.billDate ?? '');
    expect(dates).toEqual([...dates].sort().reverse());

    for (const row of rows) {
      const bill = items.find((item) => item.id === row.referenceNumber);
      expect(bill, row.referenceNumber).toBeDefined();
      expect(bill).toMatchObject({
        href: `/api/v1${BILLS}/${row.referenceNumber}`,
        billNo: row.referenceNumber,
        billDate: parisInstant(row.dateFacture, 0).toISOString(),
        paymentDueDate: parisInstant(row.dateEcheance, 0).toISOString(),
        billingPeriod: { startDateTime: parisInstant(row.periodeDebut, 0).toISOString(), endDateTime: parisInstant(addDays(row.periodeFin, 1), 0).toISOString() },
        category: 'normal',
        state: row.resteAPayerCentimes === 0 ? 'settled' : row.resteAPayerCentimes < row.montantTtcCentimes ? 'partiallyPaid' : 'sent',
      });
      expect(cents(bill?.taxExcludedAmount)).toBe(row.montantHtCentimes);
      expect(cents(bill?.taxIncludedAmount)).toBe(row.montantTtcCentimes);
      expect(cents(bill?.amountDue)).toBe(row.montantTtcCentimes);
      expect(cents(bill?.remainingAmount)).toBe(row.resteAPayerCentimes);
      expect(bill?.taxItem?.reduce((sum, tax) => sum + cents(tax.taxAmount), 0)).toBe(row.montantTvaCentimes);
      expect(bill?.billDocument?.map((document) => [document.mimeType, document.url])).toEqual([
        ['application/pdf', `/api/v1${BILLS}/${row.referenceNumber}/document/pdf`],
        ['application/xml', `/api/v1${BILLS}/${row.referenceNumber}/document/cii`],
        ['application/xml', `/api/v1${BILLS}/${row.referenceNumber}/document/ubl`],
      ]);
    }
    for (const note of notes) {
      const bill = items.find((item) => item.id === note.reference);
      expect(bill).toMatchObject({ category: 'creditNote', state: 'settled', remainingAmount: { value: 0 } });
      expect(cents(bill?.taxIncludedAmount)).toBe(note.montantTtcCentimes);
    }
    // The states the demo's history gives: paid invoices and some still to pay.
    expect(new Set(items.map((bill) => bill.state))).toContain('settled');

    const one = okBody(await v1(`${BILLS}/${rows[0]?.referenceNumber}`), customerBillSchema);
    expect(one).toEqual(items.find((item) => item.id === rows[0]?.referenceNumber));
  });

  it('pages with offset and limit, counts every match, refuses a limit beyond 1,000 with a TMF error', async () => {
    const all = await list(`${BILLS}?limit=1000`, customerBillSchema);
    const page = await list(`${BILLS}?offset=5&limit=7`, customerBillSchema);
    expect(page.items.map((bill) => bill.id)).toEqual(all.items.slice(5, 12).map((bill) => bill.id));
    expect(page).toMatchObject({ total: all.total, count: 7 });
    const byDefault = await list(BILLS, customerBillSchema);
    expect(byDefault.count).toBe(Math.min(100, all.total));

    const beyond = await list(`${BILLS}?offset=${all.total + 10}`, customerBillSchema);
    expect(beyond).toEqual({ items: [], total: all.total, count: 0 });

    const tooMany = expectTmfError(await v1(`${BILLS}?limit=1001`), 400);
    expect(tooMany.message).toContain('limit');
    expectTmfError(await v1(`${BILLS}?limit=0`), 400);
    expectTmfError(await v1(`${BILLS}?offset=-1`), 400);
    expectTmfError(await v1(`${BILLS}?limit=abc`), 400);
  });

  it('keeps only the fields asked, with id, href and @type', async () => {
    const { items } = await list(`${BILLS}?fields=billNo,state&limit=3`, customerBillSchema);
    expect(items).toHaveLength(3);
    for (const bill of items) expect(Object.keys(bill).sort()).toEqual(['@type', 'billNo', 'href', 'id', 'state']);
    const [first] = items;
    const one = await v1(`${BILLS}/${first?.id}?fields=taxIncludedAmount`);
    expect(Object.keys(okBody(one, customerBillSchema)).sort()).toEqual(['@type', 'href', 'id', 'taxIncludedAmount']);
  });

  it('filters by state and by bill date', async () => {
    const [rows, notes] = await Promise.all([ownInvoices(), ownCreditNotes()]);
    const settled = await list(`${BILLS}?state=settled&limit=1000`, customerBillSchema);
    expect(settled.items.every((bill) => bill.state === 'settled')).toBe(true);
    expect(settled.total).toBe(rows.filter((row) => row.resteAPayerCentimes === 0).length + notes.length);
    const unpaid = await list(`${BILLS}?state=sent&limit=1000`, customerBillSchema);
    expect(unpaid.total).toBe(rows.filter((row) => row.resteAPayerCentimes > 0 && row.resteAPayerCentimes === row.montantTtcCentimes).length);

    const dated = [...rows].sort((a, b) => a.dateFacture.localeCompare(b.dateFacture));
    const from = dated[3]?.dateFacture ?? '';
    const before = dated[9]?.dateFacture ?? '';
    const between = await list(`${BILLS}?billDate.gte=${from}&billDate.lt=${before}&limit=1000`, customerBillSchema);
    const expected = [...rows.map((row) => row.dateFacture), ...notes.map((note) => note.dateAvoir)].filter((day) => day >= from && day < before);
    expect(between.total).toBe(expected.length);
    expect(between.items.every((bill) => (bill.billDate ?? '') >= parisInstant(from, 0).toISOString() && (bill.billDate ?? '') < parisInstant(before, 0).toISOString())).toBe(true);

    expectTmfError(await v1(`${BILLS}?state=paid`), 400);
    expectTmfError(await v1(`${BILLS}?billDate.gte=2025-02-30`), 400);
    expectTmfError(await v1(`${BILLS}?billDate.gte=0000-01-01`), 400);
  });

  it('serves each bill’s Factur-X PDF, CII and UBL to the key, and another account’s as unknown', async () => {
    const [rows, notes] = await Promise.all([ownInvoices(), ownCreditNotes()]);
    const references = [rows.at(-1)?.referenceNumber, notes[0]?.reference].filter((reference): reference is string => reference !== undefined);
    for (const reference of references) {
      const pdf = await v1(`${BILLS}/${reference}/document/pdf`);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain(`${reference}.pdf`);
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      for (const syntax of ['cii', 'ubl']) {
        const xml = await v1(`${BILLS}/${reference}/document/${syntax}`);
        expect(xml.statusCode, xml.body).toBe(200);
        expect(xml.headers['content-type']).toContain('application/xml');
        expect(xml.body.startsWith('<?xml')).toBe(true);
        expect(xml.body).toContain(reference);
      }
    }

    const foreign = await strangerInvoice();
    for (const format of ['pdf', 'cii', 'ubl']) {
      const refused = await v1(`${BILLS}/${foreign.referenceNumber}/document/${format}`);
      expectTmfError(refused, 404, 'API_RESOURCE_UNKNOWN');
      expect(refused.body).not.toContain(foreign.client.raisonSociale);
    }
    expectTmfError(await v1(`${BILLS}/${rows.at(-1)?.referenceNumber}/document/pdf`, keys.stranger), 404, 'API_RESOURCE_UNKNOWN');
    // A key without factures:lecture reads no document.
    const linesOnly = await createKey(f.manager, f.account, ['lignes:lecture']);
    expectTmfError(await v1(`${BILLS}/${rows.at(-1)?.referenceNumber}/document/pdf`, linesOnly), 403, 'API_SCOPE_MISSING');
  });

  it('answers another account’s bills as unknown, and never lists them', async () => {
    const foreign = await strangerInvoice();
    const item = await v1(`${BILLS}/${foreign.referenceNumber}`);
    expectTmfError(item, 404, 'API_RESOURCE_UNKNOWN');
    expect(item.body).not.toContain(String(foreign.montantTtcCentimes / 100));
    expectTmfError(await v1(`${RATES}?bill.id=${foreign.referenceNumber}`), 404, 'API_RESOURCE_UNKNOWN');
    const mine = await list(`${BILLS}?limit=1000`, customerBillSchema);
    expect(mine.items.map((bill) => bill.id)).not.toContain(foreign.referenceNumber);
    const theirs = await list(`${BILLS}?limit=1000`, customerBillSchema, keys.stranger);
    expect(theirs.items.map((bill) => bill.id)).toContain(foreign.referenceNumber);
    expect(theirs.items.some((bill) => mine.items.some((own) => own.id === bill.id))).toBe(false);
  });

  it('gives each invoice’s charges, adding up to its amount excluding VAT to the cent, for every invoice of the account', async () => {
    const [rows, notes] = await Promise.all([ownInvoices(), ownCreditNotes()]);
    const lines = new Set(f.lines.map((line) => String(line.idContrat)));
    for (const row of rows) {
      const { items, total } = await list(`${RATES}?bill.id=${row.referenceNumber}&limit=1000`, appliedCustomerBillingRateSchema);
      expect(total).toBe(items.length);
      expect(items.length).toBeGreaterThan(0);
      expect(items.reduce((sum, item) => sum + cents(item.taxExcludedAmount), 0), row.referenceNumber).toBe(row.montantHtCentimes);
      for (const item of items) {
        expect(item).toMatchObject({ isBilled: true, date: parisInstant(row.dateFacture, 0).toISOString(), bill: { id: row.referenceNumber } });
        expect(item.id.startsWith(`${row.referenceNumber}-`)).toBe(true);
        if (item.product) expect(lines.has(item.product.id)).toBe(true);
      }
    }
    for (const note of notes) {
      const { items } = await list(`${RATES}?bill.id=${note.reference}`, appliedCustomerBillingRateSchema);
      expect(items.reduce((sum, item) => sum + cents(item.taxExcludedAmount), 0)).toBe(note.montantHtCentimes);
    }
  });

  it('maps each charge of an invoice: type, rate, line, cost centre and user, and reads one by its id', async () => {
    const [latest] = await t.db.select().from(invoices).where(eq(invoices.idClientBscs, f.account)).orderBy(asc(invoices.dateFacture)).limit(1);
    if (!latest) throw new Error('no invoice');
    const stored = await t.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, latest.id)).orderBy(asc(invoiceItems.id));
    const { items } = await list(`${RATES}?bill.id=${latest.referenceNumber}&limit=1000`, appliedCustomerBillingRateSchema);
    const TYPES = { ABONNEMENT: 'recurring', OPTION: 'recurring', HORS_FORFAIT: 'usage', PONCTUEL: 'oneTime', REMISE: 'discount' } as const;
    expect(items.map((item) => item.id)).toEqual(stored.map((row) => `${latest.referenceNumber}-${row.id}`));
    for (const [index, row] of stored.entries()) {
      const item = items[index];
      expect(item).toMatchObject({ name: row.libelle, type: TYPES[row.nature], quantity: row.quantite, taxRate: row.tauxTvaBp / 100 });
      expect(item?.product?.id).toBe(row.idContrat === null ? undefined : String(row.idContrat));
      expect(item?.characteristic).toEqual([
        { name: 'costCentre', valueType: 'string', value: row.centreCode },
        { name: 'user', valueType: 'string', value: row.utilisateur },
      ]);
    }
    const first = items[0];
    expect(okBody(await v1(`${RATES}/${first?.id}`), appliedCustomerBillingRateSchema)).toEqual(first);
    const paged = await list(`${RATES}?bill.id=${latest.referenceNumber}&offset=1&limit=2`, appliedCustomerBillingRateSchema);
    expect(paged.items.map((item) => item.id)).toEqual(items.slice(1, 3).map((item) => item.id));
    expect(paged.total).toBe(items.length);

    // bill.id is required; another account's charge is unknown.
    expectTmfError(await v1(RATES), 400);
    const foreign = await strangerInvoice();
    const [foreignItem] = await t.db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, foreign.id)).limit(1);
    expectTmfError(await v1(`${RATES}/${foreign.referenceNumber}-${foreignItem?.id}`), 404, 'API_RESOURCE_UNKNOWN');
    expectTmfError(await v1(`${RATES}/${latest.referenceNumber}-${foreignItem?.id}`), 404, 'API_RESOURCE_UNKNOWN');
  });
});

describe('TMF635 usage', () => {
  const day = (back: number) => addDays(parisDay(t.clock.now()), -back);

  /** Three days of two bakery lines and one of the stranger's, as the usage feed adds them up. */
  async function feedDays() {
    const [first, second] = [f.colleague(0), f.colleague(1)];
    const [foreignLine] = await t.db.select().from(contracts).where(eq(contracts.idClientBscs, f.strangerAccount)).limit(1);
    if (!foreignLine) throw new Error('the stranger has no line');
    const ownLines = f.lines.map((line) => line.idContrat);
    await t.db.delete(lineUsageDays).where(inArray(lineUsageDays.idContrat, [...ownLines, foreignLine.idContrat]));
    const empty = { dataOctets: 0, voixSecondes: 0, sms: 0, dataItineranceOctets: 0, voixItineranceSecondes: 0, horsForfaitCentimes: 0, itineranceCentimes: 0, releves: 1 };
    await t.db.insert(lineUsageDays).values([
      // data, voice and SMS, 2.50 € beyond the plan in France and 4.00 € of roaming data.
      { ...empty, idContrat: first.idContrat, jour: day(1), dataOctets: 5_000_000, voixSecondes: 600, sms: 3, dataItineranceOctets: 1_000_000, horsForfaitCentimes: 650, itineranceCentimes: 400 },
      // calls only, 1.05 € beyond the plan; roaming calls at no cost.
      { ...empty, idContrat: first.idContrat, jour: day(2), voixSecondes: 9_000, voixItineranceSecondes: 120, horsForfaitCentimes: 105 },
      // SMS only.
      { ...empty, idContrat: second.idContrat, jour: day(1), sms: 12 },
      // nothing used: no usage.
      { ...empty, idContrat: second.idContrat, jour: day(3) },
      { ...empty, idContrat: foreignLine.idContrat, jour: day(1), dataOctets: 42_000_000, horsForfaitCentimes: 9_999 },
    ]);
    return { first, second, foreignLine };
  }

  it('lists one usage per line, day and kind used, latest day first, with volume, unit, line and out-of-bundle share', async () => {
    const { first, second, foreignLine } = await feedDays();
    const { items, total, count } = await list(`${USAGE}?limit=1000`, usageSchema);
    expect(total).toBe(7);
    expect(count).toBe(7);
    // Latest day first, then by line, then by kind.
    expect(first.idContrat).toBeLessThan(second.idContrat);
    expect(items.map((usage) => usage.id)).toEqual([
      `${first.idContrat}-${day(1)}-data`,
      `${first.idContrat}-${day(1)}-voice`,
      `${first.idContrat}-${day(1)}-sms`,
      `${first.idContrat}-${day(1)}-roamingData`,
      `${second.idContrat}-${day(1)}-sms`,
      `${first.idContrat}-${day(2)}-voice`,
      `${first.idContrat}-${day(2)}-roamingVoice`,
    ]);
    const [data] = items;
    expect(data).toEqual({
      id: `${first.idContrat}-${day(1)}-data`,
      href: `/api/v1${USAGE}/${first.idContrat}-${day(1)}-data`,
      '@type': 'Usage',
      usageDate: parisInstant(day(1), 0).toISOString(),
      usageType: 'data',
      status: 'rated',
      usageCharacteristic: [
        { name: 'volume', valueType: 'number', value: 5_000_000 },
        { name: 'unit', valueType: 'string', value: 'octet' },
      ],
      relatedParty: [{ id: String(first.idContrat), href: `/api/v1/productInventory/product/${first.idContrat}`, name: first.numeroLigne, role: 'line', '@referredType': 'Product' }],
      ratedProductUsage: [{ isBilled: false, taxExcludedRatingAmount: { unit: 'EUR', value: 2.5 } }],
    });
    const amountOf = (id: string) => cents(items.find((usage) => usage.id === id)?.ratedProductUsage?.[0]?.taxExcludedRatingAmount);
    expect(amountOf(`${first.idContrat}-${day(1)}-roamingData`)).toBe(400);
    expect(amountOf(`${first.idContrat}-${day(1)}-voice`)).toBe(0);
    expect(amountOf(`${first.idContrat}-${day(2)}-voice`)).toBe(105);
    expect(items.find((usage) => usage.id === `${first.idContrat}-${day(2)}-roamingVoice`)?.usageCharacteristic).toContainEqual({ name: 'unit', valueType: 'string', value: 'seconde' });
    expect(items.find((usage) => usage.id === `${second.idContrat}-${day(1)}-sms`)?.usageCharacteristic).toContainEqual({ name: 'unit', valueType: 'string', value: 'unité' });
    // Each day's shares add up to what went beyond the plan that day.
    const ofDay = items.filter((usage) => usage.id.startsWith(`${first.idContrat}-${day(1)}-`));
    expect(ofDay.reduce((sum, usage) => sum + cents(usage.ratedProductUsage?.[0]?.taxExcludedRatingAmount), 0)).toBe(650);
    // Days are listed latest first, and nothing of the stranger's line.
    const days = items.map((usage) => usage.usageDate ?? '');
    expect(days).toEqual([...days].sort().reverse());
    expect(JSON.stringify(items)).not.toContain(foreignLine.numeroLigne);

    expect(okBody(await v1(`${USAGE}/${data?.id}`), usageSchema)).toEqual(data);
    expectTmfError(await v1(`${USAGE}/${foreignLine.idContrat}-${day(1)}-data`), 404, 'API_RESOURCE_UNKNOWN');
    expectTmfError(await v1(`${USAGE}/${second.idContrat}-${day(3)}-data`), 404, 'API_RESOURCE_UNKNOWN');
    expectTmfError(await v1(`${USAGE}/${first.idContrat}-2025-02-30-data`), 404, 'API_RESOURCE_UNKNOWN');
  });

  it('filters by day, line and kind, pages in the database, and gives nothing of another account’s line', async () => {
    const { first, second, foreignLine } = await feedDays();
    const yesterday = await list(`${USAGE}?usageDate.gte=${day(1)}&usageDate.lt=${day(0)}`, usageSchema);
    expect(yesterday.total).toBe(5);
    expect(yesterday.items.every((usage) => usage.usageDate === parisInstant(day(1), 0).toISOString())).toBe(true);
    const older = await list(`${USAGE}?usageDate.lt=${day(1)}`, usageSchema);
    expect(older.items.map((usage) => usage.usageType)).toEqual(['voice', 'roamingVoice']);

    const ofLine = await list(`${USAGE}?relatedParty.id=${second.idContrat}`, usageSchema);
    expect(ofLine.items.map((usage) => usage.id)).toEqual([`${second.idContrat}-${day(1)}-sms`]);
    const voice = await list(`${USAGE}?usageType=voice&relatedParty.id=${first.idContrat}`, usageSchema);
    expect(voice.items.map((usage) => usage.usageDate)).toEqual([parisInstant(day(1), 0).toISOString(), parisInstant(day(2), 0).toISOString()]);

    const foreign = await list(`${USAGE}?relatedParty.id=${foreignLine.idContrat}`, usageSchema);
    expect(foreign).toEqual({ items: [], total: 0, count: 0 });
    const theirs = await list(USAGE, usageSchema, keys.stranger);
    expect(theirs.items.map((usage) => usage.id)).toEqual([`${foreignLine.idContrat}-${day(1)}-data`]);

    const all = await list(`${USAGE}?limit=1000`, usageSchema);
    const page = await list(`${USAGE}?offset=3&limit=2`, usageSchema);
    expect(page.items.map((usage) => usage.id)).toEqual(all.items.slice(3, 5).map((usage) => usage.id));
    expect(page.total).toBe(all.total);
    expect(await list(`${USAGE}?offset=50`, usageSchema)).toEqual({ items: [], total: all.total, count: 0 });
    const narrow = await list(`${USAGE}?fields=usageType`, usageSchema);
    expect(Object.keys(narrow.items[0] ?? {}).sort()).toEqual(['@type', 'href', 'id', 'usageType']);

    expectTmfError(await v1(`${USAGE}?usageType=mms`), 400);
    expectTmfError(await v1(`${USAGE}?relatedParty.id=abc`), 400);
    expectTmfError(await v1(`${USAGE}?usageDate.gte=2025-13-01`), 400);
    expectTmfError(await v1(`${USAGE}?limit=1001`), 400);
  });

  it('needs the scope consommation:lecture', async () => {
    expectTmfError(await v1(USAGE, keys.noUsage), 403, 'API_SCOPE_MISSING');
    expectTmfError(await v1(`${USAGE}/${f.colleague(0).idContrat}-${day(1)}-data`, keys.noUsage), 403, 'API_SCOPE_MISSING');
  });
});

describe('TMF622 product orders', () => {
  const ownOrders = () => t.db.select().from(orders).where(eq(orders.idClientBscs, f.account)).orderBy(asc(orders.id));

  it('lists the account’s orders, newest first, with state, totals, items and timeline', async () => {
    const rows = await ownOrders();
    expect(rows.length).toBeGreaterThan(3);
    const { items, total } = await list(`${ORDERS}?limit=1000`, productOrderSchema);
    expect(total).toBe(rows.length);
    const dates = items.map((order) => order.orderDate ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    const events = await t.db.select().from(orderEvents).where(inArray(orderEvents.orderId, rows.map((row) => row.id))).orderBy(asc(orderEvents.at), asc(orderEvents.id));
    const STATES: Record<number, TmfProductOrder['state']> = {
      [ORDER_STATUS.Validee]: 'pending',
      [ORDER_STATUS.PaiementSurFactureAttenteValidation]: 'pending',
      [ORDER_STATUS.EnAttenteValidation]: 'held',
      [ORDER_STATUS.CbOfficeServerAcceptee]: 'completed',
      [ORDER_STATUS.PaiementSurFactureConfirmee]: 'completed',
      [ORDER_STATUS.CbOfficeServerRefusee]: 'failed',
      [ORDER_STATUS.ValidationRefusee]: 'rejected',
      [ORDER_STATUS.ValidationExpiree]: 'cancelled',
    };
    for (const row of rows) {
      const order = items.find((item) => item.id === String(row.id));
      expect(order).toMatchObject({ href: `/api/v1${ORDERS}/${row.id}`, externalId: row.numero, orderDate: row.createdAt.toISOString() });
      if (STATES[row.statut]) expect(order?.state, row.numero).toBe(STATES[row.statut]);
      expect(order?.completionDate === null).toBe(order?.state !== 'completed');
      expect(order?.orderTotalPrice?.map((price) => [price.priceType, cents(price.price.taxExcludedAmount)])).toEqual([
        ['oneTime', row.totalUniqueHtCentimes],
        ['recurring', row.totalMensuelHtCentimes],
      ]);
      // The items are what the order froze: their prices add up to its totals.
      const oneTime = order?.productOrderItem?.reduce((sum, item) => sum + cents(item.itemTotalPrice?.find((price) => price.priceType === 'oneTime')?.price.taxExcludedAmount), 0);
      expect(oneTime, row.numero).toBe(row.totalUniqueHtCentimes);
      expect(order?.productOrderItem?.every((item) => item.state === order.state)).toBe(true);
      if (row.idContrat !== null) expect(order?.productOrderItem?.[0]?.product?.id).toBe(String(row.idContrat));
      expect(order?.note).toEqual(events.filter((event) => event.orderId === row.id).map((event) => ({ date: event.at.toISOString(), text: event.libelle })));
    }
    expect(new Set(items.map((order) => order.state)).size).toBeGreaterThan(2);

    const [first] = items;
    expect(okBody(await v1(`${ORDERS}/${first?.id}`), productOrderSchema)).toEqual(first);
    const narrow = okBody(await v1(`${ORDERS}/${first?.id}?fields=state,externalId`), productOrderSchema);
    expect(Object.keys(narrow).sort()).toEqual(['@type', 'externalId', 'href', 'id', 'state']);
  });

  it('filters by state and order date, pages, and answers another account’s order as unknown', async () => {
    const rows = await ownOrders();
    const { items: all, total } = await list(`${ORDERS}?limit=1000`, productOrderSchema);
    for (const state of ['completed', 'failed', 'pending', 'inProgress'] as const) {
      const filtered = await list(`${ORDERS}?state=${state}&limit=1000`, productOrderSchema);
      expect(filtered.items.map((order) => order.id), state).toEqual(all.filter((order) => order.state === state).map((order) => order.id));
      expect(filtered.total).toBe(filtered.items.length);
    }
    const days = [...new Set(rows.map((row) => parisDay(row.createdAt)))].sort();
    const from = days[1] ?? '';
    const dated = await list(`${ORDERS}?orderDate.gte=${from}&limit=1000`, productOrderSchema);
    expect(dated.total).toBe(rows.filter((row) => row.createdAt >= parisInstant(from, 0)).length);
    const before = await list(`${ORDERS}?orderDate.lt=${from}&limit=1000`, productOrderSchema);
    expect(before.total + dated.total).toBe(total);

    const page = await list(`${ORDERS}?offset=1&limit=2`, productOrderSchema);
    expect(page.items.map((order) => order.id)).toEqual(all.slice(1, 3).map((order) => order.id));
    expect(page.total).toBe(total);
    expect(await list(`${ORDERS}?offset=${total}`, productOrderSchema)).toEqual({ items: [], total, count: 0 });

    const [foreign] = await t.db.select().from(orders).where(eq(orders.idClientBscs, f.strangerAccount)).limit(1);
    if (!foreign) throw new Error('the stranger has no order');
    const refused = await v1(`${ORDERS}/${foreign.id}`);
    expectTmfError(refused, 404, 'API_RESOURCE_UNKNOWN');
    expect(refused.body).not.toContain(foreign.numero);
    expect(all.map((order) => order.externalId)).not.toContain(foreign.numero);
    const theirs = await list(`${ORDERS}?limit=1000`, productOrderSchema, keys.stranger);
    expect(theirs.items.map((order) => order.id)).toContain(String(foreign.id));
    expect(theirs.items.some((order) => rows.some((row) => String(row.id) === order.id))).toBe(false);

    expectTmfError(await v1(`${ORDERS}?state=done`), 400);
    expectTmfError(await v1(`${ORDERS}?orderDate.gte=yesterday`), 400);
  });
});

describe('Malformed identifiers', () => {
  it('never answer 5xx, on any resource', async () => {
    const ids = ['%00', `${'A'.repeat(5_000)}`, '..%2F..%2Fetc%2Fpasswd', '%C3%A9t%C3%A9', '%E2%80%99', '%F0%9F%98%80', "F'%20or%20'1'%3D'1", '-1', '0', '99999999999999999999', 'AV-2025-000001-9', '1-2025-02-30-data', '%00-2025-01-01-data'];
    const paths = [`${BILLS}/`, `${RATES}/`, `${USAGE}/`, `${ORDERS}/`, '/productInventory/product/'];
    for (const path of paths) {
      for (const id of ids) {
        for (const url of [`${path}${id}`, ...(path === `${BILLS}/` ? [`${path}${id}/document/pdf`] : [])]) {
          const response = await v1(url);
          expect(response.statusCode, `${url.slice(0, 80)}: ${response.body}`).toBeLessThan(500);
          // 414: a parameter longer than any the router takes, refused before the public API's scope.
          expect([400, 404, 414]).toContain(response.statusCode);
          if (response.statusCode !== 414) tmfErrorSchema.parse(response.json());
        }
      }
    }
    for (const query of [`${RATES}?bill.id=%00`, `${RATES}?bill.id=${'9'.repeat(5_000)}`, `${RATES}?bill.id=..%2F`, `${RATES}?bill.id=%C3%A9`, `${USAGE}?relatedParty.id=%00`, `${BILLS}?billDate.gte=%00`, `${ORDERS}?orderDate.lt=9999-12-31`, `${USAGE}?usageDate.gte=9999-12-31`, `${BILLS}?fields=%00`]) {
      const response = await v1(query);
      expect(response.statusCode, `${query.slice(0, 80)}: ${response.body}`).toBeLessThan(500);
    }
    // A dot segment in the path is no way out of the account either.
    const dotted = await t.app.inject({ method: 'GET', url: `/api/v1${BILLS}/../../productInventory/product`, headers: { authorization: `Bearer ${keys.all}` } });
    expect(dotted.statusCode).toBeLessThan(500);
  });
});

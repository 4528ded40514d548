import {
  appliedCustomerBillingRateSchema,
  billingRateQuerySchema,
  customerBillQuerySchema,
  customerBillSchema,
  INVOICE_REFERENCE_PATTERN,
  tmfErrorSchema,
  tmfIdParamSchema,
  tmfItemQuerySchema,
  VAT_RATE_BP,
  vatCentimes,
  type TmfAppliedCustomerBillingRate,
  type TmfCustomerBill,
} from '@ecare/shared';
import { addDays } from '@ecare/shared/paris-time';
import { z } from 'zod';
import type { ModuleApp } from '../../core/module.ts';
import { downloadDisposition } from '../../lib/download.ts';
import { fail } from '../../lib/errors.ts';
import type { InvoicesModule } from '../invoices/index.ts';
import type { BillItemRow, BillRow, CustomerBillsRepository } from './customer-bills.repository.ts';
import { apiClientOf } from './public-api.scope.ts';
import { dayTime, euros, hrefOf, selectFields, sendPage } from './tmf.ts';

const PATH = '/customerBillManagement/customerBill';
const RATE_PATH = '/customerBillManagement/appliedCustomerBillingRate';
const PRODUCT_PATH = '/productInventory/product';

/** The files of a bill: the Factur-X PDF and its EN 16931 data alone, in either syntax. */
const DOCUMENTS = {
  pdf: { mimeType: 'application/pdf', suffix: '.pdf', label: 'PDF Factur-X (PDF/A-3 portant ses données EN 16931 en CII)' },
  cii: { mimeType: 'application/xml', suffix: '-cii.xml', label: 'données EN 16931 en UN/CEFACT CII D16B' },
  ubl: { mimeType: 'application/xml', suffix: '-ubl.xml', label: 'données EN 16931 en OASIS UBL 2.1' },
} as const;
type DocumentFormat = keyof typeof DOCUMENTS;

const RATE_TYPES: Record<BillItemRow['nature'], NonNullable<TmfAppliedCustomerBillingRate['type']>> = {
  ABONNEMENT: 'recurring',
  OPTION: 'recurring',
  HORS_FORFAIT: 'usage',
  PONCTUEL: 'oneTime',
  REMISE: 'discount',
};

/** A bill number as the account's documents are numbered; anything else is unknown without asking the database. */
const referenceOf = (id: string): string | null => (INVOICE_REFERENCE_PATTERN.test(id) ? id : null);

const fileName = (bill: Pick<BillRow, 'category' | 'reference'>, format: DocumentFormat) =>
  `${bill.category === 'creditNote' ? 'avoir' : 'facture'}-${bill.reference}${DOCUMENTS[format].suffix}`;

const percent = (rateBp: number) => rateBp / 100;
const text = (name: string, value: string | null) => ({ name, valueType: 'string', value });

/**
 * VAT per rate, from the invoice's charges as its e-invoice adds them up; one rate (every demo
 * invoice) gives the invoice's own VAT, to the cent. A credit note has its invoice's rate.
 */
function taxItemsOf(bill: BillRow, bases: readonly { tauxTvaBp: number; htCentimes: number }[]): NonNullable<TmfCustomerBill['taxItem']> {
  const item = (rateBp: number, cents: number) => ({ taxCategory: 'TVA', taxRate: percent(rateBp), taxAmount: euros(cents) });
  if (bill.creditNoteRateBp !== null) return [item(bill.creditNoteRateBp, bill.tvaCentimes)];
  const [only] = bases;
  if (bases.length <= 1) return [item(only?.tauxTvaBp ?? VAT_RATE_BP, bill.tvaCentimes)];
  return bases.map((base) => item(base.tauxTvaBp, vatCentimes(base.htCentimes, base.tauxTvaBp)));
}

/**
 * An invoice or a credit note as a TMF678 CustomerBill. Its period runs from its first day's
 * midnight to the midnight after its last day (Paris), the end excluded as TMF periods are read.
 */
function customerBill(bill: BillRow, bases: readonly { tauxTvaBp: number; htCentimes: number }[]): TmfCustomerBill {
  const href = hrefOf(PATH, bill.reference);
  return {
    id: bill.reference,
    href,
    '@type': 'CustomerBill',
    billNo: bill.reference,
    billDate: dayTime(bill.billDate),
    paymentDueDate: dayTime(bill.dueDate),
    billingPeriod: { startDateTime: dayTime(bill.periodStart), endDateTime: dayTime(addDays(bill.periodEnd, 1)) },
    state: bill.state,
    category: bill.category,
    amountDue: euros(bill.dueCentimes),
    remainingAmount: euros(bill.remainingCentimes),
    taxExcludedAmount: euros(bill.htCentimes),
    taxIncludedAmount: euros(bill.ttcCentimes),
    taxItem: taxItemsOf(bill, bases),
    billDocument: (Object.keys(DOCUMENTS) as DocumentFormat[]).map((format) => ({
      id: `${bill.reference}-${format}`,
      name: fileName(bill, format),
      mimeType: DOCUMENTS[format].mimeType,
      url: `${href}/document/${format}`,
    })),
  };
}

/** One charge of an invoice as a TMF678 AppliedCustomerBillingRate, its line as the product when it is a line's. */
function invoiceRate(bill: BillRow, item: BillItemRow): TmfAppliedCustomerBillingRate {
  const id = `${bill.reference}-${item.id}`;
  return {
    id,
    href: hrefOf(RATE_PATH, id),
    '@type': 'AppliedCustomerBillingRate',
    name: item.libelle,
    type: RATE_TYPES[item.nature],
    date: dayTime(bill.billDate),
    isBilled: true,
    quantity: item.quantite,
    taxExcludedAmount: euros(item.montantHtCentimes),
    taxRate: percent(item.tauxTvaBp),
    bill: { id: bill.reference, href: hrefOf(PATH, bill.reference), '@referredType': 'CustomerBill' },
    ...(item.idContrat !== null
      ? { product: { id: String(item.idContrat), href: hrefOf(PRODUCT_PATH, item.idContrat), ...(item.numeroLigne ? { name: item.numeroLigne } : {}), '@referredType': 'Product' } }
      : {}),
    characteristic: [text('costCentre', item.centreCode), text('user', item.utilisateur)],
  };
}

/** A credit note's one charge: what it gives back, HT, for the invoice it credits. */
function creditNoteRate(bill: BillRow): TmfAppliedCustomerBillingRate {
  const id = `${bill.reference}-1`;
  return {
    id,
    href: hrefOf(RATE_PATH, id),
    '@type': 'AppliedCustomerBillingRate',
    name: `Avoir sur la facture ${bill.creditedBill ?? ''}`.trim(),
    type: 'discount',
    date: dayTime(bill.billDate),
    isBilled: true,
    quantity: 1,
    taxExcludedAmount: euros(bill.htCentimes),
    taxRate: percent(bill.creditNoteRateBp ?? VAT_RATE_BP),
    bill: { id: bill.reference, href: hrefOf(PATH, bill.reference), '@referredType': 'CustomerBill' },
    characteristic: [text('creditedBill', bill.creditedBill), text('reason', bill.motif)],
  };
}

/** A file sent as bytes, documented as binary. */
const binary = z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: 'string', format: 'binary' });

/**
 * TMF678 Customer Bill: the account's invoices and credit notes, the charges of each, and their
 * files (scope factures:lecture). Another account's bill answers as an unknown one.
 */
export async function customerBillsRoutes(scope: ModuleApp, repo: CustomerBillsRepository, document: InvoicesModule['document']) {
  const tags = ['v1 factures'];
  const errors = { 400: tmfErrorSchema, 401: tmfErrorSchema, 403: tmfErrorSchema, 404: tmfErrorSchema, 429: tmfErrorSchema };
  const config = { portee: 'factures:lecture' } as const;

  const billOf = async (idClientBscs: number, id: string) => {
    const reference = referenceOf(id);
    const bill = reference === null ? undefined : await repo.one(idClientBscs, reference);
    if (!bill) throw fail('API_RESOURCE_UNKNOWN');
    return bill;
  };
  const withTaxes = async (bills: BillRow[]) => {
    const bases = await repo.taxBases(bills.flatMap((bill) => (bill.invoiceId === null ? [] : [bill.invoiceId])));
    return bills.map((bill) => customerBill(bill, bases.filter((base) => base.invoiceId === bill.invoiceId)));
  };

  scope.get(
    PATH,
    {
      config,
      schema: {
        tags,
        summary: 'Les factures et avoirs du compte (TMF678 CustomerBill), page par page',
        description:
          'Les plus récents d’abord. Filtres : state (settled : soldée, partiallyPaid : payée en partie, sent : rien de payé), billDate.gte et billDate.lt (jours AAAA-MM-JJ). Un avoir a la catégorie creditNote, ses montants positifs comme sur son document, rien à payer. billDocument donne le PDF Factur-X, le CII et l’UBL.',
        querystring: customerBillQuerySchema,
        response: { 200: z.array(customerBillSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { offset, limit, fields, state, ...dates } = request.query;
      const page = await repo.page(apiClientOf(request).idClientBscs, { state, from: dates['billDate.gte'], before: dates['billDate.lt'] }, offset, limit);
      return sendPage(reply, { total: page.total, items: await withTaxes(page.rows) }, fields);
    },
  );

  scope.get(
    `${PATH}/:id`,
    {
      config,
      schema: { tags, summary: 'Une facture ou un avoir du compte (TMF678 CustomerBill), par son numéro', params: tmfIdParamSchema, querystring: tmfItemQuerySchema, response: { 200: customerBillSchema, ...errors } },
    },
    async (request) => {
      const bill = await billOf(apiClientOf(request).idClientBscs, request.params.id);
      const [resource] = await withTaxes([bill]);
      if (!resource) throw fail('API_RESOURCE_UNKNOWN');
      return selectFields(resource, request.query.fields);
    },
  );

  for (const format of Object.keys(DOCUMENTS) as DocumentFormat[]) {
    const { mimeType, label } = DOCUMENTS[format];
    scope.get(
      `${PATH}/:id/document/${format}`,
      {
        config,
        // A HEAD would make the document for nothing.
        exposeHeadRoute: false,
        schema: {
          tags,
          summary: `Le document d’une facture ou d’un avoir du compte : ${label}`,
          description: 'Les mêmes octets que le portail donne au gestionnaire ; l’adresse est celle que nomme billDocument.',
          params: tmfIdParamSchema,
          response: { 200: { description: label, content: { [mimeType]: { schema: format === 'pdf' ? binary : z.string() } } }, ...errors },
        },
      },
      async (request, reply) => {
        const bill = await billOf(apiClientOf(request).idClientBscs, request.params.id);
        const content = await document(apiClientOf(request).idClientBscs, bill.reference, format);
        if (content === undefined) throw fail('API_RESOURCE_UNKNOWN');
        reply.header('content-disposition', downloadDisposition(fileName(bill, format))).header('cache-control', 'no-store');
        if (typeof content === 'string') return reply.type(`${mimeType}; charset=utf-8`).send(content);
        return reply.type(mimeType).send(Buffer.from(content.buffer, content.byteOffset, content.byteLength));
      },
    );
  }

  scope.get(
    RATE_PATH,
    {
      config,
      schema: {
        tags,
        summary: 'Les charges d’une facture ou d’un avoir (TMF678 AppliedCustomerBillingRate), page par page',
        description:
          'bill.id (obligatoire) : le numéro de la facture. Une charge par ligne de la facture, dans l’ordre de la facture : abonnements et options (recurring), hors forfait (usage), frais ponctuels (oneTime), remises (discount, montant négatif) ; leurs montants HT s’additionnent au centime près au HT de la facture.',
        querystring: billingRateQuerySchema,
        response: { 200: z.array(appliedCustomerBillingRateSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { offset, limit, fields } = request.query;
      const bill = await billOf(apiClientOf(request).idClientBscs, request.query['bill.id']);
      if (bill.invoiceId === null) {
        const items = offset === 0 ? [creditNoteRate(bill)] : [];
        return sendPage(reply, { total: 1, items }, fields);
      }
      const page = await repo.items(bill.invoiceId, offset, limit);
      return sendPage(reply, { total: page.total, items: page.rows.map((item) => invoiceRate(bill, item)) }, fields);
    },
  );

  scope.get(
    `${RATE_PATH}/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Une charge d’une facture ou d’un avoir (TMF678 AppliedCustomerBillingRate)',
        params: tmfIdParamSchema,
        querystring: tmfItemQuerySchema,
        response: { 200: appliedCustomerBillingRateSchema, ...errors },
      },
    },
    async (request) => {
      const parts = /^(.+)-(\d{1,9})$/.exec(request.params.id);
      const bill = await billOf(apiClientOf(request).idClientBscs, parts?.[1] ?? '');
      const itemId = Number(parts?.[2]);
      if (bill.invoiceId === null) {
        if (itemId !== 1) throw fail('API_RESOURCE_UNKNOWN');
        return selectFields(creditNoteRate(bill), request.query.fields);
      }
      const item = await repo.item(bill.invoiceId, itemId);
      if (!item) throw fail('API_RESOURCE_UNKNOWN');
      return selectFields(invoiceRate(bill, item), request.query.fields);
    },
  );
}

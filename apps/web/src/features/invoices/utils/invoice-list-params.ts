import { INVOICE_SORT_FIELDS, INVOICE_YEAR_MAX, INVOICE_YEAR_MIN, type InvoiceSortField } from '@ecare/shared/invoices';

/** What the invoice list shows, as its address keeps it (`?annee&page&tri&ordre`). */
export interface InvoiceListParams {
  /** Null: every year. */
  annee: number | null;
  page: number;
  tri: InvoiceSortField;
  ordre: 'asc' | 'desc';
}

/** Invoices per page: a year of them. */
export const INVOICES_PAGE_SIZE = 12;

export const FIRST_INVOICE_PAGE: InvoiceListParams = { annee: null, page: 1, tri: 'dateFacture', ordre: 'desc' };

const isSortField = (value: string | null): value is InvoiceSortField => value !== null && (INVOICE_SORT_FIELDS as readonly string[]).includes(value);

/** The list's state from the page's address; what is not valid there is ignored. */
export function invoiceListParamsFrom(search: URLSearchParams): InvoiceListParams {
  const annee = search.get('annee');
  const year = annee !== null && /^\d{4}$/.test(annee) ? Number(annee) : null;
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const tri = search.get('tri');
  const ordre = search.get('ordre');
  return {
    annee: year !== null && year >= INVOICE_YEAR_MIN && year <= INVOICE_YEAR_MAX ? year : null,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    tri: isSortField(tri) ? tri : FIRST_INVOICE_PAGE.tri,
    ordre: ordre === 'asc' ? 'asc' : ordre === 'desc' ? 'desc' : FIRST_INVOICE_PAGE.ordre,
  };
}

/** The address's query for a state of the list (defaults left out). */
export function invoiceListSearch(params: InvoiceListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.annee !== null) search.set('annee', String(params.annee));
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.tri !== FIRST_INVOICE_PAGE.tri) search.set('tri', params.tri);
  if (params.ordre !== FIRST_INVOICE_PAGE.ordre) search.set('ordre', params.ordre);
  return search;
}

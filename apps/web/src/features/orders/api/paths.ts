import type { OrderSortField } from '@ecare/shared/orders';

export const ORDERS_PAGE_SIZE = 20;

/** What the orders page shows, as its address keeps it. */
export interface OrderListParams {
  page: number;
  tri: OrderSortField;
  ordre: 'asc' | 'desc';
  statut: number | null;
  type: number | null;
  numero: string;
}

export const FIRST_ORDER_PAGE: OrderListParams = { page: 1, tri: 'date', ordre: 'desc', statut: null, type: null, numero: '' };

const SORTS: readonly OrderSortField[] = ['date', 'numero', 'type', 'statut', 'totalTtc'];

export function orderListParamsFrom(search: URLSearchParams): OrderListParams {
  const number = (name: string) => {
    const value = Number(search.get(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  const tri = search.get('tri') as OrderSortField | null;
  return {
    page: number('page') ?? 1,
    tri: tri && SORTS.includes(tri) ? tri : 'date',
    ordre: search.get('ordre') === 'asc' ? 'asc' : 'desc',
    statut: number('statut'),
    type: number('type'),
    numero: (search.get('numero') ?? '').replace(/[^A-Za-z0-9-]/g, '').slice(0, 20),
  };
}

/** The filters and order of the list, as a query string (the page's address and the API's). */
export function orderListSearch(params: OrderListParams, withPage = true): URLSearchParams {
  const query = new URLSearchParams({ tri: params.tri, ordre: params.ordre });
  if (withPage) query.set('page', String(params.page));
  if (params.statut !== null) query.set('statut', String(params.statut));
  if (params.type !== null) query.set('type', String(params.type));
  if (params.numero) query.set('numero', params.numero);
  return query;
}

export const orderListPath = (idClientBscs: number, params: OrderListParams) =>
  `/api/commandes/${idClientBscs}?${orderListSearch(params).toString()}&taille=${ORDERS_PAGE_SIZE}`;
export const orderExportPath = (idClientBscs: number, params: OrderListParams) => `/api/commandes/${idClientBscs}/export?${orderListSearch(params, false).toString()}`;
export const orderDetailPath = (idClientBscs: number, numero: string) => `/api/commandes/${idClientBscs}/${encodeURIComponent(numero)}`;
export const piecesPath = (idClientBscs: number) => `/api/clients/${idClientBscs}/pieces`;
export const orderPagePath = (numero: string) => `/mon-compte/commandes/${encodeURIComponent(numero)}`;

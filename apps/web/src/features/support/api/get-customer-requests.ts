import {
  CUSTOMER_REQUEST_SORTS,
  CUSTOMER_REQUEST_TYPES,
  customerRequestPageSchema,
  type CustomerRequestPage,
  type CustomerRequestSort,
  type CustomerRequestType,
} from '@ecare/shared/support-requests';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Requests shown per page. */
export const CUSTOMER_REQUESTS_PAGE_SIZE = 10;

/** What the list shows: one kind or all, in which order, which page (kept in the page's address). */
export interface CustomerRequestParams {
  type: CustomerRequestType | null;
  tri: CustomerRequestSort;
  ordre: 'asc' | 'desc';
  page: number;
}

export const FIRST_CUSTOMER_REQUESTS: CustomerRequestParams = { type: null, tri: 'date', ordre: 'desc', page: 1 };

/** The list's parameters from an address; anything unknown falls back to the newest requests of every kind. */
export function customerRequestParamsFrom(search: URLSearchParams): CustomerRequestParams {
  const type = search.get('type') as CustomerRequestType | null;
  const tri = search.get('tri') as CustomerRequestSort | null;
  const page = Number(search.get('page'));
  return {
    type: type && CUSTOMER_REQUEST_TYPES.includes(type) ? type : null,
    tri: tri && CUSTOMER_REQUEST_SORTS.includes(tri) ? tri : 'date',
    ordre: search.get('ordre') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The parameters as a query string: the page's address and the API's. */
export function customerRequestSearch(params: CustomerRequestParams): URLSearchParams {
  const query = new URLSearchParams({ tri: params.tri, ordre: params.ordre, page: String(params.page) });
  if (params.type !== null) query.set('type', params.type);
  return query;
}

/** GET /api/mes-demandes: every request the signed-in customer made. */
export function fetchCustomerRequests(params: CustomerRequestParams, signal?: AbortSignal): Promise<CustomerRequestPage> {
  return apiRequest(`/api/mes-demandes?${customerRequestSearch(params).toString()}&taille=${CUSTOMER_REQUESTS_PAGE_SIZE}`, { schema: customerRequestPageSchema, signal });
}

export const customerRequestsQueryOptions = (params: CustomerRequestParams = FIRST_CUSTOMER_REQUESTS) =>
  queryOptions({
    queryKey: ['support', 'requests', params],
    queryFn: ({ signal }) => fetchCustomerRequests(params, signal),
    staleTime: 30_000,
  });

export function useCustomerRequests(params: CustomerRequestParams) {
  // Keeps the table in place while another page, kind or order loads.
  return useQuery({ ...customerRequestsQueryOptions(params), placeholderData: keepPreviousData });
}

import { accountUserPageSchema, type AccountUserPage } from '@ecare/shared/account-users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** People shown per page: an account rarely has more, and the table stays readable. */
export const ACCOUNT_USERS_PAGE_SIZE = 20;

/** GET /api/utilisateurs?idClientBscs&page&taille. */
export function fetchAccountUsers(idClientBscs: number, page: number, signal?: AbortSignal): Promise<AccountUserPage> {
  const query = new URLSearchParams({ idClientBscs: String(idClientBscs), page: String(page), taille: String(ACCOUNT_USERS_PAGE_SIZE) });
  return apiRequest(`/api/utilisateurs?${query.toString()}`, { schema: accountUserPageSchema, signal });
}

export const accountUsersQueryOptions = (idClientBscs: number, page = 1) =>
  queryOptions({
    queryKey: ['account-users', 'page', idClientBscs, page],
    queryFn: ({ signal }) => fetchAccountUsers(idClientBscs, page, signal),
    staleTime: 30_000,
  });

export function useAccountUsers(idClientBscs: number, page: number) {
  // Keeps the table in place while another page loads.
  return useQuery({ ...accountUsersQueryOptions(idClientBscs, page), placeholderData: keepPreviousData });
}

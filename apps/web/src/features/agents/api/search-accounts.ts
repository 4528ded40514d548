import { accountSearchResponseSchema, type AccountSearchResponse } from '@ecare/shared/agents';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/service-client/recherche (spec §3 "Billing account search form"). */
export function searchAccounts(token: string, search: { emailClient: string; numeroCompte: string }): Promise<AccountSearchResponse> {
  const json = search.emailClient ? { emailClient: search.emailClient } : { numeroCompte: search.numeroCompte };
  return apiRequest('/api/service-client/recherche', { method: 'POST', json, schema: accountSearchResponseSchema, bearer: token });
}

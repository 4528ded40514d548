import { securityPolicySchema } from '@ecare/shared/security-policy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const securityPolicyPath = (idClientBscs: number) => `/api/clients/${idClientBscs}/politique-securite`;

export const securityPolicyQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: ['security-policy', idClientBscs],
    queryFn: ({ signal }) => apiRequest(securityPolicyPath(idClientBscs), { schema: securityPolicySchema, signal }),
    staleTime: 60_000,
  });

/** GET /api/clients/{idClientBscs}/politique-securite. */
export function useSecurityPolicy(idClientBscs: number) {
  return useQuery(securityPolicyQueryOptions(idClientBscs));
}

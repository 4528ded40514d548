import { optinsSchema, type Optins } from '@ecare/shared/optins';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Whose contact choices: the signed-in user's own, or a billing account's (its manager sets them). */
export type OptinsOwner = { kind: 'own' } | { kind: 'account'; idClientBscs: number };

/** GET and PUT /api/contacts/optins, or /api/contacts/{idClientBscs}/optins. */
export function optinsPath(owner: OptinsOwner): string {
  return owner.kind === 'own' ? '/api/contacts/optins' : `/api/contacts/${owner.idClientBscs}/optins`;
}

export function fetchOptins(owner: OptinsOwner, signal?: AbortSignal): Promise<Optins> {
  return apiRequest(optinsPath(owner), { schema: optinsSchema, signal });
}

export const optinsQueryOptions = (owner: OptinsOwner) =>
  queryOptions({
    queryKey: owner.kind === 'own' ? ['optins', 'own'] : ['optins', 'account', owner.idClientBscs],
    queryFn: ({ signal }) => fetchOptins(owner, signal),
    staleTime: 60_000,
  });

export function useOptins(owner: OptinsOwner) {
  return useQuery(optinsQueryOptions(owner));
}

import { fleetPolicyAnswerSchema } from '@ecare/shared/fleet-policy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const fleetPolicyPath = (idClientBscs: number) => `/api/clients/${idClientBscs}/politique-flotte`;
export const FLEET_POLICY_KEY = ['fleet-policy'] as const;

export const fleetPolicyQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: [...FLEET_POLICY_KEY, idClientBscs],
    queryFn: ({ signal }) => apiRequest(fleetPolicyPath(idClientBscs), { schema: fleetPolicyAnswerSchema, signal }),
    staleTime: 60_000,
  });

/** GET /api/clients/{idClientBscs}/politique-flotte. */
export function useFleetPolicy(idClientBscs: number, enabled = true) {
  return useQuery({ ...fleetPolicyQueryOptions(idClientBscs), enabled });
}

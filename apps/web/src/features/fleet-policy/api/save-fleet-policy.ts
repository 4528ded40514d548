import { fleetPolicyAnswerSchema, type FleetPolicy } from '@ecare/shared/fleet-policy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { fleetPolicyPath, fleetPolicyQueryOptions } from './get-fleet-policy.ts';

/** PUT /api/clients/{idClientBscs}/politique-flotte. */
export function useSaveFleetPolicy(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policy: FleetPolicy) => apiRequest(fleetPolicyPath(idClientBscs), { method: 'PUT', json: policy, schema: fleetPolicyAnswerSchema }),
    onSuccess: (saved) => client.setQueryData(fleetPolicyQueryOptions(idClientBscs).queryKey, saved),
  });
}

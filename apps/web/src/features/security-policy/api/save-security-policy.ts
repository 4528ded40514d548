import { securityPolicySchema, type SecurityPolicy } from '@ecare/shared/security-policy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { securityPolicyPath, securityPolicyQueryOptions } from './get-security-policy.ts';

/** PUT /api/clients/{idClientBscs}/politique-securite. */
export function useSaveSecurityPolicy(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policy: SecurityPolicy) => apiRequest(securityPolicyPath(idClientBscs), { method: 'PUT', json: policy, schema: securityPolicySchema }),
    onSuccess: (saved) => client.setQueryData(securityPolicyQueryOptions(idClientBscs).queryKey, saved),
  });
}

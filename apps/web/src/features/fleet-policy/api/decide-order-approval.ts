import { orderApprovalSchema, type ApprovalDecision } from '@ecare/shared/fleet-policy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { orderApprovalPath, orderApprovalQueryOptions } from './get-order-approval.ts';

/** POST /api/commandes/{idClientBscs}/{numero}/validation: approve, or refuse with a reason; the order is read again. */
export function useDecideOrderApproval(idClientBscs: number, numero: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: ApprovalDecision) => apiRequest(orderApprovalPath(idClientBscs, numero), { method: 'POST', json: decision, schema: orderApprovalSchema }),
    onSettled: async (answer) => {
      if (answer) client.setQueryData(orderApprovalQueryOptions(idClientBscs, numero).queryKey, answer);
      await client.invalidateQueries();
    },
  });
}

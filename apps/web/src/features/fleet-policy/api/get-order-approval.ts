import { orderApprovalSchema } from '@ecare/shared/fleet-policy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const orderApprovalPath = (idClientBscs: number, numero: string) => `/api/commandes/${idClientBscs}/${numero}/validation`;

export const orderApprovalQueryOptions = (idClientBscs: number, numero: string) =>
  queryOptions({
    queryKey: ['order-approval', idClientBscs, numero],
    queryFn: ({ signal }) => apiRequest(orderApprovalPath(idClientBscs, numero), { schema: orderApprovalSchema, signal }),
  });

/** GET /api/commandes/{idClientBscs}/{numero}/validation: only for an order held for approval. */
export function useOrderApproval(idClientBscs: number, numero: string, enabled: boolean) {
  return useQuery({ ...orderApprovalQueryOptions(idClientBscs, numero), enabled });
}

import { terminationStatusSchema, type TerminationStatusAnswer } from '@ecare/shared/termination';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { terminationChanged } from './termination-cache.ts';

/** POST /api/resiliation/{idResiliation}/annuler. */
export function cancelTermination(idResiliation: number): Promise<TerminationStatusAnswer> {
  return apiRequest(`/api/resiliation/${idResiliation}/annuler`, { method: 'POST', schema: terminationStatusSchema });
}

export function useCancelTermination() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelTermination, onSuccess: (status) => terminationChanged(client, status) });
}

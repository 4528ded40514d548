import { IDEMPOTENCY_KEY_HEADER, terminationStatusSchema, type TerminationRequest, type TerminationStatusAnswer } from '@ecare/shared/termination';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { terminationChanged } from './termination-cache.ts';

/**
 * POST /api/contrat/resilier with the attempt's `Idempotency-Key`: the same key sent twice (a
 * double click, a retry after a lost answer) gives back the same request.
 */
export function submitTermination({ request, idempotencyKey }: { request: TerminationRequest; idempotencyKey: string }): Promise<TerminationStatusAnswer> {
  return apiRequest('/api/contrat/resilier', {
    method: 'POST',
    json: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: terminationStatusSchema,
  });
}

export function useSubmitTermination() {
  const client = useQueryClient();
  return useMutation({ mutationFn: submitTermination, onSuccess: (status) => terminationChanged(client, status) });
}

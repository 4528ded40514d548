import { newPhoneOrderSchema, type NewPhoneOrder, type NewPhoneOrderRequest } from '@ecare/shared/new-phone';
import { IDEMPOTENCY_KEY_HEADER } from '@ecare/shared/termination';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface NewPhoneOrderSubmission {
  request: NewPhoneOrderRequest;
  idempotencyKey: string;
}

/** POST /api/nouveau-telephone/{idContrat}/commande with the attempt's `Idempotency-Key`: a retry answers the same order. */
export function orderNewPhone(idContrat: number, { request, idempotencyKey }: NewPhoneOrderSubmission): Promise<NewPhoneOrder> {
  return apiRequest(`/api/nouveau-telephone/${idContrat}/commande`, {
    method: 'POST',
    json: request,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: newPhoneOrderSchema,
  });
}

export function useOrderNewPhone(idContrat: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (submission: NewPhoneOrderSubmission) => orderNewPhone(idContrat, submission),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['new-phone', 'eligibility', idContrat] });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

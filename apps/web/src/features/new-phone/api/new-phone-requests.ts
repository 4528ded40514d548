import { newPhoneEligibilitySchema, newPhoneOfferListSchema, newPhoneOrderSchema, type NewPhoneOrder, type NewPhoneOrderRequest } from '@ecare/shared/new-phone';
import { IDEMPOTENCY_KEY_HEADER } from '@ecare/shared/termination';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/nouveau-telephone/{idContrat}/eligibilite: the line, whether it may order, and the price it pays. */
export const eligibilityQueryOptions = (idContrat: number) =>
  queryOptions({
    queryKey: ['new-phone', 'eligibility', idContrat],
    queryFn: ({ signal }) => apiRequest(`/api/nouveau-telephone/${idContrat}/eligibilite`, { schema: newPhoneEligibilitySchema, signal }),
    staleTime: 30_000,
  });

/** GET /api/nouveau-telephone/{idContrat}/mobiles: the phones with this line's price. */
export const phonesQueryOptions = (idContrat: number) =>
  queryOptions({
    queryKey: ['new-phone', 'phones', idContrat],
    queryFn: ({ signal }) => apiRequest(`/api/nouveau-telephone/${idContrat}/mobiles`, { schema: newPhoneOfferListSchema, signal }),
    staleTime: 60_000,
  });

export const useEligibility = (idContrat: number) => useQuery(eligibilityQueryOptions(idContrat));
export const usePhonesForLine = (idContrat: number, enabled: boolean) => useQuery({ ...phonesQueryOptions(idContrat), enabled });

/** POST /api/nouveau-telephone/{idContrat}/commande with the attempt's `Idempotency-Key`: a retry answers the same order. */
export function useOrderNewPhone(idContrat: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: { request: NewPhoneOrderRequest; idempotencyKey: string }): Promise<NewPhoneOrder> =>
      apiRequest(`/api/nouveau-telephone/${idContrat}/commande`, {
        method: 'POST',
        json: request,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        schema: newPhoneOrderSchema,
      }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['new-phone', 'eligibility', idContrat] });
      void client.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}


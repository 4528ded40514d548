import {
  IDEMPOTENCY_KEY_HEADER,
  terminationConfirmationSentSchema,
  terminationInProgressSchema,
  terminationStatusSchema,
  type TerminationRequest,
  type TerminationStatusAnswer,
} from '@ecare/shared/termination';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/resiliation/en-cours/{idContrat}: the line's scheduled termination, or null. */
export function fetchInProgress(idContrat: number, signal?: AbortSignal): Promise<TerminationStatusAnswer | null> {
  return apiRequest(`/api/resiliation/en-cours/${idContrat}`, { schema: terminationInProgressSchema, signal }).then((answer) => answer.resiliation);
}

export const inProgressQueryOptions = (idContrat: number) =>
  queryOptions({ queryKey: ['termination', 'in-progress', idContrat], queryFn: ({ signal }) => fetchInProgress(idContrat, signal), staleTime: 30_000 });

export function useTerminationInProgress(idContrat: number) {
  return useQuery(inProgressQueryOptions(idContrat));
}

/** GET /api/resiliation/statut/{idResiliation}. */
export function fetchTerminationStatus(idResiliation: number, signal?: AbortSignal): Promise<TerminationStatusAnswer> {
  return apiRequest(`/api/resiliation/statut/${idResiliation}`, { schema: terminationStatusSchema, signal });
}

export const terminationStatusQueryOptions = (idResiliation: number) =>
  queryOptions({ queryKey: ['termination', 'status', idResiliation], queryFn: ({ signal }) => fetchTerminationStatus(idResiliation, signal) });

export function useTerminationStatus(idResiliation: number | null) {
  return useQuery({ ...terminationStatusQueryOptions(idResiliation ?? 0), enabled: idResiliation !== null });
}

/** What a sent, cancelled or ended request changes on the pages: the line, its request, its commitment. */
function refreshLine(client: QueryClient, status: TerminationStatusAnswer) {
  client.setQueryData(terminationStatusQueryOptions(status.idResiliation).queryKey, status);
  client.setQueryData(inProgressQueryOptions(status.idContrat).queryKey, status.statut === 'PROGRAMMEE' ? status : null);
  void client.invalidateQueries({ queryKey: ['termination', 'commitment', status.idContrat] });
}

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
  return useMutation({ mutationFn: submitTermination, onSuccess: (status) => refreshLine(client, status) });
}

/** POST /api/resiliation/{idResiliation}/annuler. */
export function cancelTermination(idResiliation: number): Promise<TerminationStatusAnswer> {
  return apiRequest(`/api/resiliation/${idResiliation}/annuler`, { method: 'POST', schema: terminationStatusSchema });
}

export function useCancelTermination() {
  const client = useQueryClient();
  return useMutation({ mutationFn: cancelTermination, onSuccess: (status) => refreshLine(client, status) });
}

/** POST /api/resiliation/envoyer-confirmation: the recap e-mailed again to the manager. */
export function sendConfirmation(idResiliation: number): Promise<{ email: string }> {
  return apiRequest('/api/resiliation/envoyer-confirmation', { method: 'POST', json: { idResiliation }, schema: terminationConfirmationSentSchema });
}

export function useSendConfirmation() {
  return useMutation({ mutationFn: sendConfirmation });
}

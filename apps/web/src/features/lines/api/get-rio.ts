import { rioResponseSchema, type RioResponse } from '@ecare/shared/lines';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/contrat/rio?idContrat=…: the line's RIO (12 characters, no spaces) and its number. */
export function fetchRio(idContrat: number): Promise<RioResponse> {
  const query = new URLSearchParams({ idContrat: String(idContrat) });
  return apiRequest(`/api/contrat/rio?${query.toString()}`, { schema: rioResponseSchema });
}

/** Read on demand only, like the PUK: the server records every read. */
export function useRevealRio(idContrat: number) {
  return useMutation({ mutationFn: () => fetchRio(idContrat) });
}

import { pukSchema, type Puk } from '@ecare/shared/lines';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/clients/contrats/{idContrat}/puk: the PUK and PUK2 codes; the server records every read. */
export function fetchPuk(idContrat: number): Promise<Puk> {
  return apiRequest(`/api/clients/contrats/${idContrat}/puk`, { schema: pukSchema });
}

/**
 * Read on demand only: each read is recorded in the audit log, so it is never sent ahead, cached
 * or retried behind the person's back (hence a mutation rather than a query).
 */
export function useRevealPuk(idContrat: number) {
  return useMutation({ mutationFn: () => fetchPuk(idContrat) });
}

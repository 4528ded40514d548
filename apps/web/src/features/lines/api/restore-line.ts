import { lineDetailSchema, type LineDetail } from '@ecare/shared/lines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lineChanged } from './line-cache.ts';

export interface RestoreLineInput {
  idContrat: number;
  idClientBscs: number;
}

/** POST /api/perte-ou-vol/{idContrat}/{idClientBscs}/retablir: lifts a loss or theft suspension. */
export function restoreLine({ idContrat, idClientBscs }: RestoreLineInput): Promise<LineDetail> {
  return apiRequest(`/api/perte-ou-vol/${idContrat}/${idClientBscs}/retablir`, { method: 'POST', schema: lineDetailSchema });
}

export function useRestoreLine() {
  const client = useQueryClient();
  return useMutation({ mutationFn: restoreLine, onSuccess: (line) => lineChanged(client, line) });
}

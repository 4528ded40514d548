import { lineBarringsAnswerSchema, type LineBarrings, type LineBarringsAnswer } from '@ecare/shared/line-barrings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lineBarringsChanged } from './line-cache.ts';

export interface LineBarringsChange {
  idContrat: number;
  barrages: LineBarrings;
}

/** PUT /api/lignes/{idContrat}/barrages: bars or allows roaming and international calls (the account's manager). */
export function setLineBarrings({ idContrat, barrages }: LineBarringsChange): Promise<LineBarringsAnswer> {
  return apiRequest(`/api/lignes/${idContrat}/barrages`, { method: 'PUT', json: barrages, schema: lineBarringsAnswerSchema });
}

export function useSetLineBarrings() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setLineBarrings, onSuccess: (answer) => lineBarringsChanged(client, answer) });
}

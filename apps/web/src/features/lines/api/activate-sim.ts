import { lineDetailSchema, type LineDetail } from '@ecare/shared/lines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lineChanged } from './line-cache.ts';

export interface SimActivationInput {
  idContrat: number;
  numeroLigne: string;
  numeroSim: string;
}

/** POST /api/contrats/{idContrat}/{numeroLigne}/ActivationSim with { numeroSim }: answers the updated line. */
export function activateSim({ idContrat, numeroLigne, numeroSim }: SimActivationInput): Promise<LineDetail> {
  return apiRequest(`/api/contrats/${idContrat}/${encodeURIComponent(numeroLigne)}/ActivationSim`, {
    method: 'POST',
    json: { numeroSim },
    schema: lineDetailSchema,
  });
}

export function useActivateSim() {
  const client = useQueryClient();
  return useMutation({ mutationFn: activateSim, onSuccess: (line) => lineChanged(client, line) });
}

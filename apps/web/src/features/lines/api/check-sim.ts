import { simCheckResponseSchema, type SimCheckResponse } from '@ecare/shared/lines';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface SimCheckInput {
  idContrat: number;
  numeroSim: string;
}

/** POST /api/sim/verifier (spec §3 "SIM check": Id, NumeroSim): whether the card may go on the line. */
export function checkSim({ idContrat, numeroSim }: SimCheckInput): Promise<SimCheckResponse> {
  return apiRequest('/api/sim/verifier', {
    method: 'POST',
    json: { Id: idContrat, NumeroSim: numeroSim },
    schema: simCheckResponseSchema,
  });
}

export function useCheckSim() {
  return useMutation({ mutationFn: checkSim });
}

import { lineDetailSchema, type LineDetail, type LossTheftDeclaration } from '@ecare/shared/lines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lineChanged } from './line-cache.ts';

export interface LossTheftInput {
  idContrat: number;
  idClientBscs: number;
  declaration: LossTheftDeclaration;
}

/** POST /api/perte-ou-vol/{idContrat}/{idClientBscs}: suspends the line at once, answers it. */
export function declareLossTheft({ idContrat, idClientBscs, declaration }: LossTheftInput): Promise<LineDetail> {
  return apiRequest(`/api/perte-ou-vol/${idContrat}/${idClientBscs}`, {
    method: 'POST',
    json: declaration,
    schema: lineDetailSchema,
  });
}

export function useDeclareLossTheft() {
  const client = useQueryClient();
  return useMutation({ mutationFn: declareLossTheft, onSuccess: (line) => lineChanged(client, line) });
}

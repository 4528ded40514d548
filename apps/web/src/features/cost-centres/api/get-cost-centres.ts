import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** What a centre needs to be chosen (the cost-centres feature answers more fields). */
const costCentresSchema = z.array(z.looseObject({ idCentre: z.number().int(), code: z.string(), libelle: z.string(), idParent: z.number().int().nullable() }));

export const costCentresQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: ['cost-centres', idClientBscs],
    queryFn: ({ signal }) => apiRequest(`/api/clients/${idClientBscs}/centres-de-cout`, { schema: costCentresSchema, signal }),
    staleTime: 60_000,
  });

/** GET /api/clients/{idClientBscs}/centres-de-cout. */
export function useCostCentres(idClientBscs: number, enabled = true) {
  return useQuery({ ...costCentresQueryOptions(idClientBscs), enabled });
}

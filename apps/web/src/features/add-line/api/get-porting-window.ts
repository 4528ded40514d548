import { portingDateResponseSchema, type PortingDateResponse } from '@ecare/shared/add-line';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { addLineKey } from './add-line-cache.ts';

/** `GET /api/ajout-lignes/date-portage?date=`: the window of porting dates allowed today. */
export function fetchPortingWindow(today: string, signal?: AbortSignal): Promise<PortingDateResponse> {
  return apiRequest(`/api/ajout-lignes/date-portage?date=${today}`, { schema: portingDateResponseSchema, signal });
}

export const usePortingWindow = (today: string) =>
  useQuery({
    queryKey: [...addLineKey, 'date-portage', today],
    queryFn: ({ signal }) => fetchPortingWindow(today, signal),
    staleTime: 10 * 60_000,
  });

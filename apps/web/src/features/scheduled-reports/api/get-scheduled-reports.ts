import { scheduledReportsAnswerSchema } from '@ecare/shared/scheduled-reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const reportsPath = (idClientBscs: number) => `/api/clients/${idClientBscs}/rapports-programmes`;
export const SCHEDULED_REPORTS_KEY = ['scheduled-reports'] as const;

export const scheduledReportsQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: [...SCHEDULED_REPORTS_KEY, idClientBscs],
    queryFn: ({ signal }) => apiRequest(reportsPath(idClientBscs), { schema: scheduledReportsAnswerSchema, signal }),
    staleTime: 30_000,
  });

/** GET /api/clients/{idClientBscs}/rapports-programmes: the reports and their sendings of the last 12 months. */
export function useScheduledReports(idClientBscs: number) {
  return useQuery(scheduledReportsQueryOptions(idClientBscs));
}

import { bulkJobSummarySchema } from '@ecare/shared/bulk-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { BULK_JOB_POLL_MS, BULK_JOBS_KEY, bulkJobsPath, running } from './get-bulk-jobs.ts';

/** GET /api/clients/{idClientBscs}/traitements/{idTraitement}/avancement: the counts without the rows. */
export const bulkJobProgressQueryOptions = (idClientBscs: number, idTraitement: number) =>
  queryOptions({
    queryKey: [...BULK_JOBS_KEY, idClientBscs, idTraitement, 'avancement'],
    queryFn: ({ signal }) => apiRequest(`${bulkJobsPath(idClientBscs)}/${idTraitement}/avancement`, { schema: bulkJobSummarySchema, signal }),
  });

/** Read every second while the job moves (`enabled` once the job is known to run), a few hundred bytes each time whatever its size. */
export function useBulkJobProgress(idClientBscs: number, idTraitement: number, enabled: boolean) {
  return useQuery({
    ...bulkJobProgressQueryOptions(idClientBscs, idTraitement),
    enabled,
    refetchInterval: (query) => (!query.state.data || running(query.state.data) ? BULK_JOB_POLL_MS : false),
  });
}

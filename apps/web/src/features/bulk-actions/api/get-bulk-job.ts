import { bulkJobSchema } from '@ecare/shared/bulk-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { BULK_JOB_POLL_MS, BULK_JOBS_KEY, bulkJobsPath, running } from './get-bulk-jobs.ts';

/** GET /api/clients/{idClientBscs}/traitements/{idTraitement}, read again every second while it runs. */
export const bulkJobQueryOptions = (idClientBscs: number, idTraitement: number) =>
  queryOptions({
    queryKey: [...BULK_JOBS_KEY, idClientBscs, idTraitement],
    queryFn: ({ signal }) => apiRequest(`${bulkJobsPath(idClientBscs)}/${idTraitement}`, { schema: bulkJobSchema, signal }),
  });

export function useBulkJob(idClientBscs: number, idTraitement: number) {
  return useQuery({ ...bulkJobQueryOptions(idClientBscs, idTraitement), refetchInterval: (query) => (query.state.data && running(query.state.data) ? BULK_JOB_POLL_MS : false) });
}

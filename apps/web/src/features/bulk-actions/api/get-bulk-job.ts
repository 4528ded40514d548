import { bulkJobSchema } from '@ecare/shared/bulk-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { BULK_JOBS_KEY, bulkJobsPath, running } from './get-bulk-jobs.ts';

/** How often the rows of a job that runs are read again: its progress alone is read every second. */
export const BULK_ROWS_POLL_MS = 10_000;

/** GET /api/clients/{idClientBscs}/traitements/{idTraitement}: the job and each row's result. */
export const bulkJobQueryOptions = (idClientBscs: number, idTraitement: number) =>
  queryOptions({
    queryKey: [...BULK_JOBS_KEY, idClientBscs, idTraitement],
    queryFn: ({ signal }) => apiRequest(`${bulkJobsPath(idClientBscs)}/${idTraitement}`, { schema: bulkJobSchema, signal }),
  });

export function useBulkJob(idClientBscs: number, idTraitement: number) {
  return useQuery({ ...bulkJobQueryOptions(idClientBscs, idTraitement), refetchInterval: (query) => (query.state.data && running(query.state.data) ? BULK_ROWS_POLL_MS : false) });
}

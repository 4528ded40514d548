import { bulkJobListSchema, type BulkJob } from '@ecare/shared/bulk-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The key of every read of the jobs: what a start, cancel or undo refreshes. */
export const BULK_JOBS_KEY = ['bulk-jobs'] as const;
/** How often a job in progress is read again: its progress moves a chunk at a time. */
export const BULK_JOB_POLL_MS = 1_000;

export const bulkJobsPath = (idClientBscs: number) => `/api/clients/${idClientBscs}/traitements`;

/** GET /api/clients/{idClientBscs}/traitements. */
export const bulkJobsQueryOptions = (idClientBscs: number) =>
  queryOptions({
    queryKey: [...BULK_JOBS_KEY, idClientBscs],
    queryFn: ({ signal }) => apiRequest(bulkJobsPath(idClientBscs), { schema: bulkJobListSchema, signal }),
  });

export function useBulkJobs(idClientBscs: number) {
  return useQuery({ ...bulkJobsQueryOptions(idClientBscs), refetchInterval: (query) => (query.state.data?.traitements.some(running) ? BULK_JOB_POLL_MS * 3 : false) });
}

/** Whether the job (or its undo) is still moving. */
export function running(job: Pick<BulkJob, 'statut' | 'retourArriere'>): boolean {
  return job.statut === 'EN_ATTENTE' || job.statut === 'EN_COURS' || job.retourArriere === 'EN_COURS';
}

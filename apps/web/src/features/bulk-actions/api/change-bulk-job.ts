import { bulkJobSchema, type BulkJob } from '@ecare/shared/bulk-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { bulkJobQueryOptions } from './get-bulk-job.ts';
import { BULK_JOBS_KEY, bulkJobsPath } from './get-bulk-jobs.ts';

/** POST …/traitements/{idTraitement}/annulation (stop) or …/retour-arriere (undo). */
export function useChangeBulkJob(idClientBscs: number, idTraitement: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: 'annulation' | 'retour-arriere'): Promise<BulkJob> =>
      apiRequest(`${bulkJobsPath(idClientBscs)}/${idTraitement}/${change}`, { method: 'POST', schema: bulkJobSchema }),
    onSuccess: (job) => {
      client.setQueryData(bulkJobQueryOptions(idClientBscs, idTraitement).queryKey, job);
      return client.invalidateQueries({ queryKey: BULK_JOBS_KEY });
    },
  });
}

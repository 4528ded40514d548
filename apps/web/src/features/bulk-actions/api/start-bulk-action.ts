import {
  BULK_CSV_FIELD,
  bulkSimulationSchema,
  bulkStartedSchema,
  type BulkAction,
  type BulkSimulation,
} from '@ecare/shared/bulk-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiUpload } from '../../../lib/api-upload.ts';
import { BULK_JOBS_KEY } from './get-bulk-jobs.ts';

/** The lines of a bulk action: a selection of the fleet list, or a CSV file of numbers. */
export type BulkSource = { kind: 'lignes'; ids: readonly number[] } | { kind: 'csv'; file: File };

export interface BulkCall {
  action: BulkAction;
  parametres: Record<string, unknown>;
  source: BulkSource;
}

const path = (idClientBscs: number) => `/api/clients/${idClientBscs}/actions-groupees`;

function post<T>(idClientBscs: number, call: BulkCall, simulation: boolean, schema: { parse: (value: unknown) => T }): Promise<T> {
  if (call.source.kind === 'lignes') {
    return apiRequest(path(idClientBscs), { method: 'POST', json: { action: call.action, parametres: call.parametres, lignes: call.source.ids, simulation }, schema });
  }
  const body = new FormData();
  body.append('action', call.action);
  body.append('parametres', JSON.stringify(call.parametres));
  body.append('simulation', String(simulation));
  body.append(BULK_CSV_FIELD, call.source.file);
  return apiUpload(path(idClientBscs), { body, schema });
}

/** POST /api/clients/{idClientBscs}/actions-groupees with `simulation: true`: every row OK or REFUS, nothing changed. */
export function useSimulateBulkAction(idClientBscs: number) {
  return useMutation({ mutationFn: (call: BulkCall): Promise<BulkSimulation> => post(idClientBscs, call, true, bulkSimulationSchema) });
}

/** The same without simulation: the job starts (202), its id answered. */
export function useStartBulkAction(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (call: BulkCall) => post(idClientBscs, call, false, bulkStartedSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: BULK_JOBS_KEY }),
  });
}

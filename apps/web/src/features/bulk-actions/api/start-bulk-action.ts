import {
  BULK_CSV_FIELD,
  bulkSimulationSchema,
  bulkStartedSchema,
  type BulkAction,
  type BulkSimulation,
} from '@ecare/shared/bulk-actions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiUpload, type UploadProgress } from '../../../lib/api-upload.ts';
import { BULK_JOBS_KEY } from './get-bulk-jobs.ts';

/** The lines of a bulk action: a selection of the fleet list, or a CSV file of numbers. */
export type BulkSource = { kind: 'lignes'; ids: readonly number[] } | { kind: 'csv'; file: File };

export interface BulkCall {
  action: BulkAction;
  parametres: Record<string, unknown>;
  source: BulkSource;
}

/** A CSV file's way up: its progress, and a way to stop it (the one upload pattern, components/ui/upload.tsx). */
export interface BulkTransfer {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

const path = (idClientBscs: number) => `/api/clients/${idClientBscs}/actions-groupees`;

function post<T>(idClientBscs: number, { call, transfer }: BulkPost, simulation: boolean, schema: { parse: (value: unknown) => T }): Promise<T> {
  if (call.source.kind === 'lignes') {
    return apiRequest(path(idClientBscs), { method: 'POST', json: { action: call.action, parametres: call.parametres, lignes: call.source.ids, simulation }, schema });
  }
  const body = new FormData();
  body.append('action', call.action);
  body.append('parametres', JSON.stringify(call.parametres));
  body.append('simulation', String(simulation));
  body.append(BULK_CSV_FIELD, call.source.file);
  return apiUpload(path(idClientBscs), { body, schema, ...transfer });
}

/** A call, with the transfer of its CSV file when it has one. */
export interface BulkPost {
  call: BulkCall;
  transfer?: BulkTransfer;
}

/** POST /api/clients/{idClientBscs}/actions-groupees with `simulation: true`: every row OK or REFUS, nothing changed. */
export function useSimulateBulkAction(idClientBscs: number) {
  return useMutation({ mutationFn: (request: BulkPost): Promise<BulkSimulation> => post(idClientBscs, request, true, bulkSimulationSchema) });
}

/** The same without simulation: the job starts (202), its id answered. */
export function useStartBulkAction(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: BulkPost) => post(idClientBscs, request, false, bulkStartedSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: BULK_JOBS_KEY }),
  });
}

import { PIECE_FIELD, pieceUploadResponseSchema } from '@ecare/shared/orders';
import type { PieceType } from '@ecare/shared/shop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type UploadProgress } from '../../../lib/api-upload.ts';
import { ordersKey } from './orders-cache.ts';
import { piecesPath } from './paths.ts';

export interface PieceUpload {
  idClientBscs: number;
  type: PieceType;
  idSouscription: number | null;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** POST /api/clients/{idClientBscs}/pieces/{type} as multipart/form-data, the subscription first, with the progress of the bytes sent. */
export function uploadPiece({ idClientBscs, type, idSouscription, file, onProgress, signal }: PieceUpload) {
  const body = new FormData();
  if (idSouscription !== null) body.append('idSouscription', String(idSouscription));
  body.append(PIECE_FIELD, file, file.name);
  return apiUpload(`${piecesPath(idClientBscs)}/${type}`, { body, schema: pieceUploadResponseSchema, onProgress, signal });
}

export function useUploadPiece() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadPiece,
    onSuccess: (_, upload) => client.invalidateQueries({ queryKey: ordersKey(upload.idClientBscs) }),
  });
}

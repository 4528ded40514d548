import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { ordersKey } from './orders-cache.ts';
import { piecesPath } from './paths.ts';

/** DELETE /api/clients/{idClientBscs}/pieces/{idCtrlPiece}. */
export function deletePiece(idClientBscs: number, idCtrlPiece: number) {
  return apiRequest(`${piecesPath(idClientBscs)}/${idCtrlPiece}`, { method: 'DELETE', schema: z.object({ idCtrlPiece: z.number(), supprime: z.literal(true) }) });
}

export function useDeletePiece(idClientBscs: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idCtrlPiece: number) => deletePiece(idClientBscs, idCtrlPiece),
    onSuccess: () => client.invalidateQueries({ queryKey: ordersKey(idClientBscs) }),
  });
}

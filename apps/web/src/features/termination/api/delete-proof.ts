import { TERMINATION_KEY_FIELD, terminationDeletedSchema } from '@ecare/shared/termination';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-upload.ts';

/** POST /api/delete-uploaded-piece-jointe-resiliation, multipart as the upload is (spec §7). */
export function deleteProof(cle: string): Promise<{ cle: string }> {
  const body = new FormData();
  body.append(TERMINATION_KEY_FIELD, cle);
  return apiUpload('/api/delete-uploaded-piece-jointe-resiliation', { body, schema: terminationDeletedSchema });
}

export function useDeleteProof() {
  return useMutation({ mutationFn: deleteProof });
}

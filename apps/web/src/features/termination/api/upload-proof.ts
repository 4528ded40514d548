import { ATTACHMENT_FIELD } from '@ecare/shared/support';
import { TERMINATION_CONTRACT_FIELD, terminationAttachmentSchema, type TerminationAttachment } from '@ecare/shared/termination';
import { useMutation } from '@tanstack/react-query';
import { apiUpload, type UploadProgress } from '../../../lib/api-upload.ts';

export interface ProofUpload {
  idContrat: number;
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/upload-piece-jointe-resiliation as multipart/form-data (spec §7: not JSON), the line
 * first so that the server checks it before the file, with the progress of the bytes sent.
 */
export function uploadProof({ idContrat, file, onProgress, signal }: ProofUpload): Promise<TerminationAttachment> {
  const body = new FormData();
  body.append(TERMINATION_CONTRACT_FIELD, String(idContrat));
  body.append(ATTACHMENT_FIELD, file, file.name);
  return apiUpload('/api/upload-piece-jointe-resiliation', { body, schema: terminationAttachmentSchema, onProgress, signal });
}

export function useUploadProof() {
  return useMutation({ mutationFn: uploadProof });
}

import { ATTACHMENT_FIELD, contactResponseSchema, type ContactResponse } from '@ecare/shared/support';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, type UploadProgress } from '../../../lib/api-upload.ts';

export interface ContactMessageInput {
  /** The form's text fields as typed (empty ones are left out). */
  fields: Record<string, string | null | undefined>;
  attachment: File | null;
  /** The billing account the message is about (a signed-in manager's chosen one). */
  idClientBscs?: number | null;
  /** A captcha token for this call, when the sender is a visitor and the captcha is on. */
  captcha?: () => Promise<string | undefined>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/faq/envoyerEmail as multipart/form-data (spec §7: this call is not JSON), the
 * attachment under `pieceJointe`, with the progress of the bytes sent: answers the reference.
 */
export async function sendContactMessage({ fields, attachment, idClientBscs, captcha, onProgress, signal }: ContactMessageInput): Promise<ContactResponse> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string' && value.trim() !== '') body.append(name, value);
  }
  if (idClientBscs) body.append('idClientBscs', String(idClientBscs));
  const token = await captcha?.();
  if (token) body.append('captcha', token);
  if (attachment) body.append(ATTACHMENT_FIELD, attachment, attachment.name);
  return apiUpload('/api/faq/envoyerEmail', { body, schema: contactResponseSchema, onProgress, signal });
}

export function useSendContactMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendContactMessage,
    // A signed-in sender's list of tickets now has one more.
    onSuccess: () => client.invalidateQueries({ queryKey: ['support', 'tickets'] }),
  });
}

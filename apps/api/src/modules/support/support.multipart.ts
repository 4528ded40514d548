import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_FIELD } from '@ecare/shared';
import type { AttachmentStore } from '../../lib/attachments/store.ts';
import { readMultipartUpload, type MultipartUpload } from '../../lib/attachments/multipart.ts';

/** What the contact form's multipart body holds: its text fields as sent, and the stored file. */
export type ContactUpload = MultipartUpload;

/**
 * Reads the contact form's body as it streams (lib/attachments/multipart.ts): text fields, and one
 * file under `pieceJointe`, checked by its first bytes and written to the store as it comes.
 */
export function readContactUpload(request: FastifyRequest, store: AttachmentStore): Promise<ContactUpload> {
  return readMultipartUpload(request, store, { fileField: ATTACHMENT_FIELD });
}

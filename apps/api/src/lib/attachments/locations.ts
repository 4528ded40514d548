import path from 'node:path';
import type { Config } from '../../config/env.ts';
import { s3AttachmentStore } from './s3-store.ts';
import { localAttachmentStore, type AttachmentStore } from './store.ts';

/** The kinds of uploaded file, each in a place of its own. */
export type StoredFileKind = 'contact' | 'termination' | 'pieces';

export type AttachmentStores = Record<StoredFileKind, AttachmentStore>;

/**
 * Where each kind of uploaded file lives: the contact form's attachments at the root of
 * ATTACHMENTS_DIR, termination proofs under `resiliations/`, supporting documents under `pieces/`
 * or in the S3-compatible bucket when one is configured. The modules that receive them and the
 * clean-up and demo reset that delete them all reach them here.
 */
export function attachmentStores(config: Pick<Config, 'attachmentsDir' | 's3'>): AttachmentStores {
  return {
    contact: localAttachmentStore(config.attachmentsDir),
    termination: localAttachmentStore(path.join(config.attachmentsDir, 'resiliations')),
    pieces: config.s3 ? s3AttachmentStore(config.s3) : localAttachmentStore(path.join(config.attachmentsDir, 'pieces')),
  };
}

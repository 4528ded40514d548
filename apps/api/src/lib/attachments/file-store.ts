import path from 'node:path';
import type { Config } from '../../config/env.ts';
import { assertOutsideWebRoot, localAttachmentStore, type AttachmentStore } from './store.ts';

/** The kinds of stored file, each in a folder of its own: uploads, and the scheduled reports the portal sends. */
export type StoredFileKind = 'contact' | 'termination' | 'pieces' | 'rapports';

/**
 * Where each kind lives in the one backend, as the local folder has always laid them out: the
 * contact form's attachments at the root, termination proofs under `resiliations/`, supporting
 * documents under `pieces/`, scheduled reports under `rapports/`. A bucket has the same layout, so a folder copied into it is found.
 */
export const FILE_FOLDERS: Readonly<Record<StoredFileKind, string>> = { contact: '', termination: 'resiliations', pieces: 'pieces', rapports: 'rapports' };

export type AttachmentStores = Readonly<Record<StoredFileKind, AttachmentStore>>;

/**
 * Every stored file of the portal (uploads, reports sent), in one backend: a local folder (ATTACHMENTS_DIR) or an
 * S3-compatible bucket (S3_*). Built once, in the core; the modules that receive files, the
 * clean-up and the demo reset all take their kind's store from it.
 */
export interface FileStore extends AttachmentStores {
  /** Which backend holds the files: the local folder or the bucket. */
  readonly backend: 'local' | 's3';
  close(): Promise<void>;
}

export async function createFileStore(config: Pick<Config, 'attachmentsDir' | 'webDist' | 's3'>): Promise<FileStore> {
  if (config.s3) {
    // The SDK takes a few hundred milliseconds to load: only an installation with a bucket pays them.
    const { s3Backend } = await import('./s3-store.ts');
    const bucket = s3Backend(config.s3);
    return {
      backend: 's3',
      contact: bucket.store(prefixOf('contact')),
      termination: bucket.store(prefixOf('termination')),
      pieces: bucket.store(prefixOf('pieces')),
      rapports: bucket.store(prefixOf('rapports')),
      close: async () => bucket.close(),
    };
  }
  assertOutsideWebRoot(config.attachmentsDir, config.webDist);
  const folderOf = (kind: StoredFileKind) => path.join(config.attachmentsDir, FILE_FOLDERS[kind]);
  return {
    backend: 'local',
    contact: localAttachmentStore(folderOf('contact')),
    termination: localAttachmentStore(folderOf('termination')),
    pieces: localAttachmentStore(folderOf('pieces')),
    rapports: localAttachmentStore(folderOf('rapports')),
    close: async () => {},
  };
}

/** A kind's key prefix in a bucket: its folder and a slash, nothing at the root. */
const prefixOf = (kind: StoredFileKind) => (FILE_FOLDERS[kind] === '' ? '' : `${FILE_FOLDERS[kind]}/`);

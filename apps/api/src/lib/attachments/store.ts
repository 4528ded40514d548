import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, opendir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ATTACHMENT_SIGNATURE_BYTES, attachmentTypeOf, type AttachmentType } from '@ecare/shared';
import { fail } from '../errors.ts';

/** A file received in an upload: stored under `key`, not yet kept (see AttachmentStore). */
export interface ReceivedAttachment {
  key: string;
  /** The name it had on the sender's computer, reduced to a harmless label (metadata only). */
  name: string;
  /** Recognised from its first bytes. */
  type: AttachmentType;
  size: number;
}

/**
 * Where one kind of uploaded file lives (file-store.ts): each file under a random name with no
 * extension, never served by the static file server. A file is received while it arrives and
 * while what it goes with is checked; `keep` makes it final once that is written, `discard`
 * removes it otherwise. In a local folder (below) a file received is `<key>.part`; in a bucket
 * (s3-store.ts) it waits in memory.
 */
export interface AttachmentStore {
  receive(file: Readable & { truncated?: boolean }, originalName: string): Promise<ReceivedAttachment | null>;
  /** The bytes of a file received, kept or not yet (to send it on by e-mail). */
  read(key: string): Promise<Buffer>;
  keep(key: string): Promise<void>;
  /** Stores a file the portal made (a report), kept at once under a new key, which it answers. */
  write(bytes: Buffer, contentType: string): Promise<string>;
  discard(key: string): Promise<void>;
  /** Every file stored, kept or partial, for the clean-up to find what nothing names (decision 030). */
  list(): AsyncIterable<StoredFile>;
}

/** A file as the store holds it: `partial` while it is still `<key>.part` (received, not kept). */
export interface StoredFile {
  key: string;
  partial: boolean;
  modifiedAt: Date;
}

/** The key of a stored file: 128 random bits in hex. */
export const STORED_KEY = /^[0-9a-f]{32}$/;

/** The names a local store gives its files: a random key, `.part` until kept. Anything else in the folder is not its. */
const STORED_NAME = /^([0-9a-f]{32})(\.part)?$/;

const NAME_MAX = 100;
const FALLBACK_NAME = 'piece-jointe';

/**
 * The original file name as a label: the last path segment only (`../../x.pdf` is `x.pdf`),
 * without control or reserved characters, without leading dots, at most 100 characters keeping
 * the extension. It is stored and shown, never used as a path.
 */
export function safeAttachmentName(original: string): string {
  const last = original.split(/[\\/]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed here
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[<>:"|?*\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  const characters = [...cleaned];
  if (characters.length === 0) return FALLBACK_NAME;
  if (characters.length <= NAME_MAX) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return [...cleaned.slice(0, cleaned.length - extension.length)].slice(0, NAME_MAX - extension.length).join('') + extension;
}

/** Counts the bytes and checks the first ones as they pass: an unknown type stops the upload there. */
export class SignatureCheck extends Transform {
  head = Buffer.alloc(0);
  type: AttachmentType | null = null;
  size = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.type === null) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, ATTACHMENT_SIGNATURE_BYTES)]).subarray(0, ATTACHMENT_SIGNATURE_BYTES);
      if (this.head.length >= ATTACHMENT_SIGNATURE_BYTES) {
        this.type = attachmentTypeOf(this.head);
        if (this.type === null) {
          done(fail('ATTACHMENT_TYPE'));
          return;
        }
      }
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    // A file shorter than a signature is no document of the accepted types.
    if (this.size > 0 && this.type === null) done(fail('ATTACHMENT_TYPE'));
    else done();
  }
}

export function localAttachmentStore(folder: string): AttachmentStore {
  const partial = (key: string) => path.join(folder, `${key}.part`);
  const final = (key: string) => path.join(folder, key);
  let ready: Promise<unknown> | null = null;

  return {
    async receive(file, originalName) {
      ready ??= mkdir(folder, { recursive: true, mode: 0o700 });
      await ready;
      const key = randomBytes(16).toString('hex');
      const check = new SignatureCheck();
      // 'wx': never over an existing file, whatever the odds of a random name repeating.
      const written = createWriteStream(partial(key), { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(file, check, written);
        // The multipart parser stops at the size limit and marks the stream truncated.
        if (file.truncated) throw fail('ATTACHMENT_TOO_LARGE');
      } catch (error) {
        // A refusal in the first bytes can end the pipeline before the file is even opened: the
        // removal waits for the stream to close, or the file would be created after it.
        if (!written.closed) await new Promise<void>((resolve) => written.once('close', () => resolve()));
        await rm(partial(key), { force: true });
        throw error;
      }
      if (check.size === 0 || check.type === null) {
        await rm(partial(key), { force: true });
        // A browser sends an empty file input as a nameless empty file: no attachment.
        if (originalName === '') return null;
        throw fail('ATTACHMENT_EMPTY');
      }
      return { key, name: safeAttachmentName(originalName), type: check.type, size: check.size };
    },

    async read(key) {
      try {
        return await readFile(partial(key));
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
        return readFile(final(key));
      }
    },

    async keep(key) {
      await rename(partial(key), final(key));
    },

    async write(bytes) {
      ready ??= mkdir(folder, { recursive: true, mode: 0o700 });
      await ready;
      const key = randomBytes(16).toString('hex');
      // Written as `.part`, then renamed: a process stopped in between leaves a partial file, never a short one.
      await writeFile(partial(key), bytes, { flag: 'wx', mode: 0o600 });
      await rename(partial(key), final(key));
      return key;
    },

    async discard(key) {
      await Promise.all([rm(partial(key), { force: true }), rm(final(key), { force: true })]);
    },

    async *list() {
      let entries;
      try {
        entries = await opendir(folder);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ENOENT') return;
        throw error;
      }
      // The folder is read as a stream: a large one is never held in memory whole.
      for await (const entry of entries) {
        const name = STORED_NAME.exec(entry.name);
        if (!entry.isFile() || !name?.[1]) continue;
        try {
          const { mtime } = await stat(path.join(folder, entry.name));
          yield { key: name[1], partial: name[2] !== undefined, modifiedAt: mtime };
        } catch (error) {
          // Kept or discarded since the folder was read.
          if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
        }
      }
    },
  };
}

/** Whether `folder` is `root` or inside it. */
function isInside(folder: string, root: string): boolean {
  const relative = path.relative(root, folder);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Uploaded files are never served: a folder the static file server reaches would serve them. */
export function assertOutsideWebRoot(attachmentsDir: string, webDist: string): void {
  if (isInside(attachmentsDir, webDist)) throw new Error(`ATTACHMENTS_DIR (${attachmentsDir}) must not be inside the web root (${webDist})`);
}

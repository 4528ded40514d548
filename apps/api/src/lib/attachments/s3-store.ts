import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { fail } from '../errors.ts';
import { SignatureCheck, safeAttachmentName, STORED_KEY, type AttachmentStore } from './store.ts';

/** An S3-compatible bucket reached with path-style requests (`{endpoint}/{bucket}/{key}`). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** The bucket's client, shared by the stores of every kind of file; `close` ends its connections. */
export interface S3Backend {
  store(prefix: string): AttachmentStore;
  close(): void;
}

/**
 * Uploaded files in an S3-compatible bucket (decision 036), through the AWS SDK: path-style
 * requests to the configured endpoint, so that any S3-compatible server answers (MinIO, Ceph,
 * Scaleway, OVH…). Checksums only where the API requires one: the flexible checksums the SDK
 * adds by default (CRC32 headers, aws-chunked trailers) are not understood by every such server.
 */
export function s3Backend(settings: S3Settings): S3Backend {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that stops answering fails the request that waits on it, not the process.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  return {
    store: (prefix) => s3AttachmentStore(client, settings.bucket, prefix),
    close: () => client.destroy(),
  };
}

/**
 * One kind of file under `prefix` of the bucket. A file received is held in memory (10 MB at most,
 * checked by its first bytes as it arrives) until `keep` puts it in the bucket under its random
 * key, with its length known (one PutObject, no chunked encoding); `read` gets it back, `discard`
 * removes it. Nothing half-received ever reaches the bucket, so its listing has no partial file.
 */
function s3AttachmentStore(client: S3Client, bucket: string, prefix: string): AttachmentStore {
  const pending = new Map<string, { bytes: Buffer; type: string }>();
  const objectKey = (key: string) => `${prefix}${key}`;

  return {
    async receive(file, originalName) {
      const key = randomBytes(16).toString('hex');
      const check = new SignatureCheck();
      const chunks: Buffer[] = [];
      await pipeline(
        file,
        check,
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        }),
      );
      if (file.truncated) throw fail('ATTACHMENT_TOO_LARGE');
      if (check.size === 0 || check.type === null) {
        if (originalName === '') return null;
        throw fail('ATTACHMENT_EMPTY');
      }
      pending.set(key, { bytes: Buffer.concat(chunks), type: check.type });
      return { key, name: safeAttachmentName(originalName), type: check.type, size: check.size };
    },

    async read(key) {
      const held = pending.get(key);
      if (held) return held.bytes;
      return reachBucket(async () => {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!object.Body) throw new Error('object storage answered no body');
        return Buffer.from(await object.Body.transformToByteArray());
      });
    },

    async keep(key) {
      const held = pending.get(key);
      if (!held) throw new Error('no such file received');
      await reachBucket(() =>
        client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: held.bytes, ContentLength: held.bytes.length, ContentType: held.type })),
      );
      pending.delete(key);
    },

    async write(bytes, contentType) {
      const key = randomBytes(16).toString('hex');
      await reachBucket(() => client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.length, ContentType: contentType })));
      return key;
    },

    async discard(key) {
      if (pending.delete(key)) return;
      // S3 answers 204 for a key it does not hold: deleting twice is no error.
      await reachBucket(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) })));
    },

    /**
     * The objects right under the prefix (ListObjectsV2 page after page, `/` as delimiter so that
     * the root's listing does not walk the other kinds' folders); none is partial.
     */
    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix, Delimiter: '/' })) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.startsWith(prefix) ? object.Key.slice(prefix.length) : '';
          const name = STORED_KEY.exec(key);
          if (name && object.LastModified) yield { key, partial: false, modifiedAt: object.LastModified };
        }
      }
    },
  };
}

/**
 * A request to the bucket, its failure (bucket away, refusing, answering garbage, after the SDK's
 * retries) told to the caller as the storage being unavailable (503, to retry), the SDK's error
 * kept as the cause for the log.
 */
async function reachBucket<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw Object.assign(fail('FILE_STORAGE_UNAVAILABLE'), { cause: error });
  }
}

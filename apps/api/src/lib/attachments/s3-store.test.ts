import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PIECE_MAX_BYTES } from '@ecare/shared';
import { FILES } from '../../test/multipart.ts';
import { signatureV4, startS3Peer, type S3Peer } from '../../test/s3-peer.ts';
import { createFileStore } from './file-store.ts';
import { s3Backend } from './s3-store.ts';

let peer: S3Peer;
const backends: { close(): void }[] = [];
/** A client of the peer's bucket, as another instance of the server would have one. */
const bucket = (secretAccessKey?: string) => {
  const backend = s3Backend({ ...peer.settings(), ...(secretAccessKey ? { secretAccessKey } : {}) });
  backends.push(backend);
  return backend;
};

beforeAll(async () => {
  peer = await startS3Peer({ pageSize: 2 });
});
afterAll(async () => {
  for (const backend of backends) backend.close();
  await peer.close();
});
beforeEach(() => {
  peer.objects.clear();
  peer.requests.length = 0;
  peer.refusals.length = 0;
});

describe('S3-compatible file store (AWS SDK)', () => {
  it('checks signatures as AWS documents them (Signature V4 test suite, get-vanilla)', () => {
    const authorization = signatureV4(
      {
        method: 'GET',
        path: '/',
        headers: { host: 'example.amazonaws.com', 'x-amz-date': '20150830T123600Z' },
        payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      },
      { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 'service' },
      '20150830T123600Z',
    );
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('puts a kept file under its kind’s prefix and random key, reads it back and deletes it, every request signed', async () => {
    const store = bucket().store('pieces/');
    const received = await store.receive(Readable.from([FILES.pdf]), '../../kbis.pdf');
    expect(received).toMatchObject({ name: 'kbis.pdf', type: 'application/pdf', size: FILES.pdf.length });
    expect(received?.key).toMatch(/^[0-9a-f]{32}$/);
    const key = received?.key ?? '';
    // Nothing is in the bucket before it is kept; what is received reads from memory.
    expect((await store.read(key)).equals(FILES.pdf)).toBe(true);
    expect(peer.objects.size).toBe(0);
    await store.keep(key);
    expect(peer.objects.get(`pieces/${key}`)).toMatchObject({ body: FILES.pdf, type: 'application/pdf' });
    // Another instance reads it from the bucket.
    expect((await bucket().store('pieces/').read(key)).equals(FILES.pdf)).toBe(true);
    await store.discard(key);
    expect(peer.objects.size).toBe(0);
    // Deleting again is no error (S3 answers 204 for a missing key).
    await store.discard(key);
    const path = `/${peer.bucket}/pieces/${key}`;
    expect(peer.requests.map((request) => request.replace(/\?x-id=\w+$/, ''))).toEqual([`PUT ${path}`, `GET ${path}`, `DELETE ${path}`, `DELETE ${path}`]);
    expect(peer.refusals).toEqual([]);
    await expect(store.read(key)).rejects.toMatchObject({ code: 'FILE_STORAGE_UNAVAILABLE', cause: { name: 'NoSuchKey' } });
  });

  it('sends a large file with its length, in one request, without a chunked encoding', async () => {
    const store = bucket().store('pieces/');
    const large = Buffer.concat([FILES.pdf, Buffer.alloc(PIECE_MAX_BYTES - FILES.pdf.length, 0x20)]);
    const received = await store.receive(Readable.from([large.subarray(0, 1 << 20), large.subarray(1 << 20)]), 'gros.pdf');
    await store.keep(received?.key ?? '');
    expect(peer.objects.get(`pieces/${received?.key}`)?.body.equals(large)).toBe(true);
    expect(peer.refusals).toEqual([]);
  });

  it('lists the files right under its prefix, page after page, for the clean-up', async () => {
    const files = bucket();
    const pieces = files.store('pieces/');
    const contact = files.store('');
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) {
      const received = await pieces.receive(Readable.from([FILES.pdf]), `piece-${i}.pdf`);
      await pieces.keep(received?.key ?? '');
      keys.push(received?.key ?? '');
    }
    const attachment = await contact.receive(Readable.from([FILES.png]), 'capture.png');
    await contact.keep(attachment?.key ?? '');
    // Received, not kept: held in memory, never in the bucket, so never listed.
    await pieces.receive(Readable.from([FILES.png]), 'en-cours.png');
    // Not a store's name: left alone.
    peer.objects.set('pieces/LISEZ-MOI.txt', { body: Buffer.from('notes'), type: 'text/plain', modifiedAt: new Date() });
    const listed = async (store: typeof pieces) => {
      const found = [];
      for await (const file of store.list()) found.push(file);
      return found;
    };
    const piecesListed = await listed(bucket().store('pieces/'));
    expect(piecesListed.map((file) => file.key).sort()).toEqual([...keys].sort());
    expect(piecesListed.every((file) => !file.partial && file.modifiedAt instanceof Date)).toBe(true);
    // The root's listing stops at the delimiter: the other kinds' folders are not walked.
    expect((await listed(contact)).map((file) => file.key)).toEqual([attachment?.key]);
    const listings = peer.requests.filter((request) => request.startsWith(`GET /${peer.bucket}/?`));
    expect(listings.length).toBe(3 + 1);
    expect(listings.every((request) => /delimiter=%2F/.test(request))).toBe(true);
  });

  it('refuses a file that is not a document, and its keep is refused with a wrong secret', async () => {
    const store = bucket().store('resiliations/');
    await expect(store.receive(Readable.from([FILES.disguised]), 'x.pdf')).rejects.toMatchObject({ code: 'ATTACHMENT_TYPE' });
    const wrong = bucket('not-the-secret').store('resiliations/');
    const received = await wrong.receive(Readable.from([FILES.png]), 'rib.png');
    await expect(wrong.keep(received?.key ?? '')).rejects.toMatchObject({ code: 'FILE_STORAGE_UNAVAILABLE', cause: { name: 'SignatureDoesNotMatch' } });
    expect(peer.objects.size).toBe(0);
  });

  it('answers HeadObject as the SDK sends it (the peer serves whatever a store may come to ask)', async () => {
    const settings = peer.settings();
    const client = new S3Client({ ...settings, forcePathStyle: true, credentials: settings });
    try {
      peer.objects.set('pieces/0123456789abcdef0123456789abcdef', { body: FILES.pdf, type: 'application/pdf', modifiedAt: new Date() });
      const head = await client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: 'pieces/0123456789abcdef0123456789abcdef' }));
      expect(head).toMatchObject({ ContentLength: FILES.pdf.length, ContentType: 'application/pdf' });
      await expect(client.send(new HeadObjectCommand({ Bucket: settings.bucket, Key: 'pieces/absent' }))).rejects.toMatchObject({ name: 'NotFound' });
    } finally {
      client.destroy();
    }
  });

  it('is the one backend of every kind when S3 is configured, each kind under its folder', async () => {
    const files = await createFileStore({ attachmentsDir: '/nonexistent', webDist: '/nonexistent', s3: peer.settings() });
    try {
      expect(files.backend).toBe('s3');
      const kept: string[] = [];
      for (const kind of ['contact', 'termination', 'pieces'] as const) {
        const received = await files[kind].receive(Readable.from([FILES.jpeg]), 'photo.jpg');
        await files[kind].keep(received?.key ?? '');
        kept.push(received?.key ?? '');
      }
      // A report the portal made goes whole, under the reports' folder.
      const report = Buffer.from('PK\u0003\u0004 classeur');
      const written = await files.rapports.write(report, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(peer.objects.get(`rapports/${written}`)).toMatchObject({ body: report, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
      expect((await files.rapports.read(written)).equals(report)).toBe(true);
      expect([...peer.objects.keys()].sort()).toEqual([kept[0], `pieces/${kept[2]}`, `resiliations/${kept[1]}`, `rapports/${written}`].sort());
    } finally {
      await files.close();
    }
  });
});

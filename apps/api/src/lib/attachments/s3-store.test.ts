import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES } from '../../test/multipart.ts';
import { s3AttachmentStore, signatureV4 } from './s3-store.ts';

const SECRET = 'fake-secret-key-for-tests';
const ACCESS = 'AKIDTESTS3';

/**
 * A tiny S3 in the test process: path-style PUT, GET and DELETE of objects in one bucket, each
 * request refused (403) unless its Signature V4 is right for the body and headers it carries.
 */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: string[] = [];
  const read = (request: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks)));
    });
  const server: Server = createServer(async (request, response) => {
    const body = await read(request);
    const authorization = request.headers.authorization ?? '';
    const amzDate = String(request.headers['x-amz-date'] ?? '');
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    const signed = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
    const headers = Object.fromEntries(signed.map((name) => [name, String(request.headers[name] ?? '')]));
    const url = new URL(request.url ?? '', 'http://s3.test');
    const query = Object.fromEntries(url.searchParams);
    const expected = signatureV4(
      { method: request.method ?? '', path: url.pathname, query, headers, payloadHash },
      { accessKeyId: ACCESS, secretAccessKey: SECRET, region: 'eu-west-3', service: 's3' },
      amzDate,
    );
    const bodyHash = createHash('sha256').update(body).digest('hex');
    if (authorization !== expected || payloadHash !== bodyHash || !signed.includes('host') || !signed.includes('x-amz-date')) {
      response.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      return;
    }
    seen.push(`${request.method} ${request.url}`);
    const key = url.pathname;
    if (request.method === 'GET' && query['list-type'] === '2') {
      // ListObjectsV2, two objects a page, so that a listing has to follow its continuation tokens.
      const under = `${url.pathname}/${query.prefix ?? ''}`;
      const keys = [...objects.keys()].filter((name) => name.startsWith(under)).sort();
      const start = Number(query['continuation-token'] ?? 0);
      const page = keys.slice(start, start + 2);
      const truncated = start + 2 < keys.length;
      const contents = page.map((name) => `<Contents><Key>${name.slice(url.pathname.length + 1)}</Key><LastModified>2026-03-02T10:00:00.000Z</LastModified></Contents>`);
      response.writeHead(200, { 'content-type': 'application/xml' }).end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><IsTruncated>${truncated}</IsTruncated>${contents.join('')}${truncated ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : ''}</ListBucketResult>`,
      );
    } else if (request.method === 'PUT') {
      objects.set(key, { body, type: String(request.headers['content-type'] ?? '') });
      response.writeHead(200).end();
    } else if (request.method === 'GET') {
      const object = objects.get(key);
      if (!object) response.writeHead(404).end();
      else response.writeHead(200, { 'content-type': object.type }).end(object.body);
    } else if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204).end();
    } else response.writeHead(405).end();
  });
  return { server, objects, seen };
}

const fake = fakeS3();
let endpoint = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

const settings = () => ({ endpoint, bucket: 'pieces-clients', accessKeyId: ACCESS, secretAccessKey: SECRET, region: 'eu-west-3' });

describe('S3-compatible attachment store', () => {
  it('signs as AWS documents it (Signature V4 test suite, get-vanilla)', () => {
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

  it('puts a kept file under its random key, reads it back and deletes it, every request signed', async () => {
    const store = s3AttachmentStore(settings());
    const received = await store.receive(Readable.from([FILES.pdf]), '../../kbis.pdf');
    expect(received).toMatchObject({ name: 'kbis.pdf', type: 'application/pdf', size: FILES.pdf.length });
    expect(received?.key).toMatch(/^[0-9a-f]{32}$/);
    const key = received?.key ?? '';
    // Nothing is in the bucket before it is kept.
    expect(fake.objects.size).toBe(0);
    await store.keep(key);
    const path = `/pieces-clients/pieces/${key}`;
    expect(fake.objects.get(path)).toEqual({ body: FILES.pdf, type: 'application/pdf' });
    // Another instance reads it from the bucket.
    expect((await s3AttachmentStore(settings()).read(key)).equals(FILES.pdf)).toBe(true);
    await store.discard(key);
    expect(fake.objects.has(path)).toBe(false);
    expect(fake.seen).toEqual([`PUT ${path}`, `GET ${path}`, `DELETE ${path}`]);
  });

  it('lists the kept files under its prefix, page after page, for the clean-up', async () => {
    const store = s3AttachmentStore(settings());
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) {
      const received = await store.receive(Readable.from([FILES.pdf]), `piece-${i}.pdf`);
      await store.keep(received?.key ?? '');
      keys.push(received?.key ?? '');
    }
    // Received, not kept: held in memory, never in the bucket, so never listed.
    await store.receive(Readable.from([FILES.png]), 'en-cours.png');
    fake.objects.set('/pieces-clients/autre/0123456789abcdef0123456789abcdef', { body: FILES.pdf, type: 'application/pdf' });
    const listed = [];
    for await (const file of s3AttachmentStore(settings()).list()) listed.push(file);
    expect(listed.map((file) => file.key).sort()).toEqual([...keys].sort());
    expect(listed.every((file) => !file.partial && file.modifiedAt.toISOString() === '2026-03-02T10:00:00.000Z')).toBe(true);
    expect(fake.seen.filter((request) => request.startsWith('GET /pieces-clients?'))).toHaveLength(3);
    for (const key of keys) await store.discard(key);
    fake.objects.clear();
  });

  it('refuses a file that is not a document and is refused with a wrong secret', async () => {
    const store = s3AttachmentStore(settings());
    await expect(store.receive(Readable.from([FILES.disguised]), 'x.pdf')).rejects.toMatchObject({ code: 'ATTACHMENT_TYPE' });
    const wrong = s3AttachmentStore({ ...settings(), secretAccessKey: 'not-the-secret' });
    const received = await wrong.receive(Readable.from([FILES.png]), 'rib.png');
    await expect(wrong.keep(received?.key ?? '')).rejects.toThrow(/403/);
  });
});

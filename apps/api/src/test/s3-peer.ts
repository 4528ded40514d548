import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * An S3-compatible server on loopback for the tests, in the test's own process: path-style
 * PutObject, GetObject, HeadObject, DeleteObject and ListObjectsV2 on one bucket, as the AWS SDK
 * sends them. Every request is refused (403) unless its Signature V4, checked here by a signer
 * written apart from the SDK's, is right for the headers and the body it carries; a chunked or
 * streaming payload (aws-chunked) is refused (501): the store sends bodies of known length.
 */

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding, as Signature V4 wants it for query names and values. */
const encodeRfc3986 = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignableRequest {
  method: string;
  /** The path as sent, already encoded (`/bucket/key`): S3 signs it as it is. */
  path: string;
  /** Query parameters, decoded. */
  query?: Record<string, string>;
  /** The signed headers, names in lower case; `host` among them. */
  headers: Record<string, string>;
  payloadHash: string;
}

/** AWS Signature Version 4 of a request (header-based), `amzDate` being `YYYYMMDDTHHMMSSZ`: the `Authorization` value. */
export function signatureV4(
  request: SignableRequest,
  credentials: { accessKeyId: string; secretAccessKey: string; region: string; service: string },
  amzDate: string,
): string {
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')]));
  const names = Object.keys(headers).sort();
  const query = request.query ?? {};
  const canonicalQuery = Object.keys(query)
    .sort()
    .map((name) => `${encodeRfc3986(name)}=${encodeRfc3986(query[name] ?? '')}`)
    .join('&');
  const canonicalRequest = [request.method, request.path, canonicalQuery, names.map((name) => `${name}:${headers[name]}\n`).join(''), names.join(';'), request.payloadHash].join('\n');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), credentials.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}

export interface StoredObject {
  body: Buffer;
  type: string;
  /** What ListObjectsV2 answers as LastModified: a test moves it back to age a file. */
  modifiedAt: Date;
}

export interface S3Peer {
  endpoint: string;
  bucket: string;
  /** The bucket's objects by key (`pieces/<key>`, `resiliations/<key>`, `<key>` for contact attachments). */
  objects: Map<string, StoredObject>;
  /** Each request accepted, `METHOD /path?query`, in order. */
  requests: string[];
  /** Requests refused, with the reason. */
  refusals: string[];
  /** While true, every PutObject is refused (403 AccessDenied), as by a bucket whose rights changed. */
  refuseWrites: boolean;
  /** The S3_* configuration that points the server at this peer. */
  env(overrides?: { secretKey?: string }): Record<string, string>;
  settings(): { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string };
  close(): Promise<void>;
}

const ACCESS_KEY = 'AKIDPEERTESTS3';
const SECRET_KEY = 'peer-secret-key-for-the-tests';
const REGION = 'eu-west-3';

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function read(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function errorAnswer(response: ServerResponse, status: number, code: string, head = false): void {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(head ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

/** Starts the peer on 127.0.0.1 (a free port); `pageSize` keys per ListObjectsV2 page at most, so that listings page. */
export async function startS3Peer(options: { bucket?: string; pageSize?: number } = {}): Promise<S3Peer> {
  const bucket = options.bucket ?? 'fichiers-clients';
  const pageSize = options.pageSize ?? 1000;
  const objects = new Map<string, StoredObject>();
  const requests: string[] = [];
  const refusals: string[] = [];

  /** Why the request's signature or payload is not acceptable, or null when it is. */
  function refusal(request: IncomingMessage, rawPath: string, query: Record<string, string>, body: Buffer): string | null {
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash.startsWith('STREAMING-') || /aws-chunked/.test(String(request.headers['content-encoding'] ?? ''))) return 'chunked payload';
    if (payloadHash !== sha256(body)) return 'payload hash';
    const authorization = request.headers.authorization ?? '';
    const signed = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
    if (!signed.includes('host') || !signed.includes('x-amz-date') || !signed.includes('x-amz-content-sha256')) return 'unsigned headers';
    const headers = Object.fromEntries(signed.map((name) => [name, String(request.headers[name] ?? '')]));
    const expected = signatureV4(
      { method: request.method ?? '', path: rawPath, query, headers, payloadHash },
      { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY, region: REGION, service: 's3' },
      String(request.headers['x-amz-date'] ?? ''),
    );
    return authorization === expected ? null : 'signature';
  }

  function list(response: ServerResponse, query: Record<string, string>): void {
    const prefix = query.prefix ?? '';
    const delimiter = query.delimiter ?? '';
    const maxKeys = Math.min(pageSize, Number(query['max-keys'] ?? 1000));
    const entries = new Map<string, 'object' | 'prefix'>();
    for (const key of objects.keys()) {
      if (!key.startsWith(prefix)) continue;
      const cut = delimiter ? key.indexOf(delimiter, prefix.length) : -1;
      if (cut === -1) entries.set(key, 'object');
      else entries.set(key.slice(0, cut + delimiter.length), 'prefix');
    }
    const sorted = [...entries.keys()].sort();
    const start = Number(query['continuation-token'] ?? 0);
    const page = sorted.slice(start, start + maxKeys);
    const truncated = start + maxKeys < sorted.length;
    const contents = page
      .filter((key) => entries.get(key) === 'object')
      .map((key) => {
        const object = objects.get(key);
        return `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${object?.modifiedAt.toISOString()}</LastModified><ETag>"${sha256(object?.body ?? '').slice(0, 32)}"</ETag><Size>${object?.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      });
    const prefixes = page.filter((key) => entries.get(key) === 'prefix').map((key) => `<CommonPrefixes><Prefix>${xmlEscape(key)}</Prefix></CommonPrefixes>`);
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix>` +
        `${delimiter ? `<Delimiter>${xmlEscape(delimiter)}</Delimiter>` : ''}<MaxKeys>${maxKeys}</MaxKeys><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>` +
        `${contents.join('')}${prefixes.join('')}${truncated ? `<NextContinuationToken>${start + maxKeys}</NextContinuationToken>` : ''}</ListBucketResult>`,
    );
  }

  const server = createServer((request, response) => {
    void (async () => {
      const body = await read(request);
      const [rawPath = '', search = ''] = (request.url ?? '').split('?', 2);
      const query = Object.fromEntries(new URLSearchParams(search));
      const head = request.method === 'HEAD';
      const why = refusal(request, rawPath, query, body);
      if (why) {
        refusals.push(`${request.method} ${request.url}: ${why}`);
        errorAnswer(response, why === 'chunked payload' ? 501 : 403, why === 'chunked payload' ? 'NotImplemented' : 'SignatureDoesNotMatch', head);
        return;
      }
      requests.push(`${request.method} ${request.url}`);
      const segments = rawPath.split('/');
      if (segments[1] !== bucket) return errorAnswer(response, 404, 'NoSuchBucket', head);
      const key = decodeURIComponent(segments.slice(2).join('/'));
      if (key === '') {
        if (request.method === 'GET' && query['list-type'] === '2') return list(response, query);
        return errorAnswer(response, 405, 'MethodNotAllowed', head);
      }
      const object = objects.get(key);
      switch (request.method) {
        case 'PUT':
          if (peer.refuseWrites) return errorAnswer(response, 403, 'AccessDenied');
          objects.set(key, { body, type: String(request.headers['content-type'] ?? 'application/octet-stream'), modifiedAt: new Date() });
          response.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` }).end();
          return;
        case 'GET':
        case 'HEAD':
          if (!object) return errorAnswer(response, 404, 'NoSuchKey', head);
          response.writeHead(200, { 'content-type': object.type, 'content-length': object.body.length, 'last-modified': object.modifiedAt.toUTCString() });
          response.end(head ? undefined : object.body);
          return;
        case 'DELETE':
          objects.delete(key);
          response.writeHead(204).end();
          return;
        default:
          errorAnswer(response, 405, 'MethodNotAllowed');
      }
    })().catch((error: unknown) => {
      refusals.push(`${request.method} ${request.url}: ${String(error)}`);
      if (!response.headersSent) errorAnswer(response, 500, 'InternalError');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const peer: S3Peer = {
    endpoint,
    bucket,
    refuseWrites: false,
    objects,
    requests,
    refusals,
    env: (overrides = {}) => ({ S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY: ACCESS_KEY, S3_SECRET_KEY: overrides.secretKey ?? SECRET_KEY, S3_REGION: REGION }),
    settings: () => ({ endpoint, bucket, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY, region: REGION }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return peer;
}

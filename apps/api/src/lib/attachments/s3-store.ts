import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fail } from '../errors.ts';
import { SignatureCheck, safeAttachmentName, type AttachmentStore } from './store.ts';

/** An S3-compatible bucket reached with path-style requests (`{endpoint}/{bucket}/{key}`). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding of a path segment, as Signature V4 wants it. */
const encodeSegment = (segment: string) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export interface SignableRequest {
  method: string;
  /** Already encoded path, `/bucket/key`. */
  path: string;
  /** Query parameters, not encoded (a listing's `list-type`, `prefix`…). */
  query?: Record<string, string>;
  /** Header names in lower case; `host` among them. Every header given is signed. */
  headers: Record<string, string>;
  payloadHash: string;
}

/** A query string as Signature V4 wants it, and as the request must then carry it: RFC 3986, sorted by name. */
export function canonicalQuery(query: Record<string, string> = {}): string {
  return Object.keys(query)
    .sort()
    .map((name) => `${encodeSegment(name)}=${encodeSegment(query[name] ?? '')}`)
    .join('&');
}

/**
 * AWS Signature Version 4 of a request (header-based). `amzDate` is `YYYYMMDDTHHMMSSZ`. Returns
 * the `Authorization` header value.
 */
export function signatureV4(
  request: SignableRequest,
  credentials: { accessKeyId: string; secretAccessKey: string; region: string; service: string },
  amzDate: string,
): string {
  const names = Object.keys(request.headers).map((name) => name.toLowerCase()).sort();
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')]));
  const canonicalHeaders = names.map((name) => `${name}:${headers[name]}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [request.method, request.path, canonicalQuery(request.query), canonicalHeaders, signedHeaders, request.payloadHash].join('\n');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), credentials.service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

const amzDateOf = (now: Date) => now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/**
 * Uploaded files in an S3-compatible bucket (decision 036): a file received is held in memory
 * (10 MB at most, checked by its first bytes as it arrives) until `keep` puts it in the bucket
 * under its random key; `read` gets it back, `discard` removes it. Requests are signed with
 * Signature V4 (no SDK).
 */
export function s3AttachmentStore(settings: S3Settings, options: { prefix?: string; fetch?: typeof fetch; now?: () => Date } = {}): AttachmentStore {
  const prefix = options.prefix ?? 'pieces/';
  const send = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const pending = new Map<string, { bytes: Buffer; type: string }>();
  const endpoint = new URL(settings.endpoint);

  const bucketPath = `${endpoint.pathname.replace(/\/+$/, '')}/${encodeSegment(settings.bucket)}`;

  /** A signed request on the bucket (`key` null) or on one of its objects. */
  async function request(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string | null,
    options: { body?: Buffer; contentType?: string; query?: Record<string, string> } = {},
  ): Promise<Response> {
    const { body, contentType, query } = options;
    const path = key === null ? bucketPath : `${bucketPath}/${`${prefix}${key}`.split('/').map(encodeSegment).join('/')}`;
    const payloadHash = sha256(body ?? '');
    const amzDate = amzDateOf(now());
    const headers: Record<string, string> = { host: endpoint.host, 'x-amz-content-sha256': payloadHash, 'x-amz-date': amzDate };
    if (contentType) headers['content-type'] = contentType;
    const authorization = signatureV4({ method, path, query, headers, payloadHash }, { ...settings, service: 's3' }, amzDate);
    // fetch writes Host itself, from the URL: the value signed.
    const sent = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'host'));
    const search = query ? `?${canonicalQuery(query)}` : '';
    return send(`${endpoint.origin}${path}${search}`, { method, headers: { ...sent, authorization }, ...(body ? { body: new Uint8Array(body) } : {}) });
  }

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
      const response = await request('GET', key);
      if (!response.ok) throw new Error(`object storage GET answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },

    async keep(key) {
      const held = pending.get(key);
      if (!held) throw new Error('no such file received');
      const response = await request('PUT', key, { body: held.bytes, contentType: held.type });
      if (!response.ok) throw new Error(`object storage PUT answered ${response.status}`);
      pending.delete(key);
    },

    async discard(key) {
      if (pending.delete(key)) return;
      const response = await request('DELETE', key);
      if (!response.ok && response.status !== 404) throw new Error(`object storage DELETE answered ${response.status}`);
    },

    /** The bucket's objects under the prefix (ListObjectsV2, page after page); none is partial: files wait in memory until kept. */
    async *list() {
      let token: string | undefined;
      do {
        const query: Record<string, string> = { 'list-type': '2', prefix, ...(token ? { 'continuation-token': token } : {}) };
        const response = await request('GET', null, { query });
        if (!response.ok) throw new Error(`object storage listing answered ${response.status}`);
        const page = listingPage(await response.text());
        for (const object of page.objects) {
          const key = object.key.startsWith(prefix) ? object.key.slice(prefix.length) : '';
          if (/^[0-9a-f]{32}$/.test(key)) yield { key, partial: false, modifiedAt: object.modifiedAt };
        }
        token = page.next;
      } while (token);
    },
  };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlText = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '');
const element = (xml: string, name: string) => {
  const found = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
  return found === undefined ? undefined : xmlText(found);
};

/** One page of a ListObjectsV2 answer: its objects, and the token of the next page if it is truncated. */
export function listingPage(xml: string): { objects: { key: string; modifiedAt: Date }[]; next: string | undefined } {
  const objects = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].flatMap(([, contents = '']) => {
    const key = element(contents, 'Key');
    const modified = element(contents, 'LastModified');
    return key === undefined || modified === undefined ? [] : [{ key, modifiedAt: new Date(modified) }];
  });
  return { objects, next: element(xml, 'IsTruncated') === 'true' ? element(xml, 'NextContinuationToken') : undefined };
}

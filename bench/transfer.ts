/**
 * What travels for each file of the login page, as the server sends it to a client accepting
 * brotli, gzip, or neither (identity): bytes of the response body on the wire and the
 * Content-Encoding the server chose.
 */
import http from 'node:http';

export type Encoding = 'br' | 'gzip' | 'identity';
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip', 'identity'];

export interface TransferRow {
  path: string;
  /** Per Accept-Encoding asked: body bytes on the wire and the Content-Encoding answered. */
  sizes: Record<Encoding, { bytes: number; encoding: string }>;
}

function bodySize(url: string, acceptEncoding: Encoding): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': acceptEncoding, accept: 'text/html,*/*' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength;
      });
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`GET ${url} answered ${response.statusCode ?? '?'}`));
        else resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') });
      });
      response.on('error', reject);
    });
    request.setTimeout(10_000, () => request.destroy(new Error(`GET ${url}: no answer within 10 s`)));
    request.on('error', reject);
  });
}

/** Sizes of `paths` (document, stylesheets, scripts of a page) for each Accept-Encoding. */
export async function measureTransfer(baseUrl: string, paths: string[]): Promise<TransferRow[]> {
  const rows: TransferRow[] = [];
  for (const path of paths) {
    const [br, gzip, identity] = await Promise.all(ENCODINGS.map((encoding) => bodySize(baseUrl + path, encoding)));
    if (!br || !gzip || !identity) throw new Error(`no size for ${path}`);
    rows.push({ path, sizes: { br, gzip, identity } });
  }
  return rows;
}

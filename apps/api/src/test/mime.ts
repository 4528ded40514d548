/** Just enough MIME for tests: headers, multipart bodies, quoted-printable and base64 parts. */
export interface MimePart {
  headers: Map<string, string>;
  /** The decoded body as UTF-8 text. */
  body: string;
  /** The decoded body's bytes (an attachment's file). */
  bytes: Buffer;
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const separator = raw.search(/\r?\n\r?\n/);
  const head = separator === -1 ? raw : raw.slice(0, separator);
  const body = separator === -1 ? '' : raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`)
      .replace(/%(?![0-9A-F]{2})/gi, '%25');
    try {
      return decodeURIComponent(bytes);
    } catch {
      return bytes;
    }
  }
  return body;
}

/** Decodes an RFC 2047 encoded-word header value (=?UTF-8?B?...?= or ?Q?). */
export function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi, (_m, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeURIComponent(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
  );
}

/** Flattens a message into its leaf parts, decoded. */
export function parseMime(raw: string): { headers: Map<string, string>; parts: MimePart[] } {
  const { headers, body } = splitHeaders(raw);
  const parts: MimePart[] = [];
  const walk = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      const sections = partBody.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith('--')) break;
        const inner = splitHeaders(section.replace(/^\r?\n/, ''));
        walk(inner.headers, inner.body);
      }
      return;
    }
    const base64 = (partHeaders.get('content-transfer-encoding') ?? '').toLowerCase() === 'base64';
    const decoded = decodeBody(partHeaders, partBody);
    parts.push({ headers: partHeaders, body: decoded, bytes: base64 ? Buffer.from(partBody.replace(/\s+/g, ''), 'base64') : Buffer.from(decoded) });
  };
  walk(headers, body);
  return { headers, parts };
}

export function textPart(raw: string, type: 'text/plain' | 'text/html'): string {
  const part = parseMime(raw).parts.find((p) => (p.headers.get('content-type') ?? '').toLowerCase().startsWith(type));
  if (!part) throw new Error(`no ${type} part`);
  return part.body;
}

/** The bytes of the file attached to the message under `filename`, or null. */
export function attachmentOf(raw: string, filename: string): Buffer | null {
  const named = (value: string | undefined) => value !== undefined && new RegExp(`filename\\*?="?${filename.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?`, 'i').test(value);
  const part = parseMime(raw).parts.find((candidate) => named(candidate.headers.get('content-disposition')));
  return part?.bytes ?? null;
}

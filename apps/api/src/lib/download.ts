import type { FastifyReply } from 'fastify';

/**
 * The `Content-Disposition` header of every file the API sends (RFC 6266): the name in a quoted
 * ASCII `filename` every browser reads, and, when that fallback had to differ from the real name,
 * the name itself in `filename*` (UTF-8, percent-encoded, RFC 8187), which browsers prefer. The
 * names are cleaned first, since they may come from a customer (a document's stored label) and
 * reach their file system. (The `content-disposition` package would write the same header, but
 * the copy @fastify/static brings into the workspace needs Node 22 and shadows the one that does
 * not: the encoding below is the few lines it would have saved.)
 */

export type Disposition = 'attachment' | 'inline';

/** C0 and C1 control characters and DEL: never part of a file name. */
// eslint-disable-next-line no-control-regex -- removing control characters is this expression's purpose
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** Path separators, which would make the name a path on the customer's disk. */
const SEPARATOR = /[/\\]/g;
/** What stays in the quoted fallback: printable ASCII but the quote and the backslash. */
const NOT_FALLBACK = /[^\x20-\x21\x23-\x5b\x5d-\x7e]/g;
const COMBINING_MARKS = /\p{M}/gu;
const DEFAULT_NAME = 'document';

/** The name as it will be saved: no control characters, no path separators, never empty. */
export function safeFileName(name: string): string {
  const clean = name.replace(CONTROL, '').replace(SEPARATOR, '_').trim();
  return clean === '' || clean === '.' || clean === '..' ? DEFAULT_NAME : clean;
}

/** The name in printable ASCII: accents dropped (é → e), anything else replaced by `_`. */
export function asciiFileName(name: string): string {
  const ascii = name.normalize('NFD').replace(COMBINING_MARKS, '').replace(NOT_FALLBACK, '_').trim();
  return ascii === '' ? DEFAULT_NAME : ascii;
}

/** RFC 8187's attr-char leaves out `'`, `(`, `)` and `*`, which encodeURIComponent keeps. */
function extendedValue(name: string): string {
  return `UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/**
 * `attachment; filename="…"` (or `inline`), with `filename*=UTF-8''…` when the name holds more
 * than the ASCII fallback can carry. A name already in plain ASCII gives the short form only.
 */
export function downloadDisposition(fileName: string, disposition: Disposition = 'attachment'): string {
  const name = safeFileName(fileName);
  const fallback = asciiFileName(name);
  const header = `${disposition}; filename="${fallback}"`;
  return fallback === name ? header : `${header}; filename*=${extendedValue(name)}`;
}

/** A CSV file a service built whole: its text, how many rows it holds, its name. */
export interface CsvFile {
  body: string;
  count: number;
  filename: string;
}

/** Sends a CSV file as an attachment, never cached, its row count in `x-total-count`. */
export function sendCsvFile(reply: FastifyReply, file: CsvFile): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', downloadDisposition(file.filename))
    .header('cache-control', 'no-store')
    .header('x-total-count', String(file.count))
    .send(file.body);
}

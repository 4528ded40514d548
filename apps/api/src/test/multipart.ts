import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * Multipart bodies and files for the upload routes' tests (the contact form, the proofs of a
 * termination).
 */

/** One part of a multipart body: a text field, or a file with the name and type a client claims. */
export type Part = { name: string; value: string } | { name: string; filename: string; type?: string; content: Buffer };

/**
 * A multipart/form-data body written byte by byte, so that a test can send what no browser would:
 * a path as a file name, two files, a field twice, a lying content type.
 */
export function multipartBody(parts: readonly Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----ecare-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Small but real files of each accepted type (their first bytes are what counts). */
export const FILES = {
  pdf: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('0000000dIHDR', 'latin1'), randomBytes(64)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), randomBytes(64), Buffer.from([0xff, 0xd9])]),
  /** A Windows program named and typed as a PDF. */
  disguised: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(120)]),
} as const;

/** A fresh folder for a test file's attachments (ATTACHMENTS_DIR). */
export const attachmentsFolder = () => mkdtempSync(path.join(tmpdir(), 'ecare-attachments-'));

/** The files of the folder (no partial upload must remain after a refusal). */
export const filesIn = (folder: string) => readdirSync(folder);


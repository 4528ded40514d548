import type { FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js';
import type { z } from 'zod';
import { ATTACHMENT_MAX_BYTES } from '@ecare/shared';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter, validatorCompiler } from '../../plugins/validation.ts';
import { AppError, fail } from '../errors.ts';
import type { AttachmentStore, ReceivedAttachment } from './store.ts';

/** What a multipart body holds: its text fields as sent, and the stored file (if any). */
export interface MultipartUpload {
  fields: Record<string, string>;
  attachment: ReceivedAttachment | null;
}

export interface MultipartOptions {
  /** The one field that may carry a file; null when the body carries none. */
  fileField: string | null;
  /**
   * Called when the file starts, with the text fields sent before it: a refusal (the caller may
   * not upload for what the fields name) stops the upload before a byte of it is written.
   */
  beforeFile?: (fields: Readonly<Record<string, string>>) => Promise<void>;
  /** The largest file accepted, in bytes; ATTACHMENT_MAX_BYTES (5 MB) by default. */
  maxFileBytes?: number;
}

/**
 * Limits applied by the parser while the body streams in, so that nothing larger is ever held or
 * written: one file of at most 5 MB, a few fields of sane sizes (the contact form's message,
 * 5,000 characters, takes at most 20,000 bytes of UTF-8 and its line breaks as CRLF).
 */
export const MULTIPART_LIMITS = {
  fieldNameSize: 64,
  fieldSize: 24 * 1024,
  fields: 16,
  fileSize: ATTACHMENT_MAX_BYTES,
  files: 1,
  parts: 17,
  headerPairs: 16,
} as const;

/** A body longer than this cannot be within the limits: refused before a byte is read. */
export const MULTIPART_MAX_BYTES = ATTACHMENT_MAX_BYTES + MULTIPART_LIMITS.fields * (MULTIPART_LIMITS.fieldSize + 1024) + 64 * 1024;

/**
 * The route option `validatorCompiler` of a multipart route: the app's validation, except for the
 * body, a stream the handler reads under the parser's limits (readMultipartUpload) and checks with
 * the shared schemas itself. The body schema still documents the route.
 */
export function bodyReadByHandler<Schema>(route: FastifyRouteSchemaDef<Schema>): FastifyValidationResult {
  if (route.httpPart === 'body') return () => ({ value: undefined });
  // Fastify types a route's compiler with the route's whole schema; each call gets one part's zod schema.
  return validatorCompiler(route as unknown as FastifyRouteSchemaDef<z.ZodType>);
}

/** Same marker fastify-type-provider-zod puts on its issues: the error handler lists them under VALIDATION. */
const ZOD_ISSUE = Symbol.for('ZodFastifySchemaValidationError');

/**
 * A refusal shaped as a schema validation failure of the body, so that the error handler answers
 * 400 VALIDATION with the issues, each naming its field, as for any other route.
 */
export function invalidBody(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Error {
  const validation = issues.map((issue) => ({
    [ZOD_ISSUE]: true,
    keyword: 'custom',
    instancePath: `/${issue.path.map(String).join('/')}`,
    schemaPath: '#/custom',
    message: issue.message,
    params: {},
  }));
  return Object.assign(new Error(issues[0]?.message ?? 'invalide'), { statusCode: 400, validation, validationContext: 'body' });
}

const invalidField = (field: string, message: string) => invalidBody([{ path: [field], message }]);

/** The parser's own refusals, in the catalogue's words; anything else it throws is a malformed body. */
function parserError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return fail('ATTACHMENT_TOO_MANY');
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fail('ATTACHMENT_TOO_LARGE');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return fail('PAYLOAD_TOO_LARGE');
  return fail('VALIDATION');
}

/**
 * Reads a multipart body as it streams: text fields (each at most once, never cut), and at most
 * one file under `fileField`, checked by its first bytes and written to the store as it comes.
 * On any refusal the file received so far is removed.
 */
export async function readMultipartUpload(request: FastifyRequest, store: AttachmentStore, options: MultipartOptions): Promise<MultipartUpload> {
  if (!request.isMultipart()) throw fail('UNSUPPORTED_MEDIA_TYPE');
  const fileSize = options.maxFileBytes ?? MULTIPART_LIMITS.fileSize;
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > MULTIPART_MAX_BYTES - MULTIPART_LIMITS.fileSize + fileSize) throw fail('ATTACHMENT_TOO_LARGE');

  const { fileField } = options;
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let attachment: ReceivedAttachment | null = null;
  let fileSeen = false;
  const parts = request.parts({ limits: { ...MULTIPART_LIMITS, fileSize } })[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<Awaited<ReturnType<typeof parts.next>>['value']>;
      try {
        next = await parts.next();
      } catch (error) {
        throw parserError(error);
      }
      if (next.done) break;
      const part = next.value;
      // As every route refuses them (plugins/validation.ts): in a name or value, known field or not.
      if (findControlCharacter(part.fieldname) || (part.type === 'file' && findControlCharacter(part.filename))) {
        if (part.type === 'file') part.file.resume();
        throw invalidField(part.fieldname, CONTROL_CHARACTER_MESSAGE);
      }
      if (part.type === 'file') {
        if (fileField === null || part.fieldname !== fileField) {
          part.file.resume();
          throw invalidField(part.fieldname, fileField === null ? 'Cette requête ne porte pas de fichier.' : `Seul le champ ${fileField} peut porter un fichier.`);
        }
        if (fileSeen) {
          part.file.resume();
          throw fail('ATTACHMENT_TOO_MANY');
        }
        fileSeen = true;
        if (options.beforeFile) {
          try {
            await options.beforeFile({ ...fields });
          } catch (error) {
            part.file.resume();
            throw error;
          }
        }
        try {
          attachment = await store.receive(part.file, part.filename);
        } catch (error) {
          // The disk's failures are the server's; the stream's (a part cut short) the body's.
          if (error instanceof AppError || (error as { syscall?: unknown }).syscall !== undefined) throw error;
          throw parserError(error);
        }
        continue;
      }
      if (part.fieldnameTruncated || part.fieldname === fileField) throw invalidField(part.fieldname, 'Champ inattendu.');
      if (part.valueTruncated) throw invalidField(part.fieldname, 'La valeur de ce champ est trop longue.');
      if (Object.hasOwn(fields, part.fieldname)) throw invalidField(part.fieldname, 'Ce champ est présent plusieurs fois.');
      // A part declared as JSON arrives parsed: the form's fields are plain text.
      if (typeof part.value !== 'string') throw invalidField(part.fieldname, 'Ce champ doit être du texte.');
      if (findControlCharacter(part.value)) throw invalidField(part.fieldname, CONTROL_CHARACTER_MESSAGE);
      fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (attachment) await store.discard(attachment.key);
    throw error;
  }
  return { fields: { ...fields }, attachment };
}

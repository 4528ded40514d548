import type { FastifyRequest } from 'fastify';
import { ATTACHMENT_FIELD, ATTACHMENT_MAX_BYTES } from '@ecare/shared';
import { AppError, fail } from '../../lib/errors.ts';
import { CONTROL_CHARACTER_MESSAGE, findControlCharacter } from '../../plugins/validation.ts';
import type { AttachmentStore, ReceivedAttachment } from './support.attachments.ts';

/** What the contact form's multipart body holds: its text fields as sent, and the stored file. */
export interface ContactUpload {
  fields: Record<string, string>;
  attachment: ReceivedAttachment | null;
}

/**
 * Limits applied by the parser while the body streams in, so that nothing larger is ever held or
 * written: one file of at most 5 MB, a few fields of sane sizes (the message, 5,000 characters,
 * takes at most 20,000 bytes of UTF-8 and its line breaks as CRLF).
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
 * Reads the contact form's body as it streams: text fields (each at most once, never cut), and
 * one file under `pieceJointe`, checked by its first bytes and written to the store as it comes.
 * On any refusal the file received so far is removed.
 */
export async function readContactUpload(request: FastifyRequest, store: AttachmentStore): Promise<ContactUpload> {
  if (!request.isMultipart()) throw fail('UNSUPPORTED_MEDIA_TYPE');
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && announced > MULTIPART_MAX_BYTES) throw fail('ATTACHMENT_TOO_LARGE');

  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let attachment: ReceivedAttachment | null = null;
  let fileSeen = false;
  const parts = request.parts({ limits: MULTIPART_LIMITS })[Symbol.asyncIterator]();
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
        if (part.fieldname !== ATTACHMENT_FIELD) {
          part.file.resume();
          throw invalidField(part.fieldname, 'Seul le champ pieceJointe peut porter un fichier.');
        }
        if (fileSeen) {
          part.file.resume();
          throw fail('ATTACHMENT_TOO_MANY');
        }
        fileSeen = true;
        try {
          attachment = await store.receive(part.file, part.filename);
        } catch (error) {
          // The disk's failures are the server's; the stream's (a part cut short) the body's.
          if (error instanceof AppError || (error as { syscall?: unknown }).syscall !== undefined) throw error;
          throw parserError(error);
        }
        continue;
      }
      if (part.fieldnameTruncated || part.fieldname === ATTACHMENT_FIELD) throw invalidField(part.fieldname, 'Champ inattendu.');
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


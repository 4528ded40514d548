import { SUPPORT_ERRORS } from '@ecare/shared/support-errors';
import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_SIGNATURE_BYTES, attachmentTypeOf } from '@ecare/shared/support';

/** The first bytes of a file (FileReader: every browser, and the test environment, has it). */
function readHead(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result instanceof ArrayBuffer ? reader.result : new ArrayBuffer(0)));
    reader.onerror = () => reject(reader.error ?? new Error('file not readable'));
    reader.readAsArrayBuffer(file.slice(0, ATTACHMENT_SIGNATURE_BYTES));
  });
}

/**
 * Why a chosen file cannot be sent (a message's attachment, a termination's proof), in the server's words (the server checks again):
 * empty, over 5 MB, or not a PDF, JPEG or PNG by its first bytes, whatever its name says.
 */
export async function attachmentProblem(
  file: File,
  limit: { maxBytes: number; tooLarge: string } = { maxBytes: ATTACHMENT_MAX_BYTES, tooLarge: SUPPORT_ERRORS.ATTACHMENT_TOO_LARGE.message },
): Promise<string | null> {
  if (file.size === 0) return SUPPORT_ERRORS.ATTACHMENT_EMPTY.message;
  if (file.size > limit.maxBytes) return limit.tooLarge;
  const head = await readHead(file).catch(() => new Uint8Array(0));
  if (head.length < ATTACHMENT_SIGNATURE_BYTES || attachmentTypeOf(head) === null) return SUPPORT_ERRORS.ATTACHMENT_TYPE.message;
  return null;
}

/** "350 ko", "1,2 Mo": sizes as the form and the list say them. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${new Intl.NumberFormat('fr-FR').format(Math.max(1, Math.round(bytes / 1024)))}\u00a0ko`;
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))}\u00a0Mo`;
}

const CHOOSE = 'Veuillez choisir le fichier à envoyer.';

/**
 * A form's file as the server will check it: null until one is chosen; `required` when the form
 * exists to send it (then an empty choice is an error, not a form without file).
 */
export function fileSchema({ required, limit }: { required: boolean; limit?: { maxBytes: number; tooLarge: string } }) {
  return z
    .custom<File | null>((value) => value === null || value === undefined || value instanceof File)
    .nullable()
    .superRefine(async (file, ctx) => {
      if (!file) {
        if (required) ctx.addIssue({ code: 'custom', message: CHOOSE });
        return;
      }
      const problem = await attachmentProblem(file, limit);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { wellFormed } from './admin-fields.ts';

/** The back office's static documents (decision 030): the files the portal offers for download. */

export const ADMIN_DOCUMENT_TITLE_MAX_LENGTH = 200;
/** Longest document text, in characters: the shipped ones are a few kilobytes. */
export const ADMIN_DOCUMENT_TEXT_MAX_LENGTH = 200_000;

/** A static document as stored: plain text in blocks ("## " a heading, "- " list items), `{{marque}}` kept. */
export const adminStaticDocumentSchema = lazySchema(() =>
  z.object({
    type: z.string(),
    titre: z.string(),
    version: z.string(),
    dateVersion: z.string(),
    contenu: z.string(),
  }),
);
export type AdminStaticDocument = z.infer<typeof adminStaticDocumentSchema>;
export const adminStaticDocumentListSchema = lazySchema(() => z.array(adminStaticDocumentSchema));

/** `PUT /api/admin/documents/{type}` and its preview `POST /api/admin/documents/{type}/apercu`. */
export const adminStaticDocumentBodySchema = lazySchema(() =>
  z.strictObject({
    titre: wellFormed(
      z
        .string('Le titre doit être un texte.')
        .trim()
        .min(1, 'Veuillez saisir le titre du document.')
        .max(ADMIN_DOCUMENT_TITLE_MAX_LENGTH, `Le titre ne peut dépasser ${ADMIN_DOCUMENT_TITLE_MAX_LENGTH} caractères.`),
    ),
    contenu: wellFormed(
      z
        .string('Le texte doit être un texte.')
        .refine((value) => value.trim() !== '', 'Veuillez saisir le texte du document.')
        .refine(
          (value) => value.length <= ADMIN_DOCUMENT_TEXT_MAX_LENGTH,
          `Le texte ne peut dépasser ${ADMIN_DOCUMENT_TEXT_MAX_LENGTH.toLocaleString('fr-FR')} caractères.`,
        ),
    ),
  }),
);
export type AdminStaticDocumentBody = z.infer<typeof adminStaticDocumentBodySchema>;

/**
 * The version a document's edit gives it: `<year>.<n>`, the year of the edit (Europe/Paris), n
 * one more than the current version's in the same year, 1 in a new year.
 */
export function nextDocumentVersion(current: string, year: number): string {
  const match = /^(\d{4})\.(\d+)$/.exec(current);
  if (match && Number(match[1]) === year) return `${year}.${Number(match[2]) + 1}`;
  return `${year}.1`;
}

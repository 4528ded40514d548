import { z } from 'zod';
import { MAX_ID } from './constants.ts';
import { lazySchema } from './lazy-schema.ts';
import { wellFormed, htmlRemovalSchema, themeIdMessage, themeId, orderOf } from './admin-fields.ts';

/** The back office's FAQ (decision 030): themes and questions, their order. */

export const ADMIN_FAQ_THEME_MAX_LENGTH = 100;
export const ADMIN_FAQ_QUESTION_MAX_LENGTH = 300;
export const ADMIN_FAQ_ANSWER_MAX_LENGTH = 10_000;

const questionIdMessage = 'La question doit être désignée par son identifiant numérique.';
const questionId = lazySchema(() =>
  z.number(questionIdMessage).int(questionIdMessage).positive(questionIdMessage).max(MAX_ID, questionIdMessage),
);

export const adminFaqThemeParamSchema = lazySchema(() =>
  z.object({
    idTheme: z.coerce.number<string>(themeIdMessage).int(themeIdMessage).positive(themeIdMessage).max(MAX_ID, themeIdMessage),
  }),
);
export const adminFaqQuestionParamSchema = lazySchema(() =>
  z.object({
    idQuestion: z.coerce.number<string>(questionIdMessage).int(questionIdMessage).positive(questionIdMessage).max(MAX_ID, questionIdMessage),
  }),
);

/** A theme as stored (`{{marque}}` kept), with how many questions it holds. */
export const adminFaqThemeSchema = lazySchema(() =>
  z.object({
    idTheme: z.number().int(),
    libelle: z.string(),
    ordre: z.number().int(),
    nbQuestions: z.number().int(),
  }),
);
export type AdminFaqTheme = z.infer<typeof adminFaqThemeSchema>;
export const adminFaqThemeListSchema = lazySchema(() => z.array(adminFaqThemeSchema));

/** `POST /api/admin/faq/themes` and `PUT /api/admin/faq/themes/{idTheme}`. */
export const adminFaqThemeBodySchema = lazySchema(() =>
  z.strictObject({
    libelle: wellFormed(
      z
        .string('Le libellé doit être un texte.')
        .trim()
        .min(1, 'Veuillez saisir le libellé du thème.')
        .max(ADMIN_FAQ_THEME_MAX_LENGTH, `Le libellé ne peut dépasser ${ADMIN_FAQ_THEME_MAX_LENGTH} caractères.`),
    ),
  }),
);
export type AdminFaqThemeBody = z.infer<typeof adminFaqThemeBodySchema>;

/** A question as stored: the answer's HTML already reduced to the FAQ rule set, `{{marque}}` kept. */
export const adminFaqQuestionSchema = lazySchema(() =>
  z.object({
    idQuestion: z.number().int(),
    idTheme: z.number().int(),
    question: z.string(),
    reponseHtml: z.string(),
    ordre: z.number().int(),
  }),
);
export type AdminFaqQuestion = z.infer<typeof adminFaqQuestionSchema>;
export const adminFaqQuestionListSchema = lazySchema(() => z.array(adminFaqQuestionSchema));

/** `POST /api/admin/faq/questions` and `PUT /api/admin/faq/questions/{idQuestion}` (a new theme moves it there, last). */
export const adminFaqQuestionBodySchema = lazySchema(() =>
  z.strictObject({
    idTheme: themeId,
    question: wellFormed(
      z
        .string('La question doit être un texte.')
        .trim()
        .min(1, 'Veuillez saisir la question.')
        .max(ADMIN_FAQ_QUESTION_MAX_LENGTH, `La question ne peut dépasser ${ADMIN_FAQ_QUESTION_MAX_LENGTH} caractères.`),
    ),
    reponseHtml: wellFormed(
      z
        .string('La réponse doit être un texte.')
        .refine((value) => value.trim() !== '', 'Veuillez saisir la réponse.')
        .refine((value) => value.length <= ADMIN_FAQ_ANSWER_MAX_LENGTH, `La réponse ne peut dépasser ${ADMIN_FAQ_ANSWER_MAX_LENGTH.toLocaleString('fr-FR')} caractères.`),
    ),
  }),
);
export type AdminFaqQuestionBody = z.infer<typeof adminFaqQuestionBodySchema>;

export const adminFaqQuestionSaveSchema = lazySchema(() =>
  z.object({
    question: adminFaqQuestionSchema,
    retraits: z.array(htmlRemovalSchema),
  }),
);
export type AdminFaqQuestionSave = z.infer<typeof adminFaqQuestionSaveSchema>;

/**
 * `PUT /api/admin/faq/themes/ordre`: every theme, in the new order. A list that is not exactly
 * the stored themes (one added or removed meanwhile) answers ADMIN_ORDER_OUTDATED.
 */
export const adminFaqThemeOrderBodySchema = lazySchema(() =>
  z.strictObject({ idThemes: orderOf(themeId, 'L’ordre des thèmes') }),
);
export type AdminFaqThemeOrderBody = z.infer<typeof adminFaqThemeOrderBodySchema>;

/** `PUT /api/admin/faq/themes/{idTheme}/questions/ordre`: every question of the theme, in the new order. */
export const adminFaqQuestionOrderBodySchema = lazySchema(() =>
  z.strictObject({ idQuestions: orderOf(questionId, 'L’ordre des questions') }),
);
export type AdminFaqQuestionOrderBody = z.infer<typeof adminFaqQuestionOrderBodySchema>;

/** A list with the item at `index` swapped with its neighbour (`-1` up, `+1` down); the list itself when it cannot move. */
export function movedInList<T>(items: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  const copy = [...items];
  const item = copy[index];
  const other = copy[target];
  if (item === undefined || other === undefined) return copy;
  copy[index] = other;
  copy[target] = item;
  return copy;
}

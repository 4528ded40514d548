import { z } from 'zod';
import type { ParameterName } from './parameters.ts';

/**
 * The administration back office (`/administration`, endpoints `/api/admin/…`, decision 030):
 * server parameters, legal texts and the FAQ, edited by a user with the administration flag
 * (spec §3 "Current user") who is not a customer-service agent.
 */

const MAX_ID = 2_147_483_647;

/** A UTF-16 surrogate without its other half: text no database column or JSON document can hold. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text whose characters are all whole: refused otherwise, as a typing accident or a forged request. */
const wellFormed = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((value) => !LONE_SURROGATE.test(value), 'Le texte contient un caractère invalide.');

// ————— Server parameters —————

/** The switches the back office turns on and off; stored as 'true' / 'false' like every flag (spec §3). */
export const ADMIN_SWITCH_NAMES = ['en_maintenance', 'hidE_CAPTCHA', 'activeR_RESSOURCES_EXTERNES'] as const satisfies readonly ParameterName[];
/** The HTML texts the back office edits, reduced to the banners' rule set (html-rules.ts) before they are stored. */
export const ADMIN_HTML_PARAMETER_NAMES = ['titrE_BANDEAU', 'messageAuthentification'] as const satisfies readonly ParameterName[];
export type AdminSwitchName = (typeof ADMIN_SWITCH_NAMES)[number];
export type AdminHtmlParameterName = (typeof ADMIN_HTML_PARAMETER_NAMES)[number];
export type AdminParameterName = AdminSwitchName | AdminHtmlParameterName;

/** Longest banner text, as typed (before the sanitizer): a banner is a sentence or two, never a page. */
export const ADMIN_BANNER_MAX_LENGTH = 2_000;

const switchValue = z.boolean('Chaque interrupteur doit valoir vrai ou faux.');
const bannerHtml = (label: string) =>
  wellFormed(
    z
      .string(`${label} doit être un texte.`)
      .max(ADMIN_BANNER_MAX_LENGTH, `${label} ne peut dépasser ${ADMIN_BANNER_MAX_LENGTH.toLocaleString('fr-FR')} caractères.`),
  );

/** `PUT /api/admin/parametres`: every editable parameter, each time (the form saves them together). */
export const adminParametersBodySchema = z.strictObject({
  en_maintenance: switchValue.describe('Portail en maintenance : l’API répond 503 et le site affiche la page de maintenance'),
  hidE_CAPTCHA: switchValue.describe('Captcha masqué : la connexion et le code oublié ne demandent pas de vérification anti-robot'),
  activeR_RESSOURCES_EXTERNES: switchValue.describe('Ressources externes actives : liens des réseaux sociaux du pied de page'),
  titrE_BANDEAU: bannerHtml('Le bandeau des pages connectées').describe('Bandeau orange des pages connectées (HTML)'),
  messageAuthentification: bannerHtml('Le message de la page de connexion').describe('Message d’information de la page de connexion (HTML)'),
});
export type AdminParametersBody = z.infer<typeof adminParametersBodySchema>;

export const adminParametersSchema = adminParametersBodySchema.extend({
  /**
   * Seconds within which every instance of the API applies a change of the maintenance flag
   * (each caches it that long); the other parameters are read afresh on every request.
   */
  propagationSecondes: z.number().int(),
});
export type AdminParameters = z.infer<typeof adminParametersSchema>;

/** What the sanitizer took out of one HTML field before it was stored, in French words. */
export const htmlRemovalSchema = z.object({
  champ: z.string(),
  /** Each distinct thing removed: "balise <script> et son contenu", "attribut onclick"… */
  elements: z.array(z.string()),
});
export type HtmlRemoval = z.infer<typeof htmlRemovalSchema>;

/** The answer of a save: what is now stored, and what the sanitizer removed from what was sent (none: empty list). */
export const adminParametersSaveSchema = z.object({
  parametres: adminParametersSchema,
  retraits: z.array(htmlRemovalSchema),
});
export type AdminParametersSave = z.infer<typeof adminParametersSaveSchema>;

// ————— Legal and information pages —————

export const ADMIN_LEGAL_TITLE_MAX_LENGTH = 200;
/** Longest legal text, as typed: the longest shipped page is a few kilobytes. */
export const ADMIN_LEGAL_HTML_MAX_LENGTH = 100_000;

/** A legal page as stored: `{{marque}}` still stands for the brand, the HTML already reduced to the legal rule set. */
export const adminLegalPageSchema = z.object({
  pageCode: z.string(),
  titre: z.string(),
  contenuHtml: z.string(),
  miseAJour: z.string(),
});
export type AdminLegalPage = z.infer<typeof adminLegalPageSchema>;
export const adminLegalPageListSchema = z.array(adminLegalPageSchema);

/** `PUT /api/admin/mentions-legales/{pageCode}`. */
export const adminLegalPageBodySchema = z.strictObject({
  titre: wellFormed(
    z
      .string('Le titre doit être un texte.')
      .trim()
      .min(1, 'Veuillez saisir le titre de la page.')
      .max(ADMIN_LEGAL_TITLE_MAX_LENGTH, `Le titre ne peut dépasser ${ADMIN_LEGAL_TITLE_MAX_LENGTH} caractères.`),
  ),
  contenuHtml: wellFormed(
    z
      .string('Le contenu doit être un texte.')
      .refine((value) => value.trim() !== '', 'Veuillez saisir le contenu de la page.')
      .refine((value) => value.length <= ADMIN_LEGAL_HTML_MAX_LENGTH, `Le contenu ne peut dépasser ${ADMIN_LEGAL_HTML_MAX_LENGTH.toLocaleString('fr-FR')} caractères.`),
  ),
});
export type AdminLegalPageBody = z.infer<typeof adminLegalPageBodySchema>;

export const adminLegalPageSaveSchema = z.object({
  page: adminLegalPageSchema,
  retraits: z.array(htmlRemovalSchema),
});
export type AdminLegalPageSave = z.infer<typeof adminLegalPageSaveSchema>;

// ————— FAQ —————

export const ADMIN_FAQ_THEME_MAX_LENGTH = 100;
export const ADMIN_FAQ_QUESTION_MAX_LENGTH = 300;
export const ADMIN_FAQ_ANSWER_MAX_LENGTH = 10_000;
/** Most themes or questions one reorder names. */
export const ADMIN_FAQ_ORDER_MAX_ITEMS = 500;

const themeIdMessage = 'Le thème doit être désigné par son identifiant numérique.';
const questionIdMessage = 'La question doit être désignée par son identifiant numérique.';
const themeId = z.number(themeIdMessage).int(themeIdMessage).positive(themeIdMessage).max(MAX_ID, themeIdMessage);
const questionId = z.number(questionIdMessage).int(questionIdMessage).positive(questionIdMessage).max(MAX_ID, questionIdMessage);

export const adminFaqThemeParamSchema = z.object({
  idTheme: z.coerce.number<string>(themeIdMessage).int(themeIdMessage).positive(themeIdMessage).max(MAX_ID, themeIdMessage),
});
export const adminFaqQuestionParamSchema = z.object({
  idQuestion: z.coerce.number<string>(questionIdMessage).int(questionIdMessage).positive(questionIdMessage).max(MAX_ID, questionIdMessage),
});

/** A theme as stored (`{{marque}}` kept), with how many questions it holds. */
export const adminFaqThemeSchema = z.object({
  idTheme: z.number().int(),
  libelle: z.string(),
  ordre: z.number().int(),
  nbQuestions: z.number().int(),
});
export type AdminFaqTheme = z.infer<typeof adminFaqThemeSchema>;
export const adminFaqThemeListSchema = z.array(adminFaqThemeSchema);

/** `POST /api/admin/faq/themes` and `PUT /api/admin/faq/themes/{idTheme}`. */
export const adminFaqThemeBodySchema = z.strictObject({
  libelle: wellFormed(
    z
      .string('Le libellé doit être un texte.')
      .trim()
      .min(1, 'Veuillez saisir le libellé du thème.')
      .max(ADMIN_FAQ_THEME_MAX_LENGTH, `Le libellé ne peut dépasser ${ADMIN_FAQ_THEME_MAX_LENGTH} caractères.`),
  ),
});
export type AdminFaqThemeBody = z.infer<typeof adminFaqThemeBodySchema>;

/** A question as stored: the answer's HTML already reduced to the FAQ rule set, `{{marque}}` kept. */
export const adminFaqQuestionSchema = z.object({
  idQuestion: z.number().int(),
  idTheme: z.number().int(),
  question: z.string(),
  reponseHtml: z.string(),
  ordre: z.number().int(),
});
export type AdminFaqQuestion = z.infer<typeof adminFaqQuestionSchema>;
export const adminFaqQuestionListSchema = z.array(adminFaqQuestionSchema);

/** `POST /api/admin/faq/questions` and `PUT /api/admin/faq/questions/{idQuestion}` (a new theme moves it there, last). */
export const adminFaqQuestionBodySchema = z.strictObject({
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
});
export type AdminFaqQuestionBody = z.infer<typeof adminFaqQuestionBodySchema>;

export const adminFaqQuestionSaveSchema = z.object({
  question: adminFaqQuestionSchema,
  retraits: z.array(htmlRemovalSchema),
});
export type AdminFaqQuestionSave = z.infer<typeof adminFaqQuestionSaveSchema>;

const orderOf = <T extends z.ZodNumber>(id: T, label: string) =>
  z
    .array(id, `${label} doit être une liste d’identifiants.`)
    .min(1, `${label} ne peut être vide.`)
    .max(ADMIN_FAQ_ORDER_MAX_ITEMS, `${label} ne peut dépasser ${ADMIN_FAQ_ORDER_MAX_ITEMS} éléments.`)
    .refine((ids) => new Set(ids).size === ids.length, `${label} ne peut nommer deux fois le même élément.`);

/**
 * `PUT /api/admin/faq/themes/ordre`: every theme, in the new order. A list that is not exactly
 * the stored themes (one added or removed meanwhile) answers ADMIN_ORDER_OUTDATED.
 */
export const adminFaqThemeOrderBodySchema = z.strictObject({ idThemes: orderOf(themeId, 'L’ordre des thèmes') });
export type AdminFaqThemeOrderBody = z.infer<typeof adminFaqThemeOrderBodySchema>;

/** `PUT /api/admin/faq/themes/{idTheme}/questions/ordre`: every question of the theme, in the new order. */
export const adminFaqQuestionOrderBodySchema = z.strictObject({ idQuestions: orderOf(questionId, 'L’ordre des questions') });
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

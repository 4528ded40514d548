import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import type { ParameterName } from './parameters.ts';
import { SUPPORT_REFERENCE_PATTERN, SUPPORT_TICKET_STATUSES, supportTicketSchema, type SupportTicketStatus } from './support.ts';

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

const switchValue = lazySchema(() => z.boolean('Chaque interrupteur doit valoir vrai ou faux.'));
const bannerHtml = (label: string) =>
  wellFormed(
    z
      .string(`${label} doit être un texte.`)
      .max(ADMIN_BANNER_MAX_LENGTH, `${label} ne peut dépasser ${ADMIN_BANNER_MAX_LENGTH.toLocaleString('fr-FR')} caractères.`),
  );

/** `PUT /api/admin/parametres`: every editable parameter, each time (the form saves them together). */
export const adminParametersBodySchema = lazySchema(() =>
  z.strictObject({
    en_maintenance: switchValue.describe('Portail en maintenance : l’API répond 503 et le site affiche la page de maintenance'),
    hidE_CAPTCHA: switchValue.describe('Captcha masqué : la connexion et le code oublié ne demandent pas de vérification anti-robot'),
    activeR_RESSOURCES_EXTERNES: switchValue.describe('Ressources externes actives : liens des réseaux sociaux du pied de page'),
    titrE_BANDEAU: bannerHtml('Le bandeau des pages connectées').describe('Bandeau orange des pages connectées (HTML)'),
    messageAuthentification: bannerHtml('Le message de la page de connexion').describe('Message d’information de la page de connexion (HTML)'),
  }),
);
export type AdminParametersBody = z.infer<typeof adminParametersBodySchema>;

export const adminParametersSchema = lazySchema(() =>
  adminParametersBodySchema.extend({
    /**
     * Seconds within which every instance of the API applies a change of the maintenance flag
     * (each caches it that long); the other parameters are read afresh on every request.
     */
    propagationSecondes: z.number().int(),
  }),
);
export type AdminParameters = z.infer<typeof adminParametersSchema>;

/** What the sanitizer took out of one HTML field before it was stored, in French words. */
export const htmlRemovalSchema = lazySchema(() =>
  z.object({
    champ: z.string(),
    /** Each distinct thing removed: "balise <script> et son contenu", "attribut onclick"… */
    elements: z.array(z.string()),
  }),
);
export type HtmlRemoval = z.infer<typeof htmlRemovalSchema>;

/** The answer of a save: what is now stored, and what the sanitizer removed from what was sent (none: empty list). */
export const adminParametersSaveSchema = lazySchema(() =>
  z.object({
    parametres: adminParametersSchema,
    retraits: z.array(htmlRemovalSchema),
  }),
);
export type AdminParametersSave = z.infer<typeof adminParametersSaveSchema>;

// ————— Legal and information pages —————

export const ADMIN_LEGAL_TITLE_MAX_LENGTH = 200;
/** Longest legal text, as typed: the longest shipped page is a few kilobytes. */
export const ADMIN_LEGAL_HTML_MAX_LENGTH = 100_000;

/** A legal page as stored: `{{marque}}` still stands for the brand, the HTML already reduced to the legal rule set. */
export const adminLegalPageSchema = lazySchema(() =>
  z.object({
    pageCode: z.string(),
    titre: z.string(),
    contenuHtml: z.string(),
    miseAJour: z.string(),
  }),
);
export type AdminLegalPage = z.infer<typeof adminLegalPageSchema>;
export const adminLegalPageListSchema = lazySchema(() => z.array(adminLegalPageSchema));

/** `PUT /api/admin/mentions-legales/{pageCode}`. */
export const adminLegalPageBodySchema = lazySchema(() =>
  z.strictObject({
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
  }),
);
export type AdminLegalPageBody = z.infer<typeof adminLegalPageBodySchema>;

export const adminLegalPageSaveSchema = lazySchema(() =>
  z.object({
    page: adminLegalPageSchema,
    retraits: z.array(htmlRemovalSchema),
  }),
);
export type AdminLegalPageSave = z.infer<typeof adminLegalPageSaveSchema>;

// ————— FAQ —————

export const ADMIN_FAQ_THEME_MAX_LENGTH = 100;
export const ADMIN_FAQ_QUESTION_MAX_LENGTH = 300;
export const ADMIN_FAQ_ANSWER_MAX_LENGTH = 10_000;
/** Most themes or questions one reorder names. */
export const ADMIN_FAQ_ORDER_MAX_ITEMS = 500;

const themeIdMessage = 'Le thème doit être désigné par son identifiant numérique.';
const questionIdMessage = 'La question doit être désignée par son identifiant numérique.';
const themeId = lazySchema(() =>
  z.number(themeIdMessage).int(themeIdMessage).positive(themeIdMessage).max(MAX_ID, themeIdMessage),
);
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

// ————— Menu tree —————

/** The menu's three levels: rubrique (no parent) > sous-rubrique > module (spec §3 "Menu item"). */
export const ADMIN_MENU_KINDS = ['rubrique', 'sousRubrique', 'module'] as const;
export type AdminMenuKind = (typeof ADMIN_MENU_KINDS)[number];
export const ADMIN_MENU_NAME_MAX_LENGTH = 80;
export const ADMIN_MENU_URL_MAX_LENGTH = 300;

const menuIdMessage = 'L’entrée du menu doit être désignée par son identifiant numérique.';
const menuId = lazySchema(() =>
  z.number(menuIdMessage).int(menuIdMessage).positive(menuIdMessage).max(MAX_ID, menuIdMessage),
);

export const adminMenuParamSchema = lazySchema(() =>
  z.object({
    id: z.coerce.number<string>(menuIdMessage).int(menuIdMessage).positive(menuIdMessage).max(MAX_ID, menuIdMessage),
  }),
);

/**
 * Where an entry leads: a page of the portal (a path from its root, `/assistance/faq`, letters,
 * digits and `-._~/?=&%#` only) or an https address of another site. Nothing else: no
 * `javascript:`, no protocol-relative `//host`, no spaces.
 */
export const ADMIN_MENU_URL_PATTERN = /^(?:\/(?:[A-Za-z0-9\-._~?=&%#][A-Za-z0-9\-._~/?=&%#]*)?|https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[A-Za-z0-9\-._~/?=&%#]*)?)$/;

/** An entry as the back office lists it: the whole tree flat, each level in its order. */
export const adminMenuItemSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    kind: z.enum(ADMIN_MENU_KINDS),
    nom: z.string(),
    url: z.string().nullable(),
    ordre: z.number().int(),
  }),
);
export type AdminMenuItem = z.infer<typeof adminMenuItemSchema>;
export const adminMenuListSchema = lazySchema(() => z.array(adminMenuItemSchema));

/**
 * `POST /api/admin/menu` (a new entry, last under its parent: none makes a rubrique, a rubrique a
 * sous-rubrique, a sous-rubrique a module) and `PUT /api/admin/menu/{id}` (rename, change the
 * address, or move under another parent of the same level, last there). A module needs an address.
 */
export const adminMenuItemBodySchema = lazySchema(() =>
  z.strictObject({
    parentId: menuId.nullable(),
    nom: wellFormed(
      z
        .string('Le libellé doit être un texte.')
        .trim()
        .min(1, 'Veuillez saisir le libellé de l’entrée.')
        .max(ADMIN_MENU_NAME_MAX_LENGTH, `Le libellé ne peut dépasser ${ADMIN_MENU_NAME_MAX_LENGTH} caractères.`),
    ),
    url: z
      .string('L’adresse doit être un texte.')
      .trim()
      .max(ADMIN_MENU_URL_MAX_LENGTH, `L’adresse ne peut dépasser ${ADMIN_MENU_URL_MAX_LENGTH} caractères.`)
      .regex(ADMIN_MENU_URL_PATTERN, 'L’adresse doit être un chemin du portail commençant par « / » ou une adresse en https://.')
      .nullable(),
  }),
);
export type AdminMenuItemBody = z.infer<typeof adminMenuItemBodySchema>;

/** `PUT /api/admin/menu/ordre`: every entry under one parent (null: the rubriques), in the new order. */
export const adminMenuOrderBodySchema = lazySchema(() =>
  z.strictObject({
    parentId: menuId.nullable(),
    ids: orderOf(menuId, 'L’ordre des entrées'),
  }),
);
export type AdminMenuOrderBody = z.infer<typeof adminMenuOrderBodySchema>;

/** The level of an entry placed under `parent` (none: a rubrique); null when nothing goes under it (a module). */
export function menuKindUnder(parent: { kind: AdminMenuKind } | null): AdminMenuKind | null {
  if (parent === null) return 'rubrique';
  if (parent.kind === 'rubrique') return 'sousRubrique';
  if (parent.kind === 'sousRubrique') return 'module';
  return null;
}

// ————— Contact themes —————

export const ADMIN_CONTACT_LABEL_MAX_LENGTH = 100;

const subThemeIdMessage = 'Le sous-thème doit être désigné par son identifiant numérique.';
const subThemeId = lazySchema(() =>
  z.number(subThemeIdMessage).int(subThemeIdMessage).positive(subThemeIdMessage).max(MAX_ID, subThemeIdMessage),
);

export const adminContactSubThemeParamSchema = lazySchema(() =>
  z.object({
    idSousTheme: z.coerce.number<string>(subThemeIdMessage).int(subThemeIdMessage).positive(subThemeIdMessage).max(MAX_ID, subThemeIdMessage),
  }),
);

export const adminContactSubThemeSchema = lazySchema(() =>
  z.object({
    idSousTheme: z.number().int(),
    idTheme: z.number().int(),
    libelle: z.string(),
    ordre: z.number().int(),
  }),
);
export type AdminContactSubTheme = z.infer<typeof adminContactSubThemeSchema>;

/** A contact theme with its sub-themes, each level in its order. */
export const adminContactThemeSchema = lazySchema(() =>
  z.object({
    idTheme: z.number().int(),
    libelle: z.string(),
    ordre: z.number().int(),
    sousThemes: z.array(adminContactSubThemeSchema),
  }),
);
export type AdminContactTheme = z.infer<typeof adminContactThemeSchema>;
export const adminContactThemeListSchema = lazySchema(() => z.array(adminContactThemeSchema));

/** Creating or renaming a contact theme or sub-theme. */
export const adminContactLabelBodySchema = lazySchema(() =>
  z.strictObject({
    libelle: wellFormed(
      z
        .string('Le libellé doit être un texte.')
        .trim()
        .min(1, 'Veuillez saisir le libellé.')
        .max(ADMIN_CONTACT_LABEL_MAX_LENGTH, `Le libellé ne peut dépasser ${ADMIN_CONTACT_LABEL_MAX_LENGTH} caractères.`),
    ),
  }),
);
export type AdminContactLabelBody = z.infer<typeof adminContactLabelBodySchema>;

/** `PUT /api/admin/contact/themes/ordre`: every contact theme, in the new order. */
export const adminContactThemeOrderBodySchema = lazySchema(() =>
  z.strictObject({ idThemes: orderOf(themeId, 'L’ordre des thèmes') }),
);
/** `PUT /api/admin/contact/themes/{idTheme}/sous-themes/ordre`: every sub-theme of the theme, in the new order. */
export const adminContactSubThemeOrderBodySchema = lazySchema(() =>
  z.strictObject({ idSousThemes: orderOf(subThemeId, 'L’ordre des sous-thèmes') }),
);

// ————— Static documents —————

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

// ————— Support tickets —————

/**
 * The status changes the back office may make (decision 030): a received ticket is taken up,
 * waits for the customer or is resolved; a resolved one may be reopened (taken up again). No
 * ticket goes back to "Reçue", which only says nobody has looked at it yet.
 */
export const SUPPORT_TICKET_TRANSITIONS: Record<SupportTicketStatus, readonly SupportTicketStatus[]> = {
  OUVERTE: ['EN_COURS', 'EN_ATTENTE_CLIENT', 'RESOLUE'],
  EN_COURS: ['EN_ATTENTE_CLIENT', 'RESOLUE'],
  EN_ATTENTE_CLIENT: ['EN_COURS', 'RESOLUE'],
  RESOLUE: ['EN_COURS'],
};

export const canChangeTicketStatus = (from: SupportTicketStatus, to: SupportTicketStatus) => SUPPORT_TICKET_TRANSITIONS[from].includes(to);

export const ADMIN_TICKET_REPLY_MAX_LENGTH = 5_000;
export const ADMIN_TICKET_PAGE_SIZE_MAX = 50;
const referenceMessage = 'La référence doit être de la forme SUP-AAAA-NNNNNN.';

/** The filters and page of a list of requests in the back office (tickets, complaints): a reference or its beginning ("SUP-2026-0001"), case ignored. */
export const adminRequestListFields = (message: string) => ({
  reference: z
    .string()
    .trim()
    .max(30, message)
    .regex(/^[A-Za-z0-9-]*$/, message)
    .transform((value) => value.toUpperCase())
    .optional(),
  page: z.coerce.number<string>().int().min(1).max(100_000).default(1),
  taille: z.coerce.number<string>().int().min(1).max(ADMIN_TICKET_PAGE_SIZE_MAX).default(20),
});

/** `GET /api/admin/support/demandes?statut=&reference=&page=&taille=`: newest first. */
export const adminTicketQuerySchema = lazySchema(() =>
  z.object({ statut: z.enum(SUPPORT_TICKET_STATUSES, 'Statut inconnu.').optional(), ...adminRequestListFields(referenceMessage) }),
);
export type AdminTicketQuery = z.infer<typeof adminTicketQuerySchema>;

export const adminTicketParamSchema = lazySchema(() =>
  z.object({ reference: z.string().regex(SUPPORT_REFERENCE_PATTERN, referenceMessage) }),
);

/** A ticket as the back office lists it: the customer's view, the sender and the message. */
export const adminTicketSchema = lazySchema(() =>
  supportTicketSchema.extend({
    message: z.string(),
    expediteur: z.object({ prenom: z.string(), nom: z.string(), email: z.string(), entreprise: z.string().nullable(), client: z.boolean() }),
    /** The attachment's label; `supprimee` once its file was deleted at the end of its retention. */
    pieceJointe: z.object({ nom: z.string(), type: z.string(), taille: z.number().int(), supprimee: z.boolean() }).nullable(),
  }),
);
export type AdminTicket = z.infer<typeof adminTicketSchema>;

export const adminTicketPageSchema = lazySchema(() =>
  z.object({
    demandes: z.array(adminTicketSchema),
    total: z.number().int(),
    page: z.number().int(),
    taille: z.number().int(),
  }),
);
export type AdminTicketPage = z.infer<typeof adminTicketPageSchema>;

/** The back office's reply to a request's sender, e-mailed with a status change: optional. */
export const adminReplySchema = () =>
  wellFormed(
    z
      .string('La réponse doit être un texte.')
      .trim()
      .max(ADMIN_TICKET_REPLY_MAX_LENGTH, `La réponse ne peut dépasser ${ADMIN_TICKET_REPLY_MAX_LENGTH.toLocaleString('fr-FR')} caractères.`),
  ).optional();

/** `PUT /api/admin/support/demandes/{reference}/statut`: the new status and, optionally, a reply e-mailed to the sender. */
export const adminTicketStatusBodySchema = lazySchema(() =>
  z.strictObject({
    statut: z.enum(SUPPORT_TICKET_STATUSES, 'Veuillez choisir un statut.'),
    reponse: adminReplySchema(),
  }),
);
export type AdminTicketStatusBody = z.infer<typeof adminTicketStatusBodySchema>;

import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { wellFormed, htmlRemovalSchema } from './admin-fields.ts';
import type { ParameterName } from './parameters.ts';

/**
 * The administration back office (`/administration`, endpoints `/api/admin/…`, decision 030):
 * server parameters, legal texts and the FAQ, edited by a user with the administration flag
 * (spec §3 "Current user") who is not a customer-service agent. This file holds the server
 * parameters and the legal pages; each other part has its file, exported from here.
 */

export { ADMIN_FAQ_ORDER_MAX_ITEMS, htmlRemovalSchema, type HtmlRemoval } from './admin-fields.ts';
export * from './admin-faq.ts';
export * from './admin-menu.ts';
export * from './admin-contact-themes.ts';
export * from './admin-documents.ts';
export * from './admin-tickets.ts';

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

import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { MAX_ID } from './constants.ts';

/** The fields the back office's forms share (admin.ts and its parts): ids, whole characters, ordered lists. */

/** A UTF-16 surrogate without its other half: text no database column or JSON document can hold. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text whose characters are all whole: refused otherwise, as a typing accident or a forged request. */
export const wellFormed = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((value) => !LONE_SURROGATE.test(value), 'Le texte contient un caractère invalide.');

/** What the sanitizer took out of one HTML field before it was stored, in French words. */
export const htmlRemovalSchema = lazySchema(() =>
  z.object({
    champ: z.string(),
    /** Each distinct thing removed: "balise <script> et son contenu", "attribut onclick"… */
    elements: z.array(z.string()),
  }),
);
export type HtmlRemoval = z.infer<typeof htmlRemovalSchema>;

/** Most themes or questions one reorder names. */
export const ADMIN_FAQ_ORDER_MAX_ITEMS = 500;

export const themeIdMessage = 'Le thème doit être désigné par son identifiant numérique.';
export const themeId = lazySchema(() =>
  z.number(themeIdMessage).int(themeIdMessage).positive(themeIdMessage).max(MAX_ID, themeIdMessage),
);

export const orderOf = <T extends z.ZodNumber>(id: T, label: string) =>
  z
    .array(id, `${label} doit être une liste d’identifiants.`)
    .min(1, `${label} ne peut être vide.`)
    .max(ADMIN_FAQ_ORDER_MAX_ITEMS, `${label} ne peut dépasser ${ADMIN_FAQ_ORDER_MAX_ITEMS} éléments.`)
    .refine((ids) => new Set(ids).size === ids.length, `${label} ne peut nommer deux fois le même élément.`);

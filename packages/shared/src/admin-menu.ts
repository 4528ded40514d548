import { z } from 'zod';
import { MAX_ID } from './constants.ts';
import { lazySchema } from './lazy-schema.ts';
import { wellFormed, orderOf } from './admin-fields.ts';

/** The back office's menu tree (decision 030): rubriques, sous-rubriques and modules. */

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

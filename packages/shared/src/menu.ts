import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

export const menuModuleSchema = lazySchema(() =>
  z.object({
    nom: z.string(),
    url: z.string().nullable(),
    ordre: z.number().int(),
  }),
);
export type MenuModule = z.infer<typeof menuModuleSchema>;

export const menuSubHeadingSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    nom: z.string(),
    url: z.string().nullable(),
    ordre: z.number().int(),
    modules: z.array(menuModuleSchema),
    urlImage: z.string().nullable(),
    cheminImage: z.string().nullable(),
  }),
);
export type MenuSubHeading = z.infer<typeof menuSubHeadingSchema>;

/** Menu item, spec §3: the server-driven header menu (also feeds the footer columns). */
export const menuItemSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    nom: z.string(),
    url: z.string().nullable(),
    ordre: z.number().int(),
    sousRubriques: z.array(menuSubHeadingSchema),
    urlImage: z.string().nullable(),
    cheminImage: z.string().nullable(),
  }),
);
export type MenuItem = z.infer<typeof menuItemSchema>;
export const menuSchema = lazySchema(() => z.array(menuItemSchema));

/** Path segment meaning "no billing account / line chosen yet". */
export const MENU_NONE = 'aucun';

const segment = lazySchema(() => z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9_-]+$/));
export const menuParamsSchema = lazySchema(() =>
  z.object({
    statut_cpt_fact: segment,
    statut_ligne_mobile: segment,
    id_gamme_ligne: segment,
    statut_ligne_adsl: segment,
  }),
);
export type MenuParams = z.infer<typeof menuParamsSchema>;

export const MENU_POPUP_ALWAYS_ID = 5;
export const MENU_COLUMNS = 3;

/** Splits sub-headings, sorted by ordre, into the three popup columns (round-robin keeps them balanced). */
export function menuColumns<T extends { ordre: number }>(items: readonly T[], columns = MENU_COLUMNS): T[][] {
  const sorted = [...items].sort((a, b) => a.ordre - b.ordre);
  const result: T[][] = Array.from({ length: columns }, () => []);
  sorted.forEach((item, index) => result[index % columns]?.push(item));
  return result;
}

export function sortByOrdre<T extends { ordre: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.ordre - b.ordre);
}

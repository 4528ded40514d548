import { MENU_POPUP_ALWAYS_ID, type MenuItem } from '@ecare/shared/menu';
import { PATHS } from '../../../lib/routes.ts';

export interface MenuViewer {
  authenticated: boolean;
  hasBillingAccount: boolean;
}

/**
 * Spec §2 "Page frame": a popup shows when the user is authenticated with a billing account
 * and the item has sub-headings, or always for item id 5.
 */
export function hasPopup(item: Pick<MenuItem, 'id' | 'sousRubriques'>, viewer: MenuViewer): boolean {
  if (item.id === MENU_POPUP_ALWAYS_ID) return true;
  return viewer.authenticated && viewer.hasBillingAccount && item.sousRubriques.length > 0;
}

/** Popups of the items after the third open to the left so they stay on screen. */
export function opensToLeft(index: number): boolean {
  return index > 2;
}

export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url.trim());
}

/** Entries that go through a check before navigating (unpaid balance, later issue). */
export const GUARDED_ENTRY_NAMES = ['ajouter une ligne', 'nouveau téléphone', 'changer de forfait'] as const;
export type GuardedEntryName = (typeof GUARDED_ENTRY_NAMES)[number];

export function guardedEntry(nom: string): GuardedEntryName | null {
  const normalized = nom.trim().toLocaleLowerCase('fr-FR').replace(/\s+/g, ' ');
  return GUARDED_ENTRY_NAMES.find((name) => name === normalized) ?? null;
}

/** The image shown beside a popup: the item's own, or the first sub-heading that has one. */
export function popupImage(item: MenuItem): { src: string; href: string | null } | null {
  const candidates = [item, ...item.sousRubriques];
  for (const candidate of candidates) {
    const src = candidate.cheminImage?.trim();
    if (src) return { src, href: candidate.urlImage?.trim() || null };
  }
  return null;
}

/** Areas of the portal that have an index page listing what they hold. */
const AREA_INDEXES: readonly string[] = [PATHS.account];

const areaOf = (path: string) => `/${path.trim().replace(/^\/+/, '').split(/[/?#]/)[0] ?? ''}`;

/**
 * Where an item without url leads when its popup is not shown (no billing account chosen yet,
 * or a simple line user): the index page of the one area all its in-app destinations share,
 * so 'Mon compte' is never a dead label. Null when there is no such page.
 */
export function areaIndexOf(item: MenuItem): string | null {
  const urls = item.sousRubriques.flatMap((heading) => [heading.url, ...heading.modules.map((module) => module.url)]);
  const paths = urls.filter((url): url is string => url !== null && url.trim() !== '' && !isExternalUrl(url));
  const areas = new Set(paths.map(areaOf));
  const [area] = [...areas];
  return areas.size === 1 && area !== undefined && AREA_INDEXES.includes(area) ? area : null;
}

import { MENU_POPUP_ALWAYS_ID, type MenuItem } from '@ecare/shared/menu';

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

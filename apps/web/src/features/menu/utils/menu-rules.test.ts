import { MENU_POPUP_ALWAYS_ID } from '@ecare/shared/menu';
import { describe, expect, it } from 'vitest';
import { createMenuItem, createMenuSubHeading } from '../../../test/factories.ts';
import { areaIndexOf, guardedEntry, hasPopup, isExternalUrl, opensToLeft, popupImage } from './menu-rules.ts';

const withAccount = { authenticated: true, hasBillingAccount: true };

describe('menu popup rules (spec §2 "Page frame")', () => {
  it('shows a popup for an authenticated user with a billing account when sub-headings exist', () => {
    expect(hasPopup(createMenuItem(), withAccount)).toBe(true);
  });

  it('shows no popup without sub-headings', () => {
    expect(hasPopup(createMenuItem({ sousRubriques: [] }), withAccount)).toBe(false);
  });

  it('shows no popup before a billing account is chosen or when not authenticated', () => {
    const item = createMenuItem();
    expect(hasPopup(item, { authenticated: true, hasBillingAccount: false })).toBe(false);
    expect(hasPopup(item, { authenticated: false, hasBillingAccount: true })).toBe(false);
  });

  it('always shows the popup of item 5', () => {
    const item = createMenuItem({ id: MENU_POPUP_ALWAYS_ID, sousRubriques: [] });
    expect(hasPopup(item, { authenticated: false, hasBillingAccount: false })).toBe(true);
  });

  it('opens the popups of items after the third to the left', () => {
    expect([0, 1, 2, 3, 4].map(opensToLeft)).toEqual([false, false, false, true, true]);
  });
});

describe('menu destinations', () => {
  it('treats only http(s) URLs as external', () => {
    expect(isExternalUrl('https://example.com')).toBe(true);
    expect(isExternalUrl('HTTP://example.com')).toBe(true);
    expect(isExternalUrl('/pages/mes-lignes-mobiles')).toBe(false);
  });

  it('recognises the guarded entries whatever their case and spacing', () => {
    expect(guardedEntry('Ajouter une ligne')).toBe('ajouter une ligne');
    expect(guardedEntry('  NOUVEAU   TÉLÉPHONE ')).toBe('nouveau téléphone');
    expect(guardedEntry('Changer de forfait')).toBe('changer de forfait');
    expect(guardedEntry('Mes factures')).toBeNull();
  });

  it('uses the item image, else the first sub-heading image', () => {
    expect(popupImage(createMenuItem({ cheminImage: '/img/a.png', urlImage: '/pages/a' }))).toEqual({
      src: '/img/a.png',
      href: '/pages/a',
    });
    const item = createMenuItem({ sousRubriques: [createMenuSubHeading(), createMenuSubHeading({ cheminImage: '/img/b.png' })] });
    expect(popupImage(item)).toEqual({ src: '/img/b.png', href: null });
    expect(popupImage(createMenuItem())).toBeNull();
  });
});

describe('areaIndexOf', () => {
  const heading = (urls: string[]) =>
    createMenuSubHeading({ modules: urls.map((url, index) => ({ nom: `Module ${index}`, url, ordre: index })) });

  it('is the index page of the one area all destinations share', () => {
    const item = createMenuItem({ sousRubriques: [heading(['/mon-compte/profil', 'mon-compte/code-confidentiel'])] });
    expect(areaIndexOf(item)).toBe('/mon-compte');
  });

  it('is null when destinations span several areas or the area has no index page', () => {
    expect(areaIndexOf(createMenuItem({ sousRubriques: [heading(['/mon-compte/profil', '/pages/mes-lignes-mobiles'])] }))).toBeNull();
    expect(areaIndexOf(createMenuItem({ sousRubriques: [heading(['/assistance/faq', '/assistance/sav'])] }))).toBeNull();
    expect(areaIndexOf(createMenuItem({ sousRubriques: [] }))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { adminFaqThemeOrderBodySchema, adminMenuItemBodySchema, adminParametersBodySchema, canChangeTicketStatus, menuKindUnder, movedInList, nextDocumentVersion } from './admin.ts';
import { SUPPORT_TICKET_STATUSES } from './support.ts';

describe('movedInList', () => {
  it('swaps an item with its neighbour, and leaves the list as it is at either end', () => {
    expect(movedInList(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(movedInList(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(movedInList(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movedInList(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('back-office schemas', () => {
  it('take switches as booleans only, and a banner up to 2,000 characters', () => {
    const body = { en_maintenance: false, hidE_CAPTCHA: true, activeR_RESSOURCES_EXTERNES: false, titrE_BANDEAU: 'x'.repeat(2000), messageAuthentification: '' };
    expect(adminParametersBodySchema.safeParse(body).success).toBe(true);
    expect(adminParametersBodySchema.safeParse({ ...body, en_maintenance: 'false' }).success).toBe(false);
    expect(adminParametersBodySchema.safeParse({ ...body, titrE_BANDEAU: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('refuse an order naming an item twice', () => {
    expect(adminFaqThemeOrderBodySchema.safeParse({ idThemes: [1, 2, 1] }).success).toBe(false);
    expect(adminFaqThemeOrderBodySchema.safeParse({ idThemes: [2, 1] }).success).toBe(true);
  });
});

describe('menu levels, document versions and ticket transitions', () => {
  it('places a rubrique at the top, a sous-rubrique under it, a module under that, nothing under a module', () => {
    expect(menuKindUnder(null)).toBe('rubrique');
    expect(menuKindUnder({ kind: 'rubrique' })).toBe('sousRubrique');
    expect(menuKindUnder({ kind: 'sousRubrique' })).toBe('module');
    expect(menuKindUnder({ kind: 'module' })).toBeNull();
  });

  it('accepts a portal path or an https address for a menu entry, nothing else', () => {
    for (const url of ['/', '/assistance/faq', '/assistance/formulaire-contact?idTheme=13', 'https://www.example.com/offres-pro']) {
      expect(adminMenuItemBodySchema.safeParse({ parentId: null, nom: 'Lien', url }).success, url).toBe(true);
    }
    for (const url of ['//ailleurs.example', 'javascript:alert(1)', 'http://www.example.com', '/a b', 'assistance/faq', 'https://']) {
      expect(adminMenuItemBodySchema.safeParse({ parentId: null, nom: 'Lien', url }).success, url).toBe(false);
    }
  });

  it('counts a year’s document versions', () => {
    expect(nextDocumentVersion('2026.2', 2026)).toBe('2026.3');
    expect(nextDocumentVersion('2026.12', 2027)).toBe('2027.1');
  });

  it('lets a ticket move forward or be reopened, never back to received nor to its own status', () => {
    expect(canChangeTicketStatus('OUVERTE', 'EN_COURS')).toBe(true);
    expect(canChangeTicketStatus('EN_ATTENTE_CLIENT', 'RESOLUE')).toBe(true);
    expect(canChangeTicketStatus('RESOLUE', 'EN_COURS')).toBe(true);
    for (const status of SUPPORT_TICKET_STATUSES) {
      expect(canChangeTicketStatus(status, status), status).toBe(false);
      expect(canChangeTicketStatus(status, 'OUVERTE'), status).toBe(false);
    }
    expect(canChangeTicketStatus('RESOLUE', 'EN_ATTENTE_CLIENT')).toBe(false);
  });
});

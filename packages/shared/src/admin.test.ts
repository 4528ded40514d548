import { describe, expect, it } from 'vitest';
import { adminFaqThemeOrderBodySchema, adminParametersBodySchema, movedInList } from './admin.ts';

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

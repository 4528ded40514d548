import { describe, expect, it } from 'vitest';
import { FIRST_LINE_PAGE } from '../api/get-line-page.ts';
import { hasLineFilters, linePageParamsFrom, linePageSearch, NO_LINE_FILTERS } from './line-page-params.ts';

describe('line page parameters in the URL', () => {
  it('reads page, sort, order, search and filters, ignoring invalid values', () => {
    expect(linePageParamsFrom(new URLSearchParams('page=3&tri=codeStatut&ordre=desc&recherche=%2006%20&statut=SUSPENDU&idOffreEngagement=104'))).toEqual({
      page: 3,
      taille: 20,
      tri: 'codeStatut',
      ordre: 'desc',
      recherche: '06',
      statut: 'SUSPENDU',
      idOffreEngagement: 104,
      idCentre: null,
      etiquette: '',
    });
    expect(linePageParamsFrom(new URLSearchParams('idCentre=aucun&etiquette=%20VIP%20'))).toMatchObject({ idCentre: 'aucun', etiquette: 'VIP' });
    expect(linePageParamsFrom(new URLSearchParams('idCentre=12')).idCentre).toBe(12);
    expect(linePageParamsFrom(new URLSearchParams('idCentre=tous')).idCentre).toBeNull();
    expect(linePageParamsFrom(new URLSearchParams('page=-2&tri=prix&ordre=n&statut=actif&idOffreEngagement=1e3'))).toEqual(FIRST_LINE_PAGE);
    for (const plan of ['0', '-4', '12abc', '99999999999', '2147483648', '']) {
      expect(linePageParamsFrom(new URLSearchParams({ idOffreEngagement: plan })).idOffreEngagement, plan).toBeNull();
    }
    expect(linePageParamsFrom(new URLSearchParams(`recherche=${'x'.repeat(80)}`)).recherche).toHaveLength(50);
  });

  it('writes only what differs from the first page, so the plain address stays plain', () => {
    expect(linePageSearch(FIRST_LINE_PAGE).toString()).toBe('');
    expect(linePageSearch({ ...FIRST_LINE_PAGE, page: 2, ordre: 'desc', recherche: 'pro' }).toString()).toBe('page=2&ordre=desc&recherche=pro');
    expect(linePageSearch({ ...FIRST_LINE_PAGE, statut: 'ACTIF', idOffreEngagement: 101 }).toString()).toBe('statut=ACTIF&idOffreEngagement=101');
  });

  it('reads back what it writes, so a filtered list can be shared as its address', () => {
    const params = { ...FIRST_LINE_PAGE, page: 4, tri: 'libelleOffre' as const, recherche: '+33 6 12', statut: 'EN_COURS' as const, idOffreEngagement: 103 };
    expect(linePageParamsFrom(linePageSearch(params))).toEqual(params);
  });

  it('tells a narrowed list from the whole one', () => {
    expect(hasLineFilters(NO_LINE_FILTERS)).toBe(false);
    expect(hasLineFilters({ ...NO_LINE_FILTERS, recherche: 'Roux' })).toBe(true);
    expect(hasLineFilters({ ...NO_LINE_FILTERS, statut: 'ACTIF' })).toBe(true);
    expect(hasLineFilters({ ...NO_LINE_FILTERS, idOffreEngagement: 101 })).toBe(true);
    expect(hasLineFilters({ ...NO_LINE_FILTERS, idCentre: 'aucun' })).toBe(true);
    expect(hasLineFilters({ ...NO_LINE_FILTERS, etiquette: 'VIP' })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { FIRST_LINE_PAGE } from '../api/get-line-page.ts';
import { linePageParamsFrom, linePageSearch } from './line-page-params.ts';

describe('line page parameters in the URL', () => {
  it('reads page, sort, order and search, ignoring invalid values', () => {
    expect(linePageParamsFrom(new URLSearchParams('page=3&tri=codeStatut&ordre=desc&recherche=%2006%20'))).toEqual({
      page: 3,
      taille: 20,
      tri: 'codeStatut',
      ordre: 'desc',
      recherche: '06',
    });
    expect(linePageParamsFrom(new URLSearchParams('page=-2&tri=prix&ordre=n'))).toEqual(FIRST_LINE_PAGE);
    expect(linePageParamsFrom(new URLSearchParams(`recherche=${'x'.repeat(80)}`)).recherche).toHaveLength(50);
  });

  it('writes only what differs from the first page, so the plain address stays plain', () => {
    expect(linePageSearch(FIRST_LINE_PAGE).toString()).toBe('');
    expect(linePageSearch({ ...FIRST_LINE_PAGE, page: 2, ordre: 'desc', recherche: 'pro' }).toString()).toBe('page=2&ordre=desc&recherche=pro');
  });

  it('reads back what it writes', () => {
    const params = { ...FIRST_LINE_PAGE, page: 4, tri: 'libelleOffre' as const, recherche: 'Forfait' };
    expect(linePageParamsFrom(linePageSearch(params))).toEqual(params);
  });
});

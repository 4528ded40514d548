import { LINE_PAGE_SIZE_MAX, LINE_SORT_FIELDS, type LinePageQuery } from '@ecare/shared/lines';
import { FIRST_LINE_PAGE, type LinePageParams } from '../api/get-line-page.ts';

type SortField = LinePageQuery['tri'];

const isSortField = (value: string | null): value is SortField =>
  value !== null && (LINE_SORT_FIELDS as readonly string[]).includes(value);

/** Table state kept in the page URL (?page&tri&ordre&recherche), invalid values ignored. */
export function linePageParamsFrom(search: URLSearchParams): LinePageParams {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const tri = search.get('tri');
  const ordre = search.get('ordre');
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    taille: Math.min(FIRST_LINE_PAGE.taille, LINE_PAGE_SIZE_MAX),
    tri: isSortField(tri) ? tri : FIRST_LINE_PAGE.tri,
    ordre: ordre === 'desc' ? 'desc' : 'asc',
    recherche: (search.get('recherche') ?? '').trim().slice(0, 50),
  };
}

export function linePageSearch(params: LinePageParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.tri !== FIRST_LINE_PAGE.tri) search.set('tri', params.tri);
  if (params.ordre !== FIRST_LINE_PAGE.ordre) search.set('ordre', params.ordre);
  if (params.recherche !== '') search.set('recherche', params.recherche);
  return search;
}

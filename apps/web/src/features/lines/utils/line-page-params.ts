import { LINE_PAGE_SIZE_MAX, LINE_SORT_FIELDS, LINE_STATUSES, type LinePageQuery, type LineStatus } from '@ecare/shared/lines';
import { FIRST_LINE_PAGE, type LineListFilters, type LinePageParams } from '../api/get-line-page.ts';

type SortField = LinePageQuery['tri'];

const isSortField = (value: string | null): value is SortField =>
  value !== null && (LINE_SORT_FIELDS as readonly string[]).includes(value);

const isStatus = (value: string | null): value is LineStatus => value !== null && (LINE_STATUSES as readonly string[]).includes(value);

/** A plan (or centre) id as the address carries it: digits only, a positive 32-bit integer. */
function planId(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * Table state kept in the page URL (?page&tri&ordre&recherche&statut&idOffreEngagement), so a
 * filtered list can be shared or bookmarked and the back button undoes a search; invalid values
 * are ignored.
 */
export function linePageParamsFrom(search: URLSearchParams): LinePageParams {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  const tri = search.get('tri');
  const ordre = search.get('ordre');
  const statut = search.get('statut');
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    taille: Math.min(FIRST_LINE_PAGE.taille, LINE_PAGE_SIZE_MAX),
    tri: isSortField(tri) ? tri : FIRST_LINE_PAGE.tri,
    ordre: ordre === 'desc' ? 'desc' : 'asc',
    recherche: (search.get('recherche') ?? '').trim().slice(0, 50),
    statut: isStatus(statut) ? statut : null,
    idOffreEngagement: planId(search.get('idOffreEngagement')),
    idCentre: search.get('idCentre') === 'aucun' ? 'aucun' : planId(search.get('idCentre')),
    etiquette: (search.get('etiquette') ?? '').trim().slice(0, 30),
  };
}

export function linePageSearch(params: LinePageParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.tri !== FIRST_LINE_PAGE.tri) search.set('tri', params.tri);
  if (params.ordre !== FIRST_LINE_PAGE.ordre) search.set('ordre', params.ordre);
  if (params.recherche !== '') search.set('recherche', params.recherche);
  if (params.statut !== null) search.set('statut', params.statut);
  if (params.idOffreEngagement !== null) search.set('idOffreEngagement', String(params.idOffreEngagement));
  if (params.idCentre !== null) search.set('idCentre', String(params.idCentre));
  if (params.etiquette !== '') search.set('etiquette', params.etiquette);
  return search;
}

/** Whether the list is narrowed by a search or a filter. */
export function hasLineFilters(filters: LineListFilters): boolean {
  return filters.recherche !== '' || filters.statut !== null || filters.idOffreEngagement !== null || filters.idCentre !== null || filters.etiquette !== '';
}

export const NO_LINE_FILTERS: LineListFilters = { recherche: '', statut: null, idOffreEngagement: null, idCentre: null, etiquette: '' };

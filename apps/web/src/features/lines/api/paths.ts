import type { LinePageQuery, LineStatus } from '@ecare/shared/lines';

// Paths only, free of zod and TanStack Query: the entry script sends the home page's first
// read of lines ahead of the page's code (app/early-reads.ts), and the fetcher must ask for the
// very same path to take that answer. This file goes into everyone's first download (the login
// page's too): other paths live in other-paths.ts.

/** What selects the lines of the fleet list, whatever the page: a search, a status, a plan. */
export interface LineListFilters {
  recherche: string;
  statut: LineStatus | null;
  idOffreEngagement: number | null;
  /** A cost centre (with its sub-centres), or the lines without one (decision 048). */
  idCentre: number | 'aucun' | null;
  /** A label the lines carry ('' for any). */
  etiquette: string;
}

export type LinePageParams = Required<Pick<LinePageQuery, 'page' | 'taille' | 'tri' | 'ordre'>> & LineListFilters;

export const FIRST_LINE_PAGE: LinePageParams = {
  page: 1,
  taille: 20,
  tri: 'numeroLigne',
  ordre: 'asc',
  recherche: '',
  statut: null,
  idOffreEngagement: null,
  idCentre: null,
  etiquette: '',
};

/** The filters that are set, as query parameters (none for the whole list). */
export function setFilters(query: URLSearchParams, { statut, idOffreEngagement, idCentre, etiquette }: LineListFilters): URLSearchParams {
  if (statut !== null) query.set('statut', statut);
  if (idOffreEngagement !== null) query.set('idOffreEngagement', String(idOffreEngagement));
  if (idCentre !== null) query.set('idCentre', String(idCentre));
  if (etiquette !== '') query.set('etiquette', etiquette);
  return query;
}

/** /api/contrats_pagination/{idClientBscs}?page&taille&tri&ordre&recherche[&statut][&idOffreEngagement]. */
export function linePagePath(idClientBscs: number, params: LinePageParams): string {
  const query = new URLSearchParams({
    page: String(params.page),
    taille: String(params.taille),
    tri: params.tri,
    ordre: params.ordre,
    recherche: params.recherche,
  });
  return `/api/contrats_pagination/${idClientBscs}?${setFilters(query, params).toString()}`;
}

/** GET /api/ligne/{idContrat}: a line's page (a line user's first read after their own). */
export function lineDetailPath(idContrat: number): string {
  return `/api/ligne/${idContrat}`;
}

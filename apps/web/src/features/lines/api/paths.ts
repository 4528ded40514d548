import type { LinePageQuery } from '@ecare/shared/lines';

// Paths only, free of zod and TanStack Query: the entry script sends the home page's first
// read of lines ahead of the page's code (app/early-reads.ts), and the fetcher must ask for the
// very same path to take that answer.

export type LinePageParams = Required<Pick<LinePageQuery, 'page' | 'taille' | 'tri' | 'ordre'>> & {
  recherche: string;
};

export const FIRST_LINE_PAGE: LinePageParams = { page: 1, taille: 20, tri: 'numeroLigne', ordre: 'asc', recherche: '' };

/** /api/contrats_pagination/{idClientBscs}?page&taille&tri&ordre&recherche. */
export function linePagePath(idClientBscs: number, params: LinePageParams): string {
  const query = new URLSearchParams({
    page: String(params.page),
    taille: String(params.taille),
    tri: params.tri,
    ordre: params.ordre,
    recherche: params.recherche,
  });
  return `/api/contrats_pagination/${idClientBscs}?${query.toString()}`;
}

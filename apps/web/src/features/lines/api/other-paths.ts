import type { LineExportFormat } from '@ecare/shared/lines';
import { setFilters, type LineListFilters, type LinePageParams } from './paths.ts';

// The lines feature's other paths, kept out of paths.ts, which the entry script takes along.

/** What an export holds: the lines the filters select, or the lines chosen one by one. */
export type LineExportScope = { kind: 'filtres'; filters: LineListFilters } | { kind: 'selection'; ids: readonly number[] };

/**
 * /api/contrats_pagination/{idClientBscs}/export?format&tri&ordre…: the filtered list, or the
 * selection alone (its lines whatever the filters on screen), in the list's order.
 */
export function lineExportPath(
  idClientBscs: number,
  format: LineExportFormat,
  sort: Pick<LinePageParams, 'tri' | 'ordre'>,
  scope: LineExportScope,
): string {
  const query = new URLSearchParams({ format, tri: sort.tri, ordre: sort.ordre });
  if (scope.kind === 'selection') query.set('ids', scope.ids.join(','));
  else {
    if (scope.filters.recherche !== '') query.set('recherche', scope.filters.recherche);
    setFilters(query, scope.filters);
  }
  return `/api/contrats_pagination/${idClientBscs}/export?${query.toString()}`;
}

/** /api/lignes/{ids}/utilisateurs. */
export function lineUsersPath(ids: readonly number[]): string {
  return `/api/lignes/${ids.join(',')}/utilisateurs`;
}

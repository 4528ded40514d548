import { ChevronLeft, ChevronRight } from 'lucide-react';

interface PaginationProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** Name of the navigation landmark ("Pagination des lignes"): several lists may share a page. */
  label: string;
}

/**
 * Previous / next pages of a server-paginated list, with where the reader is. Nothing shows
 * for a single page.
 */
export function Pagination({ page, pageCount, onPage, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        Page précédente
      </button>
      <p aria-live="polite" aria-atomic="true">
        Page {page} sur {pageCount}
      </p>
      <button type="button" className="btn-secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Page suivante
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}

interface PaginationProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

export function Pagination({ page, pageCount, onPage }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination des lignes" className="flex items-center justify-between gap-4">
      <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Page précédente
      </button>
      <p aria-live="polite">
        Page {page} sur {pageCount}
      </p>
      <button type="button" className="btn-secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Page suivante
      </button>
    </nav>
  );
}

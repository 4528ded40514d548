import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface BreadcrumbItem {
  label: string;
  /** In-app path; the current page (last item) has none. */
  to?: string;
}

interface PageHeadingProps {
  children: ReactNode;
  intro?: ReactNode;
  /** Where the page sits, from the home page down to the page itself. */
  breadcrumb?: readonly BreadcrumbItem[];
}

/** The single h1 of a page, with its optional breadcrumb ("Fil d’Ariane") above it. */
export function PageHeading({ children, intro, breadcrumb }: PageHeadingProps) {
  return (
    <div className="mb-6">
      {breadcrumb && breadcrumb.length > 0 ? (
        <nav aria-label="Fil d’Ariane" className="mb-3 text-sm">
          <ol className="flex flex-wrap items-center gap-1">
            {breadcrumb.map((item, index) => {
              const last = index === breadcrumb.length - 1;
              return (
                <li key={`${index}-${item.label}`} className="inline-flex items-center gap-1">
                  {item.to && !last ? (
                    <Link to={item.to} className="link">
                      {item.label}
                    </Link>
                  ) : (
                    <span aria-current={last ? 'page' : undefined} className="text-muted">
                      {item.label}
                    </span>
                  )}
                  {last ? null : <ChevronRight aria-hidden="true" className="size-4 text-muted" />}
                </li>
              );
            })}
          </ol>
        </nav>
      ) : null}
      <h1 className="text-2xl font-bold text-primary-strong sm:text-3xl">{children}</h1>
      {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
    </div>
  );
}

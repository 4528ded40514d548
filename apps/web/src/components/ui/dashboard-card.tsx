import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';

export interface DashboardCardLink {
  to: string;
  label: string;
}

/**
 * One block of a home page: a titled card (a landmark-free `section` named by its heading) that
 * leads into the page where the person acts. Narrow screens stack the cards; nothing inside may
 * be wider than the card (`min-w-0`, long words wrap).
 */
export function DashboardCard({ title, link, children }: { title: string; link?: DashboardCardLink; children: ReactNode }) {
  const headingId = `bloc${useId().replace(/:/g, '')}`;
  return (
    <section aria-labelledby={headingId} className="card flex min-w-0 flex-col gap-3 break-words">
      <h2 id={headingId} className="text-lg font-bold text-primary-strong">
        {title}
      </h2>
      <div className="min-w-0 flex-1 space-y-3">{children}</div>
      {link ? (
        <p>
          <Link to={link.to} className="link">
            {link.label}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** The cards of a home page: one column on a phone, two from a tablet, three on a wide screen. */
export function DashboardGrid({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">{children}</div>;
}

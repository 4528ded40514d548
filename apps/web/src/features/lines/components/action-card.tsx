import { useId, type ReactNode } from 'react';

/** One action of the line page: a titled block (h3 under the actions' h2). */
export function ActionCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = `action${useId().replace(/:/g, '')}`;
  return (
    <section aria-labelledby={headingId} className="card space-y-4">
      <h3 id={headingId} className="text-lg font-bold text-primary-strong">
        {title}
      </h3>
      {children}
    </section>
  );
}

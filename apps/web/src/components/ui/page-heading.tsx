import type { ReactNode } from 'react';

/** The single h1 of a page. */
export function PageHeading({ children, intro }: { children: ReactNode; intro?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold text-primary-strong sm:text-3xl">{children}</h1>
      {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
    </div>
  );
}

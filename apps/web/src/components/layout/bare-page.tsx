import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo.tsx';
import { MAIN_CONTENT_ID } from './skip-link.tsx';

/** Pages shown without header and footer (spec §2: maintenance, info-securite-ecare). */
export function BarePage({ children }: { children: ReactNode }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="page-container min-h-screen py-10 outline-none">
      <p className="mb-8">
        <BrandLogo />
      </p>
      {children}
    </main>
  );
}

import type { ReactNode } from 'react';
import { BarePage } from '../../../../components/layout/bare-page.tsx';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';

/** The single sign-on pages' layout (spec §2: a loader, no site header or footer). */
export function SsoPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <BarePage>
      <h1 className="text-2xl font-bold text-primary-strong sm:text-3xl">{title}</h1>
      <div className="mt-6 max-w-2xl space-y-4 text-lg">{children}</div>
    </BarePage>
  );
}

/** The waiting state: a turning ring and the text that says it. */
export function SsoLoader({ message }: { message: string }) {
  return (
    <p role="status" className="flex items-center gap-3">
      <Spinner />
      <span>{message}</span>
    </p>
  );
}

/** A refusal or failure, with what the agent can do next. */
export function SsoProblem({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <>
      <Alert tone="error">{message}</Alert>
      {children}
    </>
  );
}

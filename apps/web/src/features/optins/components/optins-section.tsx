import type { ReactNode } from 'react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useOptins, type OptinsOwner } from '../api/get-optins.ts';
import { OptinsForm } from './optins-form.tsx';

interface OptinsSectionProps {
  /** Id of the section's heading (the section is named by it). */
  id: string;
  owner: OptinsOwner;
  title: string;
  /** Whose choices these are, said under the title. */
  intro: ReactNode;
  submitLabel: string;
  savedText: string;
}

/** One block of the contact preferences page: its own title, choices and save button. */
export function OptinsSection({ id, owner, title, intro, submitLabel, savedText }: OptinsSectionProps) {
  const optins = useOptins(owner);
  return (
    <section aria-labelledby={id} className="card space-y-4">
      <div>
        <h2 id={id} className="text-xl font-bold text-primary-strong">
          {title}
        </h2>
        <div className="mt-1 text-muted">{intro}</div>
      </div>
      {optins.error ? <ApiErrorAlert error={optins.error} /> : null}
      {optins.data ? (
        <OptinsForm owner={owner} optins={optins.data} submitLabel={submitLabel} savedText={savedText} />
      ) : optins.isPending ? (
        <p className="flex items-center gap-2 text-muted">
          <Spinner small />
          Chargement des préférences…
        </p>
      ) : null}
    </section>
  );
}

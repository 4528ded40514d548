import { useId } from 'react';

/** The back office's filters of a list of requests: a status, and the beginning of a reference. */
export function RequestFilters<S extends string>({
  statuses,
  labels,
  statut,
  onStatut,
  reference,
  onReference,
  placeholder,
}: {
  statuses: readonly S[];
  labels: Readonly<Record<S, string>>;
  statut: S | null;
  onStatut: (statut: S | null) => void;
  reference: string;
  onReference: (reference: string) => void;
  placeholder: string;
}) {
  const base = useId().replace(/[^\w-]/g, '');
  return (
    <form role="search" className="flex flex-wrap items-end gap-4" onSubmit={(event) => event.preventDefault()}>
      <div>
        <label htmlFor={`${base}-statut`} className="field-label">
          Statut
        </label>
        <select
          id={`${base}-statut`}
          className="field-input"
          value={statut ?? ''}
          onChange={(event) => onStatut(statuses.find((status) => status === event.target.value) ?? null)}
        >
          <option value="">Tous les statuts</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {labels[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor={`${base}-reference`} className="field-label">
          Référence
        </label>
        <input
          id={`${base}-reference`}
          type="search"
          className="field-input"
          placeholder={placeholder}
          aria-describedby={`${base}-reference-aide`}
          value={reference}
          onChange={(event) => onReference(event.target.value)}
        />
        <p id={`${base}-reference-aide`} className="mt-1 text-sm text-muted">
          La référence entière ou son début.
        </p>
      </div>
    </form>
  );
}

/** What the reference field holds, when the API would take it: letters, digits and hyphens. */
export const referenceFilter = (reference: string) => (/^[A-Za-z0-9-]{0,30}$/.test(reference.trim()) ? reference : '');

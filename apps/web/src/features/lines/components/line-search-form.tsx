import type { FormEvent } from 'react';

interface LineSearchFormProps {
  defaultValue: string;
  onSearch: (value: string) => void;
}

export function LineSearchForm({ defaultValue, onSearch }: LineSearchFormProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('recherche') ?? '').trim());
  };
  return (
    <form role="search" onSubmit={handleSubmit} className="flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1 sm:flex-none">
        <label htmlFor="recherche-ligne" className="field-label">
          Rechercher une ligne
        </label>
        <input
          key={defaultValue}
          id="recherche-ligne"
          name="recherche"
          type="search"
          maxLength={50}
          defaultValue={defaultValue}
          aria-describedby="recherche-ligne-aide"
          className="field-input"
        />
        <p id="recherche-ligne-aide" className="mt-1 text-sm text-muted">
          Numéro de ligne ou nom du forfait
        </p>
      </div>
      <button type="submit" className="btn-primary mb-7">
        Rechercher
      </button>
    </form>
  );
}

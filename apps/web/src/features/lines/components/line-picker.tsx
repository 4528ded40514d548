import { linePageQuerySchema, type Line } from '@ecare/shared/lines';
import { formatPhone } from '@ecare/shared/phone';
import { ChevronRight, Search } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { Form } from '../../../components/ui/form/form.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useZodForm } from '../../../components/ui/form/use-zod-form.ts';
import { EmptyState } from '../../../components/ui/table/empty-state.tsx';
import { Pagination } from '../../../components/ui/table/pagination.tsx';
import { useLinePage, type LinePageParams } from '../api/get-line-page.ts';
import { useLineUsers } from '../api/get-line-users.ts';
import { LineStatusBadge } from './line-status-badge.tsx';
import { LINE_SEARCH_MESSAGES } from './line-search-form.tsx';

const pickerSearchSchema = linePageQuerySchema.pick({ recherche: true });

interface LinePickerProps {
  idClientBscs: number;
  /** The list asked for: page, search and filters as the page's address keeps them. */
  params: LinePageParams;
  onChange: (params: LinePageParams) => void;
  /** Where a chosen line leads: the journey's page for that line. */
  pathOf: (idContrat: number) => string;
  /** The lines the list holds, said when nothing matches ("ligne active" when only active ones are offered). */
  lineWord: string;
}

const countOf = (total: number, word: string) =>
  total === 0 ? `Aucune ${word}` : total === 1 ? `1 ${word}` : `${total.toLocaleString('fr-FR')} ${word.replace(/(\S+)/g, '$1s')}`;

/** The user's name of each line shown, from one read for the page: null while unknown, '' for none. */
function useUserNames(lines: readonly Line[] | undefined): (idContrat: number) => string | null {
  const ids = useMemo(() => (lines ?? []).map((line) => line.idContrat), [lines]);
  const users = useLineUsers(ids);
  return (idContrat) => {
    if (!users.data) return users.isError ? '' : null;
    const user = users.data.get(idContrat);
    return user?.prenom && user.nom ? `${user.prenom} ${user.nom}` : '';
  };
}

/** A line's user as the card shows it; the line keeps its height while the names load. */
function UserName({ name }: { name: string | null }) {
  if (name === null) return <span className="block">{'\u00a0'}</span>;
  return <span className="block">{name || <span className="text-muted">Utilisateur non renseigné</span>}</span>;
}

/**
 * Which line a journey is for, when the account has several (the menu's "Nouveau téléphone",
 * "Changer de forfait", "Suivi conso"): the fleet list's search (a number in any usual form, a
 * user's name, a plan) through the same call, and the lines found as links into the journey, one
 * tab stop each, as cards that fit a phone.
 */
export function LinePicker({ idClientBscs, params, onChange, pathOf, lineWord }: LinePickerProps) {
  const lines = useLinePage(idClientBscs, params);
  const userOf = useUserNames(lines.data?.contrats);
  const form = useZodForm(pickerSearchSchema, { defaultValues: { recherche: params.recherche }, messages: LINE_SEARCH_MESSAGES, mode: 'onSubmit' });
  const { reset } = form;
  // The field follows the address (back and forward buttons, "show all").
  useEffect(() => reset({ recherche: params.recherche }), [reset, params.recherche]);

  const total = lines.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / params.taille));
  return (
    <div className="space-y-4">
      <Form
        form={form}
        role="search"
        aria-label="Rechercher une ligne"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(values) => onChange({ ...params, recherche: values.recherche ?? '', page: 1 })}
      >
        <TextField<z.input<typeof pickerSearchSchema>>
          name="recherche"
          label="Rechercher une ligne"
          help="Numéro (06 12 34 56 78, +33 6 12…) ou nom de l’utilisateur"
          type="search"
          autoComplete="off"
          className="w-full sm:w-96"
        />
        <button type="submit" className="btn-primary">
          <Search aria-hidden="true" className="size-4" />
          Rechercher
        </button>
      </Form>
      {lines.error ? <ApiErrorAlert error={lines.error} /> : null}
      {lines.data ? (
        <>
          <p aria-live="polite" className="font-semibold">
            {countOf(total, lineWord)}
            {params.recherche ? ` pour « ${params.recherche} »` : ''}
          </p>
          {total === 0 ? (
            <EmptyState
              title={params.recherche ? 'Aucune ligne ne correspond à votre recherche.' : `Ce compte de facturation n’a pas de ${lineWord}.`}
              action={
                params.recherche ? (
                  <button type="button" className="btn-secondary" onClick={() => onChange({ ...params, recherche: '', page: 1 })}>
                    Afficher toutes les lignes
                  </button>
                ) : undefined
              }
            >
              {params.recherche ? 'Vérifiez le numéro saisi ou essayez avec le nom de l’utilisateur.' : null}
            </EmptyState>
          ) : (
            <ul aria-label="Lignes du compte" className="grid gap-3 sm:grid-cols-2">
              {lines.data.contrats.map((line) => (
                <li key={line.idContrat}>
                  <Link
                    to={pathOf(line.idContrat)}
                    className="flex min-h-11 items-center gap-3 rounded-md border-2 border-line bg-surface p-4 hover:border-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block text-lg font-bold text-primary-strong">{formatPhone(line.numeroLigne)}</span>
                      <UserName name={userOf(line.idContrat)} />
                      <span className="block text-sm text-muted">{line.libelleOffre}</span>
                      <span className="mt-1 block">
                        <LineStatusBadge status={line.codeStatut} />
                      </span>
                    </span>
                    <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Pagination label="Pagination des lignes" page={params.page} pageCount={pageCount} onPage={(page) => onChange({ ...params, page })} />
        </>
      ) : null}
    </div>
  );
}

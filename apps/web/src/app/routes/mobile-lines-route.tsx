import { GAMMES, type Line } from '@ecare/shared/lines';
import { useMemo, useRef, useState, type Key } from 'react';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { EmptyState } from '../../components/ui/table/empty-state.tsx';
import { Pagination } from '../../components/ui/table/pagination.tsx';
import type { TableSelection } from '../../components/ui/table/row-selection.tsx';
import { nextSortOrder } from '../../components/ui/table/sortable-header.tsx';
import { linePageQueryOptions, useLinePage, type LinePageParams } from '../../features/lines/api/get-line-page.ts';
import { useLineUsers } from '../../features/lines/api/get-line-users.ts';
import { LineExportMenu } from '../../features/lines/components/line-export-menu.tsx';
import { LineSearchForm, type PlanChoice } from '../../features/lines/components/line-search-form.tsx';
import { LineSelectionBar } from '../../features/lines/components/line-selection-bar.tsx';
import { lineSelectionLabel, LinesTable, type LineSortField, type LineUsersState } from '../../features/lines/components/lines-table.tsx';
import { hasLineFilters, linePageParamsFrom, linePageSearch, NO_LINE_FILTERS } from '../../features/lines/utils/line-page-params.ts';
import { useOffers } from '../../features/offers/api/get-offers.ts';
import { useAccountLabels } from '../../features/cost-centres/api/get-account-labels.ts';
import { useCostCentres } from '../../features/cost-centres/api/get-cost-centres.ts';
import { PATHS } from '../../lib/routes.ts';
import { queryClient } from '../query-client.ts';
import { loadAccountPage } from '../session/load-session.ts';
import { AccountSessionError } from '../session/account-session-error.tsx';
import { useSessionState } from '../session/use-session-state.ts';

export async function mobileLinesLoader({ request }: LoaderFunctionArgs) {
  const account = await loadAccountPage(request, PATHS.mobileLines);
  if (account) {
    const params = linePageParamsFrom(new URL(request.url).searchParams);
    await queryClient.prefetchQuery(linePageQueryOptions(account.idClientBscs, params));
  }
  return null;
}

const linesCount = (total: number) => (total === 0 ? 'Aucune ligne' : total === 1 ? '1 ligne' : `${total.toLocaleString('fr-FR')} lignes`);

/** The mobile plans of the catalogue, for the plan filter (the list holds mobile lines only). */
function useMobilePlans(): PlanChoice[] {
  const offers = useOffers();
  return useMemo(() => (offers.data ?? []).filter((offer) => offer.id_Gamme === GAMMES.mobile), [offers.data]);
}

/** The users of the lines shown, read in one call for the page. */
function useUsersOf(lines: readonly Line[] | undefined): LineUsersState {
  const ids = useMemo(() => (lines ?? []).map((line) => line.idContrat), [lines]);
  const users = useLineUsers(ids);
  if (users.data) return users.data;
  return users.isError ? 'unavailable' : 'loading';
}

function LinesPanel({ idClientBscs }: { idClientBscs: number }) {
  const accountLabels = useAccountLabels(idClientBscs).data?.etiquettes;
  const [searchParams, setSearchParams] = useSearchParams();
  const params = linePageParamsFrom(searchParams);
  const lines = useLinePage(idClientBscs, params);
  const plans = useMobilePlans();
  const users = useUsersOf(lines.data?.contrats);
  const centres = useCostCentres(idClientBscs).data?.centres ?? [];
  const labels = useMemo(() => (accountLabels ?? []).map((entry) => entry.etiquette), [accountLabels]);
  // Chosen lines stay chosen across pages, sorts and searches, until let go.
  const [selected, setSelected] = useState<ReadonlySet<Key>>(() => new Set());
  const tableRef = useRef<HTMLDivElement>(null);

  // Each change is a step of the browser history: the back button undoes a search or a sort.
  const update = (next: LinePageParams) => setSearchParams(linePageSearch(next));
  const onSort = (field: LineSortField) =>
    update({ ...params, page: 1, tri: field, ordre: nextSortOrder({ key: params.tri, order: params.ordre }, field) });

  const selection: TableSelection<Line> = { selected, onChange: setSelected, rowLabel: lineSelectionLabel };
  const clearSelection = () => {
    setSelected(new Set());
    // The bar goes with the selection: the page's checkbox takes the focus.
    tableRef.current?.querySelector<HTMLInputElement>('input[data-select-page]')?.focus();
  };
  const selectedIds = [...selected].filter((key): key is number => typeof key === 'number');

  const total = lines.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / params.taille));
  const filtered = hasLineFilters(params);
  // Where the menu's « Activer une carte SIM » leads (decision 016).
  const awaitingSimOnly = params.statut === 'EN_COURS' && params.recherche === '' && params.idOffreEngagement === null && params.idCentre === null && params.etiquette === '';
  const showAll = (
    <button type="button" className="btn-secondary" onClick={() => update({ ...params, ...NO_LINE_FILTERS, page: 1 })}>
      Afficher toutes les lignes
    </button>
  );
  return (
    <div className="space-y-4">
      <LineSearchForm filters={params} plans={plans} centres={centres} labels={labels} onSearch={(filters) => update({ ...params, ...filters, page: 1 })} />
      {lines.error ? <ApiErrorAlert error={lines.error} /> : null}
      {lines.data ? (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <p aria-live="polite" className="min-h-11 content-center font-semibold">
              {linesCount(total)}
              {params.recherche ? ` pour « ${params.recherche} »` : ''}
              {filtered && !params.recherche ? ' (liste filtrée)' : ''}
            </p>
            <div className="flex flex-wrap gap-3">
              {centres.length > 0 ? (
                // Grouping is the list in the order of the centres' codes (decision 048).
                <button
                  type="button"
                  className="btn-secondary"
                  aria-pressed={params.tri === 'centre'}
                  onClick={() => update({ ...params, page: 1, tri: params.tri === 'centre' ? 'numeroLigne' : 'centre', ordre: 'asc' })}
                >
                  Regrouper par centre de coût
                </button>
              ) : null}
              {total > 0 ? (
                <LineExportMenu
                  idClientBscs={idClientBscs}
                  sort={params}
                  scope={{ kind: 'filtres', filters: params }}
                  label={filtered ? 'Exporter la liste filtrée' : 'Exporter la liste'}
                />
              ) : null}
            </div>
          </div>
          <LineSelectionBar count={selected.size} onClear={clearSelection}>
            <LineExportMenu
              idClientBscs={idClientBscs}
              sort={params}
              scope={{ kind: 'selection', ids: selectedIds }}
              label="Exporter la sélection"
              className="btn-primary"
            />
            <Link to={PATHS.accountBulkJobs} state={{ lignes: selectedIds }} className="btn-secondary">
              Action groupée
            </Link>
          </LineSelectionBar>
          <div ref={tableRef}>
            <LinesTable
              lines={lines.data.contrats}
              caption={`Lignes mobiles, page ${params.page} sur ${pageCount}`}
              sort={{ key: params.tri, order: params.ordre, onSort }}
              users={users}
              selection={selection}
              centres
              empty={
                awaitingSimOnly ? (
                  <EmptyState title="Aucune ligne n’attend l’activation de sa carte SIM." action={showAll}>
                    Une carte SIM qui en remplace une autre s’active depuis la page de sa ligne&nbsp;: ouvrez la ligne depuis la
                    liste complète.
                  </EmptyState>
                ) : filtered ? (
                  <EmptyState title="Aucune ligne ne correspond à votre recherche." action={showAll}>
                    Vérifiez le numéro saisi, essayez avec le nom de l’utilisateur ou du forfait, ou retirez un filtre.
                  </EmptyState>
                ) : (
                  <EmptyState title="Ce compte de facturation n’a pas encore de ligne mobile." />
                )
              }
            />
          </div>
          <Pagination
            label="Pagination des lignes"
            page={params.page}
            pageCount={pageCount}
            onPage={(page) => update({ ...params, page })}
          />
        </>
      ) : null}
    </div>
  );
}

/** Lines of the current billing account: searched, filtered, sorted and paginated by the server, chosen and exported. */
export function MobileLinesRoute() {
  const { account } = useSessionState();
  return (
    <>
      <PageHeading intro={account ? `${account.raisonSociale} – compte ${account.codeClientBscs}` : undefined}>
        Mes lignes mobiles
      </PageHeading>
      <AccountSessionError />
      {account ? <LinesPanel key={account.idClientBscs} idClientBscs={account.idClientBscs} /> : null}
    </>
  );
}

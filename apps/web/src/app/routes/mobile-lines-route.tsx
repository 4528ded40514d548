import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { EmptyState } from '../../components/ui/table/empty-state.tsx';
import { Pagination } from '../../components/ui/table/pagination.tsx';
import { nextSortOrder } from '../../components/ui/table/sortable-header.tsx';
import { linePageQueryOptions, useLinePage, type LinePageParams } from '../../features/lines/api/get-line-page.ts';
import { LineSearchForm } from '../../features/lines/components/line-search-form.tsx';
import { LinesTable, type LineSortField } from '../../features/lines/components/lines-table.tsx';
import { linePageParamsFrom, linePageSearch } from '../../features/lines/utils/line-page-params.ts';
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

function LinesPanel({ idClientBscs }: { idClientBscs: number }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = linePageParamsFrom(searchParams);
  const lines = useLinePage(idClientBscs, params);
  const update = (next: LinePageParams) => setSearchParams(linePageSearch(next));
  const onSort = (field: LineSortField) =>
    update({ ...params, page: 1, tri: field, ordre: nextSortOrder({ key: params.tri, order: params.ordre }, field) });

  const total = lines.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / params.taille));
  return (
    <div className="space-y-4">
      <LineSearchForm defaultValue={params.recherche} onSearch={(recherche) => update({ ...params, page: 1, recherche })} />
      {lines.error ? <ApiErrorAlert error={lines.error} /> : null}
      {lines.data ? (
        <>
          <p aria-live="polite" className="font-semibold">
            {total === 0 ? 'Aucune ligne' : total === 1 ? '1 ligne' : `${total.toLocaleString('fr-FR')} lignes`}
            {params.recherche ? ` pour « ${params.recherche} »` : ''}
          </p>
          <LinesTable
            lines={lines.data.contrats}
            caption={`Lignes mobiles, page ${params.page} sur ${pageCount}`}
            sort={{ key: params.tri, order: params.ordre, onSort }}
            empty={
              params.recherche ? (
                <EmptyState
                  title="Aucune ligne ne correspond à votre recherche."
                  action={
                    <button type="button" className="btn-secondary" onClick={() => update({ ...params, page: 1, recherche: '' })}>
                      Afficher toutes les lignes
                    </button>
                  }
                >
                  Vérifiez le numéro saisi ou essayez avec le nom du forfait.
                </EmptyState>
              ) : (
                <EmptyState title="Ce compte de facturation n’a pas encore de ligne mobile." />
              )
            }
          />
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

/** Lines of the current billing account, paginated by the server. */
export function MobileLinesRoute() {
  const { account } = useSessionState();
  return (
    <>
      <PageHeading intro={account ? `${account.raisonSociale} – compte ${account.codeClientBscs}` : undefined}>
        Mes lignes mobiles
      </PageHeading>
      <AccountSessionError />
      {account ? <LinesPanel idClientBscs={account.idClientBscs} /> : null}
    </>
  );
}

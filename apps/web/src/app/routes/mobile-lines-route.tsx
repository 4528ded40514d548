import type { LinePageQuery } from '@ecare/shared/lines';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { linePageQueryOptions, useLinePage, type LinePageParams } from '../../features/lines/api/get-line-page.ts';
import { LineSearchForm } from '../../features/lines/components/line-search-form.tsx';
import { LinesTable } from '../../features/lines/components/lines-table.tsx';
import { Pagination } from '../../features/lines/components/pagination.tsx';
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
  const onSort = (field: LinePageQuery['tri']) =>
    update({ ...params, page: 1, tri: field, ordre: params.tri === field && params.ordre === 'asc' ? 'desc' : 'asc' });

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
          {lines.data.contrats.length > 0 ? (
            <LinesTable
              lines={lines.data.contrats}
              caption={`Lignes mobiles, page ${params.page} sur ${pageCount}`}
              sort={{ field: params.tri, order: params.ordre, onSort }}
            />
          ) : (
            <p className="card">
              {params.recherche
                ? 'Aucune ligne ne correspond à votre recherche. Essayez un autre numéro ou un autre forfait.'
                : 'Ce compte de facturation n’a pas encore de ligne mobile.'}
            </p>
          )}
          <Pagination page={params.page} pageCount={pageCount} onPage={(page) => update({ ...params, page })} />
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

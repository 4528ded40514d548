import { Link, type LoaderFunctionArgs } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { AccountSummary } from '../../features/accounts/components/account-summary.tsx';
import { linePageQueryOptions, useLinePage } from '../../features/lines/api/get-line-page.ts';
import { LinesTable } from '../../features/lines/components/lines-table.tsx';
import { PATHS } from '../../lib/routes.ts';
import { queryClient } from '../query-client.ts';
import { loadAccountPage } from '../session/load-session.ts';
import { AccountSessionError } from '../session/account-session-error.tsx';
import { useSessionState } from '../session/use-session-state.ts';

const SUMMARY_SIZE = 5;

export async function homeLoader({ request }: LoaderFunctionArgs) {
  const account = await loadAccountPage(request, PATHS.home);
  if (account) await queryClient.prefetchQuery(linePageQueryOptions(account.idClientBscs));
  return null;
}

function LinesSummary({ idClientBscs }: { idClientBscs: number }) {
  const lines = useLinePage(idClientBscs);
  if (lines.error) return <ApiErrorAlert error={lines.error} />;
  if (!lines.data) return null;
  const { total, contrats } = lines.data;
  return (
    <section aria-labelledby="mes-lignes" className="card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="mes-lignes" className="text-xl font-bold text-primary-strong">
          Mes lignes mobiles
        </h2>
        <p className="text-muted">
          {total === 0 ? 'Aucune ligne' : total === 1 ? '1 ligne' : `${total.toLocaleString('fr-FR')} lignes`}
        </p>
      </div>
      {contrats.length > 0 ? (
        <div className="mt-4">
          <LinesTable
            lines={contrats.slice(0, SUMMARY_SIZE)}
            caption={`Les ${Math.min(SUMMARY_SIZE, contrats.length)} premières lignes du compte`}
          />
        </div>
      ) : (
        <p className="mt-4">Ce compte de facturation n’a pas encore de ligne mobile.</p>
      )}
      <p className="mt-4">
        <Link to={PATHS.mobileLines} className="link">
          Voir toutes mes lignes
        </Link>
      </p>
    </section>
  );
}

export function HomeRoute() {
  const { account } = useSessionState();
  return (
    <>
      <PageHeading>Accueil</PageHeading>
      <AccountSessionError />
      {account ? (
        <div className="space-y-6">
          <AccountSummary account={account} />
          <LinesSummary idClientBscs={account.idClientBscs} />
        </div>
      ) : null}
    </>
  );
}

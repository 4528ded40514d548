import { formatPhone } from '@ecare/shared/phone';
import { Link, redirect, replace, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading, type BreadcrumbItem } from '../../components/ui/page-heading.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { consumptionQueryOptions, useConsumption } from '../../features/consumption/api/get-consumption.ts';
import { ConsumptionOverview } from '../../features/consumption/components/consumption-overview.tsx';
import { PERIOD_PARAM, consumptionPath, periodFrom } from '../../features/consumption/utils/consumption-path.ts';
import { contractIdFrom, linePath } from '../../features/lines/utils/line-path.ts';
import { hasErrorCode } from '../../lib/api-error.ts';
import { inAppPathOf, PATHS, withReturnUrl } from '../../lib/routes.ts';
import { queryClient } from '../query-client.ts';
import { loadSession } from '../session/load-session.ts';
import { useSessionState } from '../session/use-session-state.ts';

/**
 * /ligne-mobile/{idContrat}/consommation[?periode=AAAA-MM]: the line's consumption, for its
 * user and its account's managers (the server decides; a refusal shows the spec's text).
 */
export async function consumptionLoader({ request, params }: LoaderFunctionArgs) {
  const idContrat = contractIdFrom(params.idContrat);
  if (idContrat === null) throw replace(PATHS.notFound);
  const session = await loadSession(request);
  if (session.kind === 'choose') throw redirect(withReturnUrl(PATHS.accountChoice, inAppPathOf(request.url)));
  if (session.kind === 'failed') throw redirect(PATHS.serverError);
  // A refusal stays in the cache and is shown by the page (not asked for again on mount).
  await queryClient.prefetchQuery(consumptionQueryOptions(idContrat, periodFrom(new URL(request.url).searchParams)));
  return null;
}

/**
 * /ligne-mobile/consommation, the menu's "Suivi conso" (decision 019): a line user goes to their
 * own line's consumption; a manager to the chosen line's when the account has one chosen (an
 * account with a single line), otherwise to the fleet list, where each line leads to its own.
 */
export async function consumptionMenuLoader({ request }: LoaderFunctionArgs): Promise<never> {
  const session = await loadSession(request);
  switch (session.kind) {
    case 'user':
      throw redirect(session.user.idContrat === null ? PATHS.userHome : consumptionPath(session.user.idContrat));
    case 'choose':
      throw redirect(withReturnUrl(PATHS.accountChoice, PATHS.consumption));
    case 'failed':
      throw redirect(PATHS.serverError);
    case 'account':
      throw redirect(session.line ? consumptionPath(session.line.idContrat) : PATHS.mobileLines);
    case 'forbidden':
      throw redirect(PATHS.mobileLines);
  }
}

export function ConsumptionRoute() {
  const idContrat = contractIdFrom(useParams().idContrat);
  const [search, setSearch] = useSearchParams();
  const { user } = useSessionState();
  const periode = periodFrom(search);
  const consumption = useConsumption(idContrat, periode);
  const isLineUser = user?.utilisateur === true;
  const number = consumption.data ? formatPhone(consumption.data.numeroLigne) : null;

  const breadcrumb: BreadcrumbItem[] = isLineUser
    ? [{ label: 'Accueil', to: PATHS.userHome }]
    : [
        { label: 'Accueil', to: PATHS.home },
        { label: 'Mes lignes mobiles', to: PATHS.mobileLines },
      ];
  if (idContrat !== null) breadcrumb.push({ label: number ?? 'Ligne mobile', to: linePath(idContrat) });
  breadcrumb.push({ label: 'Consommation' });

  const periodRefused = hasErrorCode(consumption.error, 'CONSUMPTION_PERIOD_FUTURE', 'CONSUMPTION_PERIOD_TOO_OLD', 'VALIDATION');
  return (
    <>
      <PageHeading breadcrumb={breadcrumb}>{number ? `Consommation de la ligne ${number}` : 'Consommation de la ligne'}</PageHeading>
      {consumption.error ? (
        <ApiErrorAlert error={consumption.error}>
          {periodRefused && idContrat !== null ? (
            <Link to={consumptionPath(idContrat)} className="link">
              Voir la période en cours
            </Link>
          ) : (
            <Link to={isLineUser ? PATHS.userHome : PATHS.mobileLines} className="link">
              {isLineUser ? 'Retour à l’accueil' : 'Retour à mes lignes mobiles'}
            </Link>
          )}
        </ApiErrorAlert>
      ) : null}
      {consumption.data ? (
        <ConsumptionOverview
          consumption={consumption.data}
          isUpdating={consumption.isPlaceholderData}
          selectedPeriod={periode ?? consumption.data.periodeCourante}
          onPeriodChange={(periode) =>
            setSearch(periode === consumption.data.periodeCourante ? {} : { [PERIOD_PARAM]: periode }, { preventScrollReset: true })
          }
        />
      ) : consumption.isPending && idContrat !== null ? (
        <div role="status" className="flex min-h-96 items-center justify-center gap-3 text-muted">
          <Spinner />
          Chargement de la consommation…
        </div>
      ) : null}
    </>
  );
}

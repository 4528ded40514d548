import { formatPhone } from '@ecare/shared/phone';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading, type BreadcrumbItem } from '../../components/ui/page-heading.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { consumptionQueryOptions, useConsumption } from '../../features/consumption/api/get-consumption.ts';
import { ConsumptionOverview } from '../../features/consumption/components/consumption-overview.tsx';
import { PERIOD_PARAM, consumptionPath, periodFrom } from '../../features/consumption/utils/consumption-path.ts';
import { contractIdFrom, linePath } from '../../features/lines/utils/line-path.ts';
import { hasErrorCode } from '../../lib/api-error.ts';
import { PATHS } from '../../lib/routes.ts';
import { queryClient } from '../query-client.ts';
import { LineJourneyChoice, type LineJourney } from './line-journey-choice.tsx';
import { lineJourneyContract, lineJourneyMenuLoader } from './line-journey-loaders.ts';
import { useSessionState } from '../session/use-session-state.ts';

/**
 * /ligne-mobile/{idContrat}/consommation[?periode=AAAA-MM]: the line's consumption, for its
 * user and its account's managers (the server decides; a refusal shows the spec's text).
 */
export async function consumptionLoader(args: LoaderFunctionArgs) {
  const idContrat = await lineJourneyContract(args);
  const { request } = args;
  // A refusal stays in the cache and is shown by the page (not asked for again on mount).
  await queryClient.prefetchQuery(consumptionQueryOptions(idContrat, periodFrom(new URL(request.url).searchParams)));
  return null;
}

const CONSUMPTION_JOURNEY: LineJourney = {
  name: 'Suivi conso',
  intro: 'De quelle ligne\u00a0? Choisissez-la pour suivre sa consommation, mois par mois.',
  pathOf: consumptionPath,
  activeOnly: false,
};

/**
 * /ligne-mobile/consommation, the menu's "Suivi conso" (decision 019): a line user goes to their
 * own line's consumption, the manager of an account of one line to that line's; an account of
 * several lines chooses the line first.
 */
export const consumptionMenuLoader = lineJourneyMenuLoader(PATHS.consumption, consumptionPath, CONSUMPTION_JOURNEY.activeOnly);
export const ConsumptionChoiceRoute = () => <LineJourneyChoice journey={CONSUMPTION_JOURNEY} />;

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
          readAt={consumption.dataUpdatedAt > 0 ? new Date(consumption.dataUpdatedAt) : undefined}
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

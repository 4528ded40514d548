import { formatPhone } from '@ecare/shared/phone';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading, type BreadcrumbItem } from '../../components/ui/page-heading.tsx';
import { lineQueryOptions, useLine } from '../../features/lines/api/get-line.ts';
import { contractIdFrom, linePath } from '../../features/lines/utils/line-path.ts';
import { blockQueryOptions } from '../../features/tariff-change/api/get-tariff-block.ts';
import { inProgressQueryOptions } from '../../features/tariff-change/api/get-tariff-in-progress.ts';
import { tariffChangePath } from '../../features/tariff-change/api/paths.ts';
import { TariffChangeFlow } from '../../features/tariff-change/components/tariff-change-flow.tsx';
import { PATHS } from '../../lib/routes.ts';
import { queryClient } from '../query-client.ts';
import { LineJourneyChoice, type LineJourney } from './line-journey-choice.tsx';
import { lineJourneyContract, lineJourneyMenuLoader } from './line-journey-loaders.ts';

/**
 * /mon-forfait/changer-de-forfait/{idContrat}: a line's tariff change, for its account's managers
 * (decision 037). The server decides; a refusal shows the spec's text.
 */
export async function tariffChangeLoader(args: LoaderFunctionArgs) {
  const idContrat = await lineJourneyContract(args);
  await Promise.all([
    queryClient.prefetchQuery(lineQueryOptions(idContrat)),
    queryClient.prefetchQuery(blockQueryOptions(idContrat)),
    queryClient.prefetchQuery(inProgressQueryOptions(idContrat)),
  ]);
  return null;
}

const TARIFF_CHANGE_JOURNEY: LineJourney = {
  name: 'Changer de forfait',
  intro: 'Pour quelle ligne\u00a0? Seules les lignes actives peuvent changer de forfait.',
  pathOf: tariffChangePath,
  activeOnly: true,
};

/**
 * /mon-forfait/changer-de-forfait, the menu's "Changer de forfait" (after its unpaid-balance
 * check): the line's page for a single line, else the choice of the line (decision 037).
 */
export const tariffChangeMenuLoader = lineJourneyMenuLoader(PATHS.tariffChange, tariffChangePath, TARIFF_CHANGE_JOURNEY.activeOnly);
export const TariffChangeChoiceRoute = () => <LineJourneyChoice journey={TARIFF_CHANGE_JOURNEY} />;

export function TariffChangeRoute() {
  const idContrat = contractIdFrom(useParams().idContrat);
  const line = useLine(idContrat);
  const number = line.data ? formatPhone(line.data.numeroLigne) : null;
  if (idContrat === null) return null;
  const breadcrumb: BreadcrumbItem[] = [
    { label: 'Accueil', to: PATHS.home },
    { label: 'Mes lignes mobiles', to: PATHS.mobileLines },
    { label: number ?? 'Ligne mobile', to: linePath(idContrat) },
    { label: 'Changer de forfait' },
  ];
  return (
    <>
      <PageHeading breadcrumb={breadcrumb}>{number ? `Changer le forfait de la ligne ${number}` : 'Changer de forfait'}</PageHeading>
      {line.error ? <ApiErrorAlert error={line.error} /> : <TariffChangeFlow idContrat={idContrat} linePath={linePath(idContrat)} />}
    </>
  );
}

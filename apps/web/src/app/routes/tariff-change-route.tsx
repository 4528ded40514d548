import { formatPhone } from '@ecare/shared/phone';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading, type BreadcrumbItem } from '../../components/ui/page-heading.tsx';
import { lineQueryOptions, useLine } from '../../features/lines/api/get-line.ts';
import { contractIdFrom, linePath } from '../../features/lines/utils/line-path.ts';
import { blockQueryOptions, inProgressQueryOptions, tariffChangePath } from '../../features/tariff-change/api/tariff-change-requests.ts';
import { TariffChangeFlow } from '../../features/tariff-change/components/tariff-change-flow.tsx';
import { PATHS } from '../../lib/routes.ts';
import { queryClient } from '../query-client.ts';
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

/**
 * /mon-forfait/changer-de-forfait, the menu's "Changer de forfait" (after its unpaid-balance
 * check): the chosen line's page, else the fleet list, where each line leads to its own.
 */
export const tariffChangeMenuLoader = lineJourneyMenuLoader(PATHS.tariffChange, tariffChangePath);

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

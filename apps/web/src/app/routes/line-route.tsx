import { formatPhone } from '@ecare/shared/phone';
import { Link, redirect, replace, useParams, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading, type BreadcrumbItem } from '../../components/ui/page-heading.tsx';
import { ConsumptionLinkCard } from '../../features/consumption/components/consumption-link-card.tsx';
import { ContractPdfCard } from '../../features/contract-pdf/components/contract-pdf-card.tsx';
import { EsimLineSection } from '../../features/esim/components/esim-line-section.tsx';
import { lineQueryOptions, useLine } from '../../features/lines/api/get-line.ts';
import { LineOverview, type PageLink } from '../../features/lines/components/line-overview.tsx';
import { NewPhoneLineCard } from '../../features/new-phone/components/new-phone-line-card.tsx';
import { contractIdFrom } from '../../features/lines/utils/line-path.ts';
import { TariffChangeLineCard } from '../../features/tariff-change/components/tariff-change-line-card.tsx';
import { TerminationLineCard } from '../../features/termination/components/termination-line-card.tsx';
import { LineCostSection } from '../../features/cost-centres/components/line-cost-section.tsx';
import { DataFreezeSection } from '../../features/usage-alerts/components/data-freeze-section.tsx';
import { inAppPathOf, PATHS, withReturnUrl } from '../../lib/routes.ts';
import { queryClient } from '../query-client.ts';
import { loadSession } from '../session/load-session.ts';
import { useSessionState } from '../session/use-session-state.ts';

/**
 * Where a manager goes for a replacement SIM after declaring a loss or theft. The shop has no
 * page yet, so today this is the fleet list, named as such.
 */
const REPLACEMENT_SIM: PageLink = { to: PATHS.mobileLines, label: 'Retour à mes lignes mobiles' };

/**
 * /ligne-mobile/{idContrat}: a manager's line or a line user's own line. The server decides who
 * may see it (403 shows the spec's refusal) and which actions it offers.
 */
export async function lineLoader({ request, params }: LoaderFunctionArgs) {
  const idContrat = contractIdFrom(params.idContrat);
  if (idContrat === null) throw replace(PATHS.notFound);
  const session = await loadSession(request);
  if (session.kind === 'choose') throw redirect(withReturnUrl(PATHS.accountChoice, inAppPathOf(request.url)));
  if (session.kind === 'failed') throw redirect(PATHS.serverError);
  // A refusal stays in the cache and is shown by the page (not asked for again on mount).
  await queryClient.prefetchQuery(lineQueryOptions(idContrat));
  return null;
}

export function LineRoute() {
  const idContrat = contractIdFrom(useParams().idContrat);
  const { user } = useSessionState();
  const line = useLine(idContrat);
  const isLineUser = user?.utilisateur === true;

  const number = line.data ? formatPhone(line.data.numeroLigne) : null;
  const breadcrumb: BreadcrumbItem[] = isLineUser
    ? [{ label: 'Accueil', to: PATHS.userHome }]
    : [
        { label: 'Accueil', to: PATHS.home },
        { label: 'Mes lignes mobiles', to: PATHS.mobileLines },
      ];
  breadcrumb.push({ label: number ?? 'Ligne mobile' });

  return (
    <>
      <PageHeading breadcrumb={breadcrumb}>
        {number ? `Ligne ${number}` : 'Ligne mobile'}
      </PageHeading>
      {line.error ? (
        <ApiErrorAlert error={line.error}>
          <Link to={isLineUser ? PATHS.userHome : PATHS.mobileLines} className="link">
            {isLineUser ? 'Retour à l’accueil' : 'Retour à mes lignes mobiles'}
          </Link>
        </ApiErrorAlert>
      ) : null}
      {line.data ? <LineOverview key={line.data.idContrat} line={line.data} replacementSim={isLineUser ? null : REPLACEMENT_SIM} /> : null}
      {line.data ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <ConsumptionLinkCard idContrat={line.data.idContrat} />
          <ContractPdfCard idContrat={line.data.idContrat} numeroLigne={line.data.numeroLigne} />
          {isLineUser ? null : <TariffChangeLineCard idContrat={line.data.idContrat} active={line.data.codeStatut === 'ACTIF'} />}
          {isLineUser ? null : <NewPhoneLineCard idContrat={line.data.idContrat} active={line.data.codeStatut === 'ACTIF'} />}
          <TerminationLineCard idContrat={line.data.idContrat} terminated={line.data.codeStatut === 'RESILIE'} />
        </div>
      ) : null}
      {line.data && line.data.codeStatut !== 'RESILIE' ? (
        <DataFreezeSection
          key={`gel-${line.data.idContrat}`}
          idContrat={line.data.idContrat}
          numeroLigne={line.data.numeroLigne}
          active={line.data.codeStatut === 'ACTIF'}
          manager={!isLineUser}
        />
      ) : null}
      {line.data ? (
        <LineCostSection
          key={`centre-${line.data.idContrat}`}
          idContrat={line.data.idContrat}
          idClientBscs={line.data.idClientBscs}
          centre={line.data.centre}
          etiquettes={line.data.etiquettes}
          // The manager's, like naming the line's user; a terminated line keeps what it had.
          mayEdit={line.data.actions.includes('UTILISATEUR') && line.data.codeStatut !== 'RESILIE'}
        />
      ) : null}
      {line.data?.typeSim === 'ESIM' && line.data.codeStatut !== 'RESILIE' ? (
        <EsimLineSection
          key={`esim-${line.data.idContrat}`}
          idContrat={line.data.idContrat}
          numeroLigne={line.data.numeroLigne}
          lineUserEmail={line.data.utilisateur?.email ?? null}
          // Handing the eSIM out is the manager's, like putting a SIM card on the line (decision 018).
          canSend={line.data.actions.includes('ACTIVATION_SIM')}
        />
      ) : null}
    </>
  );
}

import { formatPhone } from '@ecare/shared/phone';
import { useEffect } from 'react';
import { redirect, replace, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { PageHeading, type BreadcrumbItem } from '../../components/ui/page-heading.tsx';
import { lineQueryOptions, useLine } from '../../features/lines/api/get-line.ts';
import { contractIdFrom, linePath } from '../../features/lines/utils/line-path.ts';
import { commitmentQueryOptions } from '../../features/termination/api/get-commitment.ts';
import { proReasonsQueryOptions } from '../../features/termination/api/get-pro-reasons.ts';
import { reasonsQueryOptions } from '../../features/termination/api/get-reasons.ts';
import { terminationDraftQueryOptions } from '../../features/termination/api/get-termination-draft.ts';
import { inProgressQueryOptions } from '../../features/termination/api/get-termination-in-progress.ts';
import { TerminationFlow } from '../../features/termination/components/termination-flow.tsx';
import { STEP_PARAM, stepFrom, type TerminationStep } from '../../features/termination/utils/termination-steps.ts';
import { inAppPathOf, PATHS, withReturnUrl } from '../../lib/routes.ts';
import { forgetResilie } from '../../lib/session-storage.ts';
import { queryClient } from '../query-client.ts';
import { loadSession } from '../session/load-session.ts';
import { useSessionState } from '../session/use-session-state.ts';

/**
 * /ligne-mobile/{idContrat}/resiliation[?etape=…]: a line's termination, for its account's
 * managers; its own user reads the procedure. The server decides (403 shows the spec's refusal).
 */
export async function terminationLoader({ request, params }: LoaderFunctionArgs) {
  const idContrat = contractIdFrom(params.idContrat);
  if (idContrat === null) throw replace(PATHS.notFound);
  const session = await loadSession(request);
  if (session.kind === 'choose') throw redirect(withReturnUrl(PATHS.accountChoice, inAppPathOf(request.url)));
  if (session.kind === 'failed') throw redirect(PATHS.serverError);
  // Refusals stay in the cache and are shown by the page.
  await Promise.all([
    queryClient.prefetchQuery(lineQueryOptions(idContrat)),
    queryClient.prefetchQuery(commitmentQueryOptions(idContrat)),
    queryClient.prefetchQuery(reasonsQueryOptions()),
    queryClient.prefetchQuery(proReasonsQueryOptions(idContrat)),
    queryClient.prefetchQuery(inProgressQueryOptions(idContrat)),
    queryClient.prefetchQuery(terminationDraftQueryOptions(idContrat)),
  ]);
  return null;
}

export function TerminationRoute() {
  const idContrat = contractIdFrom(useParams().idContrat);
  const [search, setSearch] = useSearchParams();
  const { user } = useSessionState();
  const line = useLine(idContrat);
  const step = stepFrom(search.get(STEP_PARAM));
  const isLineUser = user?.utilisateur === true;
  const number = line.data ? formatPhone(line.data.numeroLigne) : null;

  // The `resilie` saved at login has led here.
  useEffect(() => {
    if (idContrat !== null) forgetResilie(idContrat);
  }, [idContrat]);

  if (idContrat === null) return null;
  const breadcrumb: BreadcrumbItem[] = isLineUser
    ? [{ label: 'Accueil', to: PATHS.userHome }]
    : [
        { label: 'Accueil', to: PATHS.home },
        { label: 'Mes lignes mobiles', to: PATHS.mobileLines },
      ];
  breadcrumb.push({ label: number ?? 'Ligne mobile', to: linePath(idContrat) }, { label: 'Résiliation' });

  const goTo = (next: TerminationStep) =>
    setSearch(next === 'motif' ? {} : { [STEP_PARAM]: next }, { preventScrollReset: false });

  return (
    <>
      <PageHeading breadcrumb={breadcrumb}>{number ? `Résilier la ligne ${number}` : 'Résilier une ligne'}</PageHeading>
      <TerminationFlow idContrat={idContrat} step={step} onStep={goTo} linePath={linePath(idContrat)} />
    </>
  );
}

import { ADD_LINE_ERRORS } from '@ecare/shared/add-line-errors';
import { useQuery } from '@tanstack/react-query';
import { Link, redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { WaitingText } from '../../components/ui/query-states.tsx';
import { cartQueryOptions } from '../../features/add-line/api/get-cart.ts';
import { AddLineFlow } from '../../features/add-line/components/add-line-flow.tsx';
import { useCostCentres } from '../../features/cost-centres/api/get-cost-centres.ts';
import { useFleetPolicy } from '../../features/fleet-policy/api/get-fleet-policy.ts';
import { centreChoice } from '../../features/fleet-policy/utils/centre-choice.ts';
import { LINE_PARAM, STEP_PARAM, addLinePath, stepFrom, type AddLineStep } from '../../features/add-line/utils/add-line-steps.ts';
import { CatalogueKitContext, type CatalogueKit } from '../../features/add-line/utils/catalogue-kit.ts';
import { usePhones } from '../../features/catalogue/api/get-phones.ts';
import { plansQueryOptions, usePlans } from '../../features/catalogue/api/get-plans.ts';
import { PhoneImage } from '../../features/catalogue/components/phone-card.tsx';
import { DEFAULT_PHONE_FILTERS, formatAllowance, formatCommitment } from '../../features/catalogue/utils/phone-filters.ts';
import { checkUnpaid } from '../../features/unpaid/api/check-unpaid.ts';
import { unpaidCheckRequest } from '../../features/unpaid/utils/unpaid-decision.ts';
import { inAppPathOf, PATHS, withReturnUrl } from '../../lib/routes.ts';
import { queryClient } from '../query-client.ts';
import { AccountSessionError } from '../session/account-session-error.tsx';
import { loadSession } from '../session/load-session.ts';
import { useSessionState } from '../session/use-session-state.ts';

/** The catalogue's phones, plans and pictures, as the add-line flow takes them. */
const usePlanPhones = (idClientBscs: number, idOffreEngagement: number) => usePhones(idClientBscs, idOffreEngagement, DEFAULT_PHONE_FILTERS);
const CATALOGUE_KIT: CatalogueKit = {
  usePlans,
  usePhones: usePlanPhones,
  PhoneImage,
  formatAllowance,
  formatCommitment,
};

/**
 * /ajout-ligne/ajouter-une-ligne-mobile[?etape=…]: adding lines to the chosen billing account, for
 * its managers (decision 038); a line user is told the profile may not; the server decides.
 */
export async function addLineLoader({ request }: LoaderFunctionArgs) {
  const session = await loadSession(request);
  switch (session.kind) {
    case 'choose':
      throw redirect(withReturnUrl(PATHS.accountChoice, inAppPathOf(request.url)));
    case 'failed':
      throw redirect(PATHS.serverError);
    case 'account':
      await Promise.all([
        queryClient.prefetchQuery(cartQueryOptions(session.account.idClientBscs)),
        queryClient.prefetchQuery(plansQueryOptions(session.account.idClientBscs)),
      ]);
      return null;
    case 'user':
    case 'forbidden':
      return null;
  }
}

export function AddLineRoute() {
  const [search, setSearch] = useSearchParams();
  const { user, account } = useSessionState();
  const step = stepFrom(search.get(STEP_PARAM));
  const line = search.get(LINE_PARAM);
  const idLigne = line !== null && /^\d{1,10}$/.test(line) ? Number(line) : null;
  // The unpaid-balance check (action AJL) of the header's entry, run again for a page opened directly.
  const unpaid = useQuery({
    queryKey: ['unpaid', 'AJL', account?.idClientBscs ?? 0],
    queryFn: () => checkUnpaid(unpaidCheckRequest('AJL', account ?? { idClientBscs: 0, sirenSiret: '' }, null)),
    enabled: account !== null && step !== 'confirmation',
    staleTime: 60_000,
  });
  // The company's policy and its cost centres, for the recap's centre choice (decision 051).
  const managing = account !== null && !user?.utilisateur;
  const policy = useFleetPolicy(account?.idClientBscs ?? 0, managing);
  const costCentres = useCostCentres(managing ? (account?.idClientBscs ?? null) : null);
  const centres = centreChoice(costCentres.data?.centres, policy.data?.centreObligatoire ?? false);

  const goTo = (next: AddLineStep, nextLine?: number) => {
    const path = addLinePath(next, nextLine);
    setSearch(new URL(path, 'http://localhost').searchParams, { preventScrollReset: false });
  };

  return (
    <>
      <PageHeading breadcrumb={[{ label: 'Accueil', to: PATHS.home }, { label: 'Mes lignes mobiles', to: PATHS.mobileLines }, { label: 'Ajouter une ligne' }]}
        intro="Prix hors taxes pour les professionnels, TVA de 20 % en sus.">
        Ajouter une ligne mobile
      </PageHeading>
      {user?.utilisateur ? (
        <Alert tone="error">{ADD_LINE_ERRORS.ADD_LINE_PROFILE_FORBIDDEN.message}</Alert>
      ) : (
        <>
          <AccountSessionError />
          {!account ? null : unpaid.data?.arretParcours ? (
            <Alert tone="error" title="L’ajout de lignes est bloqué">
              <p>{unpaid.data.message}</p>
              <Link to={PATHS.accountPayment} className="link">
                Payer mes factures
              </Link>
            </Alert>
          ) : unpaid.isPending && step !== 'confirmation' ? (
            <WaitingText>Vérification de votre compte…</WaitingText>
          ) : (
            <CatalogueKitContext.Provider value={CATALOGUE_KIT}>
              <AddLineFlow
                key={account.idClientBscs}
                idClientBscs={account.idClientBscs}
                accountAddress={{ ...account.adresse, raisonSociale: account.raisonSociale }}
                step={step}
                idLigne={idLigne}
                onStep={goTo}
                centres={centres}
              />
            </CatalogueKitContext.Provider>
          )}
        </>
      )}
    </>
  );
}

import type { EsimResponse } from '@ecare/shared/esim';
import { formatPhone } from '@ecare/shared/phone';
import { Link, redirect, replace, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading, type BreadcrumbItem } from '../../components/ui/page-heading.tsx';
import { fetchEsimByLink } from '../../features/esim/api/get-esim-link.ts';
import { esimQueryOptions, useEsim } from '../../features/esim/api/get-esim.ts';
import { ESIM_PAGE_TITLE, EsimInstallation } from '../../features/esim/components/esim-installation.tsx';
import { isDeadEsimLink } from '../../features/esim/utils/esim-paths.ts';
import { contractIdFrom, linePath } from '../../features/lines/utils/line-path.ts';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { inAppPathOf, PATHS, withReturnUrl } from '../../lib/routes.ts';
import { queryClient } from '../query-client.ts';
import { loadSession } from '../session/load-session.ts';
import { useSessionState } from '../session/use-session-state.ts';

type LinkPage = { kind: 'ready'; esim: EsimResponse } | { kind: 'unchecked'; message: string };

/**
 * Spec §4 "eSIM page": no id, or an answer with messageErreur (a link invalid, tampered with or
 * expired), goes to /404. A check that got no verdict (too many requests, network, service
 * unavailable) is said on the page instead: the link may well be good.
 */
export async function esimLinkLoader({ params, request }: LoaderFunctionArgs): Promise<LinkPage> {
  const cipher = params.id?.trim() ?? '';
  if (cipher === '') throw replace(PATHS.notFound);
  try {
    const esim = await fetchEsimByLink(cipher, request.signal);
    if (esim.messageErreur) throw replace(PATHS.notFound);
    return { kind: 'ready', esim };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isDeadEsimLink(error)) throw replace(PATHS.notFound);
    return { kind: 'unchecked', message: apiErrorMessage(error) };
  }
}

/** /identification/qrcode/{id}: the page of the e-mailed link, for whoever holds it (no session). */
export function EsimLinkRoute() {
  const page = useLoaderData<LinkPage>();
  return (
    <>
      <PageHeading>{ESIM_PAGE_TITLE}</PageHeading>
      {page.kind === 'ready' ? (
        <EsimInstallation esim={page.esim} />
      ) : (
        <Alert tone="error">
          <p className="font-semibold">{page.message}</p>
          <p className="mt-2">Rouvrez le lien reçu par e-mail dans quelques instants.</p>
        </Alert>
      )}
    </>
  );
}

/** /ligne-mobile/{idContrat}/esim: the eSIM of a line for who may see it (a manager, or the line's user). */
export async function lineEsimLoader({ request, params }: LoaderFunctionArgs) {
  const idContrat = contractIdFrom(params.idContrat);
  if (idContrat === null) throw replace(PATHS.notFound);
  const session = await loadSession(request);
  if (session.kind === 'choose') throw redirect(withReturnUrl(PATHS.accountChoice, inAppPathOf(request.url)));
  if (session.kind === 'failed') throw redirect(PATHS.serverError);
  // A refusal stays in the cache and is shown by the page (not asked for again on mount).
  await queryClient.prefetchQuery(esimQueryOptions(idContrat));
  return null;
}

export function LineEsimRoute() {
  const idContrat = contractIdFrom(useParams().idContrat);
  const { user } = useSessionState();
  const esim = useEsim(idContrat);
  const isLineUser = user?.utilisateur === true;
  const linePage = idContrat === null ? PATHS.mobileLines : linePath(idContrat);
  const number = esim.data?.numGsmValide ? formatPhone(esim.data.numGsm) : null;

  const breadcrumb: BreadcrumbItem[] = isLineUser
    ? [{ label: 'Accueil', to: PATHS.userHome }]
    : [
        { label: 'Accueil', to: PATHS.home },
        { label: 'Mes lignes mobiles', to: PATHS.mobileLines },
      ];
  breadcrumb.push({ label: number ? `Ligne ${number}` : 'Ligne mobile', to: linePage }, { label: 'eSIM' });

  return (
    <>
      <PageHeading breadcrumb={breadcrumb}>{ESIM_PAGE_TITLE}</PageHeading>
      {esim.error ? (
        <ApiErrorAlert error={esim.error}>
          <Link to={linePage} className="link">
            Retour à la ligne
          </Link>
        </ApiErrorAlert>
      ) : null}
      {esim.data ? <EsimInstallation esim={esim.data} /> : null}
    </>
  );
}

import type { Line } from '@ecare/shared/lines';
import { formatPhone } from '@ecare/shared/phone';
import { useId } from 'react';
import { Link, redirect, useSearchParams, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { ReadFailed, WaitingText } from '../../components/ui/query-states.tsx';
import { AppointmentsPanel } from '../../features/appointments/components/appointments-panel.tsx';
import { lineTypeOf } from '../../features/appointments/utils/appointment-format.ts';
import { FIRST_LINE_PAGE, linePageQueryOptions, useLinePage, type LinePageParams } from '../../features/lines/api/get-line-page.ts';
import { inAppPathOf, PATHS, withReturnUrl } from '../../lib/routes.ts';
import { queryClient } from '../query-client.ts';
import { loadSession } from '../session/load-session.ts';
import { useSessionState } from '../session/use-session-state.ts';

const PAGE_TITLE = 'Rendez-vous avec un conseiller';

/** The account's lines the picker offers, by number. */
const LINES: LinePageParams = { ...FIRST_LINE_PAGE, taille: 100 };

/** A session with a chosen account (or a line user's own line), and the account's lines. */
export async function appointmentsLoader({ request }: LoaderFunctionArgs) {
  const session = await loadSession(request);
  if (session.kind === 'choose') throw redirect(withReturnUrl(PATHS.accountChoice, inAppPathOf(request.url)));
  if (session.kind === 'failed') throw redirect(PATHS.serverError);
  if (session.kind === 'account') await queryClient.prefetchQuery(linePageQueryOptions(session.account.idClientBscs, LINES));
  return null;
}

/** Choosing another line (the query) reads nothing the loader reads: no new session check. */
export function appointmentsShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

const lineLabel = (line: Pick<Line, 'numeroLigne' | 'libelleOffre'>) => `${formatPhone(line.numeroLigne)} – ${line.libelleOffre}`;

/**
 * /assistance/rendez-vous: a telephone appointment with an adviser about a line (the chosen one,
 * `?idContrat=`, else the session's current line, else the first): the ones to come, moving and
 * cancelling them, and booking a new one.
 */
export function AppointmentsRoute() {
  const { user, account, line, sessionError } = useSessionState();
  const [params, setParams] = useSearchParams();
  const selectId = `ligne${useId().replace(/:/g, '')}`;
  const isLineUser = user?.utilisateur === true;
  const page = useLinePage(isLineUser ? null : (account?.idClientBscs ?? null), LINES);
  // A terminated line takes no appointment.
  const lines = (isLineUser ? (line ? [line] : []) : (page.data?.contrats ?? [])).filter((candidate) => candidate.codeStatut !== 'RESILIE');
  const asked = Number(params.get('idContrat'));
  const chosen = lines.find((candidate) => candidate.idContrat === asked) ?? lines.find((candidate) => candidate.idContrat === line?.idContrat) ?? lines[0] ?? null;
  const total = page.data?.total ?? 0;

  return (
    <>
      <PageHeading
        breadcrumb={[{ label: 'Accueil', to: isLineUser ? PATHS.userHome : PATHS.home }, { label: 'Service après-vente', to: PATHS.afterSales }, { label: PAGE_TITLE }]}
        intro={'Un conseiller vous appelle au moment choisi, pour 30 minutes au plus, du lundi au samedi de 8\u00a0h à 20\u00a0h (hors jours fériés).'}
      >
        {PAGE_TITLE}
      </PageHeading>
      <div className="max-w-4xl space-y-8">
        {sessionError ? <ApiErrorAlert error={sessionError} /> : null}
        {page.error ? <ReadFailed error={page.error} onRetry={() => void page.refetch()} pending={page.isFetching} /> : null}
        {!isLineUser && page.isPending && account ? <WaitingText>Chargement des lignes du compte…</WaitingText> : null}
        {lines.length > 1 && chosen ? (
          <div>
            <label htmlFor={selectId} className="field-label">
              Ligne concernée
            </label>
            {total > lines.length ? (
              <p id={`${selectId}-aide`} className="mb-2 text-sm text-muted">
                Les {lines.length} premières lignes en service du compte, par numéro.
              </p>
            ) : null}
            <select
              id={selectId}
              className="field-input max-w-md"
              value={chosen.idContrat}
              aria-describedby={total > lines.length ? `${selectId}-aide` : undefined}
              onChange={(event) => setParams({ idContrat: event.target.value }, { replace: true })}
            >
              {lines.map((candidate) => (
                <option key={candidate.idContrat} value={candidate.idContrat}>
                  {lineLabel(candidate)}
                </option>
              ))}
            </select>
          </div>
        ) : chosen ? (
          <p>
            Ligne concernée&nbsp;: <strong>{lineLabel(chosen)}</strong>
          </p>
        ) : null}
        {chosen ? (
          <AppointmentsPanel key={chosen.idContrat} typeLigne={lineTypeOf(chosen.id_Gamme)} idContrat={chosen.idContrat} />
        ) : page.data || isLineUser ? (
          <p>
            Aucune ligne en service ne peut faire l’objet d’un rendez-vous. Vous pouvez aussi écrire au service client avec le{' '}
            <Link to={PATHS.contactForm} className="link">
              formulaire de contact
            </Link>
            .
          </p>
        ) : null}
      </div>
    </>
  );
}

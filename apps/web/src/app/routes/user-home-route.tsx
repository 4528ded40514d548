import type { ReactNode } from 'react';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { ConsumptionSummaryCard } from '../../features/consumption/components/consumption-summary-card.tsx';
import { useLine } from '../../features/lines/api/get-line.ts';
import { LineCard } from '../../features/lines/components/line-card.tsx';
import { PATHS } from '../../lib/routes.ts';
import { loadSession } from '../session/load-session.ts';
import { useSessionState } from '../session/use-session-state.ts';

export async function userHomeLoader({ request }: LoaderFunctionArgs) {
  const session = await loadSession(request);
  if (session.kind !== 'user') throw redirect(PATHS.home);
  return null;
}

/**
 * Home of a simple line user (spec §2: /pages/accueil-utilisateur): their line, and its use over
 * the running billing period (decision 046). `alertsBlock` is the « alertes en cours » block,
 * built elsewhere, shown first when given.
 */
export function UserHomeRoute({ alertsBlock }: { alertsBlock?: ReactNode } = {}) {
  const { user } = useSessionState();
  const line = useLine(user?.idContrat ?? null);
  return (
    <>
      <PageHeading>{user ? `Bonjour ${user.prenom} ${user.nom}` : 'Bonjour'}</PageHeading>
      <div className="space-y-6">
        {alertsBlock ?? null}
        {line.error ? <ApiErrorAlert error={line.error} /> : null}
        {user && user.idContrat !== null ? (
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            {line.data ? <LineCard line={line.data} /> : null}
            <ConsumptionSummaryCard idContrat={user.idContrat} />
          </div>
        ) : null}
        {user && user.idContrat === null ? <p>Aucune ligne n’est associée à votre compte.</p> : null}
      </div>
    </>
  );
}

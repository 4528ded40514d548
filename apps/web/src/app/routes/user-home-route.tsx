import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { ConsumptionSummaryCard } from '../../features/consumption/components/consumption-summary-card.tsx';
import { useLine } from '../../features/lines/api/get-line.ts';
import { LineCard } from '../../features/lines/components/line-card.tsx';
import { AlertsInProgressCard } from '../../features/usage-alerts/components/alerts-in-progress-card.tsx';
import { PATHS } from '../../lib/routes.ts';
import { loadSession } from '../session/load-session.ts';
import { useSessionState } from '../session/use-session-state.ts';

export async function userHomeLoader({ request }: LoaderFunctionArgs) {
  const session = await loadSession(request);
  if (session.kind !== 'user') throw redirect(PATHS.home);
  return null;
}

/**
 * Home of a simple line user (spec §2: /pages/accueil-utilisateur): their line, its use over the
 * running billing period (decision 046) and its consumption alerts (decision 047).
 */
export function UserHomeRoute() {
  const { user } = useSessionState();
  const line = useLine(user?.idContrat ?? null);
  return (
    <>
      <PageHeading>{user ? `Bonjour ${user.prenom} ${user.nom}` : 'Bonjour'}</PageHeading>
      <div className="space-y-6">
        {line.error ? <ApiErrorAlert error={line.error} /> : null}
        {user && user.idContrat !== null ? (
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            {line.data ? <LineCard line={line.data} /> : null}
            <ConsumptionSummaryCard idContrat={user.idContrat} />
            <AlertsInProgressCard owner={{ kind: 'line', idContrat: user.idContrat }} link={{ to: `/ligne-mobile/${user.idContrat}/consommation`, label: 'Voir la consommation de ma ligne' }} />
          </div>
        ) : null}
        {user && user.idContrat === null ? <p>Aucune ligne n’est associée à votre compte.</p> : null}
      </div>
    </>
  );
}

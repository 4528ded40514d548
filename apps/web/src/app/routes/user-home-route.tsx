import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
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

/** Home of a simple line user (spec §2: /pages/accueil-utilisateur). */
export function UserHomeRoute() {
  const { user } = useSessionState();
  const line = useLine(user?.idContrat ?? null);
  return (
    <>
      <PageHeading>{user ? `Bonjour ${user.prenom} ${user.nom}` : 'Bonjour'}</PageHeading>
      {line.error ? <ApiErrorAlert error={line.error} /> : null}
      {line.data ? <LineCard line={line.data} /> : null}
      {user && user.idContrat === null ? <p>Aucune ligne n’est associée à votre compte.</p> : null}
    </>
  );
}

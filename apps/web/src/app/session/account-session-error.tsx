import { Link } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PATHS } from '../../lib/routes.ts';
import { useSessionState } from './use-session-state.ts';

/** Why the stored billing account was refused (spec §2 error texts), with the way to choose another. */
export function AccountSessionError() {
  const { sessionError } = useSessionState();
  if (!sessionError) return null;
  return (
    <ApiErrorAlert error={sessionError}>
      <Link to={PATHS.accountChoice} className="link">
        Choisir le compte de facturation
      </Link>
    </ApiErrorAlert>
  );
}

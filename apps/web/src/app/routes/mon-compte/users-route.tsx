import { redirect, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { useCurrentUser } from '../../../features/auth/api/get-current-user.ts';
import { accountUsersQueryOptions } from '../../../features/account-users/api/get-account-users.ts';
import { AccountUsersPanel } from '../../../features/account-users/components/account-users-panel.tsx';
import { PATHS, withReturnUrl } from '../../../lib/routes.ts';
import { clearSelection } from '../../../lib/selection-store.ts';
import { queryClient } from '../../query-client.ts';
import { loadSession } from '../../session/load-session.ts';
import { FleetPolicySection } from '../../../features/fleet-policy/components/fleet-policy-form.tsx';
import { SecurityPolicySection } from '../../../features/security-policy/components/security-policy-section.tsx';
import { AccountPage } from './account-page.tsx';

const PAGE_TITLE = 'Utilisateurs du compte';

/**
 * The chosen account's people: a manager with no account chosen yet chooses one first; a simple
 * line user is told the page is not theirs.
 */
export async function usersLoader({ request }: LoaderFunctionArgs) {
  const session = await loadSession(request);
  switch (session.kind) {
    case 'choose':
      throw redirect(withReturnUrl(PATHS.accountChoice, PATHS.accountUsers));
    case 'failed':
      throw redirect(PATHS.serverError);
    case 'account':
      await queryClient.prefetchQuery(accountUsersQueryOptions(session.account.idClientBscs));
      return null;
    default:
      return null;
  }
}

/** /mon-compte/utilisateurs: who uses the portal for the chosen billing account, managed by its managers. */
export function UsersRoute() {
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  // An agent's customer session (the agent's login, as the frame shows it): the reset of a person's second factors.
  const agentSession = Boolean(user?.serviceClient && user.usernameSC);
  const lostAccess = () => {
    // What the session knew (user's role, chosen account) no longer holds: it is read again.
    clearSelection();
    queryClient.clear();
    void navigate(PATHS.home);
  };
  return (
    <AccountPage
      title={PAGE_TITLE}
      className=""
      managersOnly="Pour donner accès à l’espace client à d’autres personnes ou changer leur rôle, adressez-vous au gestionnaire de votre compte."
    >
      {(account) => (
        <>
          <AccountUsersPanel idClientBscs={account.idClientBscs} onAccessLost={lostAccess} agentSession={agentSession} />
          <FleetPolicySection idClientBscs={account.idClientBscs} />
          <SecurityPolicySection idClientBscs={account.idClientBscs} />
        </>
      )}
    </AccountPage>
  );
}

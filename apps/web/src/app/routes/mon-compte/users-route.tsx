import { Link, redirect, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { accountUsersQueryOptions } from '../../../features/account-users/api/get-account-users.ts';
import { AccountUsersPanel } from '../../../features/account-users/components/account-users-panel.tsx';
import { PATHS, withReturnUrl } from '../../../lib/routes.ts';
import { clearSelection } from '../../../lib/selection-store.ts';
import { queryClient } from '../../query-client.ts';
import { AccountSessionError } from '../../session/account-session-error.tsx';
import { loadSession } from '../../session/load-session.ts';
import { useSessionState } from '../../session/use-session-state.ts';
import { accountBreadcrumb } from './account-breadcrumb.ts';

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
  const { user, account } = useSessionState();
  const navigate = useNavigate();
  if (!user) return null;
  const lostAccess = () => {
    // What the session knew (user's role, chosen account) no longer holds: it is read again.
    clearSelection();
    queryClient.clear();
    void navigate(PATHS.home);
  };
  return (
    <>
      <PageHeading
        breadcrumb={accountBreadcrumb(user, PAGE_TITLE)}
        intro={account ? `${account.raisonSociale} – compte ${account.codeClientBscs}` : undefined}
      >
        {PAGE_TITLE}
      </PageHeading>
      {user.utilisateur ? (
        <Alert tone="info" title="Cette page est réservée aux gestionnaires du compte de facturation.">
          <p>
            Pour donner accès à l’espace client à d’autres personnes ou changer leur rôle, adressez-vous au gestionnaire de votre
            compte.{' '}
            <Link to={PATHS.account} className="link">
              Retour à Mon compte
            </Link>
          </p>
        </Alert>
      ) : (
        <>
          <AccountSessionError />
          {account ? <AccountUsersPanel key={account.idClientBscs} idClientBscs={account.idClientBscs} onAccessLost={lostAccess} /> : null}
        </>
      )}
    </>
  );
}

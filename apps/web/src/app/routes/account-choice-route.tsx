import type { BillingAccount } from '@ecare/shared/accounts';
import { useState } from 'react';
import { Link, redirect, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { billingAccountsQueryOptions, useBillingAccounts } from '../../features/accounts/api/get-billing-accounts.ts';
import { AccountChoiceList } from '../../features/accounts/components/account-choice-list.tsx';
import { manageableAccounts } from '../../features/accounts/utils/manageable-accounts.ts';
import { currentUserQueryOptions, useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { isApiError } from '../../lib/api-error.ts';
import { PATHS, RETURN_URL_PARAM, safeReturnUrl } from '../../lib/routes.ts';
import { useSelection } from '../../lib/selection-store.ts';
import { peekSessionValid } from '../../lib/session-storage.ts';
import { loginRedirect } from '../guards.ts';
import { queryClient } from '../query-client.ts';
import { selectAccount } from '../session/select-account.ts';

export async function accountChoiceLoader({ request }: LoaderFunctionArgs) {
  if (!peekSessionValid()) throw redirect(loginRedirect(request));
  try {
    const user = await queryClient.fetchQuery(currentUserQueryOptions());
    if (user.utilisateur) throw redirect(PATHS.userHome);
    await queryClient.fetchQuery(billingAccountsQueryOptions());
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isApiError(error) && error.status === 401) throw redirect(loginRedirect(request));
    // Spec §4: failing to list the accounts leads to the server error page.
    throw redirect(PATHS.serverError);
  }
  return null;
}

/** Billing account choice (spec §2): the accounts the user manages. */
export function AccountChoiceRoute() {
  const accounts = useBillingAccounts();
  const user = useCurrentUser();
  const { accountId } = useSelection();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const manageable = manageableAccounts(accounts.data ?? []);

  const choose = async (account: BillingAccount) => {
    setPendingId(account.idClientBscs);
    setError(null);
    try {
      await selectAccount(queryClient, account);
      await navigate(safeReturnUrl(searchParams.get(RETURN_URL_PARAM)) ?? PATHS.home);
    } catch (caught) {
      setError(caught);
      setPendingId(null);
    }
  };

  return (
    <>
      <PageHeading intro="Sélectionnez le compte de facturation sur lequel vous souhaitez travailler.">
        Choisir le compte de facturation
      </PageHeading>
      {error ? <ApiErrorAlert error={error} /> : null}
      {accounts.error ? <ApiErrorAlert error={accounts.error} /> : null}
      {user.data?.administration && !user.data.serviceClient ? (
        <p className="card mb-6">
          Vous êtes administrateur du portail :{' '}
          <Link to={PATHS.administration} className="link font-semibold">
            Administration
          </Link>{' '}
          (paramètres, textes légaux, FAQ).
        </p>
      ) : null}
      {accounts.data && manageable.length === 0 ? (
        <p className="card">Aucun compte de facturation n’est géré par votre identifiant.</p>
      ) : (
        <AccountChoiceList
          accounts={manageable}
          currentAccountId={accountId}
          pendingAccountId={pendingId}
          onChoose={(account) => void choose(account)}
        />
      )}
    </>
  );
}

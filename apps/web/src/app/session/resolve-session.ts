import type { BillingAccount } from '@ecare/shared/accounts';
import type { CurrentUser } from '@ecare/shared/auth';
import type { Line, LineDetail } from '@ecare/shared/lines';
import type { QueryClient } from '@tanstack/react-query';
import { billingAccountsQueryOptions } from '../../features/accounts/api/get-billing-accounts.ts';
import { manageableAccounts } from '../../features/accounts/utils/manageable-accounts.ts';
import { currentUserQueryOptions } from '../../features/auth/api/get-current-user.ts';
import { sessionDataQueryOptions } from '../../features/auth/api/get-session-data.ts';
import { lineQueryOptions } from '../../features/lines/api/get-line.ts';
import { hasErrorCode, isApiError, type ApiError } from '../../lib/api-error.ts';
import { getSelection } from '../../lib/selection-store.ts';
import { rememberLineUser } from '../../lib/session-storage.ts';
import { selectAccount } from './select-account.ts';

/** Where the signed-in user stands once the session is loaded (spec §4 "Session restore"). */
export type SessionResolution =
  /** Simple line user: own home, own line. */
  | { kind: 'user'; user: CurrentUser; line: LineDetail | null }
  /** A billing account (and maybe a line) is chosen and confirmed by the server. */
  | { kind: 'account'; user: CurrentUser; account: BillingAccount; line: Line | null }
  /** Several manageable accounts (or none): the user has to choose. */
  | { kind: 'choose'; user: CurrentUser }
  /** The stored account or line is refused (403 FORBIDDEN_ACCOUNT / FORBIDDEN_CONTRACT). */
  | { kind: 'forbidden'; user: CurrentUser; error: ApiError }
  /** The account list could not be loaded: the spec sends the user to /pages/500. */
  | { kind: 'failed'; user: CurrentUser; error: unknown };

export function isForbiddenError(error: unknown): error is ApiError {
  return (
    isApiError(error) && error.status === 403 && hasErrorCode(error, 'FORBIDDEN_ACCOUNT', 'FORBIDDEN_CONTRACT')
  );
}

const isUnauthorized = (error: unknown) => isApiError(error) && error.status === 401;

function ownAccount(user: CurrentUser, accounts: BillingAccount[]): BillingAccount | null {
  if (user.gestionnaire && !user.mandataire) {
    const own = accounts.find((account) => account.idClientBscs === user.idClientBscs);
    if (own) return own;
  }
  const [only, ...others] = accounts;
  return only && others.length === 0 ? only : null;
}

/**
 * Loads the session: the current user, then the stored billing account and line (confirmed by
 * /api/sessiondata) or, when none is stored, the automatic choice of spec §4.
 */
export async function resolveSession(client: QueryClient): Promise<SessionResolution> {
  const user = await client.fetchQuery(currentUserQueryOptions());

  if (user.utilisateur) {
    rememberLineUser(user.idContrat);
    const line =
      user.idContrat === null
        ? null
        : await client.fetchQuery(lineQueryOptions(user.idContrat)).catch((error: unknown) => {
            if (isUnauthorized(error)) throw error;
            return null;
          });
    return { kind: 'user', user, line };
  }

  let { accountId, lineId } = getSelection();
  if (accountId === null) {
    let accounts: BillingAccount[];
    try {
      accounts = manageableAccounts(await client.fetchQuery(billingAccountsQueryOptions()));
    } catch (error) {
      if (isUnauthorized(error)) throw error;
      return { kind: 'failed', user, error };
    }
    const account = ownAccount(user, accounts);
    if (!account) return { kind: 'choose', user };
    ({ accountId, lineId } = await selectAccount(client, account));
  }

  try {
    const data = await client.fetchQuery(sessionDataQueryOptions(accountId, lineId ?? 0));
    return { kind: 'account', user, account: data.current_compte_facturation, line: data.current_ligne };
  } catch (error) {
    if (isForbiddenError(error)) return { kind: 'forbidden', user, error };
    throw error;
  }
}

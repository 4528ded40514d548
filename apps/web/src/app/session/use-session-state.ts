import type { BillingAccount } from '@ecare/shared/accounts';
import type { CurrentUser } from '@ecare/shared/auth';
import type { Line } from '@ecare/shared/lines';
import { useCurrentUser } from '../../features/auth/api/get-current-user.ts';
import { useSessionData } from '../../features/auth/api/get-session-data.ts';
import { useLine } from '../../features/lines/api/get-line.ts';
import { useSelection, type Selection } from '../../lib/selection-store.ts';
import { peekSessionValid } from '../../lib/session-storage.ts';

export interface SessionState {
  authenticated: boolean;
  user: CurrentUser | null;
  selection: Selection;
  /** Current billing account, as confirmed by /api/sessiondata. */
  account: BillingAccount | null;
  /** Current line: the chosen one, or a simple line user's own line. */
  line: Line | null;
  /** Failure of /api/sessiondata (403 when the stored account or line is refused). */
  sessionError: unknown;
  /** User known and the account/line queries settled: the menu can be asked for. */
  ready: boolean;
}

/**
 * Session as components see it, read from the query cache the loaders filled. With `load`
 * false (pages that bypass session loading, spec §2) nothing is fetched and the visitor is
 * shown as signed out.
 */
export function useSessionState(load = true): SessionState {
  const authenticated = load && peekSessionValid();
  const selection = useSelection();
  const userQuery = useCurrentUser(authenticated);
  const user = userQuery.data ?? null;
  const isLineUser = user?.utilisateur === true;
  const sessionQuery = useSessionData(authenticated && !isLineUser ? selection.accountId : null, selection.lineId);
  const ownLineQuery = useLine(authenticated && isLineUser ? user.idContrat : null);

  return {
    authenticated,
    user,
    selection,
    account: sessionQuery.data?.current_compte_facturation ?? null,
    line: isLineUser ? (ownLineQuery.data ?? null) : (sessionQuery.data?.current_ligne ?? null),
    sessionError: sessionQuery.error,
    ready: user !== null && !sessionQuery.isLoading && !ownLineQuery.isLoading,
  };
}

import { SESSIONLESS_PATH_PREFIXES } from '@ecare/shared/page-shell';
import { BILLING_ACCOUNTS_PATH } from '../features/accounts/api/paths.ts';
import { CURRENT_USER_PATH, sessionDataPath } from '../features/auth/api/paths.ts';
import { homePath } from '../features/home/api/paths.ts';
import { lineDetailPath } from '../features/lines/api/paths.ts';
import { sendEarlyGet } from '../lib/api-client.ts';
import { PATHS, stripBasename } from '../lib/routes.ts';
import { getSelection } from '../lib/selection-store.ts';
import { peekSessionValid, storedLineUser } from '../lib/session-storage.ts';

/**
 * The reads a signed-in page starts with, sent by the entry script while React and the route
 * code download (lib/early-requests.ts): the current user, and either a simple line user's own
 * line, the stored billing account and line (with the home page's own read) or the account
 * list to choose from. They
 * are the ones session restore (session/resolve-session.ts) makes one after the other; the page
 * takes their answers when it asks. The server parameters are preloaded by the HTML itself.
 */
export function sendEarlyReads(pathname: string): void {
  const path = stripBasename(pathname);
  if (!peekSessionValid() || SESSIONLESS_PATH_PREFIXES.some((prefix) => path.startsWith(prefix))) return;
  sendEarlyGet(CURRENT_USER_PATH);
  // A simple line user has no account to choose or restore: their own line is what comes next.
  const lineUser = storedLineUser();
  if (lineUser) {
    if (lineUser.idContrat !== null) sendEarlyGet(lineDetailPath(lineUser.idContrat));
    return;
  }
  const { accountId, lineId } = getSelection();
  if (accountId === null) {
    sendEarlyGet(BILLING_ACCOUNTS_PATH);
    return;
  }
  sendEarlyGet(sessionDataPath(accountId, lineId ?? 0));
  if (path === PATHS.home) sendEarlyGet(homePath(accountId));
}

import { logout } from '../../features/auth/api/logout.ts';
import { clearSelection } from '../../lib/selection-store.ts';
import { clearAllStorage } from '../../lib/session-storage.ts';
import { queryClient } from '../query-client.ts';

/**
 * Logout (spec §4): revoke the server session, then clear all local and session storage and
 * the cache whatever the server said. The caller navigates to the login page.
 */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // An expired or already revoked session still ends here.
  }
  clearAllStorage();
  clearSelection();
}

/** Drops cached data once the authenticated pages are gone. */
export function forgetSessionData(): void {
  queryClient.clear();
}

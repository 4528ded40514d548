import { SESSION_IDLE_MS } from '@ecare/shared/constants';
import { setBannerHint } from './banner-hint.ts';

/**
 * Browser storage of the session (spec §3 "Browser storage", §4 "Session validity").
 * The token lives in sessionStorage (one tab), the activity clock and the current choices in
 * localStorage.
 */
export const STORAGE_KEYS = {
  /** sessionStorage: bearer token returned by POST /api/token. */
  accessToken: 'access_token',
  /** localStorage: ISO date of the last valid session check. */
  lastRequestDate: 'last_request_date',
  /** localStorage: optional `resilie` query parameter of the login URL. */
  resilie: 'resilie',
  /** localStorage: idClientBscs of the chosen billing account. */
  currentAccount: 'current_compte_facturation',
  /** localStorage: idContrat of the chosen line. */
  currentLine: 'current_ligne',
  /** localStorage: a simple line user's own idContrat ('' for none): their pages' first reads (app/early-reads.ts). */
  lineUser: 'ligne_utilisateur',
} as const;

export { SESSION_IDLE_MS };

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

/** Time of the last valid session check, shared by every tab (NaN when none). */
export function lastRequestTime(): number {
  return Date.parse(read(localStorage, STORAGE_KEYS.lastRequestDate) ?? '');
}

function isFresh(now: number): boolean {
  if (!read(sessionStorage, STORAGE_KEYS.accessToken)) return false;
  const last = lastRequestTime();
  return Number.isFinite(last) && now - last < SESSION_IDLE_MS;
}

/** Valid session check that also counts as activity: a valid check refreshes the clock. */
export function isSessionValid(now: number = Date.now()): boolean {
  const valid = isFresh(now);
  if (valid) localStorage.setItem(STORAGE_KEYS.lastRequestDate, new Date(now).toISOString());
  return valid;
}

/** Same test without touching the clock, for rendering decisions. */
export function peekSessionValid(now: number = Date.now()): boolean {
  return isFresh(now);
}

export function getAccessToken(): string | null {
  return read(sessionStorage, STORAGE_KEYS.accessToken);
}

export function startSession(accessToken: string, now: number = Date.now()): void {
  sessionStorage.setItem(STORAGE_KEYS.accessToken, accessToken);
  localStorage.setItem(STORAGE_KEYS.lastRequestDate, new Date(now).toISOString());
}

/** The signed-in user is a simple line user, with this line or none (set by the session restore). */
export function rememberLineUser(idContrat: number | null): void {
  try {
    localStorage.setItem(STORAGE_KEYS.lineUser, idContrat === null ? '' : String(idContrat));
  } catch {
    // Storage unavailable: the next page asks what a manager's would, as before.
  }
}

/** Whether the last session restore found a simple line user, and their line (null for none). */
export function storedLineUser(): { idContrat: number | null } | null {
  const value = read(localStorage, STORAGE_KEYS.lineUser);
  if (value === null) return null;
  const idContrat = Number.parseInt(value, 10);
  return { idContrat: Number.isInteger(idContrat) && idContrat > 0 ? idContrat : null };
}

export function rememberResilie(value: string | null): void {
  if (value) localStorage.setItem(STORAGE_KEYS.resilie, value);
}

/** The saved `resilie` has led to its termination page: it is not followed again. */
export function forgetResilie(idContrat: number): void {
  try {
    if (localStorage.getItem(STORAGE_KEYS.resilie) === String(idContrat)) localStorage.removeItem(STORAGE_KEYS.resilie);
  } catch {
    // Storage unavailable: nothing was saved.
  }
}

/** Logout and disconnection clear everything the portal stored (spec §4). */
export function clearAllStorage(): void {
  setBannerHint(false);
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage can be unavailable (privacy mode); nothing left to clear then.
  }
}

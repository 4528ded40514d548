import { PATHS, BASENAME, stripBasename } from '../../lib/routes.ts';
import { fetchParameters } from '../../features/parameters/api/fetch-parameters.ts';

/** The agent entry parameters (spec §4): any page opened with one goes to the agent login in BDP mode. */
export const AGENT_ENTRY_PARAMETERS = ['idsso', 'codeacores', 'coderegate'] as const;

const NOT_REDIRECTED = new Set<string>([PATHS.agentLogin, '/oneclic', '/gaia', '/profil-gaia']);

/** The agent login address carrying the entry parameters of `search`, or null when it has none. */
export function agentEntryTarget(pathname: string, search: string): string | null {
  // The agent login itself, and the single sign-on pages, whose keys have the same names.
  if (NOT_REDIRECTED.has(stripBasename(pathname))) return null;
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of AGENT_ENTRY_PARAMETERS) {
    const value = given.get(name);
    if (value) kept.set(name, value);
  }
  return kept.size > 0 ? `${BASENAME}${PATHS.agentLogin}?${kept.toString()}` : null;
}

/**
 * Loaded by the entry only when the address it was opened at (`openedAt`, read before the router
 * may change it) has an entry parameter (main.tsx), so that no page's first download carries it: when the server parameter est_Bdp is the text `true`, the browser
 * goes to the agent login, which validates the code (decision 034).
 */
export async function redirectAgentEntry(openedAt: string): Promise<void> {
  const url = new URL(openedAt, window.location.origin);
  const target = agentEntryTarget(url.pathname, url.search);
  if (!target) return;
  try {
    const parameters = await fetchParameters();
    if (parameters.est_Bdp.trim().toLowerCase() === 'true') window.location.replace(target);
  } catch {
    // Parameters unreadable: the page opened stays.
  }
}

import { logoutAgent } from '../../features/agents/api/logout-agent.ts';
import { forgetAgent, getAgentToken, saveActingFor, saveAgent, snapshotAgent } from '../../features/agents/api/agent-storage.ts';
import { menuQueryOptions } from '../../features/menu/api/get-menu.ts';
import { clearSelection } from '../../lib/selection-store.ts';
import { clearAllStorage, startSession } from '../../lib/session-storage.ts';
import { queryClient } from '../query-client.ts';
import { landingPath } from './landing-path.ts';
import { menuParamsFor } from './menu-context.ts';
import { resolveSession } from './resolve-session.ts';
import { signOut } from './sign-out.ts';

/**
 * Agent mode in the browser (decision 032): the customer session an agent opened is stored as a
 * customer's (spec §4), the agent's own token beside it; leaving the customer keeps the agent's.
 */

/** Starts the customer session an agent opened; resolves with the in-app path to open. */
export async function enterCustomer(accessToken: string, raisonSociale: string | null): Promise<string> {
  const agent = snapshotAgent();
  clearAllStorage();
  clearSelection();
  queryClient.clear();
  if (agent) saveAgent(agent.token, agent.user);
  if (raisonSociale) saveActingFor(raisonSociale);
  startSession(accessToken);
  const resolution = await resolveSession(queryClient);
  if (resolution.kind === 'account') {
    await queryClient.prefetchQuery(menuQueryOptions(menuParamsFor(resolution.account, resolution.line)));
    saveActingFor(resolution.account.raisonSociale);
  }
  return landingPath(resolution, null);
}

/** Leaves the customer: their session ends, the agent's stays (back to the client search). */
export async function leaveCustomer(): Promise<void> {
  const agent = snapshotAgent();
  await signOut();
  queryClient.clear();
  if (agent) saveAgent(agent.token, agent.user);
}

/** Agent logout: their session and the customer sessions they opened end; everything stored goes. */
export async function signOutAgent(): Promise<void> {
  const token = getAgentToken();
  try {
    if (token) await logoutAgent(token);
  } catch {
    // An expired agent session ends here all the same.
  }
  clearAllStorage();
  clearSelection();
  queryClient.clear();
  forgetAgent();
}

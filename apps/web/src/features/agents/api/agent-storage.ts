import type { AgentUser } from '@ecare/shared/agents';

/**
 * The agent's side of the browser storage (decision 032): their own token and identity in
 * sessionStorage, beside the customer's `access_token` while they act for a customer. Free of
 * zod: the router reads it to send an agent back to their own login.
 */
const KEYS = {
  token: 'agent_token',
  user: 'agent_user',
  /** The company the agent acts for (the banner's name). */
  client: 'agent_client',
} as const;

/** Set once this tab saw an agent token: a 401 then brings the agent back to their login page. */
let agentSeen = false;

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getAgentToken(): string | null {
  const token = read(KEYS.token);
  if (token) agentSeen = true;
  return token;
}

export function wasAgent(): boolean {
  return agentSeen || read(KEYS.token) !== null;
}

export function getAgentUser(): AgentUser | null {
  const text = read(KEYS.user);
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<AgentUser>;
    return typeof value.loginSc === 'string' && typeof value.nomSc === 'string' && (value.profil === 'BDP' || value.profil === 'SERVICE_CLIENT_DISTANCE')
      ? { loginSc: value.loginSc, nomSc: value.nomSc, profil: value.profil }
      : null;
  } catch {
    return null;
  }
}

export function saveAgent(token: string, user: AgentUser): void {
  sessionStorage.setItem(KEYS.token, token);
  sessionStorage.setItem(KEYS.user, JSON.stringify(user));
  agentSeen = true;
}

/** After the agent's logout: this tab is a customer's again as far as 401s go. */
export function forgetAgent(): void {
  agentSeen = false;
}

export function getActingFor(): string | null {
  return read(KEYS.client);
}

export function saveActingFor(raisonSociale: string): void {
  sessionStorage.setItem(KEYS.client, raisonSociale);
}

/** What survives leaving a customer: the agent's own entries. */
export function snapshotAgent(): { token: string; user: AgentUser } | null {
  const token = getAgentToken();
  const user = getAgentUser();
  return token && user ? { token, user } : null;
}

import { redirect, useNavigate } from 'react-router';
import { getAgentToken, getAgentUser } from '../../features/agents/api/agent-storage.ts';
import { AgentPage } from '../../features/agents/components/agent-page.tsx';
import { ClientSearch } from '../../features/agents/components/client-search.tsx';
import { PATHS } from '../../lib/routes.ts';
import { enterCustomer, signOutAgent } from '../session/agent-session.ts';

/** The client search is an agent's page: without an agent token, the agent login. */
export function clientSearchLoader() {
  if (!getAgentToken() || !getAgentUser()) throw redirect(PATHS.agentLogin);
  return null;
}

/** /recherche-client (spec §2 "Client search"): no site header. */
export function ClientSearchRoute() {
  const navigate = useNavigate();
  const token = getAgentToken();
  const agent = getAgentUser();
  const logout = async () => {
    await signOutAgent();
    await navigate(PATHS.agentLogin, { replace: true });
  };
  return (
    <AgentPage agent={agent} onLogout={() => void logout()}>
      <h1 className="mb-8 text-2xl font-bold text-primary-strong sm:text-3xl">Rechercher un client</h1>
      {token ? (
        <ClientSearch
          agentToken={token}
          onConnected={async (accessToken, raisonSociale) => {
            await navigate(await enterCustomer(accessToken, raisonSociale), { replace: true });
          }}
        />
      ) : null}
    </AgentPage>
  );
}

import type { AgentUser } from '@ecare/shared/agents';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getAgentUser } from '../../features/agents/api/agent-storage.ts';
import { requestMfaToken } from '../../features/auth/api/request-mfa-token.ts';
import { SecondFactorStep } from '../../features/auth/components/second-factor-step.tsx';
import { AgentLogin } from '../../features/agents/components/agent-login.tsx';
import { AgentPage } from '../../features/agents/components/agent-page.tsx';
import { useSsoRecognition } from '../../features/agents/sso/use-sso-recognition.ts';
import { PATHS } from '../../lib/routes.ts';
import { enterCustomer, signOutAgent } from '../session/agent-session.ts';

/** /identification/authen-gc (spec §2 "Agent login"): no site header or footer. */
export function AgentLoginRoute() {
  const navigate = useNavigate();
  const [agent, setAgent] = useState<AgentUser | null>(() => getAgentUser());
  // Single sign-on (decision 034): an agent Gaia or a one-click URL vouched for is recognised without a code.
  useSsoRecognition(agent, setAgent);
  const logout = async () => {
    await signOutAgent();
    setAgent(null);
    await navigate(PATHS.agentLogin, { replace: true });
  };
  return (
    <AgentPage agent={agent} onLogout={() => void logout()}>
      <h1 className="text-2xl font-bold text-primary-strong sm:text-3xl">Connexion conseiller</h1>
      <p className="mt-2 mb-8 text-lg">Connectez-vous pour accompagner vos clients.</p>
      <AgentLogin
        agent={agent}
        onRecognised={setAgent}
        onCustomerToken={async (token) => {
          await navigate(await enterCustomer(token, null), { replace: true });
        }}
        // An agent signing in with a code passes their own second factor first (decision 057).
        secondStep={(challenge, onRestart) => (
          <SecondFactorStep
            challenge={challenge}
            onSubmit={async (factor) => {
              const token = await requestMfaToken({ mfaToken: challenge.mfa_token, factor });
              await navigate(await enterCustomer(token.access_token, null), { replace: true });
            }}
            onRestart={onRestart}
          />
        )}
      />
    </AgentPage>
  );
}

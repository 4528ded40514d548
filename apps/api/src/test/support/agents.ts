import { agentConnectResponseSchema, hashConfidentialCode, validateScResponseSchema } from '@ecare/shared';
import { bodyOf, type TestContext } from '../harness.ts';

/**
 * A customer-service agent's session in a customer's account, as the agent opens it: signed in
 * (`/api/validate_sc`), then connected to the account of the manager `email` for `motif`. The
 * answer is the customer session's token, whose every action is audited as the agent's.
 */
export async function agentCustomerSession(
  t: TestContext,
  agent: { identifiant: string; password: string },
  { idClientBscs, email, motif }: { idClientBscs: number; email: string; motif: string },
): Promise<string> {
  const signedIn = await t.send('POST', '/api/validate_sc', { json: { username: agent.identifiant, password: await hashConfidentialCode(agent.identifiant, agent.password) } });
  const connected = await t.send('POST', '/api/service-client/connexion', { token: bodyOf(signedIn, validateScResponseSchema).access_token, json: { idClientBscs, email, motif } });
  return bodyOf(connected, agentConnectResponseSchema).access_token;
}

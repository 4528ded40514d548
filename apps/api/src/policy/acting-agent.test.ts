import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { actingAgent, assertNotAgent, noteAgentAudit, runAsAgent, type ActingAgent } from './acting-agent.ts';

const AGENT: ActingAgent = { agentId: 3, loginSc: 'hbernard', nomSc: 'Hugo Bernard', profil: 'SERVICE_CLIENT_DISTANCE', motif: 'SUP-2026-000001', idClientBscs: 42, customerUserId: 7 };

describe('acting agent scope', () => {
  it('is the agent inside the scope, across awaits, and nobody outside it', async () => {
    expect(actingAgent()).toBeUndefined();
    const { result, scope } = runAsAgent(AGENT, async () => {
      await Promise.resolve();
      noteAgentAudit();
      return actingAgent();
    });
    await expect(result).resolves.toBe(AGENT);
    expect(scope.recorded).toBe(1);
    expect(actingAgent()).toBeUndefined();
  });

  it('refuses an agent where only the customer may act', () => {
    expect(() => assertNotAgent({ agent: null })).not.toThrow();
    expect(() => assertNotAgent({ agent: AGENT })).toThrow(AppError);
    try {
      assertNotAgent({ agent: AGENT });
    } catch (error) {
      expect(error).toMatchObject({ code: 'AGENT_FORBIDDEN', statusCode: 403 });
    }
  });
});

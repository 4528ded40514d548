import type { AgentUser } from '@ecare/shared/agents';
import { useEffect } from 'react';
import { saveAgent } from '../api/agent-storage.ts';
import { validateAgentBy, type SsoCodeKind } from './api/sso-calls.ts';
import { readSsoState } from './sso-state.ts';

/** The code the agent login may recognise the agent by (spec §4): entry parameters first, then the SSO state. */
export function ssoCodeToValidate(search: string): { kind: SsoCodeKind; code: string } | null {
  const params = new URLSearchParams(search);
  for (const kind of ['idsso', 'codeacores', 'coderegate'] as const) {
    const code = params.get(kind)?.trim();
    if (code) return { kind, code };
  }
  const state = readSsoState();
  if (state?.clesSSO.IdSSO) return { kind: 'idsso', code: state.clesSSO.IdSSO };
  if (state?.clesSSO.CodeRegate) return { kind: 'coderegate', code: state.clesSSO.CodeRegate };
  return null;
}

/**
 * On the agent login: "validation may start on page load from SSO, acores-code or regate-code
 * information" (spec §4). The server answers only under a Gaia or one-click assertion; without
 * one the agent simply types their identifier and code.
 */
export function useSsoRecognition(agent: AgentUser | null, onRecognised: (agent: AgentUser) => void): void {
  useEffect(() => {
    if (agent) return;
    const attempt = ssoCodeToValidate(window.location.search);
    if (!attempt) return;
    let cancelled = false;
    validateAgentBy(attempt.kind, attempt.code)
      .then((answer) => {
        const user = { loginSc: answer.loginSc, nomSc: answer.nomSc, profil: answer.profil };
        saveAgent(answer.access_token, user);
        if (!cancelled) onRecognised(user);
      })
      .catch(() => {
        // No assertion, or another agent's code: the identification form stays.
      });
    return () => {
      cancelled = true;
    };
    // Once per page load: the agent recognised, nothing is left to validate.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

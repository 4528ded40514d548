import { compositeUsername, type ValidateScResponse } from '@ecare/shared/agents';
import { CONTEXT_TYPE_LPM_PRO, ONECLIC_KEYS, ONECLIC_SIGNATURE, ONECLIC_TIMESTAMP, SSO_MESSAGES, SSO_MODULE_ADD_LINE } from '@ecare/shared/sso';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { hasErrorCode, isApiError } from '../../../../lib/api-error.ts';
import { BASENAME, PATHS } from '../../../../lib/routes.ts';
import { saveAgent } from '../../api/agent-storage.ts';
import { readContext, sendOneclicKeys, ssoConnect, updateContext, validateAgentBy } from '../api/sso-calls.ts';
import { saveSsoState } from '../sso-state.ts';
import { SsoLoader, SsoPage, SsoProblem } from './sso-page.tsx';

/** The add-line entry (spec §2), where module ajl leads. */
export const ADD_LINE_ENTRY = PATHS.addLine;

type Outcome = { kind: 'waiting' } | { kind: 'refused' } | { kind: 'closed' } | { kind: 'problem'; message: string };

interface OneclicEntryProps {
  /** Starts the customer session the agent opened; resolves with the customer's landing path. */
  onCustomerToken: (accessToken: string) => Promise<string>;
}

/**
 * /oneclic (spec §4 "One-click SSO"): 'Redirection en cours' while the signed keys are checked,
 * the agent recognised by their Régate code, the customer context read and, when its connection
 * is OK, the customer session opened: module ajl goes to add-line, another module or type
 * identifieLPMpro home, and the context is updated; a connection not OK goes to the client search.
 */
export function OneclicEntry({ onCustomerToken }: OneclicEntryProps) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'waiting' });
  const started = useRef(false);

  useEffect(() => {
    // Once: the keys are good for one hand-off, and a second run would open a second session.
    if (started.current) return;
    started.current = true;
    const run = async () => {
      const query: Record<string, string> = {};
      for (const name of [...ONECLIC_KEYS, ONECLIC_TIMESTAMP, ONECLIC_SIGNATURE]) query[name] = search.get(name) ?? '';
      const keys = await sendOneclicKeys(query);
      let agent: ValidateScResponse | null = null;
      if (keys.CodeRegate) agent = await validateAgentBy('coderegate', keys.CodeRegate);
      else if (keys.IdSSO) agent = await validateAgentBy('idsso', keys.IdSSO);
      if (agent) saveAgent(agent.access_token, { loginSc: agent.loginSc, nomSc: agent.nomSc, profil: agent.profil });
      const state = { module: keys.IdModule, gaia: false, clesSSO: { IdSSO: keys.IdSSO, CodeRegate: keys.CodeRegate, IdRh: keys.IdRh } };
      saveSsoState(state);
      if (!keys.IdContexteClient || !keys.UrlAppelVQD) {
        await navigate(PATHS.agentLogin, { replace: true });
        return;
      }
      const request = { IdContexte: keys.IdContexteClient, IdRh: keys.IdRh ?? '', UrlAppel: keys.UrlAppelVQD };
      const context = await readContext(request);
      if (!context.estConnexionOk || !context.email || !agent || !keys.CodeRegate) {
        await navigate(PATHS.clientSearch, { replace: true });
        return;
      }
      const token = await ssoConnect(agent.access_token, { username: compositeUsername(keys.CodeRegate, context.email), idContexte: keys.IdContexteClient });
      if (!keys.IdModule && context.typeContexteClient !== CONTEXT_TYPE_LPM_PRO) {
        window.close();
        setOutcome({ kind: 'closed' });
        return;
      }
      const landing = await onCustomerToken(token.access_token);
      if (keys.IdModule) {
        try {
          await updateContext({
            estGestionnaire: true,
            idContexte: request.IdContexte,
            idRh: request.IdRh,
            urlAppel: request.UrlAppel,
            idCoclico: context.idCoclico,
            idSouscriptionLPM: context.idSouscriptionLPM,
            typeContexteClient: context.typeContexteClient,
          });
        } catch {
          // The desktop's context stays as it was; the agent is connected all the same.
        }
      }
      const target = keys.IdModule?.toLowerCase() === SSO_MODULE_ADD_LINE ? ADD_LINE_ENTRY : keys.IdModule ? PATHS.home : landing;
      // A page load rather than an in-app move: the customer's pages start afresh, without this hand-off in the history.
      window.location.replace(`${BASENAME}${target}`);
    };
    run().catch((error: unknown) => {
      if (hasErrorCode(error, 'SSO_ONECLIC_INVALID')) setOutcome({ kind: 'refused' });
      else setOutcome({ kind: 'problem', message: isApiError(error) ? error.message : 'La connexion en un clic n’a pas abouti.' });
    });
  }, [search, navigate, onCustomerToken]);

  if (outcome.kind === 'refused') {
    return (
      <SsoPage title="Connexion refusée">
        <SsoProblem message={SSO_MESSAGES.oneclicRefused}>
          <p>
            <Link to={PATHS.agentLogin}>Connexion conseiller avec identifiant et code</Link>
          </p>
        </SsoProblem>
      </SsoPage>
    );
  }
  return (
    <SsoPage title="Connexion en un clic">
      {outcome.kind === 'waiting' ? <SsoLoader message={SSO_MESSAGES.redirecting} /> : null}
      {outcome.kind === 'closed' ? <p role="status">{SSO_MESSAGES.windowClosed}</p> : null}
      {outcome.kind === 'problem' ? (
        <SsoProblem message={outcome.message}>
          <p>
            <Link to={PATHS.agentLogin}>Connexion conseiller avec identifiant et code</Link>
          </p>
        </SsoProblem>
      ) : null}
    </SsoPage>
  );
}

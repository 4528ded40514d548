import { SSO_MESSAGES, SSO_MODULE_ADD_LINE } from '@ecare/shared/sso';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../../lib/api-error.ts';
import { PATHS } from '../../../../lib/routes.ts';
import { fetchGaiaInfo, fetchGaiaRedirect, fetchGaiaState, GAIA_LOGIN_URL } from '../api/sso-calls.ts';
import { saveSsoState } from '../sso-state.ts';
import { SsoLoader, SsoPage, SsoProblem } from './sso-page.tsx';

const ERRORS: Record<string, string> = {
  configuration: SSO_MESSAGES.notConfigured,
  limite: 'Trop de tentatives de connexion Gaia : réessayez dans une minute.',
};
const FAILED = 'L’authentification Gaia a échoué ou a expiré. Veuillez recommencer.';

type Outcome = { kind: 'waiting' } | { kind: 'problem'; message: string; retry: boolean };

/**
 * /gaia (spec §4 "Gaia entry"): outside BDP mode, the agent login; in BDP mode, back from Gaia
 * with `id_sso_oidc`, the Gaia info sets the SSO state (module ajl) for the agent login, or /404
 * when there is none; with `codefonction`, the function's page (after the Gaia sign-in when the
 * agent has not signed in yet); otherwise the Gaia sign-in.
 */
export function GaiaEntry({ isBdpMode }: { isBdpMode: () => Promise<boolean> }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'waiting' });
  const error = search.get('erreur');
  const idSso = search.get('id_sso_oidc');
  const codeFonction = search.get('codefonction');

  useEffect(() => {
    let cancelled = false;
    const run = async () => {
      if (error !== null) {
        setOutcome({ kind: 'problem', message: ERRORS[error] ?? FAILED, retry: error !== 'configuration' });
        return;
      }
      if (!(await isBdpMode())) {
        await navigate(PATHS.agentLogin, { replace: true });
        return;
      }
      const state = await fetchGaiaState();
      if (cancelled) return;
      if (!state.configure) {
        setOutcome({ kind: 'problem', message: SSO_MESSAGES.notConfigured, retry: false });
        return;
      }
      if (idSso !== null) {
        try {
          const info = await fetchGaiaInfo(idSso);
          saveSsoState({ module: SSO_MODULE_ADD_LINE, gaia: true, clesSSO: { IdSSO: info.idsso, CodeRegate: info.codeRegate, IdRh: info.idrh } });
          await navigate(PATHS.agentLogin, { replace: true });
        } catch {
          await navigate(PATHS.notFound, { replace: true });
        }
        return;
      }
      if (!state.authentifie) {
        // The function asked for comes back from Gaia with the agent (the login keeps it in its sealed cookie).
        window.location.assign(codeFonction === null ? GAIA_LOGIN_URL : `${GAIA_LOGIN_URL}?${new URLSearchParams({ codefonction: codeFonction }).toString()}`);
        return;
      }
      if (codeFonction !== null) {
        const { url } = await fetchGaiaRedirect(codeFonction);
        window.location.assign(url);
        return;
      }
      await navigate('/profil-gaia', { replace: true });
    };
    run().catch((failure: unknown) => {
      if (!cancelled) setOutcome({ kind: 'problem', message: isApiError(failure) ? failure.message : FAILED, retry: true });
    });
    return () => {
      cancelled = true;
    };
  }, [error, idSso, codeFonction, navigate, isBdpMode]);

  return (
    <SsoPage title="Connexion Gaia">
      {outcome.kind === 'waiting' ? (
        <SsoLoader message={SSO_MESSAGES.redirecting} />
      ) : (
        <SsoProblem message={outcome.message}>
          <p className="flex flex-wrap gap-4">
            {outcome.retry ? (
              <a className="btn-primary" href={GAIA_LOGIN_URL}>
                Se connecter avec Gaia
              </a>
            ) : null}
            <Link to={PATHS.agentLogin}>Connexion conseiller avec identifiant et code</Link>
          </p>
        </SsoProblem>
      )}
    </SsoPage>
  );
}

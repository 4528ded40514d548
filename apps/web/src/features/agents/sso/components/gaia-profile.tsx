import { SSO_MESSAGES, SSO_MODULE_ADD_LINE, type GaiaProfile } from '@ecare/shared/sso';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../../lib/api-error.ts';
import { PATHS } from '../../../../lib/routes.ts';
import { fetchGaiaProfile, fetchGaiaState, GAIA_LOGIN_URL } from '../api/sso-calls.ts';
import { saveSsoState } from '../sso-state.ts';
import { SsoLoader, SsoPage, SsoProblem } from './sso-page.tsx';

type Outcome =
  | { kind: 'waiting' }
  | { kind: 'profile'; profile: GaiaProfile }
  | { kind: 'signed-out' }
  | { kind: 'problem'; message: string };

const PROFILES: Record<GaiaProfile['profil'], string> = { BDP: 'Bureau de poste (BDP)', SERVICE_CLIENT_DISTANCE: 'Service client à distance' };

/** /profil-gaia (spec §2): the Gaia-authenticated agent's profile, and the way on to the agent login. */
export function GaiaProfilePage() {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'waiting' });

  useEffect(() => {
    let cancelled = false;
    const run = async (): Promise<Outcome> => {
      const state = await fetchGaiaState();
      if (!state.configure) return { kind: 'problem', message: SSO_MESSAGES.notConfigured };
      if (!state.authentifie) return { kind: 'signed-out' };
      return { kind: 'profile', profile: await fetchGaiaProfile() };
    };
    run()
      .then((result) => {
        if (cancelled) return;
        if (result.kind === 'profile') {
          const { idsso, codeRegate, idrh } = result.profile;
          saveSsoState({ module: SSO_MODULE_ADD_LINE, gaia: true, clesSSO: { IdSSO: idsso, CodeRegate: codeRegate, IdRh: idrh } });
        }
        setOutcome(result);
      })
      .catch((error: unknown) => {
        if (!cancelled) setOutcome({ kind: 'problem', message: isApiError(error) ? error.message : 'Le profil Gaia n’a pas pu être lu.' });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <SsoPage title="Profil Gaia">
      {outcome.kind === 'waiting' ? <SsoLoader message="Chargement de votre profil Gaia" /> : null}
      {outcome.kind === 'problem' ? (
        <SsoProblem message={outcome.message}>
          <p>
            <Link to={PATHS.agentLogin}>Connexion conseiller avec identifiant et code</Link>
          </p>
        </SsoProblem>
      ) : null}
      {outcome.kind === 'signed-out' ? (
        <>
          <p>Vous n’êtes pas authentifié par Gaia.</p>
          <p>
            <a className="btn-primary" href={GAIA_LOGIN_URL}>
              Se connecter avec Gaia
            </a>
          </p>
        </>
      ) : null}
      {outcome.kind === 'profile' ? (
        <>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
            <dt className="font-bold">Nom</dt>
            <dd>{outcome.profile.nomSc}</dd>
            <dt className="font-bold">Login</dt>
            <dd>{outcome.profile.loginSc}</dd>
            <dt className="font-bold">Profil</dt>
            <dd>{PROFILES[outcome.profile.profil]}</dd>
            <dt className="font-bold">Identifiant Gaia</dt>
            <dd>{outcome.profile.idsso}</dd>
            <dt className="font-bold">Code Régate</dt>
            <dd>{outcome.profile.codeRegate ?? '—'}</dd>
            <dt className="font-bold">Code acores</dt>
            <dd>{outcome.profile.codeAcores ?? '—'}</dd>
            <dt className="font-bold">Identifiant RH</dt>
            <dd>{outcome.profile.idrh ?? '—'}</dd>
          </dl>
          <p>
            <Link className="btn-primary" to={PATHS.agentLogin}>
              Continuer vers l’espace conseiller
            </Link>
          </p>
        </>
      ) : null}
    </SsoPage>
  );
}

import { SSO_MESSAGES } from '@ecare/shared/sso';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PATHS } from '../../../../lib/routes.ts';
import { signOutOfGaia } from '../api/sso-calls.ts';
import { SsoLoader, SsoPage, SsoProblem } from './sso-page.tsx';

/**
 * The Gaia-not-allowed page (spec §2): it signs out of Gaia on load. The portal forgets the Gaia
 * assertion, then the browser goes through Gaia's sign-out, which sends it back here with
 * `deconnecte=1`.
 */
export function GaiaNotAllowed() {
  const [search] = useSearchParams();
  const signedOut = search.get('deconnecte') === '1';
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (signedOut) return;
    signOutOfGaia()
      .then(({ url }) => window.location.assign(url))
      .catch(() => setFailed(true));
  }, [signedOut]);

  return (
    <SsoPage title="Accès non autorisé">
      <SsoProblem message={SSO_MESSAGES.gaiaNotAllowed}>
        {signedOut ? <p role="status">{SSO_MESSAGES.gaiaSignedOut}</p> : null}
        {!signedOut && !failed ? <SsoLoader message="Déconnexion de Gaia en cours" /> : null}
        {failed ? <p>La déconnexion de Gaia n’a pas abouti : fermez votre navigateur pour la terminer.</p> : null}
        <p>
          <Link to={PATHS.agentLogin}>Connexion conseiller avec identifiant et code</Link>
        </p>
      </SsoProblem>
    </SsoPage>
  );
}

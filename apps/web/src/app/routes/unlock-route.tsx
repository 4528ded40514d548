import { okResponseSchema } from '@ecare/shared/errors';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { ApiErrorAlert } from '../../components/ui/api-error-alert.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { PATHS } from '../../lib/routes.ts';

export const UNLOCK_TEXTS = {
  heading: 'Déverrouiller votre connexion',
  action: 'Déverrouiller ma connexion',
  done: 'Votre connexion est déverrouillée. Vous pouvez maintenant vous connecter depuis ce navigateur avec votre code confidentiel habituel.',
} as const;

/**
 * POST /api/identification/deverrouillage: uses the e-mailed link once; the answer gives this
 * browser the pass (an HttpOnly cookie) that lets its logins through.
 */
function unlockLogin(token: string): Promise<{ ok: true }> {
  return apiRequest('/api/identification/deverrouillage', { method: 'POST', json: { token }, schema: okResponseSchema });
}

function LoginLink({ primary = false }: { primary?: boolean }) {
  return (
    <Link to={PATHS.login} className={primary ? 'btn-primary' : 'link'}>
      {primary ? 'Se connecter' : 'Aller à la page de connexion'}
    </Link>
  );
}

function Unlocked() {
  const messageRef = useRef<HTMLParagraphElement>(null);
  // The button goes away: focus follows the new message.
  useEffect(() => messageRef.current?.focus(), []);
  return (
    <>
      <p ref={messageRef} tabIndex={-1} role="status" className="font-semibold text-success outline-none">
        {UNLOCK_TEXTS.done}
      </p>
      <LoginLink primary />
    </>
  );
}

/**
 * /identification/deverrouiller/{token}: the page of the e-mailed unlock link (no session
 * loading). Nothing happens until the customer confirms, so a mail scanner opening the link
 * spends nothing.
 */
export function UnlockRoute() {
  const token = useParams().token?.trim() ?? '';
  const unlock = useMutation({ mutationFn: () => unlockLogin(token) });
  return (
    <>
      <PageHeading>{UNLOCK_TEXTS.heading}</PageHeading>
      <section aria-label="Déverrouillage" className="card max-w-2xl space-y-5">
        {unlock.isSuccess ? (
          <Unlocked />
        ) : (
          <>
            <p>
              De très nombreux codes confidentiels erronés ont été saisis pour votre identifiant. Par sécurité, la connexion à votre
              espace client est suspendue depuis les connexions Internet d’où venaient ces erreurs.
            </p>
            <p>
              Confirmez ci-dessous pour pouvoir à nouveau vous connecter depuis ce navigateur avec votre code confidentiel habituel.
              Ce lien ne peut servir qu’une fois.
            </p>
            {unlock.error ? (
              <ApiErrorAlert error={unlock.error}>
                <LoginLink />
              </ApiErrorAlert>
            ) : null}
            <button type="button" className="btn-primary" disabled={unlock.isPending} onClick={() => unlock.mutate()}>
              {UNLOCK_TEXTS.action}
            </button>
          </>
        )}
      </section>
    </>
  );
}

import { useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { HtmlText } from '../../components/ui/html-text.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { fetchParameters } from '../../features/parameters/api/fetch-parameters.ts';
import { useParameters } from '../../features/parameters/api/get-parameters.ts';
import { requestCodeLink } from '../../features/password/api/request-code-link.ts';
import { RecoverCodeForm } from '../../features/password/components/recover-code-form.tsx';
import { apiErrorMessage } from '../../lib/api-error-message.ts';
import { PATHS } from '../../lib/routes.ts';
import { getKnownParameters } from '../../lib/server-parameters.ts';

type RequestState = { kind: 'idle' | 'pending' | 'done' } | { kind: 'failed'; message: string };

/** /identification/recuperer-code-confidentiel: asks for a link to create a confidential code. */
export function RecoverCodeRoute() {
  const information = useParameters().data?.messagE_REINIT_MOTDEPASSE.trim() ?? '';
  const [state, setState] = useState<RequestState>({ kind: 'idle' });

  const submit = async (email: string) => {
    setState({ kind: 'pending' });
    try {
      const parameters = getKnownParameters() ?? (await fetchParameters());
      const outcome = await requestCodeLink(email, parameters);
      setState(outcome.ok ? { kind: 'done' } : { kind: 'failed', message: outcome.message });
    } catch (error) {
      setState({ kind: 'failed', message: apiErrorMessage(error) });
    }
  };

  return (
    <>
      <PageHeading intro="Indiquez l’adresse e-mail de votre espace client : vous recevrez un lien pour créer votre code confidentiel.">
        Code confidentiel oublié ou première connexion
      </PageHeading>
      {information !== '' ? (
        <Alert tone="info" className="mb-6 max-w-2xl">
          <HtmlText html={information} />
        </Alert>
      ) : null}
      <section aria-label="Demande de code confidentiel" className="card max-w-2xl">
        <RecoverCodeForm
          pending={state.kind === 'pending'}
          done={state.kind === 'done'}
          error={state.kind === 'failed' ? state.message : null}
          cancelTo={PATHS.login}
          onSubmit={(email) => void submit(email)}
        />
      </section>
    </>
  );
}

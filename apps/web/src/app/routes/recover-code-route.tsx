import { Alert } from '../../components/ui/alert.tsx';
import { HtmlText } from '../../components/ui/html-text.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { fetchParameters } from '../../features/parameters/api/fetch-parameters.ts';
import { useParameters } from '../../features/parameters/api/get-parameters.ts';
import { requestCodeLink } from '../../features/password/api/request-code-link.ts';
import { RecoverCodeForm } from '../../features/password/components/recover-code-form.tsx';
import { PATHS } from '../../lib/routes.ts';
import { getKnownParameters } from '../../lib/server-parameters.ts';

/** The flow needs the server parameters (captcha rule): the last ones read, else fresh ones. */
async function requestLink(email: string) {
  return requestCodeLink(email, getKnownParameters() ?? (await fetchParameters()));
}

/** /identification/recuperer-code-confidentiel: asks for a link to create a confidential code. */
export function RecoverCodeRoute() {
  const information = useParameters().data?.messagE_REINIT_MOTDEPASSE.trim() ?? '';
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
        <RecoverCodeForm cancelTo={PATHS.login} onRequest={requestLink} />
      </section>
    </>
  );
}

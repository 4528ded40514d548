import { API_KEYS_TEXTS } from '@ecare/shared/api-keys';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { ApiKeysSection } from '../../../features/api-keys/components/api-keys-section.tsx';
import { useCurrentUser } from '../../../features/auth/api/get-current-user.ts';
import { WebhooksSection } from '../../../features/webhooks/components/webhooks-section.tsx';
import { AccountPage } from './account-page.tsx';

export { accountAreaLoader as apiLoader } from './account-loader.ts';

/** The public API's reference and its OpenAPI document, served beside the portal. */
const API_REFERENCE = '/api/v1/docs';
const OPENAPI_DOCUMENT = '/api/v1/openapi.json';

/** The account's keys to the public API and its webhooks, with where the API is described. */
export function AccountApi({ idClientBscs, agentSession }: { idClientBscs: number; agentSession: boolean }) {
  return (
    <>
      <p>
        L’API de l’espace client permet à vos outils de lire les lignes, factures, consommations et commandes de ce compte, et les webhooks de les
        prévenir de ce qui change. Tout est décrit dans la <ExternalLink href={API_REFERENCE}>référence de l’API</ExternalLink> et dans son{' '}
        <ExternalLink href={OPENAPI_DOCUMENT}>document OpenAPI</ExternalLink>.
      </p>
      <ApiKeysSection idClientBscs={idClientBscs} agentSession={agentSession} />
      <WebhooksSection idClientBscs={idClientBscs} agentSession={agentSession} />
    </>
  );
}

/** /mon-compte/api (issue 31): the public API's keys and the webhooks of the chosen billing account, for its managers (decisions 061, 062). */
export function ApiRoute() {
  const user = useCurrentUser().data;
  // An agent's customer session (the agent's login, as the frame shows it): keys and webhooks are read, revoked, disabled or deleted, never created.
  const agentSession = Boolean(user?.serviceClient && user.usernameSC);
  return (
    <AccountPage
      title={API_KEYS_TEXTS.title}
      managersOnly="Les clés d’API et les webhooks du compte sont gérés par ses gestionnaires."
      className="max-w-6xl space-y-8"
    >
      {(account) => <AccountApi idClientBscs={account.idClientBscs} agentSession={agentSession} />}
    </AccountPage>
  );
}

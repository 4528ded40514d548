import { Link, type LoaderFunctionArgs } from 'react-router';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { optinsQueryOptions } from '../../../features/optins/api/get-optins.ts';
import { OptinsSection } from '../../../features/optins/components/optins-section.tsx';
import { PATHS, withReturnUrl } from '../../../lib/routes.ts';
import { queryClient } from '../../query-client.ts';
import { AccountSessionError } from '../../session/account-session-error.tsx';
import { loadSession } from '../../session/load-session.ts';
import { useSessionState } from '../../session/use-session-state.ts';
import { accountBreadcrumb } from './account-breadcrumb.ts';

const PAGE_TITLE = 'Préférences de contact';

/** The user's own choices always; a manager's chosen account's choices too, read alongside. */
export async function optinsLoader({ request }: LoaderFunctionArgs) {
  const session = await loadSession(request);
  const reads = [queryClient.prefetchQuery(optinsQueryOptions({ kind: 'own' }))];
  if (session.kind === 'account') reads.push(queryClient.prefetchQuery(optinsQueryOptions({ kind: 'account', idClientBscs: session.account.idClientBscs })));
  await Promise.all(reads);
  return null;
}

/**
 * /mon-compte/preferences: what the operator may send, by e-mail and SMS; for the signed-in
 * person and, for a manager, for the chosen billing account's contact. Each block saves alone.
 */
export function OptinsRoute() {
  const { user, account, sessionError } = useSessionState();
  if (!user) return null;
  // A manager who has not chosen an account yet (a mandataire) is shown the way to one.
  const mayChooseAccount = (user.gestionnaire || user.mandataire) && account === null && !sessionError;
  return (
    <>
      <PageHeading
        breadcrumb={accountBreadcrumb(user, PAGE_TITLE)}
        intro="Choisissez les messages que vous acceptez de recevoir. Les messages nécessaires à la gestion de vos lignes (factures, commandes, sécurité) vous sont envoyés dans tous les cas."
      >
        {PAGE_TITLE}
      </PageHeading>
      <div className="grid max-w-4xl gap-6">
        <OptinsSection
          id="mes-preferences"
          owner={{ kind: 'own' }}
          title="Mes préférences"
          intro={
            <>
              Pour vous, {`${user.prenom} ${user.nom}`.trim()}, à l’adresse <span className="break-all">{user.email}</span> et sur votre mobile.
            </>
          }
          submitLabel="Enregistrer mes préférences"
          savedText="Vos préférences de contact ont été enregistrées."
        />
        {user.utilisateur ? null : <AccountSessionError />}
        {account ? (
          <OptinsSection
            id="preferences-compte"
            owner={{ kind: 'account', idClientBscs: account.idClientBscs }}
            title={`Préférences du compte ${account.raisonSociale}`}
            intro={
              <>
                Pour le contact de l’entreprise (compte {account.codeClientBscs}), à l’adresse{' '}
                <span className="break-all">{account.email}</span>.
              </>
            }
            submitLabel="Enregistrer les préférences du compte"
            savedText="Les préférences de contact du compte ont été enregistrées."
          />
        ) : null}
        {mayChooseAccount ? (
          <p>
            Pour régler les préférences d’un compte de facturation,{' '}
            <Link to={withReturnUrl(PATHS.accountChoice, PATHS.accountOptins)} className="link">
              choisissez d’abord le compte
            </Link>
            .
          </p>
        ) : null}
      </div>
    </>
  );
}

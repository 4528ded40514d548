import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { useCurrentUser } from '../../../features/auth/api/get-current-user.ts';
import { SecurityActivitySection } from '../../../features/security/components/security-activity-section.tsx';
import { PasskeysSection } from '../../../features/security/components/passkeys-section.tsx';
import { SessionsSection } from '../../../features/security/components/sessions-section.tsx';
import { TotpSection } from '../../../features/security/components/totp-section.tsx';
import { accountBreadcrumb } from './account-breadcrumb.ts';

export { accountAreaLoader as securityLoader } from './account-loader.ts';

/**
 * /mon-compte/securite (issue 29): the signed-in user's own security, one card per subject:
 * the second factors (authenticator app, passkeys), then the sessions signed in, then the recent activity (decision 058).
 */
export function SecurityRoute() {
  const user = useCurrentUser().data;
  return (
    <>
      <PageHeading
        breadcrumb={accountBreadcrumb(user, 'Sécurité')}
        intro={'Protégez l’accès à votre espace client\u00a0: vérification en deux étapes, clés d’accès et appareils connectés.'}
      >
        Sécurité
      </PageHeading>
      <div className="grid max-w-3xl gap-6">
        <TotpSection />
        <PasskeysSection />
        <SessionsSection />
        <SecurityActivitySection />
      </div>
    </>
  );
}

import type { ReactNode } from 'react';
import { SiteFooter } from '../../../components/layout/site-footer.tsx';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { EXTERNAL_LINKS } from '../../../config/site.ts';
import type { LoginFormValues } from '../utils/validate-login.ts';
import { LoginForm, PasskeySignIn } from './login-form.tsx';
import { LoginHeader } from './login-header.tsx';
import { LoginInformation } from './login-information.tsx';
import { ForgottenCodeLink, LoginLinks } from './login-links.tsx';
import { LoginSidePanel } from './login-side-panel.tsx';

interface LoginPageProps {
  /** Server parameter messageAuthentification (HTML); null until the parameters are read. */
  information: string | null;
  machineName: string;
  socialEnabled: boolean;
  pending: boolean;
  serverError: string | null;
  onSubmit: (values: LoginFormValues) => void;
  /** First focus or keystroke in the form: the sign-in code can start loading. */
  onFormActivity?: () => void;
  /** Shown instead of the identification form once the code is right but a second factor is due. */
  secondStep?: ReactNode;
  /** « Se connecter avec une clé d’accès » (decision 056), and the calm word of a try the person cancelled. */
  onPasskey?: () => void;
  passkeyNotice?: string | null;
}

/** Customer login screen (spec §2). */
export function LoginPage({
  information,
  machineName,
  socialEnabled,
  pending,
  serverError,
  onSubmit,
  onFormActivity,
  secondStep,
  onPasskey,
  passkeyNotice = null,
}: LoginPageProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <LoginHeader />
      <main id="contenu" tabIndex={-1} className="page-container flex-1 py-8">
        <LoginInformation html={information} />
        <div className="grid gap-8 login:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="space-y-8">
            {secondStep ?? (
              <section aria-labelledby="connexion-titre" className="card">
                <h2 id="connexion-titre" className="mb-4 text-xl font-bold text-primary-strong">
                  Identifiez-vous
                </h2>
                <LoginForm pending={pending} serverError={serverError} onSubmit={onSubmit} onActivity={onFormActivity} />
                <p className="mt-4">
                  <ForgottenCodeLink />
                </p>
                {onPasskey ? <PasskeySignIn pending={pending} notice={passkeyNotice} onClick={onPasskey} /> : null}
              </section>
            )}
            <LoginLinks />
          </div>
          <LoginSidePanel />
        </div>
      </main>
      <SiteFooter
        socialEnabled={socialEnabled}
        machineName={machineName}
        extra={
          EXTERNAL_LINKS.promoVideos ? (
            <p className="mb-6">
              <ExternalLink href={EXTERNAL_LINKS.promoVideos} className="font-semibold underline-offset-2 hover:underline">
                Nos vidéos : découvrez l’espace client Pro
              </ExternalLink>
            </p>
          ) : null
        }
      />
    </div>
  );
}

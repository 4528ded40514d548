import { hashConfidentialCode } from '@ecare/shared/auth';
import type { ServerParameters } from '@ecare/shared/parameters';
import { MFA_REQUIRED_ERROR, mfaRequiredSchema, type MfaRequired } from '@ecare/shared/security';
import { useState } from 'react';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { SecondFactorStep } from '../../../features/auth/components/second-factor-step.tsx';
import { requestMfaToken } from '../../../features/auth/api/request-mfa-token.ts';
import { requestToken } from '../../../features/auth/api/request-token.ts';
import type { LoginFormValues } from '../../../features/auth/utils/validate-login.ts';
import { serverParametersParser } from '../../../features/parameters/api/fetch-parameters.ts';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../../lib/api-error.ts';
import { captchaTokenFor } from '../../../lib/captcha.ts';
import { clearAllStorage, startSession } from '../../../lib/session-storage.ts';
import { queryClient } from '../../query-client.ts';

/**
 * The server parameters, read past the API client: during maintenance their answer carries the
 * flag, which would close this page and sign everyone out, and the back office must stay open
 * for an administrator to end the maintenance (decision 030).
 */
async function parametersForSignIn(): Promise<ServerParameters | null> {
  try {
    const response = await fetch('/api/parametres', { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
    return serverParametersParser.parse(await response.json());
  } catch {
    return null;
  }
}

/**
 * Sign-in of the back office: the login form, without the customer's session restore (no
 * account or line to load), so that it works during maintenance too.
 */
export function AdminSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // Administrators must have a second factor (decision 057): its step, then the recovery codes of an app enrolled here.
  const [challenge, setChallenge] = useState<MfaRequired | null>(null);
  const [kept, setKept] = useState<{ codes: string[]; accessToken: string } | null>(null);

  const enter = (accessToken: string) => {
    clearAllStorage();
    queryClient.clear();
    startSession(accessToken);
    onSignedIn();
  };

  const submit = async (values: LoginFormValues) => {
    setPending(true);
    setServerError(null);
    try {
      const username = values.username.trim();
      const parameters = await parametersForSignIn();
      const captcha = parameters ? await captchaTokenFor(parameters) : undefined;
      const token = await requestToken({ username, password: await hashConfidentialCode(username, values.password), captcha });
      enter(token.access_token);
    } catch (error) {
      const due = isApiError(error) && error.status === 403 && error.code === MFA_REQUIRED_ERROR ? mfaRequiredSchema.safeParse(error.body) : null;
      if (due?.success) setChallenge(due.data);
      else setServerError(isApiError(error) ? error.exceptionMessage : GENERIC_ERROR_MESSAGE);
      setPending(false);
    }
  };

  return (
    <div className="max-w-md">
      <h1 className="mb-2 text-2xl font-bold text-primary-strong sm:text-3xl">Connexion à l’administration</h1>
      <p className="mb-6 text-muted">Réservé aux administrateurs du portail.</p>
      {challenge ? (
        <SecondFactorStep
          challenge={challenge}
          onSubmit={async (factor) => {
            const token = await requestMfaToken({ mfaToken: challenge.mfa_token, factor });
            if (token.codesDeSecours) setKept({ codes: token.codesDeSecours, accessToken: token.access_token });
            else enter(token.access_token);
          }}
          onRestart={() => setChallenge(null)}
          recoveryCodes={kept?.codes ?? null}
          onCodesKept={() => {
            if (kept) enter(kept.accessToken);
          }}
        />
      ) : (
        <LoginForm pending={pending} serverError={serverError} onSubmit={(values) => void submit(values)} />
      )}
    </div>
  );
}

import type { ServerParameters } from '@ecare/shared/parameters';
import type { MfaRequired } from '@ecare/shared/security-page';
import { lazy, Suspense, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useSearchParams } from 'react-router';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
import type { SecondFactor } from '../../features/auth/api/request-mfa-token.ts';
import { IDENTIFIER_FIELD_ID } from '../../features/auth/components/login-form.tsx';
import type { LoginFormValues } from '../../features/auth/utils/validate-login.ts';
import { fetchParameters } from '../../features/parameters/api/fetch-parameters.ts';
import { GENERIC_ERROR_MESSAGE, isApiError } from '../../lib/api-error.ts';
import { RETURN_URL_PARAM } from '../../lib/routes.ts';
import { isParameterOn } from '@ecare/shared/constants';

// The sign-in flow (hashing, zod schemas, TanStack Query, session restore) is not part of the
// login route's download (decision 012): it loads when the user starts filling in the form,
// or at the latest on submit. A page left alone fetches none of it.
const loadSignIn = () => import('../session/sign-in.ts');
let preloaded = false;
const preloadSignIn = () => {
  if (preloaded) return;
  preloaded = true;
  // A failure shows on submit, which imports it again.
  loadSignIn().catch(() => undefined);
};

// The second step (issue 29) is asked for only when a sign-in needs a second factor: a user
// without one downloads nothing more than before.
const loadSecondStep = () => import('../../features/auth/components/second-factor-step.tsx');
const SecondFactorStep = lazy(() => loadSecondStep().then((m) => ({ default: m.SecondFactorStep })));

/** Parameters without the query cache: TanStack Query is not part of the login route. */
function useLoginParameters(): ServerParameters | null {
  const [parameters, setParameters] = useState<ServerParameters | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchParameters(controller.signal).then(setParameters, () => undefined);
    return () => controller.abort();
  }, []);
  return parameters;
}

export function LoginRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const parameters = useLoginParameters();
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const [challenge, setChallenge] = useState<MfaRequired | null>(null);
  const destination = () => ({ returnUrl: searchParams.get(RETURN_URL_PARAM), resilie: searchParams.get('resilie') });

  const handleSubmit = async (values: LoginFormValues) => {
    setPending(true);
    setServerError(null);
    try {
      const [{ captchaTokenFor }, { signIn }] = await Promise.all([import('../../lib/captcha.ts'), loadSignIn()]);
      const captcha = await captchaTokenFor(parameters ?? (await fetchParameters()));
      const outcome = await signIn({ username: values.username, code: values.password, ...destination(), captcha });
      if (outcome.kind === 'second-factor') {
        await loadSecondStep();
        setChallenge(outcome.challenge);
        setPending(false);
        return;
      }
      await navigate(outcome.target, { replace: true });
    } catch (error) {
      setServerError(isApiError(error) ? error.exceptionMessage : GENERIC_ERROR_MESSAGE);
      setPending(false);
    }
  };

  // A refusal is shown by the step's form (its alert); success continues as any sign-in.
  const handleSecondFactor = async (factor: SecondFactor) => {
    if (!challenge) return;
    const { completeSignIn } = await loadSignIn();
    const target = await completeSignIn(challenge, factor, destination());
    await navigate(target, { replace: true });
  };

  // Back to the first step, where the reader types again.
  const restart = () => {
    flushSync(() => setChallenge(null));
    document.getElementById(IDENTIFIER_FIELD_ID)?.focus();
  };

  return (
    <LoginPage
      information={parameters?.messageAuthentification ?? null}
      machineName={parameters?.environment_MachineName ?? ''}
      socialEnabled={isParameterOn(parameters?.activeR_RESSOURCES_EXTERNES)}
      pending={pending}
      serverError={serverError}
      onSubmit={(values) => void handleSubmit(values)}
      onFormActivity={preloadSignIn}
      secondStep={
        challenge ? (
          <Suspense fallback={<p role="status" className="card">Chargement en cours...</p>}>
            <SecondFactorStep challenge={challenge} onSubmit={handleSecondFactor} onRestart={restart} />
          </Suspense>
        ) : undefined
      }
    />
  );
}

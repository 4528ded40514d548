import type { ServerParameters } from '@ecare/shared/parameters';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoginPage } from '../../features/auth/components/login-page.tsx';
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

  // « Vérification en deux étapes » (issue 29), shown in place of the form when a second factor is due.
  const [secondStep, setSecondStep] = useState<ReactNode>(null);

  // « Se connecter avec une clé d’accès » (decision 056): the WebAuthn code loads on the click.
  const [passkeyNotice, setPasskeyNotice] = useState<string | null>(null);
  const handlePasskey = async () => {
    setPending(true);
    setServerError(null);
    setPasskeyNotice(null);
    try {
      const outcome = await (await loadSignIn()).signInWithPasskey({ returnUrl: searchParams.get(RETURN_URL_PARAM), resilie: searchParams.get('resilie') });
      if (outcome.kind === 'signed-in') return await navigate(outcome.target, { replace: true });
      setPasskeyNotice(outcome.message);
    } catch (error) {
      setServerError(isApiError(error) ? error.exceptionMessage : GENERIC_ERROR_MESSAGE);
    }
    setPending(false);
  };

  const handleSubmit = async (values: LoginFormValues) => {
    setPending(true);
    setServerError(null);
    try {
      const [{ captchaTokenFor }, { signIn }] = await Promise.all([import('../../lib/captcha.ts'), loadSignIn()]);
      const captcha = await captchaTokenFor(parameters ?? (await fetchParameters()));
      const outcome = await signIn({
        username: values.username,
        code: values.password,
        returnUrl: searchParams.get(RETURN_URL_PARAM),
        resilie: searchParams.get('resilie'),
        captcha,
      });
      if (outcome.kind === 'second-factor') {
        setSecondStep(await outcome.secondStep(() => setSecondStep(null)));
        setPending(false);
      } else {
        await navigate(outcome.target, { replace: true });
      }
    } catch (error) {
      setServerError(isApiError(error) ? error.exceptionMessage : GENERIC_ERROR_MESSAGE);
      setPending(false);
    }
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
      onPasskey={() => void handlePasskey()}
      passkeyNotice={passkeyNotice}
      secondStep={secondStep}
    />
  );
}

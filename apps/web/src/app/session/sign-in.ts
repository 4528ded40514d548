import { hashConfidentialCode } from '@ecare/shared/auth';
import { MFA_REQUIRED_ERROR, mfaRequiredSchema, type MfaRequired } from '@ecare/shared/security';
import { createElement, type ReactElement } from 'react';
import { requestMfaToken, type SecondFactor } from '../../features/auth/api/request-mfa-token.ts';
import { requestPasskeyOptions } from '../../features/auth/api/request-passkey-options.ts';
import { requestPasskeyToken } from '../../features/auth/api/request-passkey-token.ts';
import { requestToken } from '../../features/auth/api/request-token.ts';
import { menuQueryOptions } from '../../features/menu/api/get-menu.ts';
import { isApiError } from '../../lib/api-error.ts';
import { isPasskeyCancelled, PASSKEY_CANCELLED_TEXT, signWithPasskey } from '../../lib/webauthn.ts';
import { safeReturnUrl } from '../../lib/routes.ts';
import { clearAllStorage, rememberResilie, startSession } from '../../lib/session-storage.ts';
import { queryClient } from '../query-client.ts';
import { landingPath, resiliationPath } from './landing-path.ts';
import { menuParamsFor } from './menu-context.ts';
import { resolveSession } from './resolve-session.ts';

/** Where the login page sends the user once signed in. */
export interface SignInDestination {
  returnUrl: string | null;
  resilie: string | null;
}

export interface SignInInput extends SignInDestination {
  username: string;
  /** The confidential code as typed; only its hash is sent. */
  code: string;
  /** reCAPTCHA token, when the server parameters ask for one. */
  captcha?: string;
}

/**
 * A login ends signed in (the in-app path to open), or asks for a second factor first: then
 * `secondStep` loads the step to show in place of the form (`onRestart`: back to the form).
 */
export type SignInOutcome =
  | { kind: 'signed-in'; target: string }
  | { kind: 'second-factor'; secondStep: (onRestart: () => void) => Promise<ReactElement> };

/**
 * The login page's second step, a file of its own imported from here rather than by the login
 * route: the route's own file stays as it was for users without a second factor (decision 012).
 */
async function secondStepOf(challenge: MfaRequired, destination: SignInDestination, onRestart: () => void): Promise<ReactElement> {
  const { LoginSecondStep } = await import('../routes/login-second-step.tsx');
  return createElement(LoginSecondStep, { challenge, destination, onRestart });
}

/** The 403 `mfa_required` answer of a right code, read; null for any other refusal. */
async function secondFactorDue(error: unknown): Promise<MfaRequired | null> {
  if (!isApiError(error) || error.status !== 403 || error.code !== MFA_REQUIRED_ERROR) return null;
  const challenge = await mfaRequiredSchema.safeParseAsync(error.body);
  return challenge.success ? challenge.data : null;
}

/**
 * What follows a granted token, with or without a second factor (spec §4): session clock,
 * optional `resilie`, session restore and menu; resolves with the in-app path to open
 * (returnurl, else the termination page `resilie` names, else home).
 */
async function startSignedIn(accessToken: string, destination: SignInDestination): Promise<string> {
  clearAllStorage();
  queryClient.clear();
  startSession(accessToken);
  rememberResilie(destination.resilie);

  const resolution = await resolveSession(queryClient);
  if (resolution.kind === 'account') {
    await queryClient.prefetchQuery(menuQueryOptions(menuParamsFor(resolution.account, resolution.line)));
  } else if (resolution.kind === 'user') {
    await queryClient.prefetchQuery(menuQueryOptions(menuParamsFor(null, resolution.line)));
  }
  return landingPath(resolution, safeReturnUrl(destination.returnUrl) ?? resiliationPath(destination.resilie));
}

/**
 * Customer login (spec §4). A user with a second factor gets its challenge instead (issue 29),
 * answered by {@link completeSignIn}. Rejects with the ApiError of a refused login.
 */
export async function signIn(input: SignInInput): Promise<SignInOutcome> {
  const username = input.username.trim();
  const password = await hashConfidentialCode(username, input.code);
  let accessToken: string;
  try {
    accessToken = (await requestToken({ username, password, captcha: input.captcha })).access_token;
  } catch (error) {
    const challenge = await secondFactorDue(error);
    if (challenge) return { kind: 'second-factor', secondStep: (onRestart) => secondStepOf(challenge, input, onRestart) };
    throw error;
  }
  return { kind: 'signed-in', target: await startSignedIn(accessToken, input) };
}

/**
 * The second step of a login: the challenge's `mfa_token` with an app's code or a recovery code;
 * then as a login without a second factor. Rejects with the ApiError of a refused factor.
 */
export async function completeSignIn(challenge: MfaRequired, factor: SecondFactor, destination: SignInDestination): Promise<SecondStepOutcome> {
  const token = await requestMfaToken({ mfaToken: challenge.mfa_token, factor });
  // Enrolled at this sign-in (decision 057): the recovery codes are shown before the portal opens.
  if (token.codesDeSecours) {
    const codes = token.codesDeSecours;
    return { kind: 'recovery-codes', codes, enter: () => startSignedIn(token.access_token, destination) };
  }
  return { kind: 'signed-in', target: await startSignedIn(token.access_token, destination) };
}

/** A second step ends signed in, or first shows the recovery codes of an app enrolled at sign-in (`enter`: then on). */
export type SecondStepOutcome =
  | { kind: 'signed-in'; target: string }
  | { kind: 'recovery-codes'; codes: string[]; enter: () => Promise<string> };

/**
 * « Se connecter avec une clé d’accès » (decision 056): the browser offers the passkeys it holds
 * for this site, the person confirms on their device, and the passkey signs them in without the
 * code. A window closed by the person ends calmly (`cancelled`, with what to say); a refusal of
 * the server rejects with its ApiError.
 */
export async function signInWithPasskey(destination: SignInDestination): Promise<{ kind: 'signed-in'; target: string } | { kind: 'cancelled'; message: string }> {
  let assertion;
  try {
    assertion = await signWithPasskey(() => requestPasskeyOptions());
  } catch (error) {
    if (isPasskeyCancelled(error)) return { kind: 'cancelled', message: PASSKEY_CANCELLED_TEXT[error.reason] };
    throw error;
  }
  const token = await requestPasskeyToken(JSON.stringify(assertion));
  return { kind: 'signed-in', target: await startSignedIn(token.access_token, destination) };
}

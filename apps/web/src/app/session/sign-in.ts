import { hashConfidentialCode } from '@ecare/shared/auth';
import { requestToken } from '../../features/auth/api/request-token.ts';
import { menuQueryOptions } from '../../features/menu/api/get-menu.ts';
import { safeReturnUrl } from '../../lib/routes.ts';
import { clearAllStorage, rememberResilie, startSession } from '../../lib/session-storage.ts';
import { queryClient } from '../query-client.ts';
import { landingPath, resiliationPath } from './landing-path.ts';
import { menuParamsFor } from './menu-context.ts';
import { resolveSession } from './resolve-session.ts';

export interface SignInInput {
  username: string;
  /** The confidential code as typed; only its hash is sent. */
  code: string;
  returnUrl: string | null;
  resilie: string | null;
  /** reCAPTCHA token, when the server parameters ask for one. */
  captcha?: string;
}

/**
 * Customer login (spec §4): token, session clock, optional `resilie`, session restore and menu;
 * resolves with the in-app path to open (returnurl, else the termination page `resilie` names, else home). Rejects with the ApiError of a refused login.
 */
export async function signIn(input: SignInInput): Promise<string> {
  const username = input.username.trim();
  const password = await hashConfidentialCode(username, input.code);
  const token = await requestToken({ username, password, captcha: input.captcha });

  clearAllStorage();
  queryClient.clear();
  startSession(token.access_token);
  rememberResilie(input.resilie);

  const resolution = await resolveSession(queryClient);
  if (resolution.kind === 'account') {
    await queryClient.prefetchQuery(menuQueryOptions(menuParamsFor(resolution.account, resolution.line)));
  } else if (resolution.kind === 'user') {
    await queryClient.prefetchQuery(menuQueryOptions(menuParamsFor(null, resolution.line)));
  }
  return landingPath(resolution, safeReturnUrl(input.returnUrl) ?? resiliationPath(input.resilie));
}

import { PASSWORD_RESET_MESSAGES } from '@ecare/shared/password';
import type { ServerParameters } from '@ecare/shared/parameters';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { hasErrorCode, isApiError } from '../../../lib/api-error.ts';
import { captchaTokenFor } from '../../../lib/captcha.ts';
import { checkResetAllowed } from './check-reset-allowed.ts';
import { requestReset } from './request-reset.ts';

export type CodeLinkOutcome = { ok: true } | { ok: false; message: string };

/** A refused check shows the spec's long text, unless the answer says why (too many requests, captcha). */
function checkFailureMessage(error: unknown): string {
  if (isApiError(error) && (error.status === 429 || hasErrorCode(error, 'CAPTCHA'))) return error.exceptionMessage;
  return PASSWORD_RESET_MESSAGES.checkFailed;
}

/**
 * Forgotten-code flow of spec §4: captcha (unless turned off), is-reset-allowed check, then the
 * reset request. Each call gets its own captcha token, a reCAPTCHA token serving one check.
 */
export async function requestCodeLink(email: string, parameters: ServerParameters): Promise<CodeLinkOutcome> {
  let allowed: boolean;
  try {
    allowed = await checkResetAllowed({ email, captcha: await captchaTokenFor(parameters) });
  } catch (error) {
    return { ok: false, message: checkFailureMessage(error) };
  }
  if (!allowed) return { ok: false, message: PASSWORD_RESET_MESSAGES.pending };
  try {
    await requestReset({ email, captcha: await captchaTokenFor(parameters) });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: apiErrorMessage(error) };
  }
}

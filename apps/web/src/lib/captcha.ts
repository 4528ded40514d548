import type { ServerParameters } from '@ecare/shared/parameters';
import { isCaptchaRequired } from './server-parameters.ts';

/** Action name the server's reCAPTCHA check expects (spec §7, §9). */
export const CAPTCHA_ACTION = 'homepage';

/**
 * A fresh captcha token for one call, or undefined when the parameters turn the captcha off.
 * The reCAPTCHA client loads only here, on demand, so no route downloads it up front.
 * Rejects with an ApiError carrying the French message when no token could be obtained.
 */
export async function captchaTokenFor(parameters: ServerParameters): Promise<string | undefined> {
  if (!isCaptchaRequired(parameters)) return undefined;
  const { recaptchaToken } = await import('./recaptcha.ts');
  return recaptchaToken(parameters.reCAPTCHA_JS, parameters.reCAPTCHA_ClientKey, CAPTCHA_ACTION);
}

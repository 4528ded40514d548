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
  return isCaptchaRequired(parameters) ? tokenFor(parameters) : undefined;
}

async function tokenFor(parameters: ServerParameters): Promise<string | undefined> {
  const { recaptchaToken } = await import('./recaptcha.ts');
  return recaptchaToken(parameters.reCAPTCHA_JS, parameters.reCAPTCHA_ClientKey, CAPTCHA_ACTION);
}

/**
 * A token for a visitor's request to the customer service (the contact form) whenever a captcha
 * is configured (a site key and its script), whatever hidE_CAPTCHA or est_Bdp say: the server
 * then refuses a visitor's message without one (decision 024). No site key (the offline demo):
 * no token and nothing loaded.
 */
export async function visitorCaptchaTokenFor(parameters: ServerParameters): Promise<string | undefined> {
  const configured = parameters.reCAPTCHA_ClientKey.trim() !== '' && parameters.reCAPTCHA_JS.trim() !== '';
  return configured ? tokenFor(parameters) : undefined;
}

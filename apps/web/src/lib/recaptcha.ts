import { CAPTCHA_MESSAGE } from '@ecare/shared/core-messages';
import type { CORE_ERRORS } from '@ecare/shared/errors-core';
import { ApiError } from './api-error.ts';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_TIMEOUT_MS = 15_000;
let loading: Promise<Grecaptcha> | null = null;

const captchaFailed = () => new ApiError(0, 'CAPTCHA' satisfies keyof typeof CORE_ERRORS, CAPTCHA_MESSAGE);

function loadScript(src: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = () => {
      loading = null;
      script.remove();
      reject(captchaFailed());
    };
    const timer = setTimeout(fail, SCRIPT_TIMEOUT_MS);
    script.src = src;
    script.async = true;
    script.onload = () => {
      clearTimeout(timer);
      if (window.grecaptcha) resolve(window.grecaptcha);
      else fail();
    };
    script.onerror = () => {
      clearTimeout(timer);
      fail();
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * reCAPTCHA v3 (spec §7): loads the script named by the server parameters (reCAPTCHA_JS
 * followed by the site key) once, then asks for a token for `action`. Each token serves one
 * verification, so every protected call asks for its own.
 */
export async function recaptchaToken(scriptBase: string, siteKey: string, action: string): Promise<string | undefined> {
  if (scriptBase.trim() === '' || siteKey.trim() === '') {
    // Misconfigured server parameters: the server decides whether a call without a token passes.
    console.warn('Captcha demandé sans script ou sans clé de site : appel envoyé sans jeton.');
    return undefined;
  }
  const grecaptcha = window.grecaptcha ?? (await loadScript(`${scriptBase.trim()}${encodeURIComponent(siteKey.trim())}`));
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  try {
    return await grecaptcha.execute(siteKey.trim(), { action });
  } catch {
    throw captchaFailed();
  }
}

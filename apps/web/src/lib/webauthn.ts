import type { PasskeyAssertion, PasskeyAttestation, PasskeyAuthenticationOptions, PasskeyRegistrationOptions } from '@ecare/shared/security';

/*
 * The browser's side of passkeys (decision 056), shared by the security page and the login page.
 * The WebAuthn library loads on the click that needs it: it is never part of a route's first
 * download (the login route's budget, decision 012).
 */

const loadBrowserLibrary = () => import('@simplewebauthn/browser');

/** Why the browser gave no passkey: the person closed or refused its window, or it cannot do passkeys. */
export class PasskeyCancelled extends Error {
  readonly reason: 'cancelled' | 'unsupported' | 'failed';

  constructor(reason: PasskeyCancelled['reason'], cause?: unknown) {
    super(reason, { cause });
    this.name = 'PasskeyCancelled';
    this.reason = reason;
  }
}

/** The calm words for a passkey the browser did not give. */
export const PASSKEY_CANCELLED_TEXT: Record<PasskeyCancelled['reason'], string> = {
  cancelled: 'L’opération a été annulée ou le délai est dépassé. Vous pouvez réessayer quand vous voulez.',
  unsupported: 'Ce navigateur ne permet pas d’utiliser une clé d’accès. Essayez avec un navigateur récent, ou sur un autre appareil.',
  failed: 'Votre appareil n’a pas pu utiliser de clé d’accès. Réessayez, ou utilisez un autre moyen.',
};

function browserRefusal(error: unknown): PasskeyCancelled {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return new PasskeyCancelled('cancelled', error);
  if (name === 'NotSupportedError' || name === 'SecurityError') return new PasskeyCancelled('unsupported', error);
  return new PasskeyCancelled('failed', error);
}

export function isPasskeyCancelled(error: unknown): error is PasskeyCancelled {
  return error instanceof PasskeyCancelled;
}

/** Whether this browser can use passkeys at all (no library loaded for it). */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && window.isSecureContext;
}

async function library() {
  if (!browserSupportsPasskeys()) throw new PasskeyCancelled('unsupported');
  try {
    return await loadBrowserLibrary();
  } catch (error) {
    throw new PasskeyCancelled('failed', error);
  }
}

/**
 * navigator.credentials.create() on the server's options (asked for once the browser is known to
 * do passkeys, so that no challenge is issued in vain): a new passkey's answer.
 */
export async function createPasskey(options: () => Promise<PasskeyRegistrationOptions>): Promise<PasskeyAttestation> {
  const { startRegistration } = await library();
  const optionsJSON = (await options()) as Parameters<typeof startRegistration>[0]['optionsJSON'];
  try {
    return (await startRegistration({ optionsJSON })) as PasskeyAttestation;
  } catch (error) {
    throw browserRefusal(error);
  }
}

/** navigator.credentials.get() on the server's options (asked for as above): a passkey's signature. */
export async function signWithPasskey(options: () => Promise<PasskeyAuthenticationOptions>): Promise<PasskeyAssertion> {
  const { startAuthentication } = await library();
  const optionsJSON = (await options()) as Parameters<typeof startAuthentication>[0]['optionsJSON'];
  try {
    return (await startAuthentication({ optionsJSON })) as PasskeyAssertion;
  } catch (error) {
    throw browserRefusal(error);
  }
}

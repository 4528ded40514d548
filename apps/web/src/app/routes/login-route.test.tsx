import { SECURITY_TEXTS } from '@ecare/shared/security';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllStorage, getAccessToken } from '../../lib/session-storage.ts';
import { createCurrentUser, createServerParameters } from '../../test/factories.ts';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../test/fetch-stub.ts';
import { renderPage } from '../../test/render.tsx';
import { LoginRoute } from './login-route.tsx';

// The session restore that follows a granted token has tests of its own: here it says where
// the user lands, so the test sees that the second step ends as any sign-in does.
const resolveSession = vi.hoisted(() => vi.fn());
vi.mock('../session/resolve-session.ts', () => ({ resolveSession }));

// The browser's WebAuthn, as the library gives it (decision 056): jsdom has none.
const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

const MFA_REQUIRED = {
  error: 'mfa_required',
  error_description: 'Une vérification en deux étapes est nécessaire.',
  mfa_token: 'jeton-mfa-de-test',
  methodes: ['totp', 'secours'],
};
const TOKEN = { access_token: 'jeton-session-de-test', token_type: 'bearer', expires_in: 1800 };

beforeEach(() => {
  resolveSession.mockResolvedValue({ kind: 'user', user: createCurrentUser({ gestionnaire: false, utilisateur: true }), line: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearAllStorage();
  resolveSession.mockReset();
});

const grantOf = (request: RecordedRequest) => new URLSearchParams(request.body ?? '').get('grant_type');

/** The login page's server: the right code of a user with an authenticator app, and the answers of the second step. */
function serve(secondStep: (form: URLSearchParams) => Response, challenge: object = MFA_REQUIRED, others: (request: RecordedRequest) => Response | null = () => null) {
  return stubFetch((request) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/parametres') return jsonResponse(createServerParameters());
    const other = others(request);
    if (other) return other;
    if (path === '/api/token' && grantOf(request) === 'password') return jsonResponse(challenge, 403);
    if (path === '/api/token') return secondStep(new URLSearchParams(request.body ?? ''));
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

async function signInWithRightCode() {
  const page = renderPage(<LoginRoute />, { path: '/identification/authentification' });
  fireEvent.change(screen.getByLabelText(/^Identifiant/), { target: { value: 'claire.martin@demo.test' } });
  fireEvent.change(screen.getByLabelText(/^Code confidentiel/), { target: { value: 'Demo-Gestion-2026!' } });
  const validate = screen.getByRole('button', { name: 'Valider' });
  await waitFor(() => expect(validate.hasAttribute('disabled')).toBe(false));
  fireEvent.click(validate);
  const heading = await screen.findByRole('heading', { level: 2, name: 'Vérification en deux étapes' });
  await waitFor(() => expect(document.activeElement).toBe(heading));
  return page;
}

describe('LoginRoute, second step (issue 29)', () => {
  it('shows today’s page to a user without a second factor', () => {
    serve(() => jsonResponse(TOKEN));
    renderPage(<LoginRoute />, { path: '/identification/authentification' });
    expect(screen.getByRole('heading', { level: 2, name: 'Identifiez-vous' })).toBeTruthy();
    expect(screen.queryByText('Vérification en deux étapes')).toBeNull();
  });

  it('asks for the app’s code after a right code, then signs in as any login does', async () => {
    const { requests } = serve((form) =>
      form.get('otp') === '123456' ? jsonResponse(TOKEN) : jsonResponse({ error: 'invalid_grant', error_description: 'Le code est incorrect.' }, 400),
    );
    const { router } = await signInWithRightCode();
    expect(screen.queryByLabelText(/^Identifiant/)).toBeNull();

    const code = screen.getByLabelText(/^Code de vérification/);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Le code est incorrect.');

    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/accueil-utilisateur'));

    const last = new URLSearchParams(requests.filter((request) => request.url === '/api/token').at(-1)?.body ?? '');
    expect(Object.fromEntries(last)).toEqual({ grant_type: 'mfa_otp', mfa_token: 'jeton-mfa-de-test', otp: '123456' });
    expect(getAccessToken()).toBe('jeton-session-de-test');
    expect(resolveSession).toHaveBeenCalledTimes(1);
  });

  it('takes a recovery code instead', async () => {
    const { requests } = serve(() => jsonResponse(TOKEN));
    const { router } = await signInWithRightCode();

    fireEvent.click(screen.getByRole('button', { name: 'Utiliser un code de secours' }));
    const recovery = await screen.findByLabelText(/^Code de secours/);
    await waitFor(() => expect(document.activeElement).toBe(recovery));
    fireEvent.change(recovery, { target: { value: ' 7KQ2-M9XD ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/accueil-utilisateur'));

    const last = new URLSearchParams(requests.filter((request) => request.url === '/api/token').at(-1)?.body ?? '');
    expect(Object.fromEntries(last)).toEqual({ grant_type: 'mfa_recovery_code', mfa_token: 'jeton-mfa-de-test', recovery_code: '7KQ2-M9XD' });
  });

  it('says what is wrong with a code before sending it, and goes back to the identification', async () => {
    const { requests } = serve(() => jsonResponse(TOKEN));
    await signInWithRightCode();

    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    expect(await screen.findByText(SECURITY_TEXTS.totpCodeFormat)).toBeTruthy();
    expect(requests.filter((request) => request.url === '/api/token')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Revenir à l’identification' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Identifiez-vous' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Identifiant/));
  });
});

describe('LoginRoute, enrolment required at sign-in (decision 057)', () => {
  const ENROLMENT_REQUIRED = { ...MFA_REQUIRED, error_description: SECURITY_TEXTS.enrolmentRequired, methodes: [], inscriptionRequise: true };
  const ENROLMENT = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Test:claire?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', qrCode: 'data:image/png;base64,AAAA' };
  const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

  it('explains, shows the QR code and the key, confirms the first code, then shows the recovery codes once before the portal', async () => {
    const { requests } = serve(
      (form) => (form.get('otp') === '123456' ? jsonResponse({ ...TOKEN, codesDeSecours: CODES }) : jsonResponse({ error: 'invalid_grant', error_description: 'Le code est incorrect.' }, 400)),
      ENROLMENT_REQUIRED,
      (request) => (request.url === '/api/securite/totp/inscription' ? jsonResponse(ENROLMENT) : null),
    );
    const { router } = await signInWithRightCode();
    expect(screen.getByText(SECURITY_TEXTS.enrolmentRequired)).toBeTruthy();
    const qr = await screen.findByRole('img', { name: 'QR code à scanner avec votre application d’authentification' });
    expect(qr.getAttribute('src')).toBe(ENROLMENT.qrCode);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    const enrolment = requests.find((request) => request.url === '/api/securite/totp/inscription');
    expect(enrolment?.headers.get('X-Mfa-Token')).toBe('jeton-mfa-de-test');
    expect(requests.filter((request) => request.url === '/api/securite/totp/inscription')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText(/^Code de vérification/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    const list = await screen.findByRole('list', { name: 'Codes de secours' });
    expect(list.textContent).toContain(CODES[0]);
    // Not in yet: the codes first.
    expect(router.state.location.pathname).toBe('/identification/authentification');
    fireEvent.click(screen.getByRole('button', { name: 'J’ai conservé mes codes de secours' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/accueil-utilisateur'));
    expect(getAccessToken()).toBe('jeton-session-de-test');
  });
});

describe('LoginRoute, passkeys (decision 056)', () => {
  const OPTIONS = { challenge: 'defi-de-test', rpId: 'localhost', allowCredentials: [], userVerification: 'required' };
  const ASSERTION = {
    id: 'Y2xl',
    rawId: 'Y2xl',
    type: 'public-key',
    response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'Yg' },
    clientExtensionResults: {},
  };

  /** A browser that can do passkeys. */
  function withWebAuthn() {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.stubGlobal('isSecureContext', true);
  }

  function servePasskeys(methodes: string[]) {
    return stubFetch((request) => {
      const path = new URL(request.url, 'http://localhost').pathname;
      if (path === '/api/parametres') return jsonResponse(createServerParameters());
      if (path === '/api/token/passkey/options') return jsonResponse(OPTIONS);
      if (path === '/api/token' && grantOf(request) === 'password') return jsonResponse({ ...MFA_REQUIRED, methodes }, 403);
      if (path === '/api/token') return jsonResponse(TOKEN);
      return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
    });
  }

  afterEach(() => {
    webauthn.startAuthentication.mockReset();
  });

  it('offers the passkey first to a user with passkeys, and signs in with it as the second step', async () => {
    withWebAuthn();
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const { requests } = servePasskeys(['passkey', 'secours']);
    const { router } = await signInWithRightCode();
    expect(screen.getByRole('button', { name: 'Utiliser un code de secours' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Utiliser une clé d’accès' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/accueil-utilisateur'));
    expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    const options = requests.find((request) => request.url === '/api/token/passkey/options');
    expect(new URLSearchParams(options?.body ?? '').get('mfa_token')).toBe('jeton-mfa-de-test');
    const last = new URLSearchParams(requests.filter((request) => request.url === '/api/token').at(-1)?.body ?? '');
    expect(Object.fromEntries(last)).toEqual({ grant_type: 'mfa_passkey', mfa_token: 'jeton-mfa-de-test', assertion: JSON.stringify(ASSERTION) });
    expect(getAccessToken()).toBe(TOKEN.access_token);
  });

  it('says calmly that the person cancelled, and lets them try again or use another way', async () => {
    withWebAuthn();
    webauthn.startAuthentication.mockRejectedValue(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' }));
    servePasskeys(['totp', 'passkey', 'secours']);
    await signInWithRightCode();
    // The app's code first; the passkey is offered beside it.
    fireEvent.click(screen.getByRole('button', { name: 'Utiliser une clé d’accès' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Utiliser une clé d’accès' }));
    expect(await screen.findByText(/L’opération a été annulée ou le délai est dépassé/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Utiliser le code de l’application d’authentification' })).toBeTruthy();
  });

  it('signs in with a passkey alone from the button under the form', async () => {
    withWebAuthn();
    webauthn.startAuthentication.mockResolvedValue(ASSERTION);
    const { requests } = servePasskeys([]);
    const { router } = renderPage(<LoginRoute />, { path: '/identification/authentification' });
    const button = screen.getByRole('button', { name: 'Se connecter avec une clé d’accès' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/accueil-utilisateur'));
    const options = requests.find((request) => request.url === '/api/token/passkey/options');
    expect(options?.body ?? '').toBe('');
    const last = new URLSearchParams(requests.filter((request) => request.url === '/api/token').at(-1)?.body ?? '');
    expect(Object.fromEntries(last)).toEqual({ grant_type: 'passkey', assertion: JSON.stringify(ASSERTION) });
  });
});

import { recoveryCodesSchema, securityOverviewSchema, totpEnrolmentSchema, SECURITY_TEXTS, type SecurityOverview } from '@ecare/shared/security';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { clearAllStorage, startSession } from '../../../lib/session-storage.ts';
import { createCurrentUser } from '../../../test/factories.ts';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { SecurityRoute } from './security-route.tsx';

const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const ENROLMENT = totpEnrolmentSchema.parse({
  secret: 'JBSWY3DPEHPK3PXPJBSW',
  otpauthUrl: 'otpauth://totp/Espace%20client%20Pro:claire.martin%40demo.test?secret=JBSWY3DPEHPK3PXPJBSW&issuer=Espace%20client%20Pro',
  qrCode: PIXEL,
});
const CODES = recoveryCodesSchema.parse({ codesDeSecours: Array.from({ length: 10 }, (_, index) => `7KQ2-M9X${index}`) });
const overviewOf = (actif: boolean, restants = 10): SecurityOverview =>
  securityOverviewSchema.parse({ totp: { actif, depuis: actif ? '2026-03-05T09:30:00.000Z' : null }, codesDeSecoursRestants: actif ? restants : 0, passkeys: 0, obligatoire: false });

let saved: { name: string; blob: Blob }[] = [];

beforeEach(() => {
  fillJsdomGaps();
  startSession('jeton-de-test');
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: vi.fn(),
    }),
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  onTestFinished(() => click.mockRestore());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearAllStorage();
});

/** The security API of a user whose app is on or off; a confirmation takes 123456 alone. */
function serve(initiallyActive: boolean) {
  let active = initiallyActive;
  return stubFetch((request: RecordedRequest) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    const code = request.body ? (JSON.parse(request.body) as { code?: string }).code : undefined;
    if (path === '/api/current_user') return jsonResponse(createCurrentUser());
    if (path === '/api/securite') return jsonResponse(overviewOf(active));
    if (path === '/api/sessions') return jsonResponse([]);
    if (path === '/api/securite/passkeys') return jsonResponse([]);
    if (path === '/api/securite/totp/inscription' && request.method === 'POST') return jsonResponse(ENROLMENT);
    if (path === '/api/securite/totp/confirmation' && request.method === 'POST') {
      if (code !== '123456') return jsonResponse({ code: 'TOTP_CODE_INVALID', exceptionMessage: 'Ce code n’est pas valide. Vérifiez l’heure de votre téléphone.' }, 400);
      active = true;
      return jsonResponse(CODES);
    }
    if (path === '/api/securite/totp' && request.method === 'DELETE') {
      if (code !== '123456') return jsonResponse({ code: 'TOTP_CODE_INVALID', exceptionMessage: 'Ce code n’est pas valide.' }, 400);
      active = false;
      return jsonResponse({ ok: true });
    }
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

/** jsdom's Blob has no text(). */
function textOf(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!blob) return reject(new Error('no file saved'));
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

const section = () => screen.getByRole('region', { name: 'Application d’authentification' });

describe('SecurityRoute, authenticator app (issue 29)', () => {
  it('enrols an app: QR code and grouped key, a wrong code refused, then the recovery codes shown once', async () => {
    const { requests } = serve(false);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', Object.assign(navigator, { clipboard: { writeText } }));
    renderPage(<SecurityRoute />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sécurité' })).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Configurer une application d’authentification' }));
    const qr = await screen.findByRole('img', { name: 'QR code à scanner avec votre application d’authentification' });
    expect(qr.getAttribute('src')).toBe(PIXEL);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ouvrir votre application d’authentification' }).getAttribute('href')).toBe(ENROLMENT.otpauthUrl);

    const code = screen.getByLabelText(/^Code à 6 chiffres/);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(code, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText(SECURITY_TEXTS.totpCodeFormat)).toBeTruthy();

    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Ce code n’est pas valide. Vérifiez l’heure de votre téléphone.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(code));

    fireEvent.change(code, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer' }));
    const list = await screen.findByRole('list', { name: 'Codes de secours' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES.codesDeSecours);
    const confirmation = requests.filter((request) => request.url === '/api/securite/totp/confirmation').at(-1);
    expect(JSON.parse(confirmation?.body ?? '{}')).toEqual({ code: '123456' });

    fireEvent.click(screen.getByRole('button', { name: 'Copier les codes' }));
    expect(await screen.findByText('Les codes de secours sont copiés dans le presse-papiers.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('7KQ2-M9X0\n7KQ2-M9X1\n'));

    fireEvent.click(screen.getByRole('button', { name: 'Télécharger les codes (TXT)' }));
    expect(saved.map((file) => file.name)).toEqual(['codes-de-secours.txt']);
    const text = await textOf(saved[0]?.blob);
    for (const recovery of CODES.codesDeSecours) expect(text).toContain(recovery);

    fireEvent.click(screen.getByRole('button', { name: 'J’ai conservé mes codes de secours' }));
    expect(await within(section()).findByText(/^L’application d’authentification est activée/)).toBeTruthy();
    expect(within(section()).getByText(/^L’application d’authentification est activée/).closest('[role="status"]')).toBeTruthy();
    expect(screen.queryByText('7KQ2-M9X0')).toBeNull();
    expect(await screen.findByText('Activée depuis le 05/03/2026')).toBeTruthy();
    expect(screen.getByText(/Il vous reste 10 codes de secours sur 10\./)).toBeTruthy();
  });

  it('removes the app with a current code, once the dialog is confirmed', async () => {
    const { requests } = serve(true);
    renderPage(<SecurityRoute />);
    expect(await screen.findByText('Activée depuis le 05/03/2026')).toBeTruthy();

    const code = screen.getByLabelText(/^Code à 6 chiffres/);
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Désactiver' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Désactiver l’application d’authentification\u00a0?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Désactiver' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Désactiver' }));
    const again = await screen.findByRole('alertdialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Désactiver' }));

    expect(await screen.findByText('L’application d’authentification est désactivée.')).toBeTruthy();
    const removal = requests.find((request) => request.method === 'DELETE');
    expect(removal?.url).toBe('/api/securite/totp');
    expect(JSON.parse(removal?.body ?? '{}')).toEqual({ code: '123456' });
    expect(await screen.findByRole('button', { name: 'Configurer une application d’authentification' })).toBeTruthy();
  });

  it('keeps the app when the code is wrong, and says why under the field', async () => {
    serve(true);
    renderPage(<SecurityRoute />);
    const code = await screen.findByLabelText(/^Code à 6 chiffres/);
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Désactiver' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Désactiver' }));
    expect(await screen.findByText('Ce code n’est pas valide.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Activée depuis le 05/03/2026')).toBeTruthy();
  });
});

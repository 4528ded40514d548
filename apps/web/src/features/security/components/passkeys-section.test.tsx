import { passkeySchema, securityOverviewSchema, type Passkey } from '@ecare/shared/security';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { PasskeysSection } from './passkeys-section.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PHONE: Passkey = passkeySchema.parse({
  id: '11111111-1111-4111-8111-111111111111',
  nom: 'Téléphone de Claire',
  creeLe: '2026-11-02T08:15:00.000Z',
  derniereUtilisation: null,
});

/** The user's passkeys as the server keeps them (no authenticator app). */
function serve(initial: Passkey[]) {
  let passkeys = initial;
  return stubFetch((request: RecordedRequest) => {
    const key = `${request.method} ${request.url}`;
    if (key === 'GET /api/securite/passkeys') return jsonResponse(passkeys);
    if (key === 'GET /api/securite') {
      return jsonResponse(securityOverviewSchema.parse({ totp: { actif: false, depuis: null }, codesDeSecoursRestants: 10, passkeys: passkeys.length, obligatoire: false }));
    }
    const one = passkeys.find((passkey) => request.url === `/api/securite/passkeys/${passkey.id}`);
    if (one && request.method === 'PATCH') {
      const renamed = { ...one, nom: (JSON.parse(request.body ?? '{}') as { nom: string }).nom.trim() };
      passkeys = passkeys.map((passkey) => (passkey.id === one.id ? renamed : passkey));
      return jsonResponse(renamed);
    }
    if (one && request.method === 'DELETE') {
      passkeys = passkeys.filter((passkey) => passkey.id !== one.id);
      return jsonResponse({ ok: true });
    }
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

describe('PasskeysSection', () => {
  it('lists the passkeys, renames one in a dialog and removes it after a confirmation that names the last factor', async () => {
    const { requests } = serve([PHONE]);
    renderPage(<PasskeysSection />);
    const header = await screen.findByRole('rowheader', { name: 'Téléphone de Claire' });
    const row = within(header.closest('tr') ?? document.body);
    expect(row.getByText('02/11/2026')).toBeTruthy();
    expect(row.getByText('Jamais utilisée')).toBeTruthy();

    fireEvent.click(row.getByRole('button', { name: 'Renommer la clé d’accès Téléphone de Claire' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renommer la clé d’accès' });
    const field = within(dialog).getByLabelText(/^Nouveau nom/);
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(/Donnez un nom à votre clé d’accès/)).toBeTruthy();
    fireEvent.change(field, { target: { value: ' Téléphone pro ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/^La clé d’accès s’appelle désormais «\sTéléphone pro\s»\.$/)).toBeTruthy();
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(JSON.parse(patch?.body ?? '{}')).toEqual({ nom: 'Téléphone pro' });

    fireEvent.click(await screen.findByRole('button', { name: 'Retirer la clé d’accès Téléphone pro' }));
    const confirmation = await screen.findByRole('alertdialog', { name: /^Retirer cette clé d’accès\s\?$/ });
    expect(within(confirmation).getByText(/C’est votre dernier second facteur/)).toBeTruthy();
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Retirer' }));
    expect(await screen.findByText(/^La clé d’accès «\sTéléphone pro\s» est retirée\.$/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Aucune clé d’accès')).toBeTruthy());
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([`/api/securite/passkeys/${PHONE.id}`]);
  });

  it('says calmly when this browser cannot use passkeys, instead of the add form', async () => {
    serve([]);
    renderPage(<PasskeysSection />);
    expect(await screen.findByText('Aucune clé d’accès')).toBeTruthy();
    // jsdom has no WebAuthn.
    expect(screen.getByText(/Ce navigateur ne permet pas d’utiliser une clé d’accès/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajouter une clé d’accès' })).toBeNull();
  });
});

import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { TotpSection } from './totp-section.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '2')}`);

function serve(regeneration: () => Response) {
  let left = 3;
  return stubFetch((request) => {
    if (request.method === 'GET' && request.url === '/api/securite') {
      return jsonResponse({ totp: { actif: true, depuis: '2026-11-01T10:00:00.000Z' }, codesDeSecoursRestants: left, passkeys: 0, obligatoire: false });
    }
    if (request.method === 'POST' && request.url === '/api/securite/codes-secours') {
      const answer = regeneration();
      if (answer.ok) left = 10;
      return answer;
    }
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST').map((r) => r.url);

describe('the regeneration of recovery codes in the authenticator app’s section', () => {
  it('asks first, then shows the new codes once, then says the old ones no longer work', async () => {
    const { requests } = serve(() => jsonResponse({ codesDeSecours: CODES }));
    renderPage(<TotpSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Générer de nouveaux codes de secours' }));
    let dialog = within(await screen.findByRole('alertdialog', { name: 'Générer de nouveaux codes de secours\u00a0?' }));
    expect(dialog.getByText(/cesseront immédiatement de fonctionner/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts(requests)).toEqual([]);

    await waitFor(() => expect(screen.getByRole('button', { name: 'Générer de nouveaux codes de secours' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Générer de nouveaux codes de secours' }));
    dialog = within(await screen.findByRole('alertdialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Générer de nouveaux codes' }));
    const list = await screen.findByRole('list', { name: 'Codes de secours' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(posts(requests)).toEqual(['/api/securite/codes-secours']);
    expect(screen.getByRole('button', { name: 'Copier les codes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Télécharger les codes (TXT)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'J’ai conservé mes codes de secours' }));
    expect(await screen.findByText(/^Vos nouveaux codes de secours sont actifs.; les anciens ne fonctionnent plus\.$/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Codes de secours' })).toBeNull();
    expect(await screen.findByText(/Il vous reste 10.codes de secours sur 10/)).toBeTruthy();
  });

  it('says why the codes could not be generated', async () => {
    serve(() => jsonResponse(apiErrorSchema.parse({ code: 'RECOVERY_CODES_NO_FACTOR', exceptionMessage: errorMessage('RECOVERY_CODES_NO_FACTOR') }), 409));
    renderPage(<TotpSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Générer de nouveaux codes de secours' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Générer de nouveaux codes' }));
    expect(await screen.findByText(errorMessage('RECOVERY_CODES_NO_FACTOR'))).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Codes de secours' })).toBeNull();
  });
});

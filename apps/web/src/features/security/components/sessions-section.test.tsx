import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import { userSessionSchema, type UserSession } from '@ecare/shared/user-sessions';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { onPhoneScreen } from '../../../test/narrow-screen.ts';
import { renderPage } from '../../../test/render.tsx';
import { SessionsSection } from './sessions-section.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function session(overrides: Partial<UserSession>): UserSession {
  return userSessionSchema.parse({
    id: '11111111-1111-4111-8111-111111111111',
    appareil: 'Ordinateur sous Windows 10',
    navigateur: 'Chrome 131',
    lieu: 'Réseau 203.0.113.0/24',
    debut: '2026-11-29T08:15:00.000Z',
    derniereActivite: '2026-11-29T09:40:00.000Z',
    courante: true,
    ...overrides,
  });
}

const DESKTOP = session({});
const PHONE = session({ id: '22222222-2222-4222-8222-222222222222', appareil: 'iPhone sous iOS 17', navigateur: 'Safari 17', lieu: 'Réseau local', courante: false });
const MAC = session({ id: '33333333-3333-4333-8333-333333333333', appareil: 'Ordinateur Apple sous macOS', navigateur: 'Firefox 133', courante: false });

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** The user's sessions as the server keeps them; `handlers` replace any answer by "METHOD path". */
function serve(initial: UserSession[], handlers: Record<string, Handler> = {}) {
  let sessions = initial;
  const defaults: Record<string, Handler> = {
    'GET /api/sessions': () => jsonResponse(sessions),
    'DELETE /api/sessions': () => {
      const ended = sessions.filter((s) => !s.courante).length;
      sessions = sessions.filter((s) => s.courante);
      return jsonResponse({ sessionsTerminees: ended });
    },
  };
  for (const s of initial) {
    defaults[`DELETE /api/sessions/${s.id}`] = () => {
      sessions = sessions.filter((other) => other.id !== s.id);
      return jsonResponse({ ok: true });
    };
  }
  const routes = { ...defaults, ...handlers };
  return stubFetch((request) => {
    const handler = routes[`${request.method} ${request.url}`];
    return handler ? handler(request) : jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

const row = (device: string) => {
  const tr = screen.getByRole('rowheader', { name: new RegExp(`^${device}`) }).closest('tr');
  if (!tr) throw new Error(`no row for ${device}`);
  return within(tr);
};

const writes = (requests: RecordedRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url}`);

describe('SessionsSection', () => {
  it('lists the sessions with this one marked and no way to end it here', async () => {
    serve([DESKTOP, PHONE]);
    renderPage(<SessionsSection />);
    await screen.findByRole('table', { name: 'Sessions ouvertes sur votre compte' });
    expect(screen.getByRole('heading', { name: 'Sessions ouvertes' })).toBeTruthy();
    expect(row('Ordinateur sous Windows 10').getByText('Cette session')).toBeTruthy();
    expect(row('Ordinateur sous Windows 10').queryByRole('button')).toBeNull();
    expect(row('Ordinateur sous Windows 10').getByText('Réseau 203.0.113.0/24')).toBeTruthy();
    expect(row('Ordinateur sous Windows 10').getByText('29/11/2026 09:15')).toBeTruthy();
    expect(row('Ordinateur sous Windows 10').getByText('29/11/2026 10:40')).toBeTruthy();
    expect(row('iPhone sous iOS 17').getByText('Réseau local')).toBeTruthy();
    expect(row('iPhone sous iOS 17').getByRole('button', { name: 'Déconnecter iPhone sous iOS 17, Safari 17' })).toBeTruthy();
  });

  it('ends another session once confirmed, and not when declined', async () => {
    const { requests } = serve([DESKTOP, PHONE, MAC]);
    renderPage(<SessionsSection />);
    await screen.findByRole('table');

    fireEvent.click(row('iPhone sous iOS 17').getByRole('button', { name: /^Déconnecter/ }));
    let dialog = within(await screen.findByRole('alertdialog', { name: 'Déconnecter cette session\u00a0?' }));
    expect(dialog.getByText(/iPhone sous iOS 17 \(Safari 17\), Réseau local/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(requests)).toEqual([]);

    await waitFor(() => expect(row('iPhone sous iOS 17').getByRole('button', { name: /^Déconnecter/ }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(row('iPhone sous iOS 17').getByRole('button', { name: /^Déconnecter/ }));
    dialog = within(await screen.findByRole('alertdialog', { name: 'Déconnecter cette session\u00a0?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Déconnecter' }));
    expect(await screen.findByText('La session iPhone sous iOS 17 (Safari 17) a été déconnectée.')).toBeTruthy();
    expect(writes(requests)).toEqual([`DELETE /api/sessions/${PHONE.id}`]);
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /^iPhone/ })).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('ends all the other sessions once confirmed, and says so', async () => {
    const { requests } = serve([DESKTOP, PHONE, MAC]);
    renderPage(<SessionsSection />);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Déconnecter toutes les autres sessions' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Déconnecter toutes les autres sessions\u00a0?' }));
    expect(dialog.getByText(/Cette session reste ouverte/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Déconnecter les autres sessions' }));
    expect(await screen.findByText('Les 2 autres sessions ont été déconnectées.')).toBeTruthy();
    expect(writes(requests)).toEqual(['DELETE /api/sessions']);
    expect(await screen.findByText('Aucune autre session n’est ouverte.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Déconnecter toutes les autres sessions' })).toBeNull();
  });

  it('says why a session could not be ended', async () => {
    serve([DESKTOP, PHONE], {
      [`DELETE /api/sessions/${PHONE.id}`]: () =>
        jsonResponse(apiErrorSchema.parse({ code: 'USER_SESSION_UNKNOWN', exceptionMessage: errorMessage('USER_SESSION_UNKNOWN') }), 404),
    });
    renderPage(<SessionsSection />);
    await screen.findByRole('table');
    fireEvent.click(row('iPhone sous iOS 17').getByRole('button', { name: /^Déconnecter/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Déconnecter' }));
    expect(await screen.findByText(errorMessage('USER_SESSION_UNKNOWN'))).toBeTruthy();
  });

  it('is a list of cards on a phone, this session marked', async () => {
    onPhoneScreen();
    serve([DESKTOP, PHONE]);
    renderPage(<SessionsSection />);
    const list = await screen.findByRole('list', { name: 'Sessions ouvertes sur votre compte' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('Cette session')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByRole('button', { name: 'Déconnecter iPhone sous iOS 17, Safari 17' })).toBeTruthy();
  });
});

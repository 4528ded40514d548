import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch-stub.ts';
import { forgetEarlyRequests } from '../lib/early-requests.ts';
import { BASENAME } from '../lib/routes.ts';
import { setSelection } from '../lib/selection-store.ts';
import { startSession } from '../lib/session-storage.ts';
import { fetchBillingAccounts } from '../features/accounts/api/get-billing-accounts.ts';
import { fetchCurrentUser } from '../features/auth/api/get-current-user.ts';
import { fetchSessionData } from '../features/auth/api/get-session-data.ts';
import { fetchHome } from '../features/home/api/get-home.ts';
import { createCurrentUser, createLineDetail } from '../test/factories.ts';
import { sendEarlyReads } from './early-reads.ts';
import { resolveSession } from './session/resolve-session.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  forgetEarlyRequests();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const paths = (requests: { url: string }[]) => requests.map((request) => request.url);

describe('sendEarlyReads', () => {
  it('sends nothing without a valid session, or on pages that load none', () => {
    const { requests } = stubFetch(() => jsonResponse({}));
    sendEarlyReads(`${BASENAME}/pages/accueil`);
    startSession('jeton');
    sendEarlyReads(`${BASENAME}/identification/authentification`);
    sendEarlyReads(`${BASENAME}/identification/creer-code-confidentiel/abc`);
    sendEarlyReads(`${BASENAME}/maintenance`);
    expect(requests).toEqual([]);
  });

  it('asks for the user and the account list when no account is stored', () => {
    startSession('jeton');
    const { requests } = stubFetch(() => jsonResponse({}));
    sendEarlyReads(`${BASENAME}/pages/accueil`);
    expect(paths(requests)).toEqual(['/api/current_user', '/api/comptes_facturation']);
  });

  it('asks for a line user’s own line, and not for the account list, which nothing reads for them', async () => {
    startSession('jeton');
    // The session restore of the page before the reload.
    stubFetch((request) =>
      request.url === '/api/current_user'
        ? jsonResponse(createCurrentUser({ utilisateur: true, gestionnaire: false, idContrat: 5002 }))
        : jsonResponse(createLineDetail({ idContrat: 5002 })),
    );
    await resolveSession(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    forgetEarlyRequests();
    const { requests } = stubFetch(() => jsonResponse({}));
    sendEarlyReads(`${BASENAME}/pages/accueil-utilisateur`);
    expect(paths(requests)).toEqual(['/api/current_user', '/api/ligne/5002']);
  });

  it('asks for the stored account and line, and the home page’s own read', () => {
    startSession('jeton');
    setSelection({ accountId: 1001, lineId: 5002 });
    const { requests } = stubFetch(() => jsonResponse({}));
    sendEarlyReads(`${BASENAME}/pages/accueil`);
    expect(paths(requests)).toEqual([
      '/api/current_user',
      '/api/sessiondata/1001/5002',
      '/api/clients/1001/accueil',
    ]);
    forgetEarlyRequests();
    requests.length = 0;
    sendEarlyReads(`${BASENAME}/mon-compte`);
    expect(paths(requests)).toEqual(['/api/current_user', '/api/sessiondata/1001/5002']);
  });

  it('sends the very paths the fetchers read, so their answers are taken', async () => {
    startSession('jeton');
    const { requests } = stubFetch(() => jsonResponse({}));
    // The fetchers reject the stub's empty answers; what matters is that they ask nothing more.
    sendEarlyReads(`${BASENAME}/pages/accueil`);
    await Promise.allSettled([fetchCurrentUser(), fetchBillingAccounts()]);
    expect(requests).toHaveLength(2);

    setSelection({ accountId: 1001, lineId: null });
    sendEarlyReads(`${BASENAME}/pages/accueil`);
    await Promise.allSettled([fetchCurrentUser(), fetchSessionData(1001, 0), fetchHome(1001)]);
    expect(requests).toHaveLength(5);
  });
});

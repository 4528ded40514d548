import { API_KEYS_TEXTS } from '@ecare/shared/api-keys';
import { errorMessage } from '@ecare/shared/errors';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSelection, setSelection } from '../../../lib/selection-store.ts';
import { clearAllStorage, startSession } from '../../../lib/session-storage.ts';
import { createBillingAccount, createCurrentUser, createSessionData } from '../../../test/factories.ts';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { ApiRoute } from './api-route.tsx';

const ACCOUNT = 31;
const BAKERY = createBillingAccount({ idClientBscs: ACCOUNT, raisonSociale: 'Boulangerie Lemoine SARL', codeClientBscs: '1.31' });

beforeEach(() => {
  fillJsdomGaps();
  startSession('jeton-de-test');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSelection();
  clearAllStorage();
});

/** The session of a manager of the bakery, of an agent acting for it, or of a simple line user. */
function serve(kind: 'manager' | 'agent' | 'lineUser') {
  if (kind !== 'lineUser') setSelection({ accountId: ACCOUNT, lineId: null });
  const user =
    kind === 'lineUser'
      ? createCurrentUser({ gestionnaire: false, utilisateur: true, idClientBscs: ACCOUNT, idContrat: 5001 })
      : createCurrentUser({ idClientBscs: ACCOUNT, ...(kind === 'agent' ? { serviceClient: true, usernameSC: 'agent.dupont', nomSC: 'Paul Dupont' } : {}) });
  return stubFetch((request: RecordedRequest) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    if (path === '/api/current_user') return jsonResponse(user);
    if (path === `/api/sessiondata/${ACCOUNT}/0`) return jsonResponse(createSessionData({ current_compte_facturation: BAKERY }));
    if (path === `/api/clients/${ACCOUNT}/cles-api`) return jsonResponse({ cles: [] });
    if (path === `/api/clients/${ACCOUNT}/webhooks`) return jsonResponse({ webhooks: [] });
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

describe('ApiRoute', () => {
  it('gives a manager the chosen account’s keys and webhooks, with the API’s reference', async () => {
    serve('manager');
    renderPage(<ApiRoute />);
    expect(await screen.findByRole('heading', { level: 1, name: 'API et webhooks' })).toBeTruthy();
    expect(await screen.findByText('Boulangerie Lemoine SARL – compte 1.31')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: API_KEYS_TEXTS.keysTitle })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /référence de l’API/ }).getAttribute('href')).toBe('/api/v1/docs');
    expect(screen.getByRole('link', { name: /document OpenAPI/ }).getAttribute('href')).toBe('/api/v1/openapi.json');
    expect(await screen.findByRole('button', { name: API_KEYS_TEXTS.create })).toBeTruthy();
  });

  it('lets an agent acting for the customer see the keys and webhooks without creating any', async () => {
    serve('agent');
    renderPage(<ApiRoute />);
    expect(await screen.findByText(/seul un gestionnaire du compte peut en créer/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: API_KEYS_TEXTS.create })).toBeNull();
    expect(await screen.findByText(errorMessage('WEBHOOK_AGENT_FORBIDDEN'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajouter le webhook' })).toBeNull();
  });

  it('tells a simple line user the page is the managers’, without reading the keys', async () => {
    const { requests } = serve('lineUser');
    renderPage(<ApiRoute />);
    expect(await screen.findByText('Cette page est réservée aux gestionnaires du compte de facturation.')).toBeTruthy();
    expect(requests.some((request) => request.url.includes('/cles-api') || request.url.includes('/webhooks'))).toBe(false);
  });
});

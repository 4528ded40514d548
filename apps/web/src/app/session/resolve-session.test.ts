import { API_ERRORS, apiErrorSchema, ERROR_CODES } from '@ecare/shared/errors';
import { linePageSchema } from '@ecare/shared/lines';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSelection, setSelection } from '../../lib/selection-store.ts';
import { startSession } from '../../lib/session-storage.ts';
import {
  createBillingAccount,
  createCurrentUser,
  createLine,
  createLineDetail,
  createSessionData,
} from '../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../test/fetch-stub.ts';
import { landingPath } from './landing-path.ts';
import { resolveSession } from './resolve-session.ts';

type Routes = Record<string, () => Response>;

function serve(routes: Routes) {
  return stubFetch((request) => {
    const path = request.url.split('?')[0] ?? '';
    const route = routes[path];
    return route ? route() : jsonResponse(apiErrorSchema.parse({ code: 'NOT_FOUND', exceptionMessage: path }), 404);
  });
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  startSession('token');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resolveSession (spec §4 "Session restore")', () => {
  it('sends a simple line user home with their own line', async () => {
    const line = createLineDetail({ idContrat: 77 });
    serve({
      '/api/current_user': () => jsonResponse(createCurrentUser({ utilisateur: true, gestionnaire: false, idContrat: 77 })),
      '/api/ligne/77': () => jsonResponse(line),
    });

    const resolution = await resolveSession(newClient());

    expect(resolution).toMatchObject({ kind: 'user', line });
    expect(landingPath(resolution, null)).toBe('/pages/accueil-utilisateur');
  });

  it('asks a mandataire with several manageable accounts to choose, ignoring the others', async () => {
    const { requests } = serve({
      '/api/current_user': () => jsonResponse(createCurrentUser({ mandataire: true, gestionnaire: false })),
      '/api/comptes_facturation': () =>
        jsonResponse([createBillingAccount(), createBillingAccount(), createBillingAccount({ isGestionnaire: false })]),
    });

    const resolution = await resolveSession(newClient());

    expect(resolution.kind).toBe('choose');
    expect(getSelection()).toEqual({ accountId: null, lineId: null });
    expect(landingPath(resolution, '/pages/mes-lignes-mobiles')).toBe(
      '/pages/choix-compte-facturation?returnurl=%2Fpages%2Fmes-lignes-mobiles',
    );
    expect(requests.map((request) => request.url)).toContain('/api/comptes_facturation');
    expect(requests.some((request) => request.url.startsWith('/api/sessiondata'))).toBe(false);
  });

  it('selects the only manageable account and its only mobile line', async () => {
    const account = createBillingAccount({ idClientBscs: 31, nbContratsMobile: 1 });
    const line = createLine({ idContrat: 901 });
    const { requests } = serve({
      '/api/current_user': () => jsonResponse(createCurrentUser({ mandataire: true, gestionnaire: false })),
      '/api/comptes_facturation': () => jsonResponse([account, createBillingAccount({ isGestionnaire: false })]),
      '/api/contrats_pagination/31': () => jsonResponse(linePageSchema.parse({ contrats: [line], total: 1, page: 1, taille: 20 })),
      '/api/sessiondata/31/901': () => jsonResponse(createSessionData({ current_compte_facturation: account, current_ligne: line })),
    });

    const resolution = await resolveSession(newClient());

    expect(resolution).toMatchObject({ kind: 'account', account, line });
    expect(getSelection()).toEqual({ accountId: 31, lineId: 901 });
    expect(requests.find((request) => request.url.startsWith('/api/contrats_pagination'))?.url).toBe(
      '/api/contrats_pagination/31?page=1&taille=20&tri=numeroLigne&ordre=asc&recherche=',
    );
    expect(landingPath(resolution, null)).toBe('/pages/accueil');
  });

  it('gives a gestionnaire their own account without choosing a line when it has several', async () => {
    const account = createBillingAccount({ idClientBscs: 12, nbContratsMobile: 4 });
    serve({
      '/api/current_user': () => jsonResponse(createCurrentUser({ idClientBscs: 12 })),
      '/api/comptes_facturation': () => jsonResponse([account]),
      '/api/sessiondata/12/0': () => jsonResponse(createSessionData({ current_compte_facturation: account })),
    });

    const resolution = await resolveSession(newClient());

    expect(resolution).toMatchObject({ kind: 'account', account, line: null });
    expect(getSelection()).toEqual({ accountId: 12, lineId: null });
  });

  it('restores the stored account and line through /api/sessiondata', async () => {
    setSelection({ accountId: 40, lineId: 400 });
    const account = createBillingAccount({ idClientBscs: 40 });
    const { requests } = serve({
      '/api/current_user': () => jsonResponse(createCurrentUser({ mandataire: true })),
      '/api/sessiondata/40/400': () => jsonResponse(createSessionData({ current_compte_facturation: account })),
    });

    await expect(resolveSession(newClient())).resolves.toMatchObject({ kind: 'account', account });
    expect(requests.map((request) => request.url)).toContain('/api/sessiondata/40/400');
    expect(requests.some((request) => request.url === '/api/comptes_facturation')).toBe(false);
  });

  it('reports a refused stored account', async () => {
    setSelection({ accountId: 41, lineId: null });
    serve({
      '/api/current_user': () => jsonResponse(createCurrentUser({ mandataire: true })),
      '/api/sessiondata/41/0': () =>
        jsonResponse(apiErrorSchema.parse({ code: ERROR_CODES.FORBIDDEN_ACCOUNT, exceptionMessage: API_ERRORS.FORBIDDEN_ACCOUNT.message }), 403),
    });

    await expect(resolveSession(newClient())).resolves.toMatchObject({
      kind: 'forbidden',
      error: { status: 403, code: 'FORBIDDEN_ACCOUNT' },
    });
  });

  it('leads to /pages/500 when the account list fails', async () => {
    serve({
      '/api/current_user': () => jsonResponse(createCurrentUser({ mandataire: true })),
      '/api/comptes_facturation': () => jsonResponse(apiErrorSchema.parse({ code: 'INTERNAL', exceptionMessage: 'x' }), 500),
    });

    const resolution = await resolveSession(newClient());

    expect(resolution.kind).toBe('failed');
    expect(landingPath(resolution, '/pages/accueil')).toBe('/pages/500');
  });
});

import { currentUserSchema, tokenErrorSchema, tokenResponseSchema } from '@ecare/shared/auth';
import { okResponseSchema } from '@ecare/shared/errors';
import { API_ERRORS, apiErrorSchema, ERROR_CODES } from '@ecare/shared/errors';
import { versionSchema } from '@ecare/shared/session';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createCurrentUser } from '../test/factories.ts';
import { jsonResponse, stubFetch } from '../test/fetch-stub.ts';
import { createServerParameters } from '../test/factories.ts';
import { MAINTENANCE_HEADER } from '@ecare/shared/constants';
import { apiRequest, onMaintenance, onStatusPage, onUnauthorized } from './api-client.ts';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api-error.ts';
import { getLoadingCount, resetLoading } from './loading-counter.ts';
import { forgetParameters, rememberParameters } from './server-parameters.ts';
import { startSession, STORAGE_KEYS } from './session-storage.ts';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  resetLoading();
  forgetParameters();
});

/** Listens to the three redirects the client can ask for, for the length of one test. */
function listenToRedirects() {
  const unauthorized = vi.fn();
  const maintenance = vi.fn();
  const statusPage = vi.fn();
  const stops = [onUnauthorized(unauthorized), onMaintenance(maintenance), onStatusPage(statusPage)];
  onTestFinished(() => stops.forEach((stop) => stop()));
  return { unauthorized, maintenance, statusPage };
}

function withMaintenanceFlag(response: Response): Response {
  response.headers.set(MAINTENANCE_HEADER, 'true');
  return response;
}

const maintenanceError = () => apiErrorSchema.parse({ code: 'MAINTENANCE', exceptionMessage: 'Le site est en maintenance.' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest headers', () => {
  it('sends the bearer token while the session is valid and validates the answer', async () => {
    startSession('token-123');
    const user = createCurrentUser();
    const { requests } = stubFetch(() => jsonResponse(user));

    await expect(apiRequest('/api/current_user', { schema: currentUserSchema })).resolves.toEqual(user);

    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer token-123');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]?.headers.get('X-XSRF-TOKEN')).toBeNull();
  });

  it('sends no bearer token once the session is idle for 30 minutes', async () => {
    startSession('token-123', Date.now() - 31 * 60 * 1000);
    const { requests } = stubFetch(() => jsonResponse(createCurrentUser()));

    await apiRequest('/api/current_user', { schema: currentUserSchema });

    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('never sends the bearer token to version.json', async () => {
    startSession('token-123');
    const { requests } = stubFetch(() => jsonResponse(versionSchema.parse({ hash: 'abc' })));

    await apiRequest('/ecare/version.json', { schema: versionSchema });

    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('copies the XSRF-TOKEN cookie into X-XSRF-TOKEN on non-GET requests only', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf%2Bvalue; path=/';
    startSession('token-123');
    const { requests } = stubFetch((request) =>
      request.method === 'GET' ? jsonResponse(createCurrentUser()) : jsonResponse(okResponseSchema.parse({ ok: true })),
    );

    await apiRequest('/api/current_user', { schema: currentUserSchema });
    await apiRequest('/api/sessions/SessionData/Logout', { method: 'POST', schema: okResponseSchema });

    expect(requests[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(requests[1]?.headers.get('X-XSRF-TOKEN')).toBe('xsrf+value');
    // A body-less POST claims no JSON body.
    expect(requests[1]?.headers.has('Content-Type')).toBe(false);
  });

  it('sends the token call form-urlencoded and JSON bodies as JSON', async () => {
    const { requests } = stubFetch((request) =>
      request.url === '/api/token'
        ? jsonResponse(tokenResponseSchema.parse({ access_token: 'abc', token_type: 'bearer', expires_in: 1800 }))
        : jsonResponse({ ok: true }),
    );

    await apiRequest('/api/token', {
      method: 'POST',
      form: { username: 'a@b.fr', password: 'hash', grant_type: 'password', captcha: '', ip: '' },
      schema: tokenResponseSchema,
    });
    await apiRequest('/api/other', { method: 'POST', json: { a: 1 }, schema: okResponseSchema });

    expect(requests[0]?.headers.get('Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(requests[0]?.body).toBe('username=a%40b.fr&password=hash&grant_type=password&captcha=&ip=');
    expect(requests[1]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[1]?.body).toBe('{"a":1}');
  });
});

describe('global loading counter', () => {
  it('rises while a request is in flight and falls on its answer', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));

    const pending = apiRequest('/api/current_user', { schema: currentUserSchema });
    expect(getLoadingCount()).toBe(1);
    answer(jsonResponse(createCurrentUser()));
    await pending;
    expect(getLoadingCount()).toBe(0);
  });

  it('ignores the paths listed by the spec', async () => {
    let during = -1;
    stubFetch(() => {
      during = getLoadingCount();
      return jsonResponse({ ok: true });
    });

    for (const path of [
      '/api/ajout-lignes/maj-quantite/1/2',
      '/api/service-client/regate',
      '/api/commandes/total/1',
      '/api/infoconso/getinfoconso',
      '/ecare/version.json',
    ]) {
      await apiRequest(path, { schema: okResponseSchema });
      expect(during).toBe(0);
      expect(getLoadingCount()).toBe(0);
    }
  });

  it('keeps the count on failures of the no-decrement paths and lowers it for the others', async () => {
    let releaseSlow: (response: Response) => void = () => undefined;
    stubFetch((request) =>
      request.url === '/api/slow'
        ? new Promise<Response>((resolve) => (releaseSlow = resolve))
        : jsonResponse(apiErrorSchema.parse({ code: 'INTERNAL', exceptionMessage: 'x' }), 500),
    );
    const slow = apiRequest('/api/slow', { schema: okResponseSchema });
    expect(getLoadingCount()).toBe(1);

    await expect(apiRequest('/api/infoconso/getinfoconso', { schema: okResponseSchema })).rejects.toBeInstanceOf(ApiError);
    expect(getLoadingCount()).toBe(1);

    // Not counted on send but lowered on error, as the spec lists it.
    await expect(apiRequest('/api/service-client/regate', { schema: okResponseSchema })).rejects.toBeInstanceOf(ApiError);
    expect(getLoadingCount()).toBe(0);

    releaseSlow(jsonResponse({ ok: true }));
    await slow;
    expect(getLoadingCount()).toBe(0);
  });

  it('falls when the network fails', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiRequest('/api/current_user', { schema: currentUserSchema })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      exceptionMessage: GENERIC_ERROR_MESSAGE,
    });
    expect(getLoadingCount()).toBe(0);
  });
});

describe('errors', () => {
  it('disconnects on 401: storage cleared and the router told', async () => {
    startSession('token-123');
    localStorage.setItem(STORAGE_KEYS.currentAccount, '42');
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    stubFetch(() => jsonResponse(apiErrorSchema.parse({ code: ERROR_CODES.UNAUTHENTICATED, exceptionMessage: API_ERRORS.UNAUTHENTICATED.message }), 401));

    const error: unknown = await apiRequest('/api/current_user', { schema: currentUserSchema }).catch((caught: unknown) => caught);
    unsubscribe();

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: ERROR_CODES.UNAUTHENTICATED });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('carries code and exceptionMessage of a 403', async () => {
    startSession('token-123');
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    stubFetch(() =>
      jsonResponse(apiErrorSchema.parse({ code: ERROR_CODES.FORBIDDEN_ACCOUNT, exceptionMessage: API_ERRORS.FORBIDDEN_ACCOUNT.message }), 403),
    );

    await expect(apiRequest('/api/sessiondata/9/0', { schema: currentUserSchema })).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN_ACCOUNT',
      exceptionMessage: API_ERRORS.FORBIDDEN_ACCOUNT.message,
    });
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBe('token-123');
  });

  it('reads error_description of a refused login', async () => {
    const body = tokenErrorSchema.parse({ error: 'invalid_grant', error_description: 'Votre identifiant et votre code confidentiel ne correspondent pas' });
    stubFetch(() => jsonResponse(body, 400));

    await expect(
      apiRequest('/api/token', { method: 'POST', form: { username: 'a', password: 'b' }, schema: tokenResponseSchema }),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_grant', exceptionMessage: body.error_description });
  });

  it('rejects an answer that does not match its schema', async () => {
    stubFetch(() => jsonResponse({ prenom: 'Claire' }));
    await expect(apiRequest('/api/current_user', { schema: currentUserSchema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('keeps its fallback text equal to the shared one', () => {
    expect(GENERIC_ERROR_MESSAGE).toBe(API_ERRORS.INTERNAL.message);
  });
});

describe('maintenance (spec §8)', () => {
  it('enters maintenance on an answer flagged en_maintenance: storage cleared, /maintenance asked for', async () => {
    startSession('token-123');
    localStorage.setItem(STORAGE_KEYS.currentAccount, '42');
    const redirects = listenToRedirects();
    stubFetch(() => withMaintenanceFlag(jsonResponse(maintenanceError(), 503)));

    await expect(apiRequest('/api/current_user', { schema: currentUserSchema })).rejects.toMatchObject({ status: 503, code: 'MAINTENANCE' });

    expect(redirects.maintenance).toHaveBeenCalledTimes(1);
    expect(redirects.unauthorized).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(getLoadingCount()).toBe(0);
  });

  it('still returns a successful flagged answer (the parameters) while entering maintenance', async () => {
    const redirects = listenToRedirects();
    const parameters = createServerParameters({ en_maintenance: 'true' });
    stubFetch(() => withMaintenanceFlag(jsonResponse(parameters)));

    await expect(apiRequest('/api/parametres', { schema: { parse: (data) => data } })).resolves.toEqual(parameters);
    expect(redirects.maintenance).toHaveBeenCalledTimes(1);
  });

  it('treats a 401 as maintenance while the known parameters say so, as a disconnection otherwise', async () => {
    const redirects = listenToRedirects();
    const unauthorized = () => jsonResponse(apiErrorSchema.parse({ code: ERROR_CODES.UNAUTHENTICATED, exceptionMessage: API_ERRORS.UNAUTHENTICATED.message }), 401);
    stubFetch(unauthorized);

    rememberParameters(createServerParameters({ en_maintenance: 'True' }));
    await expect(apiRequest('/api/current_user', { schema: currentUserSchema })).rejects.toMatchObject({ status: 401 });
    expect(redirects.maintenance).toHaveBeenCalledTimes(1);
    expect(redirects.unauthorized).not.toHaveBeenCalled();

    rememberParameters(createServerParameters({ en_maintenance: 'false' }));
    await expect(apiRequest('/api/current_user', { schema: currentUserSchema })).rejects.toMatchObject({ status: 401 });
    expect(redirects.maintenance).toHaveBeenCalledTimes(1);
    expect(redirects.unauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('498 and 499 (spec §8)', () => {
  it.each([498, 499] as const)('stops the loading overlay and asks for /%i', async (status) => {
    startSession('token-123');
    const redirects = listenToRedirects();
    let releaseSlow: (response: Response) => void = () => undefined;
    stubFetch((request) =>
      request.url === '/api/slow'
        ? new Promise<Response>((resolve) => (releaseSlow = resolve))
        : jsonResponse({ code: `HTTP_${status}`, exceptionMessage: 'x' }, status),
    );
    const slow = apiRequest('/api/slow', { schema: okResponseSchema });
    expect(getLoadingCount()).toBe(1);

    await expect(apiRequest('/api/current_user', { schema: currentUserSchema })).rejects.toMatchObject({ status });

    expect(getLoadingCount()).toBe(0);
    expect(redirects.statusPage).toHaveBeenCalledWith(status);
    expect(redirects.unauthorized).not.toHaveBeenCalled();
    // The session is kept: these pages are not a disconnection.
    expect(sessionStorage.getItem(STORAGE_KEYS.accessToken)).toBe('token-123');
    releaseSlow(jsonResponse({ ok: true }));
    await slow;
    expect(getLoadingCount()).toBe(0);
  });
});

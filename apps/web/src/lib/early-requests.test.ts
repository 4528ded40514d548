import { currentUserSchema } from '@ecare/shared/auth';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createCurrentUser } from '../test/factories.ts';
import { jsonResponse, stubFetch } from '../test/fetch-stub.ts';
import { apiRequest, onUnauthorized, sendEarlyGet } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { EARLY_ANSWER_TTL_MS, forgetEarlyRequests, sendEarly, takeEarly } from './early-requests.ts';
import { getLoadingCount, resetLoading } from './loading-counter.ts';
import { startSession } from './session-storage.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetLoading();
  forgetEarlyRequests();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('early requests', () => {
  it('hand an answer over once, for the same path and Authorization header', async () => {
    const { requests } = stubFetch(() => jsonResponse({ ok: true }));
    sendEarly('/api/x', new Headers({ Authorization: 'Bearer a' }), 1_000);
    sendEarly('/api/x', new Headers({ Authorization: 'Bearer a' }), 1_001);
    expect(requests).toHaveLength(1);

    expect(takeEarly('/api/x', 'Bearer b', 1_002)).toBeNull();
    // A refused taker drops the answer: it was sent for another session.
    expect(takeEarly('/api/x', 'Bearer a', 1_003)).toBeNull();

    sendEarly('/api/y', new Headers({ Authorization: 'Bearer a' }), 2_000);
    const answer = takeEarly('/api/y', 'Bearer a', 2_500);
    expect(answer).not.toBeNull();
    await expect(answer?.then((response) => response.json())).resolves.toEqual({ ok: true });
    expect(takeEarly('/api/y', 'Bearer a', 2_600)).toBeNull();
  });

  it('drop an answer nobody took in time', () => {
    stubFetch(() => jsonResponse({}));
    sendEarly('/api/x', new Headers(), 0);
    expect(takeEarly('/api/x', null, EARLY_ANSWER_TTL_MS + 1)).toBeNull();
  });

  it('leave a failure untaken unreported', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    onTestFinished(() => {
      process.off('unhandledRejection', unhandled);
    });
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    sendEarly('/api/x', new Headers());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('apiRequest and an early GET', () => {
  it('reads the early answer instead of asking again, with the same headers and loading count', async () => {
    startSession('jeton');
    const user = createCurrentUser();
    const { requests } = stubFetch(() => jsonResponse(user));

    sendEarlyGet('/api/current_user');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer jeton');
    expect(requests[0]?.headers.get('Accept')).toBe('application/json');
    expect(getLoadingCount()).toBe(0);

    const read = apiRequest('/api/current_user', { schema: currentUserSchema });
    expect(getLoadingCount()).toBe(1);
    await expect(read).resolves.toEqual(user);
    expect(getLoadingCount()).toBe(0);
    expect(requests).toHaveLength(1);

    // Taken once: the next read asks the server.
    await apiRequest('/api/current_user', { schema: currentUserSchema });
    expect(requests).toHaveLength(2);
  });

  it('reacts to an early refusal as to its own (401: storage cleared, login page due)', async () => {
    startSession('jeton');
    stubFetch(() => jsonResponse({ code: 'UNAUTHORIZED', exceptionMessage: 'Session expirée' }, 401));
    const unauthorized = vi.fn();
    const stop = onUnauthorized(unauthorized);
    onTestFinished(() => {
      stop();
    });

    sendEarlyGet('/api/current_user');
    const read = apiRequest('/api/current_user', { schema: currentUserSchema });
    await expect(read).rejects.toBeInstanceOf(ApiError);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('access_token')).toBeNull();
  });

  it('asks again when the session changed since the early request', async () => {
    startSession('ancien');
    const { requests } = stubFetch(() => jsonResponse(createCurrentUser()));
    sendEarlyGet('/api/current_user');
    startSession('nouveau');
    await apiRequest('/api/current_user', { schema: currentUserSchema });
    expect(requests.map((request) => request.headers.get('Authorization'))).toEqual(['Bearer ancien', 'Bearer nouveau']);
  });
});

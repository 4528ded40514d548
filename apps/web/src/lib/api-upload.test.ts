import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import { contactResponseSchema } from '@ecare/shared/support';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { stubXhr } from '../test/xhr-stub.ts';
import { onUnauthorized } from './api-client.ts';
import { apiUpload, type UploadProgress } from './api-upload.ts';
import { ApiError } from './api-error.ts';
import { getLoadingCount, resetLoading } from './loading-counter.ts';
import { startSession } from './session-storage.ts';

const ANSWER = { reference: 'SUP-2026-000042', dateCreation: '2026-03-02T10:00:00.000Z', email: 'claire@example.test' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = 'XSRF-TOKEN=jeton-xsrf; path=/';
  resetLoading();
});
afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  vi.unstubAllGlobals();
});

const form = () => {
  const body = new FormData();
  body.append('objet', 'Écran cassé');
  body.append('pieceJointe', new File(['%PDF-1.7'], 'constat.pdf', { type: 'application/pdf' }));
  return body;
};

describe('apiUpload', () => {
  it('sends the form as multipart with the bearer and XSRF headers, reports progress, checks the answer', async () => {
    startSession('jeton-session');
    const { uploads } = stubXhr(() => ({ status: 200, body: ANSWER, progress: [1_000, 4_000, 8_000], total: 8_000 }));
    const progress: UploadProgress[] = [];
    const answer = await apiUpload('/api/faq/envoyerEmail', { body: form(), schema: contactResponseSchema, onProgress: (p) => progress.push(p) });

    expect(answer).toEqual(ANSWER);
    expect(progress).toEqual([
      { sent: 1_000, total: 8_000 },
      { sent: 4_000, total: 8_000 },
      { sent: 8_000, total: 8_000 },
    ]);
    const [upload] = uploads;
    expect(upload?.method).toBe('POST');
    expect(upload?.headers.get('Authorization')).toBe('Bearer jeton-session');
    expect(upload?.headers.get('X-XSRF-TOKEN')).toBe('jeton-xsrf');
    // The browser writes multipart/form-data and its boundary itself.
    expect(upload?.headers.get('Content-Type')).toBeNull();
    expect(upload?.body?.get('objet')).toBe('Écran cassé');
    // The caller shows its own progress: the global overlay stays off.
    expect(getLoadingCount()).toBe(0);
  });

  it('rejects a refusal with the catalogue code and message', async () => {
    const refusal = apiErrorSchema.parse({ code: 'ATTACHMENT_TYPE', exceptionMessage: errorMessage('ATTACHMENT_TYPE') });
    stubXhr(() => ({ status: 400, body: refusal }));
    const error = await apiUpload('/api/faq/envoyerEmail', { body: form(), schema: contactResponseSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'ATTACHMENT_TYPE', exceptionMessage: errorMessage('ATTACHMENT_TYPE') });
  });

  it('disconnects on 401 as every call does', async () => {
    const unauthorized = vi.fn();
    onTestFinished(onUnauthorized(unauthorized));
    stubXhr(() => ({ status: 401, body: { code: 'UNAUTHENTICATED', exceptionMessage: errorMessage('UNAUTHENTICATED') } }));
    await expect(apiUpload('/api/faq/envoyerEmail', { body: form(), schema: contactResponseSchema })).rejects.toBeInstanceOf(ApiError);
    expect(unauthorized).toHaveBeenCalledOnce();
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    stubXhr(() => {
      controller.abort();
      return { status: 200, body: ANSWER, progress: [10], total: 100 };
    });
    const error = await apiUpload('/api/faq/envoyerEmail', { body: form(), schema: contactResponseSchema, signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('refuses an answer its schema does not describe', async () => {
    stubXhr(() => ({ status: 200, body: { reference: 42 } }));
    await expect(apiUpload('/api/faq/envoyerEmail', { body: form(), schema: contactResponseSchema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});

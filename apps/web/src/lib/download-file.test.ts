import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch-stub.ts';
import { onUnauthorized } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { fetchFile, fileNameFrom, saveFile, type DownloadProgress } from './download-file.ts';
import { getLoadingCount, resetLoading } from './loading-counter.ts';
import { startSession } from './session-storage.ts';

/** A body that arrives in the given chunks, as a network stream does. */
function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

/** jsdom's Blob has no text(): read it as a browser of old would. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

function fileResponse(chunks: string[], headers: Record<string, string>): Response {
  return new Response(streamOf(chunks), { status: 200, headers });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetLoading();
  document.cookie = 'XSRF-TOKEN=jeton-xsrf; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('fetchFile', () => {
  it('sends the bearer token, streams the body with measured progress and takes the server’s file name', async () => {
    startSession('jeton-123');
    const { requests } = stubFetch(() =>
      fileResponse(['%PDF-', '1.7 ', 'fin'], {
        'Content-Type': 'application/pdf',
        'Content-Length': '12',
        'Content-Disposition': 'attachment; filename="facture-2026-01.pdf"',
      }),
    );
    const progress: DownloadProgress[] = [];
    const file = await fetchFile('/api/facture/12/pdf', { fallbackName: 'facture.pdf', onProgress: (step) => progress.push(step) });

    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer jeton-123');
    expect(requests[0]?.headers.get('Accept')).toBe('*/*');
    expect(progress).toEqual([
      { received: 0, total: 12 },
      { received: 5, total: 12 },
      { received: 9, total: 12 },
      { received: 12, total: 12 },
    ]);
    expect(file.name).toBe('facture-2026-01.pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(await readText(file.blob)).toBe('%PDF-1.7 fin');
    // A download shows its own progress, not the page's loading overlay.
    expect(getLoadingCount()).toBe(0);
  });

  it('posts a JSON description with the XSRF header, and reports progress without a total when the size is unknown', async () => {
    const { requests } = stubFetch(() => fileResponse(['a;b\n', '1;2\n'], { 'Content-Type': 'text/csv' }));
    const progress: DownloadProgress[] = [];
    const file = await fetchFile('/api/clients/12/documents', {
      method: 'POST',
      json: { type: 'lignes' },
      fallbackName: 'lignes.csv',
      onProgress: (step) => progress.push(step),
    });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('X-XSRF-TOKEN')).toBe('jeton-xsrf');
    expect(requests[0]?.body).toBe('{"type":"lignes"}');
    expect(progress.map((step) => step.total)).toEqual([null, null, null]);
    expect(progress.at(-1)?.received).toBe(8);
    expect(file.name).toBe('lignes.csv');
  });

  it('gives no total when the body is compressed, the announced length counting compressed bytes', async () => {
    stubFetch(() => fileResponse(['0123456789'], { 'Content-Length': '4', 'Content-Encoding': 'gzip' }));
    const progress: DownloadProgress[] = [];
    await fetchFile('/api/export.zip', { fallbackName: 'export.zip', onProgress: (step) => progress.push(step) });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((step) => step.total === null)).toBe(true);
  });

  it('fails with the API error of a refused download, and disconnects on 401 like any call', async () => {
    const unauthorized = vi.fn();
    onTestFinished(onUnauthorized(unauthorized));
    stubFetch(() => jsonResponse({ code: 'FORBIDDEN_ACCOUNT', exceptionMessage: 'Refusé' }, 403));
    await expect(fetchFile('/api/facture/1/pdf', { fallbackName: 'f.pdf' })).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN_ACCOUNT' });

    stubFetch(() => jsonResponse({ code: 'UNAUTHENTICATED', exceptionMessage: 'Reconnectez-vous' }, 401));
    await expect(fetchFile('/api/facture/1/pdf', { fallbackName: 'f.pdf' })).rejects.toBeInstanceOf(ApiError);
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('fileNameFrom', () => {
  it('prefers the RFC 5987 name, decodes it, and keeps any folder out', () => {
    expect(fileNameFrom("attachment; filename=\"facture.pdf\"; filename*=UTF-8''facture%20d%C3%A9cembre.pdf")).toBe('facture décembre.pdf');
    expect(fileNameFrom('attachment; filename=export.csv')).toBe('export.csv');
    expect(fileNameFrom('attachment; filename="../../etc/passwd"')).toBe('.._.._etc_passwd');
    expect(fileNameFrom('attachment')).toBeNull();
    expect(fileNameFrom(null)).toBeNull();
  });
});

describe('saveFile', () => {
  it('clicks a temporary download link on an object URL, then revokes it', async () => {
    const createObjectURL = vi.fn(() => 'blob:fichier');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const clicks: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    onTestFinished(() => click.mockRestore());

    saveFile({ blob: new Blob(['x']), name: 'facture.pdf' });
    expect(clicks).toEqual([{ href: 'blob:fichier', download: 'facture.pdf' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:fichier'));
  });
});

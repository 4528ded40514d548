import { linePageSchema, type LinePage } from '@ecare/shared/lines';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLine } from '../../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { deferred } from '../../../test/render.tsx';
import { fetchLinePage, FIRST_LINE_PAGE, useLinePage, type LinePageParams } from './get-line-page.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function withQueryClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
}

const linePage = (page: number, numbers: string[]): LinePage =>
  linePageSchema.parse({ contrats: numbers.map((numeroLigne) => createLine({ numeroLigne })), total: 3, page, taille: 2 });

describe('fetchLinePage', () => {
  it('asks the server for one sorted, searched page of the account’s lines', async () => {
    const page = linePageSchema.parse({ contrats: [createLine()], total: 1, page: 2, taille: 20 });
    const { requests } = stubFetch(() => jsonResponse(page));
    await expect(fetchLinePage(31, { ...FIRST_LINE_PAGE, page: 2, tri: 'codeStatut', ordre: 'desc', recherche: '06 12' })).resolves.toEqual(page);
    expect(requests[0]?.url).toBe('/api/contrats_pagination/31?page=2&taille=20&tri=codeStatut&ordre=desc&recherche=06+12');
  });
});

describe('useLinePage', () => {
  it('asks for nothing while no account is chosen', () => {
    const { requests } = stubFetch(() => jsonResponse(linePage(1, ['0612345678'])));
    const { result } = renderHook(() => useLinePage(null), { wrapper: withQueryClient() });
    expect(result.current.fetchStatus).toBe('idle');
    expect(result.current.data).toBeUndefined();
    expect(requests).toHaveLength(0);
  });

  it('keeps the current page on screen while the next one loads, then shows it', async () => {
    const first = linePage(1, ['0612345678', '0612345679']);
    const second = linePage(2, ['0712345678']);
    const secondAnswer = deferred<Response>();
    const { requests } = stubFetch((request) => (request.url.includes('page=2') ? secondAnswer.promise : jsonResponse(first)));
    const { result, rerender } = renderHook((params: LinePageParams) => useLinePage(31, params), {
      wrapper: withQueryClient(),
      initialProps: { ...FIRST_LINE_PAGE, taille: 2 },
    });
    await waitFor(() => expect(result.current.data).toEqual(first));

    rerender({ ...FIRST_LINE_PAGE, taille: 2, page: 2 });
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(result.current.data).toEqual(first);
    expect(result.current.isPlaceholderData).toBe(true);

    secondAnswer.resolve(jsonResponse(second));
    await waitFor(() => expect(result.current.data).toEqual(second));
    expect(result.current.isPlaceholderData).toBe(false);
    expect(requests.map((request) => request.url)).toEqual([
      '/api/contrats_pagination/31?page=1&taille=2&tri=numeroLigne&ordre=asc&recherche=',
      '/api/contrats_pagination/31?page=2&taille=2&tri=numeroLigne&ordre=asc&recherche=',
    ]);
  });
});

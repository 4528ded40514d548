import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLineDetail } from '../../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fetchLine, useLine } from './get-line.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function withQueryClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('fetchLine', () => {
  it('asks the server for one line and returns its checked detail', async () => {
    const line = createLineDetail({ idContrat: 901, utilisateur: { prenom: 'Julien', nom: 'Roux', email: null, inscriptionAnnuaire: 'LISTE_ROUGE' } });
    const { requests } = stubFetch(() => jsonResponse(line));
    await expect(fetchLine(901)).resolves.toEqual(line);
    expect(requests.map((request) => [request.method, request.url])).toEqual([['GET', '/api/ligne/901']]);
  });

  it('refuses an answer that is not a line detail', async () => {
    stubFetch(() => jsonResponse({ ...createLineDetail(), dateActivation: null }));
    await expect(fetchLine(902)).rejects.toMatchObject({ name: 'ApiError', code: 'INVALID_RESPONSE' });
  });
});

describe('useLine', () => {
  it('asks for nothing while no line is chosen', () => {
    const { requests } = stubFetch(() => jsonResponse(createLineDetail()));
    const { result } = renderHook(() => useLine(null), { wrapper: withQueryClient() });
    expect(result.current.fetchStatus).toBe('idle');
    expect(result.current.data).toBeUndefined();
    expect(requests).toHaveLength(0);
  });

  it('loads the chosen line', async () => {
    const line = createLineDetail({ idContrat: 903 });
    const { requests } = stubFetch(() => jsonResponse(line));
    const { result } = renderHook(() => useLine(903), { wrapper: withQueryClient() });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(line);
    expect(requests.map((request) => request.url)).toEqual(['/api/ligne/903']);
  });
});

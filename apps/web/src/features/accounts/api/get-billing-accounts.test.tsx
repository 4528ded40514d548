import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBillingAccount } from '../../../test/factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fetchBillingAccounts, useBillingAccounts } from './get-billing-accounts.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function withQueryClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('fetchBillingAccounts', () => {
  it('asks the server for the user’s billing accounts and returns them checked', async () => {
    const accounts = [createBillingAccount({ raisonSociale: 'Société Alpha' }), createBillingAccount({ raisonSociale: 'Société Beta' })];
    const { requests } = stubFetch(() => jsonResponse(accounts));
    await expect(fetchBillingAccounts()).resolves.toEqual(accounts);
    expect(requests.map((request) => [request.method, request.url])).toEqual([['GET', '/api/comptes_facturation']]);
  });

  it('refuses an account whose number does not follow the client account pattern', async () => {
    stubFetch(() => jsonResponse([{ ...createBillingAccount(), codeClientBscs: '0.12' }]));
    await expect(fetchBillingAccounts()).rejects.toMatchObject({ name: 'ApiError', code: 'INVALID_RESPONSE' });
  });
});

describe('useBillingAccounts', () => {
  it('asks for nothing while disabled', () => {
    const { requests } = stubFetch(() => jsonResponse([createBillingAccount()]));
    const { result } = renderHook(() => useBillingAccounts(false), { wrapper: withQueryClient() });
    expect(result.current.fetchStatus).toBe('idle');
    expect(requests).toHaveLength(0);
  });

  it('loads the accounts once for every component that reads them', async () => {
    const accounts = [createBillingAccount()];
    const { requests } = stubFetch(() => jsonResponse(accounts));
    const { result } = renderHook(() => [useBillingAccounts(), useBillingAccounts()] as const, { wrapper: withQueryClient() });
    await waitFor(() => expect(result.current[0].isSuccess).toBe(true));
    expect(result.current[0].data).toEqual(accounts);
    expect(result.current[1].data).toEqual(accounts);
    expect(requests).toHaveLength(1);
  });
});

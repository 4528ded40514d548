import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect } from 'vitest';

/**
 * Renders `ui` as a page of the app: inside a memory router (links work, the location can be
 * read) and a fresh query client that does not retry.
 */
export function renderPage(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** A promise to settle from the test, for an answer that must stay pending for a while. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * Clicks a button once it is enabled: a form that awaited a confirmation the person declined
 * keeps its submit button disabled until a render after the dialog closes, and a click on a
 * disabled button does nothing (a loaded machine has been seen to click in between).
 */
export async function clickWhenEnabled(button: HTMLElement): Promise<void> {
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
}

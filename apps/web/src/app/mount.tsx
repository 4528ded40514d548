import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { nextTask } from '../lib/after-paint.ts';
import { BASENAME, PATHS } from '../lib/routes.ts';
import { createAppRouter, type AppRouter } from './router.tsx';
import { routerReady } from './router-ready.ts';

const appOf = (router: AppRouter) => (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

/**
 * Starts React in `container`. The router starts in a task after this file's evaluation, which
 * is long enough on its own on a phone (React DOM). The server sends the login page already
 * rendered (login.html, decision 012): once the router has loaded the login route, React takes
 * over that markup in place, so the page neither flashes nor moves, and what was typed meanwhile
 * stays. A visitor who is signed in is sent elsewhere by the route, and the page is rendered
 * afresh.
 *
 * Both start as transitions: React then works in short slices, giving the browser back its
 * main thread between them (clicks and typing are answered while the page starts), instead of
 * one long task.
 */
export async function mount(container: HTMLElement): Promise<void> {
  await nextTask();
  const router = createAppRouter();
  if (!container.hasChildNodes()) {
    startTransition(() => createRoot(container).render(appOf(router)));
    return;
  }
  await routerReady(router);
  if (router.state.location.pathname === BASENAME + PATHS.login && !router.state.errors) {
    startTransition(() => {
      hydrateRoot(container, appOf(router));
    });
  } else {
    startTransition(() => createRoot(container).render(appOf(router)));
  }
}

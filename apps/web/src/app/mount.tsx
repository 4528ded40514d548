import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { BASENAME, PATHS } from '../lib/routes.ts';
import { router } from './router.tsx';
import { routerReady } from './router-ready.ts';

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

/**
 * Starts React in `container`. The server sends the login page already rendered (login.html,
 * decision 012): once the router has loaded the login route, React takes over that markup in
 * place, so the page neither flashes nor moves, and what was typed meanwhile stays. A visitor
 * who is signed in is sent elsewhere by the route, and the page is rendered afresh.
 *
 * Both start as transitions: React then works in short slices, giving the browser back its
 * main thread between them (clicks and typing are answered while the page starts), instead of
 * one long task.
 */
export async function mount(container: HTMLElement): Promise<void> {
  if (!container.hasChildNodes()) {
    startTransition(() => createRoot(container).render(app));
    return;
  }
  await routerReady(router);
  if (router.state.location.pathname === BASENAME + PATHS.login && !router.state.errors) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    startTransition(() => createRoot(container).render(app));
  }
}

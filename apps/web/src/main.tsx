import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { BASENAME, PATHS } from './lib/routes.ts';
import { router } from './app/router.tsx';
import { routerReady } from './app/router-ready.ts';
import './styles.css';

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

/**
 * The server sends the login page already rendered (login.html, decision 012): once the router
 * has loaded the login route, React takes over that markup in place, so the page neither
 * flashes nor moves, and what was typed meanwhile stays. A visitor who is signed in is sent
 * elsewhere by the route, and the page is rendered afresh.
 */
async function start(container: HTMLElement): Promise<void> {
  if (!container.hasChildNodes()) {
    createRoot(container).render(app);
    return;
  }
  await routerReady(router);
  if (router.state.location.pathname === BASENAME + PATHS.login && !router.state.errors) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

const container = document.getElementById('root');
if (container) void start(container);

// Build version check (spec §2), loaded apart from the first download. Skipped on the local
// development host, Vite's dev server, whose build never changes hash; the built app served
// on 127.0.0.1 (browser tests) keeps it (decision 009).
if (!import.meta.env.DEV) {
  void import('./lib/version-check.ts').then(({ startVersionCheck }) => startVersionCheck());
}

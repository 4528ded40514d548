import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { router } from './app/router.tsx';
import './styles.css';

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

// Build version check (spec §2), loaded apart from the first download. Skipped on the local
// development host, Vite's dev server, whose build never changes hash; the built app served
// on 127.0.0.1 (browser tests) keeps it (decision 009).
if (!import.meta.env.DEV) {
  void import('./lib/version-check.ts').then(({ startVersionCheck }) => startVersionCheck());
}

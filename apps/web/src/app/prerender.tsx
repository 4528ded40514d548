/**
 * Build-time only (vite.config.ts): the pages sent as HTML before the app runs (decision 012).
 * The login page's markup as the app renders it before the server parameters arrive, written
 * into dist/login.html: the browser paints it from the HTML and the stylesheet alone, and
 * main.tsx then hydrates it in place. The signed-in pages' shell, written into dist/frame.html.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { BASENAME, PATHS } from '../lib/routes.ts';
import { FrameShell } from './layout/frame-shell.tsx';
import { routes } from './routes.tsx';
import { routerReady } from './router-ready.ts';

/** Empty storage: the page is rendered as a visitor without a session sees it. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

export async function renderLoginShell(): Promise<string> {
  globalThis.sessionStorage ??= new MemoryStorage();
  globalThis.localStorage ??= new MemoryStorage();
  const router = createMemoryRouter(routes, { basename: BASENAME, initialEntries: [BASENAME + PATHS.login] });
  await routerReady(router);
  const { pathname } = router.state.location;
  if (pathname !== BASENAME + PATHS.login) throw new Error(`login shell: the router went to ${pathname}`);
  const html = renderToString(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  router.dispose();
  return html;
}

export function renderFrameShell(): string {
  return renderToString(<FrameShell />);
}

import { sendEarlyReads } from './app/early-reads.ts';
import { FRAME_SHELL_ATTRIBUTE } from './app/layout/frame-shell-marker.ts';
import { afterNextPaint } from './lib/after-paint.ts';
import './styles.css';

// The entry stays small and runs first: it starts the API reads a signed-in page begins with
// (app/early-reads.ts), then loads the app itself. React, the router and the route code come
// in a file of their own, evaluated in a task of their own.
sendEarlyReads(window.location.pathname);
// Agent entry parameters (spec §4, decision 034): their code is fetched only when the address has one.
const agentEntry = /[?&](idsso|codeacores|coderegate)=/i.test(window.location.search) ? `${window.location.pathname}${window.location.search}` : null;
if (agentEntry) void import('./app/session/agent-entry.ts').then((m) => m.redirectAgentEntry(agentEntry));

const container = document.getElementById('root');
const frameShell = container?.querySelector(`[${FRAME_SHELL_ATTRIBUTE}]`) ?? null;

function startApp(): void {
  if (container) void import('./app/mount.tsx').then(({ mount }) => mount(container));
  // Build version check (spec §2), loaded apart from the first download. Skipped on the local
  // development host, Vite's dev server, whose build never changes hash; the built app served
  // on 127.0.0.1 (browser tests) keeps it (decision 009).
  if (!import.meta.env.DEV) {
    void import('./lib/version-check.ts').then(({ startVersionCheck }) => startVersionCheck());
  }
}

// A page sent already drawn (the login page, or the signed-in pages' shell: decision 012) is
// painted from its HTML and stylesheet alone: its code is asked for once that first paint is on
// screen, so it does not compete with it. Any other page needs the app to show anything: its
// HTML already asks for it (modulepreload), and it starts at once.
if (container?.hasChildNodes()) {
  afterNextPaint(startApp);
} else {
  startApp();
}
// The signed-in pages format with Intl from their first render (React Aria's locale checks,
// French numbers and dates), and a page's first use of Intl loads its locale data: tens of
// milliseconds of main thread on a phone. A worker loads it meanwhile, on its own thread, for
// the whole page (lib/intl-warm-up-worker.ts). The login page has no use for it.
if ((!container?.hasChildNodes() || frameShell) && typeof Worker === 'function') {
  new Worker(new URL('./lib/intl-warm-up-worker.ts', import.meta.url), { name: 'intl-warm-up' });
}

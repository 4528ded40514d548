import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { forgetAgent } from '../features/agents/api/agent-storage.ts';
import { forgetEarlyRequests } from '../lib/early-requests.ts';
import { resetLoading } from '../lib/loading-counter.ts';
import { forgetParameters } from '../lib/server-parameters.ts';

// The `find…` queries and `waitFor` wait on a condition: a slow, shared machine (the whole suite
// runs one file per core) can take more than the library's default second to get there.
configure({ asyncUtilTimeout: 5_000 });

// A worker runs its files one after the other in one page and one module graph (the project is
// not isolated: loading React, jsdom and the app anew for each file was most of its time). Each
// file therefore starts as a fresh page would: nothing rendered, empty storage, real timers, and
// the app's module-level stores back to their first state.
cleanup();
document.body.replaceChildren();
localStorage.clear();
sessionStorage.clear();
forgetParameters();
forgetEarlyRequests();
resetLoading();
forgetAgent();
afterEach(cleanup);
afterAll(() => {
  vi.useRealTimers();
});

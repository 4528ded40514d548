import { beforeEach } from 'vitest';

/**
 * Run before each browser test file. A worker runs its files one after the other in one process
 * (the e2e project is not isolated, so that its Chromium serves them all): what a file set in the
 * process's environment for the server it starts (login-unlock's TRUST_PROXY) is taken back here,
 * before the next file starts its own. Vitest's own variables (the worker's ids) are left alone.
 */
const key = Symbol.for('ecare.e2e.first-environment');
const holder = globalThis as { [key]?: Record<string, string | undefined> };
const first = (holder[key] ??= { ...process.env });
const own = (name: string) => !name.startsWith('VITEST');
for (const name of Object.keys(process.env)) {
  if (own(name) && !(name in first)) delete process.env[name];
}
for (const [name, value] of Object.entries(first)) {
  if (own(name) && value !== undefined && process.env[name] !== value) process.env[name] = value;
}

/**
 * CI runs a failed browser test once more (vitest.config.ts, decision 044): the retry says so, in
 * words a reader of the CI output finds ("RETRY"), with the first attempt's error.
 */
beforeEach(({ task }) => {
  const attempt = task.result?.retryCount ?? 0;
  if (attempt === 0) return;
  const first = task.result?.errors?.[0];
  console.warn(`RETRY: « ${task.name} » (${task.file.name}) failed, attempt ${attempt + 1}: ${first?.message ?? 'no message'}`);
});

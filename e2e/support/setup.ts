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

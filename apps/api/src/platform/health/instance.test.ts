import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashConfidentialCode } from '@ecare/shared';
import { DataFolderInUseError, lockDataFolder, PGLITE_LOCK_FILE } from '../../db/pglite-lock.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { startServer } from '../../test/server-process.ts';
import { readinessSchema } from './index.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
const folders: string[] = [];
function folder(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'ecare-instance-'));
  folders.push(made);
  return made;
}
afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

/** A process that runs until killed: a holder of the lock other than this one. */
function sleeper() {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
}

describe('one process per embedded database folder', () => {
  it('takes a free folder, releases it, and takes over a folder left by a process that no longer runs', () => {
    const dataDir = folder();
    const release = lockDataFolder(dataDir);
    const file = path.join(dataDir, PGLITE_LOCK_FILE);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    release();
    expect(existsSync(file)).toBe(false);

    // A kill -9 leaves the file: its process is gone, the next start takes the folder.
    writeFileSync(file, JSON.stringify({ pid: 2 ** 22 + 12_345, host: hostname(), startedAt: '2026-11-01T08:00:00.000Z' }));
    const again = lockDataFolder(dataDir);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    again();
    // A half-written file holds nothing either.
    writeFileSync(file, '{"pid":');
    lockDataFolder(dataDir)();
    // Nor does a file naming this process (a restart with the same id), but a second opening here is refused.
    writeFileSync(file, JSON.stringify({ pid: process.pid, host: hostname(), startedAt: '2026-11-01T08:00:00.000Z' }));
    const held = lockDataFolder(dataDir);
    expect(() => lockDataFolder(dataDir)).toThrow(DataFolderInUseError);
    held();
  });

  it('refuses a folder a live process holds, or one held from another machine', () => {
    const dataDir = folder();
    const holder = sleeper();
    try {
      writeFileSync(path.join(dataDir, PGLITE_LOCK_FILE), JSON.stringify({ pid: holder.pid, host: hostname(), startedAt: '2026-11-29T08:00:00.000Z' }));
      expect(() => lockDataFolder(dataDir)).toThrow(DataFolderInUseError);
      writeFileSync(path.join(dataDir, PGLITE_LOCK_FILE), JSON.stringify({ pid: process.pid + 1, host: 'autre-machine', startedAt: '2026-11-29T08:00:00.000Z' }));
      expect(() => lockDataFolder(dataDir)).toThrow(/used by process \d+ on autre-machine/);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('a second server on the folder of a running one refuses to start, with one clear line', async () => {
    const dataDir = folder();
    const holder = sleeper();
    try {
      writeFileSync(path.join(dataDir, PGLITE_LOCK_FILE), JSON.stringify({ pid: holder.pid, host: hostname(), startedAt: '2026-11-29T08:00:00.000Z' }));
      // PGlite's folder, whatever database the run uses.
      const environment = { ...process.env };
      delete environment.DATABASE_URL;
      const outcome = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: root, env: { ...environment, DATA_DIR: dataDir, PORT: '0', SEED_DEMO: 'false' } }, (error, _stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr }),
        );
      });
      expect(outcome.code).toBe(1);
      expect(outcome.stderr.trim()).toBe(
        `The embedded database in ${dataDir} is used by process ${holder.pid} on ${hostname()} (started 2026-11-29T08:00:00.000Z). ` +
          'PGlite serves one process: stop that one, or give this one another DATA_DIR, or set DATABASE_URL to run several instances on PostgreSQL. ' +
          `If no such process runs, remove ${path.join(dataDir, PGLITE_LOCK_FILE)}.`,
      );
    } finally {
      holder.kill('SIGKILL');
    }
  });
});

describe('a stop without errors (SIGTERM)', () => {
  it('leaves the rotation at once, serves during the drain, finishes the request in flight, then exits 0', async () => {
    const server = await startServer({ env: { SHUTDOWN_DRAIN_SECONDS: '2', INSTANCE_ID: 'essai-1' } });
    const ready = await fetch(`${server.url}/ready`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('x-instance-id')).toBe('essai-1');

    // The manager signed in, as the portal does it.
    const xsrf = 'essai-xsrf-0123456789';
    const { email, password: code } = DEMO_USERS.gestionnaire;
    const signIn = await fetch(`${server.url}/api/token`, {
      method: 'POST',
      headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: email, password: await hashConfidentialCode(email, code), grant_type: 'password' }),
    });
    expect(signIn.status).toBe(200);
    const { access_token: token } = (await signIn.json()) as { access_token: string };

    // A request in flight: its body arrives in two parts, the second after the signal.
    const body = JSON.stringify({ emailMarketing: true, smsMarketing: false, emailActualites: true, smsActualites: false });
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
    const answer = new Promise<number>((resolve, reject) => {
      const pending = request(`${server.url}/api/contacts/optins`, { method: 'PUT', headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      pending.on('error', reject);
      pending.write(body.slice(0, 10));
      setTimeout(() => pending.end(body.slice(10)), 3_000);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = server.terminate();

    // Out of the rotation at once, with the reason; still serving meanwhile.
    await expect.poll(async () => (await fetch(`${server.url}/ready`)).status, { timeout: 2_000, interval: 100 }).toBe(503);
    const stopping = await fetch(`${server.url}/ready`);
    expect(readinessSchema.parse(await stopping.json())).toEqual({ status: 'unavailable', database: 'not checked', migrations: 'not checked', stopping: true });
    expect((await fetch(`${server.url}/health`)).status).toBe(200);

    // The request in flight is served, then the process ends well.
    await expect(answer).resolves.toBe(200);
    await expect(exited).resolves.toBe(0);
    await server.stop();
  });
});

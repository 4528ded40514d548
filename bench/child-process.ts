import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { pathToFileURL } from 'node:url';

/** How long a child gets to exit after SIGTERM before it is sent SIGKILL. */
const STOP_GRACE_MS = 5_000;
/** Characters of a child's output kept for error messages. */
const OUTPUT_TAIL_CHARS = 8_000;

export interface ManagedChild {
  readonly name: string;
  readonly process: ChildProcess;
  /** Resolves with the exit code (or the signal name) once the process has exited. */
  readonly exited: Promise<string>;
  /** Last characters of stdout + stderr. */
  output(): string;
  /** Resolves with the first stdout line matching `pattern`; rejects if the child exits first. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray>;
  hasExited(): boolean;
  /** SIGTERM, then SIGKILL after 5 s. Safe to call more than once. */
  stop(): Promise<void>;
}

const running = new Set<ManagedChild>();

export interface SpawnOptions {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /**
   * 'discard' sends stdout to /dev/null, as a production log goes to its sink without this
   * process reading it (a server logging every request would otherwise be slowed by the pipe).
   * stderr is always kept for error messages.
   */
  stdout?: 'pipe' | 'discard';
}

export function spawnManaged(options: SpawnOptions): ManagedChild {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', options.stdout === 'discard' ? 'ignore' : 'pipe', 'pipe'],
  });
  let tail = '';
  let stdoutBuffer = '';
  const lineListeners = new Set<(line: string) => void>();
  const append = (chunk: string) => {
    tail = (tail + chunk).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    append(chunk);
    stdoutBuffer += chunk;
    let newline = stdoutBuffer.indexOf('\n');
    while (newline >= 0) {
      const line = stdoutBuffer.slice(0, newline).replace(/\r$/, '');
      stdoutBuffer = stdoutBuffer.slice(newline + 1);
      for (const listener of lineListeners) listener(line);
      newline = stdoutBuffer.indexOf('\n');
    }
  });
  child.stderr?.on('data', append);

  let done = false;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true;
      running.delete(managed);
      resolve(signal ?? `code ${String(code)}`);
    });
    child.once('error', (error) => {
      done = true;
      running.delete(managed);
      append(`\n[spawn error] ${error.message}\n`);
      resolve(`spawn error: ${error.message}`);
    });
  });

  let stopping: Promise<void> | undefined;
  const managed: ManagedChild = {
    name: options.name,
    process: child,
    exited,
    output: () => tail,
    hasExited: () => done,
    waitForLine(pattern, timeoutMs) {
      return new Promise<RegExpExecArray>((resolve, reject) => {
        const cleanup = () => {
          clearTimeout(timer);
          lineListeners.delete(onLine);
        };
        const onLine = (line: string) => {
          const match = pattern.exec(line);
          if (match) {
            cleanup();
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`${options.name}: no line matching ${String(pattern)} within ${timeoutMs} ms`));
        }, timeoutMs);
        lineListeners.add(onLine);
        void exited.then((how) => {
          cleanup();
          reject(new Error(`${options.name} exited (${how}) before printing ${String(pattern)}`));
        });
      });
    },
    stop() {
      stopping ??= (async () => {
        if (done) return;
        child.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        const timedOut = await Promise.race([
          exited.then(() => false),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(true), STOP_GRACE_MS);
          }),
        ]);
        clearTimeout(timer);
        if (timedOut && !done) {
          child.kill('SIGKILL');
          await exited;
        }
      })();
      return stopping;
    },
  };
  running.add(managed);
  return managed;
}

/** Stops every child still running (used on errors and signals). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop()));
}

/** Last resort on process exit: synchronous SIGKILL of whatever is left. */
export function killAllSync(): void {
  for (const child of running) {
    if (!child.hasExited()) child.process.kill('SIGKILL');
  }
}

/** A TCP port free on 127.0.0.1 right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('could not read the address of a probe socket'));
        return;
      }
      const { port } = address;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `main` when the module at `moduleUrl` is the script node was started with (`tsx bench/x.ts`),
 * stopping every child on exit or signal; the exit code says whether a part failed.
 */
export async function runAsScript(moduleUrl: string, main: () => Promise<boolean>): Promise<void> {
  const entry = process.argv[1];
  if (!entry || moduleUrl !== pathToFileURL(entry).href) return;
  process.on('exit', killAllSync);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stopAll().finally(() => process.exit(130)));
  }
  let failed = false;
  try {
    failed = await main();
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  } finally {
    await stopAll();
  }
  process.exit(failed ? 1 : 0);
}

import type { FastifyInstance } from 'fastify';
import { checkAnswer, type Answer, type Problem } from './checks.ts';
import { baselineFor, materialize, type FuzzRequest } from './materialize.ts';
import { describeMutation, type Variant } from './mutations.ts';
import type { Operation } from './operations.ts';
import type { KnownValues } from './schema.ts';
import { summarise, type RequestSummary } from './report.ts';
import { createTransport, type Transport, type WireRequest } from './transport.ts';

/** Bearer sessions of the demo users the authenticated pass speaks for; renewed when a request (a logout) revoked one. */
export interface Sessions {
  token(user: string): string;
  renew(user: string): Promise<void>;
}

export interface Failure {
  index: number;
  operation: string;
  /** `anonymous`, or the demo user whose session and XSRF pair were sent. */
  mode: string;
  description: string;
  request: RequestSummary;
  via: string;
  answer: Answer | null;
  problems: Problem[];
}

export interface RunResult {
  sent: number;
  perOperation: Map<string, number>;
  /** Status codes seen per operation, to show how deep the variants got (validation, handlers). */
  statuses: Map<string, Map<number, number>>;
  /** Time spent per operation (ms), to see where the run's time goes. */
  elapsed: Map<string, number>;
  failures: Failure[];
  /** Index of the first variant after which a normal request failed, if any. */
  wedgedAfter: number | null;
  aborted: string | null;
}

export interface RunOptions {
  app: FastifyInstance;
  operations: Operation[];
  known: KnownValues;
  plan: Variant[];
  sessions: Sessions;
  /** Demo users taking turns on the authenticated pass, variant by variant. */
  users: string[];
  xsrf: string;
  /** A normal request that must keep succeeding; asked after each server error. */
  healthy: () => Promise<boolean>;
  answerWithinMs: number;
}

let addressCounter = 0;
/**
 * A new client address per request, so per-IP limits do not hide the handlers; one in three
 * is a loopback one (127/8), which the development tools require.
 */
function nextAddress(): string {
  addressCounter += 1;
  const [a, b] = [Math.floor(addressCounter / 250) % 250, (addressCounter % 250) + 1];
  return addressCounter % 3 === 0 ? `127.1.${a}.${b}` : `203.0.${a}.${b}`;
}

async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function wire(fuzz: FuzzRequest, credentials: Record<string, string>): WireRequest {
  return {
    method: fuzz.method,
    url: fuzz.url,
    headers: fuzz.ownCredentials ? fuzz.headers : { ...credentials, ...fuzz.headers },
    ...(fuzz.payload !== undefined ? { payload: fuzz.payload } : {}),
    remoteAddress: nextAddress(),
  };
}

/** Sends every planned variant anonymously, then as a demo user with the XSRF pair, and checks each answer. */
export async function runPlan(options: RunOptions): Promise<RunResult> {
  const { app, plan, sessions, xsrf } = options;
  const operations = new Map(options.operations.map((operation) => [operation.key, operation]));
  const baselines = new Map(options.operations.map((operation) => [operation.key, baselineFor(operation, options.known)]));
  const transport: Transport = createTransport(app);
  const result: RunResult = { sent: 0, perOperation: new Map(), statuses: new Map(), elapsed: new Map(), failures: [], wedgedAfter: null, aborted: null };
  const count = (operation: Operation, status: number) => {
    result.sent += 1;
    result.perOperation.set(operation.key, (result.perOperation.get(operation.key) ?? 0) + 1);
    const seen = result.statuses.get(operation.key) ?? new Map<number, number>();
    seen.set(status, (seen.get(status) ?? 0) + 1);
    result.statuses.set(operation.key, seen);
  };
  let silentInARow = 0;
  for (const [index, variant] of plan.entries()) {
    const operation = operations.get(variant.operation);
    const baseline = baselines.get(variant.operation);
    if (!operation || !baseline) throw new Error(`unknown operation ${variant.operation}`);
    const user = options.users[index % options.users.length] ?? 'anonymous';
    const started = performance.now();
    for (const mode of ['anonymous', user]) {
      const anonymous = mode === 'anonymous';
      const fuzz = materialize(operation, baseline, variant.mutations);
      const credentials = (): Record<string, string> =>
        anonymous ? {} : { authorization: `Bearer ${sessions.token(user)}`, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
      let request = wire(fuzz, credentials());
      let answer = await within(transport.send(request), options.answerWithinMs);
      count(operation, answer === 'timeout' ? 0 : answer.statusCode);
      if (answer !== 'timeout' && answer.statusCode === 401 && !anonymous && !fuzz.ownCredentials) {
        // An earlier request (a logout) revoked the session: the same request again with a live one.
        await sessions.renew(user);
        request = wire(fuzz, credentials());
        answer = await within(transport.send(request), options.answerWithinMs);
        count(operation, answer === 'timeout' ? 0 : answer.statusCode);
      }
      const failure = () => ({ index, operation: operation.key, mode, description: variant.mutations.map(describeMutation).join(' + '), request: summarise(request) });
      if (answer === 'timeout') {
        result.failures.push({ ...failure(), via: '?', answer: null, problems: [{ check: 'no answer', detail: `no answer within ${options.answerWithinMs} ms` }] });
        silentInARow += 1;
        if (silentInARow >= 2) {
          result.aborted = `the server stopped answering (variant #${index}, ${mode})`;
          return result;
        }
        continue;
      }
      silentInARow = 0;
      const problems = checkAnswer(operation, fuzz, answer, anonymous);
      if (problems.length) result.failures.push({ ...failure(), via: answer.via, answer: { ...answer, body: answer.body.slice(0, 2000) }, problems });
      if (problems.some((problem) => problem.check === 'maintenance on')) {
        result.aborted = `maintenance was switched on (variant #${index}); every later answer would be a 503`;
        return result;
      }
      if (answer.statusCode >= 500 && result.wedgedAfter === null && !(await options.healthy())) result.wedgedAfter = index;
    }
    result.elapsed.set(operation.key, (result.elapsed.get(operation.key) ?? 0) + performance.now() - started);
  }
  return result;
}

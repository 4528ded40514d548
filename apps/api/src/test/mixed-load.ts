import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { apiErrorSchema, errorMessage } from '@ecare/shared';

/**
 * The load of the outage probes: clients each sending, in turn, the account list, an account's
 * invoices, a write of the contact choices (a transaction) and the readiness check, until
 * stopped. Every answer is checked as it comes: while the database is away an answer may be 503
 * (`DATABASE_UNAVAILABLE` with Retry-After), never anything else, and the process must live on.
 */
export const LOAD_KINDS = ['comptes', 'facture', 'optins', 'ready'] as const;
export type LoadKind = (typeof LOAD_KINDS)[number];

export interface MixedLoad {
  /** Answers so far, by kind and status: `{ 'optins 200': 41, 'optins 503': 12, … }`. */
  tally(): Record<string, number>;
  /** Whether every kind has been served (200) since `since` (a `performance.now()` time). */
  servedSince(since: number): boolean;
  /** Stops the clients once their requests in flight have answered; the answers that broke the rule. */
  stop(): Promise<string[]>;
}

const XSRF = 'mixed-load-xsrf';
/** A client answered 503 waits this long before its next request, as a client would; a busy loop only burns the CPU the recovery needs. */
const PAUSE_AFTER_503_MS = 50;

function request(app: FastifyInstance, kind: LoadKind, token: string, account: number, turn: number): Promise<LightMyRequestResponse> {
  const authorization = `Bearer ${token}`;
  switch (kind) {
    case 'comptes':
      return app.inject({ method: 'GET', url: '/api/comptes_facturation', headers: { authorization } });
    case 'facture':
      return app.inject({ method: 'GET', url: `/api/facture/${account}`, headers: { authorization } });
    case 'optins':
      return app.inject({
        method: 'PUT',
        url: '/api/contacts/optins',
        cookies: { 'XSRF-TOKEN': XSRF },
        headers: { authorization, 'x-xsrf-token': XSRF },
        payload: { emailMarketing: turn % 2 === 0, smsMarketing: false, emailActualites: true, smsActualites: turn % 3 === 0 },
      });
    case 'ready':
      return app.inject({ method: 'GET', url: '/ready' });
  }
}

/** What is wrong with an answer, or null: 200, or 503 saying the database is unavailable. */
function fault(kind: LoadKind, response: LightMyRequestResponse): string | null {
  if (response.statusCode === 200) return null;
  const what = `${kind} ${response.statusCode} ${response.body.slice(0, 200)}`;
  if (response.statusCode !== 503 || response.headers['retry-after'] !== '5') return what;
  // The readiness check answers its own body (status, database, migrations).
  if (kind === 'ready') return null;
  const body = apiErrorSchema.safeParse(response.json());
  return body.success && body.data.code === 'DATABASE_UNAVAILABLE' && body.data.exceptionMessage === errorMessage('DATABASE_UNAVAILABLE') ? null : what;
}

/** Starts `clients` clients of `token`'s user, whose billing account is `account`. */
export function startMixedLoad(app: FastifyInstance, options: { clients: number; token: string; account: number }): MixedLoad {
  const counts: Record<string, number> = {};
  const lastServed = new Map<LoadKind, number>();
  const faults: string[] = [];
  let running = true;
  const clients = Array.from({ length: options.clients }, async (_, client) => {
    for (let turn = client; running; turn++) {
      const kind = LOAD_KINDS[turn % LOAD_KINDS.length] ?? 'ready';
      const response = await request(app, kind, options.token, options.account, turn);
      const key = `${kind} ${response.statusCode}`;
      counts[key] = (counts[key] ?? 0) + 1;
      const wrong = fault(kind, response);
      if (wrong) faults.push(wrong);
      if (response.statusCode === 200) lastServed.set(kind, performance.now());
      else await new Promise((resolve) => setTimeout(resolve, PAUSE_AFTER_503_MS));
    }
  });
  return {
    tally: () => ({ ...counts }),
    servedSince: (since) => LOAD_KINDS.every((kind) => (lastServed.get(kind) ?? -1) > since),
    async stop() {
      running = false;
      await Promise.all(clients);
      return faults;
    },
  };
}

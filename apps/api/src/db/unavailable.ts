/** The database cannot be reached right now (a restart, the network, a stopped database thread). */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Seconds a client is told to wait (Retry-After) while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Errors meaning "no database right now" rather than "this query is wrong": sockets refused or
 * cut, and the SQLSTATEs PostgreSQL sends while it stops, restarts or is full.
 * 08P01 (protocol violation) is left out: that one is a faulty request.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '53300', // too_many_connections
  '57P01', // admin_shutdown: terminated by an administrator or a restart
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
]);

/** What node-postgres says, without a code, when the socket under a query goes away. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
];

function codeOf(error: object): unknown {
  return 'code' in error ? error.code : undefined;
}

/**
 * Whether an error (or what it wraps: drizzle puts the driver's error in `cause`, Node puts the
 * per-address errors of a refused connection in `errors`) means the database is unavailable.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const code = codeOf(error);
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  // A server-side error carries a SQLSTATE and never means "unreachable" unless listed above.
  if (typeof code !== 'string' && error instanceof Error && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) {
    return true;
  }
  if ('cause' in error && isDatabaseUnavailable(error.cause, depth + 1)) return true;
  if (error instanceof AggregateError) return error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
  return false;
}

/**
 * GET requests sent by the entry script before the code that needs their answer has arrived
 * (app/early-reads.ts): the page's first API reads then travel while React and the route code
 * download, instead of after them. The API client takes each answer once, for the same path and
 * the same bearer token, and reads it exactly as if it had sent the request itself (maintenance,
 * 401, 498/499, validation). An answer nobody takes soon is dropped: a later read asks again.
 */

/** How long an early answer may wait for the page's code. */
export const EARLY_ANSWER_TTL_MS = 10_000;

interface EarlyRequest {
  authorization: string | null;
  sentAt: number;
  response: Promise<Response>;
}

const sent = new Map<string, EarlyRequest>();

/** Sends `GET path` with the given headers, unless it is already on its way. */
export function sendEarly(path: string, headers: Headers, now: number = Date.now()): void {
  if (sent.has(path)) return;
  const response = fetch(path, { headers, credentials: 'same-origin' });
  // A failure belongs to whoever takes the answer; an answer left untaken must not be reported.
  response.catch(() => undefined);
  sent.set(path, { authorization: headers.get('Authorization'), sentAt: now, response });
}

/**
 * The answer to an early `GET path` sent with the same Authorization header, at most once;
 * null when there is none (never sent, already taken, too old, or sent for another session).
 */
export function takeEarly(path: string, authorization: string | null, now: number = Date.now()): Promise<Response> | null {
  const early = sent.get(path);
  if (!early) return null;
  sent.delete(path);
  if (early.authorization !== authorization || now - early.sentAt > EARLY_ANSWER_TTL_MS) return null;
  return early.response;
}

/** Forgets every early request (tests; sign-out has nothing to forget once they are taken). */
export function forgetEarlyRequests(): void {
  sent.clear();
}

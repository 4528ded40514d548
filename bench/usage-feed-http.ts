import type { RunningServer } from './servers.ts';

/*
 * The bench's side of the usage feed: its token and its one request, shared by the ingestion
 * load (usage-feed.ts) and the crossings timed beside it (alert-delay.ts).
 */

/** The token the bench's server is started with (USAGE_FEED_TOKEN). */
export const FEED_TOKEN = 'bench-usage-feed-token-0123456789abcdef';
/** The feed's endpoint. */
export const FEED_ROUTE = '/api/interne/usages';

export interface BatchAnswer {
  acceptes: number;
  doublons: number;
  rejetes: unknown[];
}

/** One request of the feed; its answer, or an error naming the status. */
export async function post(server: RunningServer, body: string): Promise<BatchAnswer> {
  const response = await fetch(server.baseUrl + FEED_ROUTE, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${FEED_TOKEN}`, 'content-type': 'application/json' },
    signal: AbortSignal.timeout(300_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST ${FEED_ROUTE} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as BatchAnswer;
}

import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_RESPONSE_KEPT_BYTES } from '@ecare/shared';
import { currentMetrics, type WebhookOutcome } from '../../platform/observability/index.ts';
import { checkedAddresses, hostOf, pinnedLookup, urlRefusal, type ReachOptions, type Resolve } from './webhooks.ssrf.ts';

/** One POST of an event to a webhook's URL. */
export interface WebhookPost extends ReachOptions {
  url: string;
  /** The exact bytes signed. */
  body: string;
  headers: Record<string, string>;
  /** The whole try (resolution, connection, answer) ends after this long. */
  timeoutMs: number;
  /** How the host is resolved (a test's resolver; node's otherwise). */
  resolve?: Resolve;
}

/** What a try gave: a 2xx is success; the first bytes of the answer at most are kept. */
export interface PostOutcome {
  ok: boolean;
  codeHttp: number | null;
  /** The first WEBHOOK_RESPONSE_KEPT_BYTES of the body, as text. */
  reponse: string | null;
  /** Why it failed, in French, as the delivery log shows it; null for an answer that says it itself. */
  erreur: string | null;
  dureeMs: number;
}

class Refused extends Error {}
class TimedOut extends Error {}

const seconds = (ms: number) => `${ms / 1000}`.replace('.', ',');

/** A transport error, in the log's words. */
function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof Refused) return error.message;
  if (error instanceof TimedOut) return `Pas de réponse en ${seconds(timeoutMs)} s.`;
  const code = (error as { code?: unknown }).code;
  const named = typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
  if (named === 'ECONNREFUSED') return 'Connexion refusée par le serveur.';
  if (named === 'ECONNRESET' || named === 'EPIPE') return 'Connexion interrompue par le serveur.';
  if (named === 'EHOSTUNREACH' || named === 'ENETUNREACH') return 'Serveur injoignable.';
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(named)) return `Certificat TLS refusé (${named}).`;
  return `Échec de la connexion (${named}).`;
}

/** The kept start of an answer, as text a database column takes (no NUL). */
const keptText = (bytes: Buffer) => bytes.subarray(0, WEBHOOK_RESPONSE_KEPT_BYTES).toString('utf8').replaceAll('\u0000', '');

/**
 * POSTs an event: the URL checked again, its host resolved and every address checked (SSRF,
 * webhooks.ssrf.ts), then one connection to a checked address (never a second resolution), no
 * redirect followed (a 3xx fails), the answer read up to 1 KB, all within `timeoutMs`. A 2xx
 * whose body is still coming when the time is up has been received all the same. Never throws.
 */
export async function postWebhook(post: WebhookPost): Promise<PostOutcome> {
  const started = performance.now();
  const dureeMs = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const timeUp = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new TimedOut())));
  // Only raced against: its rejection is read there, or never matters.
  timeUp.catch(() => undefined);
  const timer = setTimeout(() => controller.abort(), post.timeoutMs);
  try {
    const refusal = urlRefusal(post.url, post);
    if (refusal !== null) throw new Refused(refusal);
    const url = new URL(post.url);
    const host = hostOf(url);
    const checked = await Promise.race([checkedAddresses(host, { ...post, plainHttp: url.protocol === 'http:' }), timeUp]);
    if ('refused' in checked) throw new Refused(checked.refused);
    const answer = await send(url, checked.addresses, post, controller.signal);
    const ok = answer.status >= 200 && answer.status < 300;
    counted(ok ? 'success' : 'http_error');
    const erreur = answer.status >= 300 && answer.status < 400 ? 'Redirection non suivie : seule une réponse 2xx vaut réception.' : null;
    return { ok, codeHttp: answer.status, reponse: keptText(answer.body), erreur, dureeMs: dureeMs() };
  } catch (error) {
    const timedOut = controller.signal.aborted && !(error instanceof Refused);
    counted(error instanceof Refused ? 'refused' : timedOut ? 'timeout' : 'connection_error');
    return { ok: false, codeHttp: null, reponse: null, erreur: describe(timedOut ? new TimedOut() : error, post.timeoutMs), dureeMs: dureeMs() };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Counts a try by its outcome in the metrics of the instance whose job sends it (the work
 * context the job queue runs it in, platform/observability); uncounted outside one.
 */
function counted(outcome: WebhookOutcome): void {
  currentMetrics()?.webhookDelivered(outcome);
}

/** The request itself, to a checked address; answers the status and the body's first bytes. */
function send(url: URL, addresses: Parameters<typeof pinnedLookup>[0], post: WebhookPost, signal: AbortSignal): Promise<{ status: number; body: Buffer }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new TimedOut());
      return;
    }
    let status: number | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = () => {
      if (status === null) return;
      resolve({ status, body: Buffer.concat(chunks) });
      request.destroy();
    };
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: hostOf(url),
        port: url.port === '' ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...post.headers, host: url.host, 'content-length': Buffer.byteLength(post.body) },
        // A connection of its own, to the address checked: no pooled socket, no second lookup.
        agent: false,
        lookup: pinnedLookup(addresses),
      },
      (response) => {
        status = response.statusCode ?? 0;
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= WEBHOOK_RESPONSE_KEPT_BYTES) settle();
        });
        response.on('end', settle);
        response.on('close', settle);
        response.on('error', () => settle());
      },
    );
    signal.addEventListener('abort', () => {
      // Time is up: a 2xx already received stands; anything else is a timeout.
      if (status !== null) settle();
      else reject(new TimedOut());
      request.destroy();
    });
    request.on('error', (error) => (status === null ? reject(error) : settle()));
    request.end(post.body);
  });
}

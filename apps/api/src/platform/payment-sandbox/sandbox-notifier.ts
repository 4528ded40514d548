import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentEvent } from '../../modules/payment/index.ts';
import { sandboxEvent, signNotification } from './sandbox-notification.ts';

/** One HTTP POST of a notification; resolves with the answer's status, rejects when none came. */
export type NotificationSender = (url: string, request: { headers: Record<string, string>; body: string }) => Promise<number>;

const SEND_TIMEOUT_MS = 10_000;

/** The notification goes over HTTP, as from a provider's servers: the portal's own route receives it. */
export const fetchSender: NotificationSender = async (url, { headers, body }) => {
  const response = await fetch(url, { method: 'POST', headers, body, redirect: 'error', signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
  await response.body?.cancel();
  return response.status;
};

export interface NotifierOptions {
  /** The portal's notification address (PUBLIC_URL + /api/paiement/notification). */
  url: string;
  secret: string;
  clock: Clock;
  log: FastifyBaseLogger;
  send?: NotificationSender;
  /** Waits before each new try when the portal did not take the notification. */
  retryDelaysMs?: readonly number[];
}

/**
 * Worth another try later: no answer, or the portal unable to take it now (busy, away, or a
 * database conflict, 409 DATABASE_CONFLICT: the notification route answers 409 for nothing else).
 */
export const retryable = (status: number | null) => status === null || status === 409 || status === 429 || status >= 500;

/**
 * Sends the sandbox's decisions to the portal, signed, as a provider does: the first try is
 * awaited (the browser is sent back once it is through, so the return page mostly finds the
 * answer there), later tries run in the background, each signed anew. A refusal (other 4xx) is
 * not retried: the same notification would be refused again.
 */
export function createSandboxNotifier({ url, secret, clock, log, send = fetchSender, retryDelaysMs = [5_000, 30_000, 120_000] }: NotifierOptions) {
  const timers = new Set<NodeJS.Timeout>();

  async function attempt(body: string, event: PaymentEvent): Promise<number | null> {
    try {
      return await send(url, { headers: signNotification(secret, body, clock.now()), body });
    } catch (error) {
      log.warn({ err: error, transactionReference: event.transactionReference, eventId: event.eventId }, 'payment sandbox: notification not delivered');
      return null;
    }
  }

  function retryLater(body: string, event: PaymentEvent, tries: number): void {
    const delay = retryDelaysMs[tries - 1];
    if (delay === undefined) {
      log.error({ transactionReference: event.transactionReference, eventId: event.eventId }, 'payment sandbox: notification given up');
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      void attempt(body, event).then((status) => {
        if (retryable(status)) retryLater(body, event, tries + 1);
      });
    }, delay);
    timer.unref();
    timers.add(timer);
  }

  return {
    /** Sends the event; true when the portal took it at the first try. */
    async notify(event: PaymentEvent): Promise<boolean> {
      const body = JSON.stringify(sandboxEvent(event, clock.now()));
      const status = await attempt(body, event);
      if (status !== null && status >= 400 && !retryable(status)) {
        log.error({ status, transactionReference: event.transactionReference, eventId: event.eventId }, 'payment sandbox: notification refused by the portal');
      }
      if (!retryable(status)) return status !== null && status < 300;
      retryLater(body, event, 1);
      return false;
    },

    close(): void {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
export type SandboxNotifier = ReturnType<typeof createSandboxNotifier>;

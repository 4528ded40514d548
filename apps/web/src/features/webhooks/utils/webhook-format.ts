import type { WebhookDelivery } from '@ecare/shared/webhooks';
import { parisDateTimeFormat } from '@ecare/shared/paris-time';
import { WEBHOOK_DELIVERY_TEXTS } from './webhooks-texts.ts';

const moment = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'short' });
const precise = parisDateTimeFormat({ dateStyle: 'short', timeStyle: 'medium' });
const day = parisDateTimeFormat({ dateStyle: 'short' });

export const momentText = (iso: string) => moment.format(new Date(iso));
/** To the second: attempts of one delivery can follow each other within a minute. */
export const preciseText = (iso: string) => precise.format(new Date(iso));
export const dayText = (iso: string) => day.format(new Date(iso));

export type WebhookAttempt = WebhookDelivery['essais'][number];

/** « HTTP 200 en 142 ms », or « Sans réponse en 10 000 ms ». */
export function attemptText(attempt: WebhookAttempt): string {
  const answer = attempt.codeHttp === null ? WEBHOOK_DELIVERY_TEXTS.noAnswer : `HTTP ${attempt.codeHttp}`;
  return `${answer} en ${attempt.dureeMs.toLocaleString('fr-FR')}\u00a0ms`;
}

/** A delivery's attempts, the first one first, whatever the order they come in. */
export function attemptsInOrder(delivery: WebhookDelivery): WebhookAttempt[] {
  return [...delivery.essais].sort((a, b) => Date.parse(a.le) - Date.parse(b.le));
}

/** The latest attempt of a delivery, or null before the first. */
export function lastAttempt(delivery: WebhookDelivery): WebhookAttempt | null {
  return attemptsInOrder(delivery).at(-1) ?? null;
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { TRANSACTION_REFERENCE_PATTERN } from '@ecare/shared';
import { z } from 'zod';
import type { NotificationCheck, PaymentEvent } from '../../modules/payment/index.ts';

/**
 * The sandbox's notifications, as a provider's webhooks are: a JSON event, its send time in
 * `x-sandbox-timestamp` (Unix seconds) and `x-sandbox-signature: sha256=<hex>`, the HMAC-SHA-256
 * of `timestamp + "." + raw body` with PAYMENT_PROVIDER_SECRET. The receiver checks the
 * signature over the bytes it received (never over a re-serialised body), in constant time, and
 * refuses a time more than 5 minutes away from its clock (decision 027).
 */
export const TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const NOTIFICATION_TOLERANCE_MS = 5 * 60_000;

const EVENT_TYPES = { 'paiement.accepte': 'ACCEPTED', 'paiement.refuse': 'REFUSED', 'paiement.annule': 'CANCELLED' } as const;
type EventType = keyof typeof EVENT_TYPES;
const TYPE_OF_OUTCOME = Object.fromEntries(Object.entries(EVENT_TYPES).map(([type, outcome]) => [outcome, type])) as Record<
  PaymentEvent['outcome'],
  EventType
>;

const EVENT_ID = /^evt_[a-f0-9]{24}$/;

/** The body the sandbox sends: no card data, only the decision on a transaction. */
const sandboxEventSchema = z.strictObject({
  id: z.string().regex(EVENT_ID),
  type: z.enum(Object.keys(EVENT_TYPES) as [EventType, ...EventType[]]),
  cree: z.number().int().positive(),
  transaction: z.strictObject({
    reference: z.string().regex(TRANSACTION_REFERENCE_PATTERN),
    montant: z.number().int().nonnegative(),
    devise: z.literal('EUR'),
  }),
});
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;

/** The event the sandbox sends for its decision on a transaction. */
export function sandboxEvent(event: PaymentEvent, now: Date): SandboxEvent {
  return {
    id: event.eventId,
    type: TYPE_OF_OUTCOME[event.outcome],
    cree: Math.floor(now.getTime() / 1000),
    transaction: { reference: event.transactionReference, montant: event.montantCentimes, devise: 'EUR' },
  };
}

const signatureOf = (secret: string, timestamp: string, rawBody: Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest();

/** The headers that sign `rawBody` at `now`. */
export function signNotification(secret: string, rawBody: string, now: Date): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: `sha256=${signatureOf(secret, timestamp, Buffer.from(rawBody, 'utf8')).toString('hex')}`,
  };
}

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** What an unverified body says it is about, when it says it plainly: for the record only. */
function claimedBy(rawBody: Buffer): { eventId: string | null; transactionReference: string | null } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { eventId: null, transactionReference: null };
  }
  const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {});
  const id = record(parsed).id;
  const reference = record(record(parsed).transaction).reference;
  return {
    eventId: typeof id === 'string' && EVENT_ID.test(id) ? id : null,
    transactionReference: typeof reference === 'string' && TRANSACTION_REFERENCE_PATTERN.test(reference) ? reference : null,
  };
}

/** Checks and reads a notification of the sandbox. */
export function verifySandboxNotification(secret: string, rawBody: Buffer, headers: IncomingHttpHeaders, now: Date): NotificationCheck {
  const claimed = claimedBy(rawBody);
  const timestamp = single(headers[TIMESTAMP_HEADER]);
  const signature = /^sha256=([a-f0-9]{64})$/.exec(single(headers[SIGNATURE_HEADER]) ?? '')?.[1];
  if (!signature) return { ok: false, reason: 'SIGNATURE_INVALIDE', claimed };
  // The timestamp is part of what is signed: a missing one cannot match.
  const expected = signatureOf(secret, timestamp ?? '', rawBody);
  if (timestamp === undefined || !timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'SIGNATURE_INVALIDE', claimed };
  const sentAt = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) * 1000 : Number.NaN;
  if (!(Math.abs(now.getTime() - sentAt) <= NOTIFICATION_TOLERANCE_MS)) return { ok: false, reason: 'PERIMEE', claimed };
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { ok: false, reason: 'ILLISIBLE', claimed };
  }
  const event = sandboxEventSchema.safeParse(parsed);
  if (!event.success) return { ok: false, reason: 'ILLISIBLE', claimed };
  return {
    ok: true,
    event: {
      eventId: event.data.id,
      transactionReference: event.data.transaction.reference,
      outcome: EVENT_TYPES[event.data.type],
      montantCentimes: event.data.transaction.montant,
    },
  };
}

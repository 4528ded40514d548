import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ONECLIC_CLOCK_SKEW_SECONDS,
  ONECLIC_KEYS,
  ONECLIC_SIGNATURE,
  ONECLIC_TIMESTAMP,
  ONECLIC_VALIDITY_SECONDS,
  oneclicCanonical,
  type OneclicKey,
} from '@ecare/shared';

/**
 * One-click URLs (spec §3 keys, §4 flow) arrive signed by the customer-service desktop:
 * `sig` = hex HMAC-SHA-256, with the shared secret SSO_ONECLIC_SECRET, of the canonical text of
 * the keys and `ts` (oneclicCanonical), accepted for 5 minutes (decision 034).
 */
export type OneclicKeys = Partial<Record<OneclicKey, string>>;

export function signOneclic(secret: string, keys: OneclicKeys, timestamp: number): string {
  return createHmac('sha256', secret).update(oneclicCanonical(keys, String(timestamp))).digest('hex');
}

/** The query string of a signed one-click URL. */
export function signedOneclicQuery(secret: string, keys: OneclicKeys, now: Date): string {
  const ts = Math.floor(now.getTime() / 1000);
  const query = new URLSearchParams();
  for (const name of ONECLIC_KEYS) {
    const value = keys[name];
    if (value) query.set(name, value);
  }
  query.set(ONECLIC_TIMESTAMP, String(ts));
  query.set(ONECLIC_SIGNATURE, signOneclic(secret, keys, ts));
  return query.toString();
}

/** Whether the signature is the secret's for these keys and the timestamp is within its validity at `now`. */
export function verifyOneclic(secret: string, keys: OneclicKeys, timestamp: string, signature: string, now: Date): boolean {
  if (!/^\d{1,11}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const ts = Number(timestamp);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const expected = Buffer.from(signOneclic(secret, keys, ts), 'hex');
  // Compared in constant time before the dates, so that a refusal tells nothing of which check failed.
  const genuine = timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  return genuine && ts <= nowSeconds + ONECLIC_CLOCK_SKEW_SECONDS && nowSeconds - ts <= ONECLIC_VALIDITY_SECONDS;
}

import { createHmac, randomBytes } from 'node:crypto';

/*
 * Signatures of the Standard Webhooks specification (decision 062): a secret is `whsec_` and the
 * base64 of 32 random bytes; a message is signed with those bytes, HMAC-SHA256 over
 * `webhook-id.webhook-timestamp.body`, sent as `v1,<base64>`; several signatures go
 * space-separated in the one header.
 */

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

/** A new signing secret, to show once. */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/** The key bytes of a secret (what follows `whsec_`, base64-decoded). */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** One `v1,` signature of a message. */
export function signature(secret: string, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The webhook-signature header: a signature per secret still valid (the new one first during a rotation's overlap). */
export function signatureHeader(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  return secrets.map((secret) => signature(secret, id, timestampSeconds, body)).join(' ');
}

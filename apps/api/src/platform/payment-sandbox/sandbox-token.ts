import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { TRANSACTION_REFERENCE_PATTERN } from '@ecare/shared';

/**
 * The sandbox's payment session, carried by its hosted page's address
 * (`/sandbox-paiement/{token}`) rather than stored: the transaction it pays, the amount and until
 * when, authenticated with a key derived from PAYMENT_PROVIDER_SECRET so that nobody changes the
 * amount or makes a session of their own. Nothing in it is secret (the page shows it all), so it
 * is not encrypted. The browser's back button and a reload find the same session (decision 027).
 *
 * Layout before base64url: version (1 byte) | expiry, Unix seconds (4) | amount in cents (4) |
 * transaction reference (20 ASCII characters) | tag (16).
 */
const VERSION = 1;
const REFERENCE_BYTES = 20;
const TAG_BYTES = 16;
const BODY_BYTES = 1 + 4 + 4 + REFERENCE_BYTES;
const TOKEN_BYTES = BODY_BYTES + TAG_BYTES;
const UINT32_MAX = 0xffff_ffff;

export interface SandboxSession {
  transactionReference: string;
  montantCentimes: number;
  /** Whole seconds: the token keeps no finer time. */
  expiresAt: Date;
}

export type OpenedSandboxSession = { status: 'valid'; session: SandboxSession } | { status: 'expired'; session: SandboxSession } | { status: 'invalid' };

const INVALID: OpenedSandboxSession = { status: 'invalid' };

function uint32(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0 || value > UINT32_MAX) throw new RangeError(`${what} out of range`);
  return value;
}

export function createSandboxTokenCodec(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'ecare-payment-sandbox', 'session', 32));
  const tagOf = (body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, TAG_BYTES);

  return {
    seal(session: SandboxSession): string {
      if (!TRANSACTION_REFERENCE_PATTERN.test(session.transactionReference)) throw new RangeError('transaction reference malformed');
      const body = Buffer.alloc(BODY_BYTES);
      body.writeUInt8(VERSION, 0);
      body.writeUInt32BE(uint32(Math.floor(session.expiresAt.getTime() / 1000), 'expiresAt'), 1);
      body.writeUInt32BE(uint32(session.montantCentimes, 'montantCentimes'), 5);
      body.write(session.transactionReference, 9, REFERENCE_BYTES, 'ascii');
      return Buffer.concat([body, tagOf(body)]).toString('base64url');
    },

    /** What a token says once its tag is checked; `expired` (with what it said) from `now` on. */
    open(token: string, now: Date): OpenedSandboxSession {
      if (!/^[A-Za-z0-9_-]+$/.test(token)) return INVALID;
      const bytes = Buffer.from(token, 'base64url');
      // Only the exact text we wrote: no padding, no other spelling of the same bytes.
      if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token || bytes[0] !== VERSION) return INVALID;
      const body = bytes.subarray(0, BODY_BYTES);
      if (!timingSafeEqual(tagOf(body), bytes.subarray(BODY_BYTES))) return INVALID;
      const session: SandboxSession = {
        expiresAt: new Date(body.readUInt32BE(1) * 1000),
        montantCentimes: body.readUInt32BE(5),
        transactionReference: body.toString('ascii', 9, BODY_BYTES),
      };
      if (!TRANSACTION_REFERENCE_PATTERN.test(session.transactionReference)) return INVALID;
      return session.expiresAt.getTime() <= now.getTime() ? { status: 'expired', session } : { status: 'valid', session };
    },
  };
}
export type SandboxTokenCodec = ReturnType<typeof createSandboxTokenCodec>;

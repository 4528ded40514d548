import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The token of an e-mailed eSIM installation link (`/identification/qrcode/{cipher}`). It names
 * one contract and the manager who sent it, until a time, without any row to store: encrypted
 * (AES-256-CTR, a random IV per link) so that the address shows no contract id, then
 * authenticated (HMAC-SHA-256 over version, IV and ciphertext) so that nobody can forge one or
 * turn one into another. Both keys are derived from the server's ESIM_LINK_SECRET (decision 018).
 *
 * Layout before base64url: version (1 byte) | IV (16) | encrypted claims (12) | tag (16).
 */
const VERSION = 1;
const IV_BYTES = 16;
const CLAIMS_BYTES = 12;
const TAG_BYTES = 16;
const BODY_BYTES = 1 + IV_BYTES + CLAIMS_BYTES;
const TOKEN_BYTES = BODY_BYTES + TAG_BYTES;
const UINT32_MAX = 0xffff_ffff;

export interface EsimLinkClaims {
  idContrat: number;
  /** The user who sent the link: it works only while they may still hand the line's SIM out. */
  senderId: number;
  /** Whole seconds: the token keeps no finer time. */
  expiresAt: Date;
}

export type OpenedEsimLink = { status: 'valid'; claims: EsimLinkClaims } | { status: 'expired' } | { status: 'invalid' };

const INVALID: OpenedEsimLink = { status: 'invalid' };

function uint32(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0 || value > UINT32_MAX) throw new RangeError(`${what} out of range`);
  return value;
}

export function createEsimLinkCodec(secret: string) {
  const key = (purpose: string) => Buffer.from(hkdfSync('sha256', secret, 'ecare-esim-link', purpose, 32));
  const encryptionKey = key('encryption');
  const authenticationKey = key('authentication');
  const tagOf = (body: Buffer) => createHmac('sha256', authenticationKey).update(body).digest().subarray(0, TAG_BYTES);

  return {
    seal(claims: EsimLinkClaims): string {
      const plain = Buffer.alloc(CLAIMS_BYTES);
      plain.writeUInt32BE(uint32(claims.idContrat, 'idContrat'), 0);
      plain.writeUInt32BE(uint32(claims.senderId, 'senderId'), 4);
      plain.writeUInt32BE(uint32(Math.floor(claims.expiresAt.getTime() / 1000), 'expiresAt'), 8);
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-ctr', encryptionKey, iv);
      const body = Buffer.concat([Buffer.of(VERSION), iv, cipher.update(plain), cipher.final()]);
      return Buffer.concat([body, tagOf(body)]).toString('base64url');
    },

    /** What a token says, once its tag is checked; `expired` from `now` on. */
    open(token: string, now: Date): OpenedEsimLink {
      if (!/^[A-Za-z0-9_-]+$/.test(token)) return INVALID;
      const bytes = Buffer.from(token, 'base64url');
      // Only the exact text we wrote: no padding, no other spelling of the same bytes.
      if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token || bytes[0] !== VERSION) return INVALID;
      const body = bytes.subarray(0, BODY_BYTES);
      if (!timingSafeEqual(tagOf(body), bytes.subarray(BODY_BYTES))) return INVALID;
      const decipher = createDecipheriv('aes-256-ctr', encryptionKey, body.subarray(1, 1 + IV_BYTES));
      const plain = Buffer.concat([decipher.update(body.subarray(1 + IV_BYTES)), decipher.final()]);
      const claims: EsimLinkClaims = {
        idContrat: plain.readUInt32BE(0),
        senderId: plain.readUInt32BE(4),
        expiresAt: new Date(plain.readUInt32BE(8) * 1000),
      };
      return claims.expiresAt.getTime() <= now.getTime() ? { status: 'expired' } : { status: 'valid', claims };
    },
  };
}
export type EsimLinkCodec = ReturnType<typeof createEsimLinkCodec>;

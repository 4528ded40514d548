import { describe, expect, it } from 'vitest';
import { createEsimLinkCodec } from './esim-link.ts';

const codec = createEsimLinkCodec('a-key-of-at-least-thirty-two-characters');
const now = new Date('2026-03-02T10:00:00Z');
const claims = { idContrat: 5_000_123, senderId: 42, expiresAt: new Date('2026-03-05T10:00:00Z') };

describe('eSIM link token', () => {
  it('gives back what it holds, in 60 URL-safe characters that differ at every sealing', () => {
    const token = codec.seal(claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]{60}$/);
    expect(codec.open(token, now)).toEqual({ status: 'valid', claims });
    expect(codec.seal(claims)).not.toBe(token);
  });

  it('keeps whole seconds of the expiry and expires at that second', () => {
    const token = codec.seal({ ...claims, expiresAt: new Date('2026-03-05T10:00:00.900Z') });
    const opened = codec.open(token, now);
    expect(opened.status === 'valid' && opened.claims.expiresAt.toISOString()).toBe('2026-03-05T10:00:00.000Z');
    expect(codec.open(token, new Date('2026-03-05T09:59:59.999Z')).status).toBe('valid');
    expect(codec.open(token, new Date('2026-03-05T10:00:00.000Z'))).toEqual({ status: 'expired' });
  });

  it('refuses any change of any byte, and another key’s tokens', () => {
    const token = codec.seal(claims);
    const bytes = Buffer.from(token, 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const changed = Buffer.from(bytes);
      changed[i] = (changed[i] ?? 0) ^ 0x01;
      expect(codec.open(changed.toString('base64url'), now), `byte ${i}`).toEqual({ status: 'invalid' });
    }
    expect(createEsimLinkCodec('another-key-of-at-least-thirty-two-chars').open(token, now)).toEqual({ status: 'invalid' });
  });

  it('refuses other spellings and lengths', () => {
    const token = codec.seal(claims);
    for (const text of ['', `${token}=`, `${token}A`, token.slice(0, -1), `${token.slice(0, -1)}+`, `${token.slice(0, 30)}.${token.slice(31)}`, 'x'.repeat(60)]) {
      expect(codec.open(text, now), text).toEqual({ status: 'invalid' });
    }
  });

  it('refuses claims it cannot hold', () => {
    expect(() => codec.seal({ ...claims, idContrat: -1 })).toThrow(RangeError);
    expect(() => codec.seal({ ...claims, senderId: 2 ** 32 })).toThrow(RangeError);
  });
});

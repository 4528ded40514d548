import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived values the server hands the browser in httpOnly cookies and reads back: the SSO
 * assertion (who Gaia or a signed one-click URL vouched for) and the Gaia login's PKCE verifier,
 * state and nonce. `v1.{base64url JSON}.{base64url HMAC-SHA-256}`, with a key per purpose derived
 * from the one-click secret, and the end (Unix seconds, `exp`) inside the signed part (decision 034).
 */
export function createSealer(secret: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'ecare-sso', purpose, 32));
  const tag = (body: string) => createHmac('sha256', key).update(body).digest();

  return {
    seal<T extends object>(value: T, expiresAt: Date): string {
      const body = Buffer.from(JSON.stringify({ ...value, exp: Math.floor(expiresAt.getTime() / 1000) })).toString('base64url');
      return `v1.${body}.${tag(body).toString('base64url')}`;
    },

    /** The sealed value, or null when it is malformed, forged or past its end. */
    open<T>(text: string | undefined, now: Date): (T & { exp: number }) | null {
      if (!text || text.length > 4096) return null;
      const [version, body, given, ...rest] = text.split('.');
      if (version !== 'v1' || !body || !given || rest.length > 0) return null;
      const expected = tag(body);
      const actual = Buffer.from(given, 'base64url');
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
      try {
        const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { exp: number };
        if (typeof value !== 'object' || value === null || typeof value.exp !== 'number') return null;
        return value.exp * 1000 > now.getTime() ? value : null;
      } catch {
        return null;
      }
    },
  };
}
export type Sealer = ReturnType<typeof createSealer>;

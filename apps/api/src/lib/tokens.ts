import { createHash, randomBytes } from 'node:crypto';

/** 256-bit opaque token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The token of an `Authorization: Bearer …` header, or null. The scheme is case-insensitive
 * (RFC 7235, RFC 6750: `bearer` and `BEARER` are the same), followed by one or more spaces; the
 * token is one of ours in shape (URL-safe characters, 16 to 128).
 */
const BEARER = /^bearer +([A-Za-z0-9_-]{16,128})$/i;

export function bearerToken(header: string | undefined): string | null {
  return BEARER.exec(header ?? '')?.[1] ?? null;
}

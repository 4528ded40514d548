import { timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { TOTP_SETTINGS } from '@ecare/shared';

const PERIOD_MS = TOTP_SETTINGS.periodSeconds * 1000;
/** Steps of clock drift accepted either side of the current one (RFC 6238 §5.2 recommends one). */
const DRIFT_STEPS = 1;

/** A new random secret (160 bits, the RFC 4226 recommendation), base32 as apps read it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: TOTP_SETTINGS.algorithm,
    digits: TOTP_SETTINGS.digits,
    period: TOTP_SETTINGS.periodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// address an authenticator app scans: the brand as issuer, the user's e-mail as label. */
export function totpUrl(secretBase32: string, issuer: string, label: string): string {
  return totpOf(secretBase32, issuer, label).toString();
}

/** The time step of an instant (Unix seconds / period). */
export function stepAt(now: Date): number {
  return Math.floor(now.getTime() / PERIOD_MS);
}

/** The code of a step (for tests and for the check below). */
export function totpCodeAt(secretBase32: string, step: number): string {
  return totpOf(secretBase32).generate({ timestamp: step * PERIOD_MS });
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The step whose code `code` is, among the current one and one either side, and after
 * `lastStep` (a code of an accepted step, or of an earlier one, is refused: no replay within its
 * window). Null when none matches. The current step is tried first, then the past, then the future.
 */
export function matchTotpStep(secretBase32: string, code: string, now: Date, lastStep: number | null): number | null {
  const current = stepAt(now);
  for (const delta of [0, -DRIFT_STEPS, DRIFT_STEPS]) {
    const step = current + delta;
    if (lastStep !== null && step <= lastStep) continue;
    if (same(totpCodeAt(secretBase32, step), code)) return step;
  }
  return null;
}

import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { matchTotpStep, newTotpSecret, stepAt, totpCodeAt, totpUrl } from './totp.ts';

// RFC 6238 appendix B's SHA-1 seed, "12345678901234567890", in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP codes', () => {
  it('are RFC 6238’s (6 digits of its SHA-1 test vectors)', () => {
    expect(totpCodeAt(RFC_SECRET, stepAt(new Date(59_000)))).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, stepAt(new Date(1_111_111_109_000)))).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, stepAt(new Date(2_000_000_000_000)))).toBe('279037');
  });

  it('are valid for the whole 30-second window of their step', () => {
    const clock = new ManualClock(new Date('2026-03-01T10:00:00Z'));
    const step = stepAt(clock.now());
    const code = totpCodeAt(RFC_SECRET, step);
    expect(matchTotpStep(RFC_SECRET, code, clock.now(), null)).toBe(step);
    clock.advance(29_999);
    expect(stepAt(clock.now())).toBe(step);
    expect(matchTotpStep(RFC_SECRET, code, clock.now(), null)).toBe(step);
  });

  it('accept one step of drift either side, and no more', () => {
    const clock = new ManualClock(new Date('2026-03-01T10:00:10Z'));
    const now = stepAt(clock.now());
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 1), clock.now(), null)).toBe(now - 1);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 1), clock.now(), null)).toBe(now + 1);
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 2), clock.now(), null)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 2), clock.now(), null)).toBeNull();
    // A code drifts out: valid one step later, refused two steps later.
    const code = totpCodeAt(RFC_SECRET, now);
    clock.advance(30_000);
    expect(matchTotpStep(RFC_SECRET, code, clock.now(), null)).toBe(now);
    clock.advance(30_000);
    expect(matchTotpStep(RFC_SECRET, code, clock.now(), null)).toBeNull();
  });

  it('refuse a code of the last accepted step or an earlier one (no replay within the window)', () => {
    const clock = new ManualClock(new Date('2026-03-01T10:00:10Z'));
    const now = stepAt(clock.now());
    const code = totpCodeAt(RFC_SECRET, now);
    const used = matchTotpStep(RFC_SECRET, code, clock.now(), null);
    expect(used).toBe(now);
    expect(matchTotpStep(RFC_SECRET, code, clock.now(), used)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now - 1), clock.now(), used)).toBeNull();
    clock.advance(15_000);
    expect(matchTotpStep(RFC_SECRET, code, clock.now(), used)).toBeNull();
    // The next step's code still passes, even early (drift).
    expect(matchTotpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now + 1), clock.now(), used)).toBe(now + 1);
  });

  it('refuse what is not the code', () => {
    const now = new Date('2026-03-01T10:00:10Z');
    const code = totpCodeAt(RFC_SECRET, stepAt(now));
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(matchTotpStep(RFC_SECRET, wrong, now, null)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, '', now, null)).toBeNull();
  });

  it('make 160-bit secrets and an otpauth:// address apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const url = new URL(totpUrl(secret, 'Opérateur Pro', 'camille@client.test'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Opérateur Pro');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(decodeURIComponent(url.pathname)).toContain('camille@client.test');
  });
});

describe('the secret box', () => {
  const box = createSecretBox('k'.repeat(32));

  it('opens what it sealed for the same owner only', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'totp:1')).not.toBe(sealed);
    expect(box.open(sealed, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'totp:2')).toBeNull();
  });

  it('opens nothing sealed with another key, altered or malformed', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:1');
    expect(createSecretBox('x'.repeat(32)).open(sealed, 'totp:1')).toBeNull();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[14] = (bytes[14] ?? 0) ^ 1;
    expect(box.open(`v1.${bytes.toString('base64url')}`, 'totp:1')).toBeNull();
    expect(box.open('v1.', 'totp:1')).toBeNull();
    expect(box.open('clair', 'totp:1')).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes, looked up whatever their case, spaces and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [first = ''] = codes;
    expect(recoveryCodeHash(` ${first.toUpperCase().replace('-', ' - ')} `)).toBe(recoveryCodeHash(first));
    expect(recoveryCodeHash(first)).not.toContain(first.replace('-', ''));
  });
});

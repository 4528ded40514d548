import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, okResponseSchema, tokenErrorSchema, type TokenError } from '@ecare/shared';
import { LIMITS } from '../../lib/limits.ts';
import { bodyOf, createTestContext, errorOf, tokenErrorOf, type TestContext } from '../../test/harness.ts';
import { loginDriver, NOTICE_SUBJECT, UNLOCK_SUBJECT, unlockTokenOf } from '../../test/support/login.ts';

let t: TestContext;
let driver: ReturnType<typeof loginDriver>;
beforeAll(async () => {
  t = await createTestContext();
  driver = loginDriver(t);
});
afterAll(() => t.close());

const UNLOCK_ANSWER: TokenError = { error: 'invalid_grant', error_description: errorMessage('LOGIN_UNLOCK_REQUIRED') };

describe('per-address back-off', () => {
  it('slows down a single guessing address, even with the right code, and no other address', async () => {
    const { email, right, wrong } = await driver.customer();
    for (let i = 0; i < 5; i++) expect((await driver.token('203.0.113.30', email, wrong)).statusCode).toBe(400);
    const slowed = await driver.token('203.0.113.30', email, right);
    expect(slowed.statusCode).toBe(429);
    expect(tokenErrorOf(slowed)).toEqual({ error: 'slow_down', error_description: errorMessage('LOGIN_BACKOFF', { seconds: 30 }) });
    expect(slowed.headers['retry-after']).toBe('30');
    expect((await driver.token('203.0.113.31', email, right)).statusCode).toBe(200);
    t.clock.advance(29_000);
    expect(tokenErrorOf(await driver.token('203.0.113.30', email, right)).error_description).toBe(
      errorMessage('LOGIN_BACKOFF', { seconds: 1 }),
    );
    // A minute on, also past the per-address request limit of the minute.
    t.clock.advance(31_000);
    expect((await driver.token('203.0.113.30', email, right)).statusCode).toBe(200);
    // The success forgot that address's failures.
    for (let i = 0; i < 4; i++) expect((await driver.token('203.0.113.30', email, wrong)).statusCode).toBe(400);
  });
});

describe('beyond the account-wide ceiling', () => {
  const FAILED_IP = '203.0.113.77';
  let customer: Awaited<ReturnType<typeof driver.customer>>;
  let link = '';

  beforeAll(async () => {
    customer = await driver.customer();
    await driver.attackBeyondCeiling(customer.email, customer.wrong, FAILED_IP, 1);
  }, 120_000);

  it('lets the right code in from an address that has not failed', async () => {
    expect((await driver.token('192.0.2.10', customer.email, customer.right)).statusCode).toBe(200);
  });

  it('refuses an address that failed, right code or not, with the unlock message, and e-mails one link', async () => {
    const right = await driver.token(FAILED_IP, customer.email, customer.right);
    expect(right.statusCode).toBe(400);
    expect(tokenErrorOf(right)).toEqual(UNLOCK_ANSWER);
    const wrong = await driver.token(FAILED_IP, customer.email, customer.wrong);
    expect(wrong.body).toBe(right.body);
    const [mail] = await driver.waitForMails(customer.email, UNLOCK_SUBJECT, 1);
    link = unlockTokenOf(mail);
    expect(mail?.textBody).toContain(`https://espace-client.test/ecare/identification/deverrouiller/${link}`);
    expect(mail?.htmlBody).toContain('Déverrouiller ma connexion');
    // One link a period, however often the address is refused.
    expect((await driver.token(FAILED_IP, customer.email, customer.right)).body).toBe(right.body);
    expect(await driver.mailsTo(customer.email, UNLOCK_SUBJECT)).toHaveLength(1);
    expect(await driver.waitForMails(customer.email, NOTICE_SUBJECT, 1)).toHaveLength(1);
  });

  it('follows the link once: the browser that followed it signs in from that address; the address alone does not', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/identification/deverrouillage',
      remoteAddress: '198.18.0.2',
      payload: { token: link },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('XSRF');

    const { response, pass } = await driver.unlock(link);
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response, okResponseSchema)).toEqual({ ok: true });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(pass).toMatchObject({ httpOnly: true, path: '/api/token', sameSite: 'Strict', maxAge: LIMITS.passMs / 1000 });
    expect(pass?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await driver.token(FAILED_IP, customer.email, customer.right, pass?.value)).statusCode).toBe(200);
    expect(tokenErrorOf(await driver.token(FAILED_IP, customer.email, customer.right))).toEqual(UNLOCK_ANSWER);
    // A pass opens nothing by itself: a wrong code is still wrong.
    expect(tokenErrorOf(await driver.token(FAILED_IP, customer.email, customer.wrong, pass?.value)).error_description).toBe(
      errorMessage('INVALID_GRANT'),
    );

    const again = await driver.unlock(link);
    expect(again.response.statusCode).toBe(400);
    expect(errorOf(again.response)).toEqual({ code: 'UNLOCK_LINK_INVALID', exceptionMessage: errorMessage('UNLOCK_LINK_INVALID') });
    expect(again.pass).toBeUndefined();
    expect(errorOf((await driver.unlock('x'.repeat(43))).response).code).toBe('UNLOCK_LINK_INVALID');
  });

  it('sends a new link and a new notice in the next period only; a link expires with its period', async () => {
    t.clock.advance(LIMITS.mailPeriodMs);
    // The hour's window has ended: the address is only slowed down as any other would be.
    expect((await driver.token(FAILED_IP, customer.email, customer.right)).statusCode).toBe(200);
    await driver.attackBeyondCeiling(customer.email, customer.wrong, FAILED_IP, 2);
    expect(await driver.waitForMails(customer.email, NOTICE_SUBJECT, 2)).toHaveLength(2);
    expect(tokenErrorOf(await driver.token(FAILED_IP, customer.email, customer.right))).toEqual(UNLOCK_ANSWER);
    const [newest] = await driver.waitForMails(customer.email, UNLOCK_SUBJECT, 2);
    const fresh = unlockTokenOf(newest);
    expect(fresh).not.toBe(link);
    t.clock.advance(LIMITS.mailPeriodMs);
    expect(errorOf((await driver.unlock(fresh)).response).code).toBe('UNLOCK_LINK_INVALID');
  }, 120_000);
});

describe('an unknown identifier', () => {
  it('answers byte for byte like a known one at every step, and nothing is mailed', async () => {
    const known = await driver.customer();
    const unknown = { email: 'personne@attaque.test', ...(await driver.codesOf('personne@attaque.test', 'Client#Code42')) };
    /** The answers to wrong codes, to the back-off, then beyond the ceiling to the address that failed. */
    const answers = async ({ email, right, wrong }: { email: string; right: string; wrong: string }, n: number) => {
      const ip = `203.0.113.${120 + n}`;
      const bodies: string[] = [];
      for (let i = 0; i < 5; i++) bodies.push((await driver.token(ip, email, wrong)).body);
      bodies.push((await driver.token(ip, email, right)).body);
      await driver.attackBeyondCeiling(email, wrong, `198.18.${n}.1`, 10 + n);
      t.clock.advance(LIMITS.backoffMaxMs);
      bodies.push((await driver.token(ip, email, right)).body);
      return bodies;
    };
    const knownAnswers = await answers(known, 0);
    expect(await answers(unknown, 1)).toEqual(knownAnswers);
    expect(knownAnswers.map((body) => tokenErrorSchema.parse(JSON.parse(body)).error_description)).toEqual([
      ...Array<string>(5).fill(errorMessage('INVALID_GRANT')),
      errorMessage('LOGIN_BACKOFF', { seconds: 30 }),
      UNLOCK_ANSWER.error_description,
    ]);
    await driver.waitForMails(known.email, UNLOCK_SUBJECT, 1);
    await driver.waitForMails(known.email, NOTICE_SUBJECT, 1);
    expect((await t.outbox()).filter((mail) => mail.recipient === unknown.email)).toEqual([]);
  }, 120_000);
});

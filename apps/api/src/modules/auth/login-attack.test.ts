import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, hashConfidentialCode } from '@ecare/shared';
import { LIMITS } from '../../lib/limits.ts';
import { createTestContext, errorOf, tokenErrorOf, type TestContext } from '../../test/harness.ts';
import { loginDriver, NOTICE_SUBJECT, UNLOCK_SUBJECT } from '../../test/support/login.ts';

let t: TestContext;
let driver: ReturnType<typeof loginDriver>;
beforeAll(async () => {
  t = await createTestContext();
  driver = loginDriver(t);
});
afterAll(() => t.close());

const VICTIM_IP = '192.0.2.44';
/** Long simulations: hundreds of real code checks (Argon2id) on the test clock. */
const LONG = 300_000;

type Outcome = 'in' | 'wrong' | 'slowed' | 'unlock' | 'other';

/** What a token call came to, from its status and OAuth error description. */
function outcomeOf(response: LightMyRequestResponse): Outcome {
  if (response.statusCode === 200) return 'in';
  const description = tokenErrorOf(response).error_description;
  if (response.statusCode === 429 && description.startsWith('Trop de tentatives')) return 'slowed';
  if (description === errorMessage('INVALID_GRANT')) return 'wrong';
  if (description === errorMessage('LOGIN_UNLOCK_REQUIRED')) return 'unlock';
  return 'other';
}

/**
 * Two hours of test clock: each minute the attacker makes six attempts with a wrong code (from
 * `attackerIp(minute, i)`), and the customer logs in once with the right code from their own
 * address.
 */
async function twoHoursOfAttack(email: string, right: string, wrong: string, attackerIp: (minute: number, i: number) => string) {
  const victim: Outcome[] = [];
  const attacker: Outcome[] = [];
  for (let minute = 0; minute < 120; minute++) {
    for (let i = 0; i < 6; i++) {
      attacker.push(outcomeOf(await driver.token(attackerIp(minute, i), email, wrong)));
      t.clock.advance(10_000);
    }
    victim.push(outcomeOf(await driver.token(VICTIM_IP, email, right)));
  }
  return { victim, attacker };
}

const count = (outcomes: Outcome[], outcome: Outcome) => outcomes.filter((o) => o === outcome).length;

describe('an attacker guessing a customer’s code', () => {
  it(
    'from one address at six requests a minute for two hours never keeps the customer out',
    async () => {
      const { email, right, wrong } = await driver.customer();
      const { victim, attacker } = await twoHoursOfAttack(email, right, wrong, () => '203.0.113.66');
      expect(victim).toHaveLength(120);
      expect(count(victim, 'in')).toBe(120);
      // The attacker is slowed down: 5 free tries an hour, then 30 s doubling up to 5 minutes
      // (about 20 code checks an hour); the ceiling is never reached from one address.
      expect(attacker).toHaveLength(720);
      expect(count(attacker, 'wrong')).toBeGreaterThanOrEqual(2 * 5);
      expect(count(attacker, 'wrong')).toBeLessThanOrEqual(2 * 20);
      expect(count(attacker, 'slowed')).toBe(720 - count(attacker, 'wrong'));
    },
    LONG,
  );

  it(
    'from rotating addresses (a new IPv4 network, a new IPv6 /64) for two hours never keeps the customer out and tells them once',
    async () => {
      const { email, right, wrong } = await driver.customer();
      const { victim, attacker } = await twoHoursOfAttack(email, right, wrong, (minute, i) =>
        i % 2 ? `10.${minute}.${i}.9` : `2001:db8:bad:${(minute * 6 + i).toString(16)}::1`,
      );
      expect(victim).toHaveLength(120);
      expect(count(victim, 'in')).toBe(120);
      // Each hour the identifier passes the ceiling after 100 failures; from then on every new
      // /64 of the attacker's /48 counts as failed and is refused without a code check, while
      // each new IPv4 network still gets one check.
      expect(count(attacker, 'unlock')).toBeGreaterThanOrEqual(250);
      expect(count(attacker, 'wrong')).toBe(720 - count(attacker, 'unlock'));
      // Each hour's window reaches the ceiling; the owner hears of it once per period.
      expect(await driver.waitForMails(email, NOTICE_SUBJECT, 1)).toHaveLength(1);
      expect(await driver.waitForMails(email, UNLOCK_SUBJECT, 1)).toHaveLength(1);
      const [notice] = await driver.mailsTo(email, NOTICE_SUBJECT);
      expect(notice?.textBody).toContain(`${LIMITS.accountCeiling}\u00a0codes confidentiels erronés`);
      expect(notice?.textBody).toContain('reste valable');
      expect(notice?.htmlBody).toContain('/ecare/info-securite-ecare');
    },
    LONG,
  );
});

describe('a signed-in customer re-entering their code while their identifier is under attack', () => {
  it('changes their code and their e-mail; only their own wrong codes slow them down', async () => {
    const { id, email, code, wrong } = await driver.customer();
    const session = await t.login(email, code);
    for (let i = 0; i < 5; i++) expect((await driver.token('203.0.113.88', email, wrong)).statusCode).toBe(400);
    await driver.attackBeyondCeiling(email, wrong, '203.0.113.89', 200);
    expect((await driver.token('203.0.113.88', email, wrong)).statusCode).toBe(429);

    const change = async (oldCode: string, newCode: string) =>
      t.send('POST', '/api/clients/password', {
        token: session,
        json: {
          ancienPassword: await hashConfidentialCode(email, oldCode),
          Password: await hashConfidentialCode(email, newCode),
          codeConfidentiel: newCode,
        },
      });
    expect((await change(code, 'Nouveau#Code42')).statusCode).toBe(200);

    // Their own mistakes: five, then a wait of 30 s (per user, whichever request it is).
    for (let i = 0; i < 5; i++) expect(errorOf(await change('Mauvais#Code9', 'Autre#Code43')).code).toBe('OLD_PASSWORD');
    const slowed = await change('Nouveau#Code42', 'Autre#Code43');
    expect(slowed.statusCode).toBe(429);
    expect(errorOf(slowed)).toEqual({ code: 'CODE_CHECK_BACKOFF', exceptionMessage: errorMessage('CODE_CHECK_BACKOFF', { seconds: 30 }) });
    const newEmail = `nouvelle-${id}@attaque.test`;
    const json = {
      nouvelEmail: newEmail,
      ancienPassword: await hashConfidentialCode(email, 'Nouveau#Code42'),
      Password: await hashConfidentialCode(newEmail, 'Nouveau#Code42'),
    };
    const emailChange = () => t.send('POST', '/api/utilisateurs/email', { token: session, json });
    expect((await emailChange()).statusCode).toBe(429);
    t.clock.advance(30_000);
    expect((await emailChange()).statusCode).toBe(200);
  });
});

import { expect, vi } from 'vitest';
import { hashConfidentialCode } from '@ecare/shared';
import { createUser } from '../../db/seed/factories.ts';
import { LIMITS } from '../../lib/limits.ts';
import type { TestContext } from '../harness.ts';
import { LOGIN_PASS_COOKIE } from '../../modules/auth/login-protection.ts';

const XSRF = 'login-test-xsrf';

/** Logins as a browser makes them, from a chosen address, for the abuse-limit tests. */
export function loginDriver(t: TestContext) {
  let customers = 0;

  /** The token call with the XSRF pair, from `ip`, with this browser's pass cookie if it has one. */
  const token = (ip: string, username: string, passwordHash: string, pass?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token',
      remoteAddress: ip,
      cookies: { 'XSRF-TOKEN': XSRF, ...(pass ? { [LOGIN_PASS_COOKIE]: pass } : {}) },
      headers: { 'x-xsrf-token': XSRF, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, password: passwordHash, grant_type: 'password', captcha: '', ip: '' }).toString(),
    });

  /** The hashes the browser would send for the right code and for a wrong one. */
  const codesOf = async (email: string, code: string) => ({
    right: await hashConfidentialCode(email, code),
    wrong: await hashConfidentialCode(email, 'Mauvais#Code1'),
  });

  return {
    token,
    codesOf,

    /** A new customer (a manager), with the hashes of their code and of a wrong one. */
    async customer(code = 'Client#Code42') {
      customers += 1;
      const email = `cible${customers}@attaque.test`;
      const user = await createUser(t.db, { email, password: code, gestionnaire: true });
      return { id: user.id, email, code, ...(await codesOf(email, code)) };
    },

    /**
     * Takes an identifier beyond the ceiling: the last failures from `failedIp`, the others from
     * as many /24 networks (10.x.y.0), each failing once.
     */
    async attackBeyondCeiling(email: string, wrong: string, failedIp: string, network: number) {
      for (let i = 0; i < LIMITS.accountCeiling - 1; i++) {
        expect((await token(`10.${network}.${i}.1`, email, wrong)).statusCode).toBe(400);
      }
      expect((await token(failedIp, email, wrong)).statusCode).toBe(400);
    },

    /** The mails to `to` whose subject matches, newest first. */
    async mailsTo(to: string, subject: RegExp) {
      return (await t.outbox()).filter((mail) => mail.recipient === to && subject.test(mail.subject));
    },

    /** Waits until `count` such mails were sent (they go out after the answer), then returns them. */
    async waitForMails(to: string, subject: RegExp, count: number) {
      return vi.waitFor(
        async () => {
          const mails = (await t.outbox()).filter((mail) => mail.recipient === to && subject.test(mail.subject));
          expect(mails).toHaveLength(count);
          return mails;
        },
        { timeout: 10_000, interval: 20 },
      );
    },

    /** Follows an unlock link as its page does: the pass cookie it sets, or the refusal. */
    async unlock(token: string, ip = '198.18.0.1') {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/identification/deverrouillage',
        remoteAddress: ip,
        cookies: { 'XSRF-TOKEN': XSRF },
        headers: { 'x-xsrf-token': XSRF },
        payload: { token },
      });
      return { response, pass: response.cookies.find((c) => c.name === LOGIN_PASS_COOKIE) };
    },
  };
}

export const UNLOCK_SUBJECT = /Déverrouiller la connexion/;
export const NOTICE_SUBJECT = /Tentatives de connexion/;

/** The token of the unlock link in a mail. */
export function unlockTokenOf(mail: { textBody: string } | undefined): string {
  const token = /\/ecare\/identification\/deverrouiller\/([A-Za-z0-9_-]{43})\b/.exec(mail?.textBody ?? '')?.[1];
  if (!token) throw new Error('no unlock link in the mail');
  return token;
}

import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@ecare/shared';
import { createTestContext, tokenErrorOf, type TestContext } from '../../test/harness.ts';
import { LOGIN_PASS_COOKIE } from './login-protection.ts';
import { loginDriver, NOTICE_SUBJECT, UNLOCK_SUBJECT } from '../../test/support/login.ts';

/** Stands in for reCAPTCHA's siteverify on loopback: token 'humain' passes, anything else fails. */
let verifier: Server;
let t: TestContext;
let driver: ReturnType<typeof loginDriver>;

beforeAll(async () => {
  verifier = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const human = new URLSearchParams(body).get('response') === 'humain';
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(human ? { success: true, score: 0.9, action: 'homepage' } : { success: false }));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  const address = verifier.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  t = await createTestContext({ env: { RECAPTCHA_SECRET: 'secret-test', RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify` } });
  driver = loginDriver(t);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => verifier.close(() => resolve()));
});

/** The token call with a captcha answer, as the login page sends it when reCAPTCHA is on. */
const login = (ip: string, username: string, password: string, captcha: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/token',
    remoteAddress: ip,
    cookies: { 'XSRF-TOKEN': 'x' },
    headers: { 'x-xsrf-token': 'x', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password, grant_type: 'password', captcha, ip: '' }).toString(),
  });

describe('beyond the ceiling with a captcha verifier configured', () => {
  it('lets an address that failed in with the right code once its captcha passes; no unlock link is needed', async () => {
    const { email, right, wrong } = await driver.customer();
    for (let i = 0; i < 100; i++) expect((await login(`10.9.${i}.1`, email, wrong, 'humain')).statusCode).toBe(400);
    const failedIp = '10.9.0.1';
    const robot = await login(failedIp, email, right, 'robot');
    expect(tokenErrorOf(robot).error_description).toBe(errorMessage('CAPTCHA'));
    const human = await login(failedIp, email, right, 'humain');
    expect(human.statusCode).toBe(200);
    expect(human.cookies.find((c) => c.name === LOGIN_PASS_COOKIE)).toBeUndefined();
    // The owner is still told of the attack; no unlock link went out.
    await driver.waitForMails(email, NOTICE_SUBJECT, 1);
    expect(await driver.mailsTo(email, UNLOCK_SUBJECT)).toEqual([]);
  }, 120_000);
});

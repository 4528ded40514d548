import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, hashConfidentialCode } from '@ecare/shared';
import { DEMO_USERS } from '../db/seed/demo.ts';
import { createTestContext, errorOf, tokenErrorOf, type TestContext } from '../test/harness.ts';

/** Stands in for reCAPTCHA's siteverify on loopback: token 'humain' passes, anything else fails. */
let verifier: Server;
let verifyUrl = '';
const received: URLSearchParams[] = [];

beforeAll(async () => {
  verifier = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      received.push(form);
      const human = form.get('response') === 'humain' && form.get('secret') === 'secret-test';
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(human ? { success: true, score: 0.9, action: 'homepage' } : { success: false }));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  const address = verifier.address();
  verifyUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/siteverify`;
});
afterAll(() => new Promise<void>((resolve) => verifier.close(() => resolve())));

describe('captcha verification', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { RECAPTCHA_SECRET: 'secret-test', RECAPTCHA_VERIFY_URL: verifyUrl } });
  });
  afterAll(() => t.close());

  const login = async (captcha: string) => {
    const { email, password } = DEMO_USERS.solo;
    return t.send('POST', '/api/token', {
      form: { username: email, password: await hashConfidentialCode(email, password), grant_type: 'password', captcha, ip: '' },
    });
  };

  it('lets a login through with a good token and refuses a missing or bad one', async () => {
    expect((await login('humain')).statusCode).toBe(200);
    for (const token of ['', 'robot']) {
      const refused = await login(token);
      expect(refused.statusCode).toBe(400);
      expect(tokenErrorOf(refused).error_description).toBe(MESSAGES.captchaFailed);
    }
    expect(received.at(-1)?.get('secret')).toBe('secret-test');
  });

  it('guards the forgotten-code calls too', async () => {
    const bad = await t.send('POST', '/api/clients/reinit_mdp/autorise', { json: { email: 'x@captcha.test', captcha: 'robot' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('CAPTCHA');
    const good = await t.send('POST', '/api/clients/reset_password', { json: { email: 'x@captcha.test', captcha: 'humain' } });
    expect(good.statusCode).toBe(200);
  });
});

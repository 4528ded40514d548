import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, hashConfidentialCode, tokenResponseSchema } from '@ecare/shared';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { bodyOf, createTestContext, errorOf, type TestContext } from '../../test/harness.ts';
import { FILES, MESSAGE, VISITOR, attachmentsFolder, fields, filesIn, sendContact } from '../../test/support/support.ts';

/** Stands in for reCAPTCHA's siteverify on loopback: token 'humain' passes, anything else fails. */
let verifier: Server;
let t: TestContext;
const folder = attachmentsFolder();

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
  t = await createTestContext({
    env: { RECAPTCHA_SECRET: 'secret-test', RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`, ATTACHMENTS_DIR: folder },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => verifier.close(() => resolve()));
  rmSync(folder, { recursive: true, force: true });
});

describe('contact form with the captcha on', () => {
  it('refuses a visitor without a token or with a failed one, and keeps no attachment', async () => {
    // Whatever the server parameters say: the seeded ones hide the captcha in the pages.
    expect((await t.get('/api/parametres')).json()).toMatchObject({ hidE_CAPTCHA: 'true' });
    for (const captcha of [undefined, '', 'robot']) {
      const parts = fields({ ...MESSAGE, ...VISITOR, ...(captcha === undefined ? {} : { captcha }) });
      const refused = await sendContact(t, [...parts, { name: 'pieceJointe', filename: 'a.pdf', type: 'application/pdf', content: FILES.pdf }]);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(errorOf(refused)).toMatchObject({ code: 'CAPTCHA', exceptionMessage: errorMessage('CAPTCHA') });
    }
    expect(filesIn(folder)).toEqual([]);
  });

  it('takes a visitor whose token passes', async () => {
    const response = await sendContact(t, fields({ ...MESSAGE, ...VISITOR, captcha: 'humain' }));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('asks no captcha of a signed-in customer: the session is the proof', async () => {
    const { email, password } = DEMO_USERS.gestionnaire;
    const login = await t.send('POST', '/api/token', {
      form: { username: email, password: await hashConfidentialCode(email, password), grant_type: 'password', captcha: 'humain', ip: '' },
    });
    const token = bodyOf(login, tokenResponseSchema).access_token;
    const response = await sendContact(t, fields(MESSAGE), { token });
    expect(response.statusCode, response.body).toBe(200);
  });
});

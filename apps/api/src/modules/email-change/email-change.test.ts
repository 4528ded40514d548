import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CHANGE_MESSAGES, emailManagementSchema, hashConfidentialCode } from '@ecare/shared';
import { createUser } from '../../db/seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const CODE = 'Changer#Mail42';
let count = 0;
async function customer() {
  count += 1;
  const email = `ancien${count}@mail.test`;
  await createUser(t.db, { email, password: CODE, gestionnaire: true });
  return { email, token: await t.login(email, CODE) };
}

async function requestChange(token: string, oldEmail: string, newEmail: string, code = CODE) {
  return t.send('POST', '/api/utilisateurs/email', {
    token,
    json: {
      nouvelEmail: newEmail,
      ancienPassword: await hashConfidentialCode(oldEmail, code),
      Password: await hashConfidentialCode(newEmail, code),
    },
  });
}

async function links(newEmail: string, oldEmail: string) {
  const mails = await t.outbox();
  const confirm = /confirmationmodificationemail\?guid=([A-Za-z0-9_-]+)/.exec(mails.find((m) => m.recipient === newEmail)?.textBody ?? '')?.[1];
  const cancel = /confirmationannulationemail\?guid=([A-Za-z0-9_-]+)/.exec(mails.find((m) => m.recipient === oldEmail)?.textBody ?? '')?.[1];
  if (!confirm || !cancel) throw new Error('links not mailed');
  return { confirm, cancel };
}

const status = async (guid: string) => emailManagementSchema.parse((await t.get(`/api/emailmanagement/${guid}`)).json());

describe('login e-mail change', () => {
  it('mails a confirmation to the new address and a cancellation to the old one; confirming switches the identifier', async () => {
    const { email, token } = await customer();
    const newEmail = `nouveau${count}@mail.test`;
    expect((await requestChange(token, email, newEmail)).statusCode).toBe(200);
    const { confirm, cancel } = await links(newEmail, email);
    expect(await status(confirm)).toEqual({ type: 'confirmation', statut: 'EN_ATTENTE', ancienEmail: email, nouvelEmail: newEmail });
    expect((await status(cancel)).type).toBe('annulation');

    const confirmed = await t.send('POST', `/api/utilisateurs/email/${confirm}/valider`);
    expect(confirmed.json().statut).toBe('VALIDEE');
    // Sessions end with the identifier change; the same code works with the new address only.
    expect((await t.get('/api/current_user', token)).statusCode).toBe(401);
    await expect(t.login(newEmail, CODE)).resolves.toEqual(expect.any(String));
    await expect(t.login(email, CODE)).rejects.toThrow(/login failed/);
    // Confirming twice changes nothing.
    expect((await t.send('POST', `/api/utilisateurs/email/${confirm}/valider`)).json().statut).toBe('VALIDEE');
  });

  it('lets the old address cancel a pending change', async () => {
    const { email, token } = await customer();
    const newEmail = `nouveau${count}@mail.test`;
    await requestChange(token, email, newEmail);
    const { confirm, cancel } = await links(newEmail, email);
    expect((await t.send('POST', `/api/utilisateurs/email/${cancel}/annuler`)).json().statut).toBe('ANNULEE');
    expect((await t.send('POST', `/api/utilisateurs/email/${confirm}/valider`)).json().statut).toBe('ANNULEE');
    await expect(t.login(email, CODE)).resolves.toEqual(expect.any(String));
  });

  it('lets the old address undo a change already confirmed, while the link is valid', async () => {
    const { email, token } = await customer();
    const newEmail = `nouveau${count}@mail.test`;
    await requestChange(token, email, newEmail);
    const { confirm, cancel } = await links(newEmail, email);
    await t.send('POST', `/api/utilisateurs/email/${confirm}/valider`);
    const newToken = await t.login(newEmail, CODE);
    expect((await t.send('POST', `/api/utilisateurs/email/${cancel}/annuler`)).json().statut).toBe('ANNULEE');
    expect((await t.get('/api/current_user', newToken)).statusCode).toBe(401);
    await expect(t.login(email, CODE)).resolves.toEqual(expect.any(String));
    await expect(t.login(newEmail, CODE)).rejects.toThrow(/login failed/);
  });

  it('expires links', async () => {
    const { email, token } = await customer();
    const newEmail = `nouveau${count}@mail.test`;
    await requestChange(token, email, newEmail);
    const { confirm } = await links(newEmail, email);
    t.clock.advance(24 * 3_600_000 + 1);
    expect((await t.send('POST', `/api/utilisateurs/email/${confirm}/valider`)).json().statut).toBe('EXPIREE');
    await expect(t.login(email, CODE)).resolves.toEqual(expect.any(String));
  });

  it('refuses a wrong code, the same address and an address in use', async () => {
    const { email, token } = await customer();
    const wrong = await requestChange(token, email, 'autre@mail.test', 'Mauvais#Code1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().exceptionMessage).toBe(EMAIL_CHANGE_MESSAGES.wrongCode);
    expect((await requestChange(token, email, email)).json().exceptionMessage).toBe(EMAIL_CHANGE_MESSAGES.sameAddress);
    const taken = await requestChange(token, email, 'gestionnaire@demo.test');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().exceptionMessage).toBe(EMAIL_CHANGE_MESSAGES.unavailable);
  });

  it('answers unknown links without error', async () => {
    expect((await status('z'.repeat(43))).statut).toBe('INCONNUE');
    expect((await t.send('POST', `/api/utilisateurs/email/${'z'.repeat(43)}/valider`)).json().statut).toBe('INCONNUE');
  });
});

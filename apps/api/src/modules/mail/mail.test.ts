import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashConfidentialCode } from '@ecare/shared';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { decodeHeader, textPart, parseMime } from '../../test/mime.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { startSmtpPeer } from '../../test/smtp-peer.ts';
import { pgBossMailQueue } from './mail.queue.ts';
import { smtpTransport } from './mail.transport.ts';

async function waitFor(check: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('e-mails over SMTP through the pg-boss queue', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let t: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestContext({
      env: { BRAND_NAME: 'Telora Pro', SMTP_URL: smtp.url },
      mailQueue: (database) => (log) => pgBossMailQueue(database.executeSql, log, { pollingSeconds: 0.5 }),
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('sends a French message with text and HTML parts carrying the link, and the link works', async () => {
    const { email } = DEMO_USERS.gestionnaire;
    await t.send('POST', '/api/clients/reset_password', { json: { email } });
    await waitFor(() => smtp.received.length === 1);
    const [mail] = smtp.received;
    if (!mail) throw new Error('no mail');
    expect(mail.to).toEqual([email]);
    const { headers } = parseMime(mail.raw);
    expect(decodeHeader(headers.get('subject') ?? '')).toBe('Telora Pro – Initialisation de votre code confidentiel');
    const text = textPart(mail.raw, 'text/plain');
    const html = textPart(mail.raw, 'text/html');
    expect(text).toContain('Vous avez demandé à initialiser le code confidentiel');
    expect(html).toContain('<html lang="fr">');
    const guid = /creer-code-confidentiel\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
    expect(guid).toBeDefined();
    expect(html).toContain(`creer-code-confidentiel/${guid}`);

    const code = 'Boulange#Rie77';
    const created = await t.send('POST', '/api/clients/update_password', {
      json: { guid, Password: await hashConfidentialCode(email, code), codeConfidentiel: code },
    });
    expect(created.statusCode).toBe(200);
    await expect(t.login(email, code)).resolves.toEqual(expect.any(String));
    const [row] = await t.outbox();
    expect(row?.transport).toBe('smtp');
    expect(row?.sentAt).not.toBeNull();
  });

  it('never sends the same e-mail twice with two instances working the queue', async () => {
    const other = await t.anotherInstance();
    expect(other).toBeDefined();
    const before = smtp.received.length;
    const addresses = [DEMO_USERS.mandataire.email, DEMO_USERS.solo.email, DEMO_USERS.utilisateur.email];
    for (const email of addresses) await t.send('POST', '/api/clients/reset_password', { json: { email } });
    await waitFor(() => smtp.received.length >= before + 3);
    // Give both workers time to pick up anything left over.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const recipients = smtp.received.slice(before).flatMap((m) => m.to).sort();
    expect(recipients).toEqual([...addresses].sort());
  });
});

describe('development mailbox', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('keeps every e-mail readable when no SMTP server is configured', async () => {
    // The mailbox answers only requests from this machine (inject's default peer is 127.0.0.1).
    const local = (url: string) => t.app.inject({ method: 'GET', url });
    await t.send('POST', '/api/clients/reset_password', { json: { email: DEMO_USERS.solo.email } });
    const mails = (await local('/api/dev/mails')).json();
    expect(mails[0]).toMatchObject({ destinataire: DEMO_USERS.solo.email, transport: 'mailbox' });
    const list = await local('/dev/boite-mail');
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain(DEMO_USERS.solo.email);
    const one = await local(`/dev/boite-mail/${mails[0].id}`);
    expect(one.body).toMatch(/<a href="https:\/\/espace-client\.test\/ecare\/identification\/creer-code-confidentiel\/[A-Za-z0-9_-]+">/);
  });

  it('smtp transport reports failures so the queue retries', async () => {
    const transport = smtpTransport('smtp://127.0.0.1:1', 'x@y.test');
    await expect(transport.send({ to: 'a@b.test', subject: 's', text: 't', html: '<p>t</p>' })).rejects.toThrow();
    transport.close();
  });
});

import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Receiver } from '../../test/support/webhooks.ts';
import { postWebhook, type WebhookPost } from './webhooks.delivery.ts';
import { newSigningSecret, signatureHeader } from './webhooks.signing.ts';
import type { Resolve } from './webhooks.ssrf.ts';

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const post = (overrides: Partial<WebhookPost> = {}) =>
  postWebhook({ url: receiver.url(), body: '{"type":"test"}', headers: { 'content-type': 'application/json' }, timeoutMs: 2_000, allowLoopback: true, ...overrides });

describe('signatures', () => {
  it('are what the Standard Webhooks reference implementation verifies, one per secret during a rotation', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const previous = newSigningSecret();
    const id = 'msg_2Lh9oVmjeS2TtGNF3WDMsX2ZKHs';
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ type: 'facture.emise', timestamp: new Date().toISOString(), data: { referenceNumber: 'F-1', montantTTC: 12.5 } });
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatureHeader([secret, previous], id, timestamp, body) };
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: 'facture.emise' });
    expect(new Webhook(previous).verify(body, headers)).toMatchObject({ data: { referenceNumber: 'F-1' } });
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow(/No matching signature/);
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow(/No matching signature/);
    expect(signatureHeader([secret], id, timestamp, body)).toBe(new Webhook(secret).sign(id, new Date(timestamp * 1000), body));
  });
});

describe('a POST to a webhook', () => {
  it('succeeds on a 2xx, keeping at most 1 KB of the answer', async () => {
    receiver.answer({ status: 200, body: 'é'.repeat(3000) });
    const outcome = await post();
    expect(outcome).toMatchObject({ ok: true, codeHttp: 200, erreur: null });
    expect(Buffer.byteLength(outcome.reponse ?? '')).toBeLessThanOrEqual(1024);
    expect(outcome.reponse?.startsWith('éé')).toBe(true);
    expect(receiver.received.at(-1)?.body).toBe('{"type":"test"}');
  });

  it('fails on a 500, and on a redirect, which it does not follow', async () => {
    receiver.answer({ status: 500, body: 'boom' });
    expect(await post()).toMatchObject({ ok: false, codeHttp: 500, erreur: null, reponse: 'boom' });
    receiver.answer({ status: 302, headers: { location: receiver.url('/ailleurs') } });
    const before = receiver.received.length;
    expect(await post()).toMatchObject({ ok: false, codeHttp: 302, erreur: 'Redirection non suivie : seule une réponse 2xx vaut réception.' });
    expect(receiver.received.slice(before).map((request) => request.path)).toEqual(['/hook']);
  });

  it('gives up when no answer comes in time', async () => {
    receiver.answer('HANG');
    const outcome = await post({ timeoutMs: 300 });
    expect(outcome).toMatchObject({ ok: false, codeHttp: null, erreur: 'Pas de réponse en 0,3 s.' });
    expect(outcome.dureeMs).toBeGreaterThanOrEqual(250);
    expect(outcome.dureeMs).toBeLessThan(2_000);
  });

  it('connects to the address it checked, whatever a second resolution would say (DNS rebinding)', async () => {
    receiver.answer({ status: 204 });
    const answers = ['127.0.0.1', '10.20.30.40'];
    const asked: string[] = [];
    const rebinding: Resolve = async (host) => {
      asked.push(host);
      const address = answers.shift() ?? '10.20.30.40';
      return [{ address, family: 4 }];
    };
    const before = receiver.connections();
    expect(await post({ url: `http://localhost:${receiver.port}/hook`, resolve: rebinding })).toMatchObject({ ok: true, codeHttp: 204 });
    expect(asked).toEqual(['localhost']);
    expect(receiver.connections()).toBe(before + 1);
    expect(receiver.received.at(-1)?.headers.host).toBe(`localhost:${receiver.port}`);
  });

  it('refuses before connecting: plain http or loopback when not allowed, a name leading to a private address', async () => {
    const before = receiver.connections();
    expect(await post({ allowLoopback: false })).toMatchObject({ ok: false, codeHttp: null, erreur: 'Adresse refusée : 127.0.0.1 est une adresse privée, locale ou réservée.' });
    expect(await post({ url: 'http://hooks.example.com/x', allowLoopback: false })).toMatchObject({ erreur: 'Adresse refusée : elle n’est plus une URL qu’un webhook accepte.' });
    expect(await post({ url: `https://localhost:${receiver.port}/hook`, allowLoopback: false })).toMatchObject({ erreur: 'Adresse refusée : localhost ne mène pas à une adresse publique.' });
    const toPrivate: Resolve = async () => [{ address: '10.0.0.7', family: 4 }];
    expect(await post({ url: `https://hooks.example.com:${receiver.port}/hook`, resolve: toPrivate })).toMatchObject({ erreur: 'Adresse refusée : hooks.example.com ne mène pas à une adresse publique.' });
    // Loopback allowed relaxes nothing else: plain http to a public name is refused, and localhost must stay on this machine.
    expect(await post({ url: `http://hooks.example.com:${receiver.port}/hook` })).toMatchObject({ erreur: 'Adresse refusée : elle n’est plus une URL qu’un webhook accepte.' });
    const toPublic: Resolve = async () => [{ address: '93.184.216.34', family: 4 }];
    expect(await post({ url: `http://localhost:${receiver.port}/hook`, resolve: toPublic })).toMatchObject({ erreur: 'Adresse refusée : localhost ne mène pas à une adresse publique.' });
    expect(receiver.connections()).toBe(before);
  });

  it('says why a connection failed', async () => {
    const closed = await startReceiver();
    const url = closed.url();
    await closed.close();
    expect(await post({ url })).toMatchObject({ ok: false, codeHttp: null, erreur: 'Connexion refusée par le serveur.' });
  });
});

import { webhookDeliveriesAnswerSchema, webhookDeliverySchema, webhookSchema, webhookWithSecretSchema, WEBHOOK_DISABLE_AFTER_HOURS, type WebhookDelivery } from '@ecare/shared';
import { and, desc, eq, gt } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inlineJobs } from '../../core/jobs.ts';
import { auditLog, emailOutbox } from '../../db/schema.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';
import { createWebhook, inTransaction, startReceiver, webhooksUrl, type Receiver } from '../../test/support/webhooks.ts';
import { webhookAttempts, webhookDeliveries, webhooks } from './webhooks.schema.ts';
import { RETRY_DELAYS_MS } from './webhooks.dispatch.ts';

/*
 * Deliveries to an endpoint this test starts on 127.0.0.1 (WEBHOOKS_ALLOW_LOOPBACK=true), signed
 * and checked with `standardwebhooks`, the specification's reference implementation. The key
 * that seals the secrets is fixed, so that a second instance opens them.
 */
const jobs = inlineJobs();
const { t, f } = useTestContext(demoFixture, {
  env: { WEBHOOKS_ALLOW_LOOPBACK: 'true', MFA_SECRET_KEY: 'webhooks-delivery-test-key-0123456789abcdef' },
  jobs: () => () => jobs,
});

const HOUR = 3_600_000;
const invoice = { referenceNumber: 'F-2026-000042', dateFacture: '2026-01-15', dateEcheance: '2026-02-14', montantHT: 100, montantTVA: 20, montantTTC: 120, resteAPayer: 120 };
const creditNote = { reference: 'AV-2026-000042', dateAvoir: '2026-01-15', factureReference: 'F-2026-000042', montantHT: 10, montantTVA: 2, montantTTC: 12, imputeSurFacture: 12, rembourse: 0 };
/** An invoice issued on the bakery's account, as the invoices' emission says it. */
const emit = () => inTransaction(t, (tx) => t.app.webhooks.emit(tx, { idClientBscs: f.account, type: 'facture.emise', data: invoice }));
const logOf = async (idWebhook: string, token: string): Promise<WebhookDelivery[]> =>
  bodyOf(await t.get(`${webhooksUrl(f.account)}/${idWebhook}/livraisons`, token), webhookDeliveriesAnswerSchema).livraisons;
const deliveryOf = async (idEvenement: string) => {
  const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.idEvenement, idEvenement));
  if (!row) throw new Error(`no delivery of ${idEvenement}`);
  return row;
};
/** Moves the clock, and back once `work` is done; sessions opened meanwhile are the test's. */
async function later<T>(ms: number, work: () => Promise<T>): Promise<T> {
  t.clock.advance(ms);
  try {
    return await work();
  } finally {
    t.clock.advance(-ms);
  }
}
const headersOf = (request: Receiver['received'][number]) => ({
  'webhook-id': String(request.headers['webhook-id']),
  'webhook-timestamp': String(request.headers['webhook-timestamp']),
  'webhook-signature': String(request.headers['webhook-signature']),
});

let receiver: Receiver;
let token: string;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(async () => {
  await t.db.delete(webhooks);
  receiver.answer({ status: 204 });
  token = await t.loginAs('gestionnaire');
});

describe('delivering webhooks', () => {
  it('POSTs `{ type, timestamp, data }` signed per Standard Webhooks, which its reference implementation verifies', async () => {
    const hook = await createWebhook(t, token, f.account, { url: receiver.url(), evenements: ['facture.emise'] });
    const id = await emit();
    expect(id).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    const [request] = receiver.withId(id ?? '');
    if (!request) throw new Error('nothing received');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toMatch(/^Telora-Pro-Webhooks\/1\.0 \(\+https:\/\/espace-client\.test\)$/);
    expect(Number(request.headers['webhook-timestamp'])).toBe(Math.floor(t.clock.now().getTime() / 1000));
    const payload = new Webhook(hook.secret).verify(request.body, headersOf(request));
    expect(payload).toEqual({ type: 'facture.emise', timestamp: t.clock.now().toISOString(), data: { idClientBscs: f.account, ...invoice } });
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(request.body, headersOf(request))).toThrow();

    const [delivery] = await logOf(hook.idWebhook, token);
    expect(delivery).toMatchObject({ idEvenement: id, type: 'facture.emise', statut: 'LIVREE', tentatives: 1, prochaineTentative: null, essais: [{ codeHttp: 204, erreur: null }] });
  });

  it('retries after a 500 and after a timeout, with the same webhook-id, until a 2xx', async () => {
    const hook = await createWebhook(t, token, f.account, { url: receiver.url(), evenements: ['facture.emise'] });
    receiver.answer({ status: 500, body: 'indisponible' });
    const id = (await emit()) ?? '';
    const delivery = await deliveryOf(id);
    expect(delivery).toMatchObject({ statut: 'ECHEC', tentatives: 1 });
    expect(delivery.prochaineTentative?.getTime()).toBe(t.clock.now().getTime() + RETRY_DELAYS_MS[0]);
    // Not due yet: neither the sweep nor a job sends it early.
    await jobs.runScheduled('webhooks.queue-due');
    expect(await t.app.webhooks.deliver(delivery.idLivraison)).toBe('NON_DUE');
    expect(receiver.withId(id)).toHaveLength(1);

    receiver.answer('HANG');
    await later(RETRY_DELAYS_MS[0], async () => {
      // The product waits 10 s; a test need not.
      expect(await t.app.webhooks.deliver(delivery.idLivraison, { timeoutMs: 300 })).toBe('ECHEC');
    });
    receiver.answer({ status: 200, body: 'ok' });
    await later(RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1], async () => {
      await jobs.runScheduled('webhooks.queue-due');
      const [entry] = await logOf(hook.idWebhook, await t.loginAs('gestionnaire'));
      expect(entry).toMatchObject({ statut: 'LIVREE', tentatives: 3 });
      expect(entry?.essais.map((attempt) => [attempt.codeHttp, attempt.erreur])).toEqual([
        [500, null],
        [null, 'Pas de réponse en 0,3 s.'],
        [200, null],
      ]);
    });
    expect(receiver.withId(id)).toHaveLength(3);
    const kept = await t.db.select({ reponse: webhookAttempts.reponse }).from(webhookAttempts).where(eq(webhookAttempts.idLivraison, delivery.idLivraison));
    expect(kept.map((row) => row.reponse).sort()).toEqual(['indisponible', 'ok', null].sort());
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const hook = await createWebhook(t, token, f.account, { url: receiver.url(), evenements: ['facture.emise'] });
    const rotated = bodyOf(await t.send('POST', `${webhooksUrl(f.account)}/${hook.idWebhook}/secret`, { token }), webhookWithSecretSchema);
    const id = (await emit()) ?? '';
    const [request] = receiver.withId(id);
    if (!request) throw new Error('nothing received');
    expect(request.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    // A receiver with either secret accepts it: the switch can be made at any time of the day.
    for (const secret of [rotated.secret, hook.secret]) expect(new Webhook(secret).verify(request.body, headersOf(request))).toMatchObject({ type: 'facture.emise' });

    await later(24 * HOUR + 1_000, async () => {
      const next = (await emit()) ?? '';
      const [alone] = receiver.withId(next);
      if (!alone) throw new Error('nothing received');
      const { 'webhook-timestamp': timestamp, 'webhook-signature': header } = headersOf(alone);
      // The clock is a day ahead of the reference implementation's: its signing is compared.
      expect(header).toBe(new Webhook(rotated.secret).sign(next, new Date(Number(timestamp) * 1000), alone.body));
      expect(header).not.toContain(new Webhook(hook.secret).sign(next, new Date(Number(timestamp) * 1000), alone.body).slice(3));
    });
  });

  it('sends every delivery once when two instances work the same deliveries at once', async () => {
    const other = await t.anotherInstance({ WEBHOOKS_ALLOW_LOOPBACK: 'true', MFA_SECRET_KEY: 'webhooks-delivery-test-key-0123456789abcdef' });
    await createWebhook(t, token, f.account, { url: receiver.url(), evenements: ['facture.emise'] });
    receiver.answer({ status: 503 });
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push((await emit()) ?? '');
    expect(ids.every((id) => id.startsWith('msg_'))).toBe(true);
    const deliveries = await Promise.all(ids.map(deliveryOf));
    receiver.answer({ status: 200, delayMs: 100 });
    const before = receiver.received.length;
    const results = await later(RETRY_DELAYS_MS[0], () =>
      Promise.all(deliveries.flatMap(({ idLivraison }) => [t.app.webhooks.deliver(idLivraison), other.webhooks.deliver(idLivraison), other.webhooks.deliver(idLivraison)])),
    );
    expect(results.filter((result) => result === 'LIVREE')).toHaveLength(ids.length);
    expect(results.filter((result) => result === 'NON_DUE')).toHaveLength(2 * ids.length);
    const sent = receiver.received.slice(before).map((request) => request.headers['webhook-id']);
    expect(sent.sort()).toEqual([...ids].sort());
  });

  it('disables an endpoint failing for 24 hours, abandons what it had to send and mails the managers; re-enabling clears its failures', async () => {
    const hook = await createWebhook(t, token, f.account, { url: receiver.url(), evenements: ['facture.emise', 'avoir.emis'] });
    receiver.answer({ status: 500 });
    const id = (await emit()) ?? '';
    const lastMail = (await t.outbox())[0]?.id ?? 0;
    let elapsed = 0;
    try {
      for (const delay of RETRY_DELAYS_MS) {
        t.clock.advance(delay);
        elapsed += delay;
        await jobs.runScheduled('webhooks.queue-due');
        if (delay === RETRY_DELAYS_MS[5]) {
          // Another event, tried once and still to send when the endpoint is disabled.
          const second = await inTransaction(t, (tx) => t.app.webhooks.emit(tx, { idClientBscs: f.account, type: 'avoir.emis', data: creditNote }));
          await t.db.update(webhookDeliveries).set({ prochaineTentative: new Date(t.clock.now().getTime() + 20 * HOUR) }).where(eq(webhookDeliveries.idEvenement, second ?? ''));
        }
        const [row] = await t.db.select().from(webhooks).where(eq(webhooks.idWebhook, hook.idWebhook));
        expect(row?.actif, `after ${elapsed / HOUR} h`).toBe(elapsed < WEBHOOK_DISABLE_AFTER_HOURS * HOUR);
      }
      const first = await deliveryOf(id);
      expect(first).toMatchObject({ statut: 'ABANDONNEE', tentatives: RETRY_DELAYS_MS.length + 1, prochaineTentative: null });
      expect(receiver.withId(id)).toHaveLength(RETRY_DELAYS_MS.length + 1);
      const [row] = await t.db.select().from(webhooks).where(eq(webhooks.idWebhook, hook.idWebhook));
      expect(row).toMatchObject({ actif: false, desactiveLe: t.clock.now() });
      const pending = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.idWebhook, hook.idWebhook));
      expect(pending.map((delivery) => delivery.statut)).toEqual(['ABANDONNEE', 'ABANDONNEE']);
      const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'WEBHOOK_DESACTIVATION_AUTOMATIQUE'), eq(auditLog.idClientBscs, f.account))).orderBy(desc(auditLog.id));
      expect(entry).toMatchObject({ userId: 0, details: { idWebhook: hook.idWebhook } });
      const mails = await t.db.select().from(emailOutbox).where(gt(emailOutbox.id, lastMail));
      const disabled = mails.filter((mail) => mail.subject.includes('Webhook désactivé après des échecs'));
      expect(disabled.map((mail) => mail.recipient)).toContain(DEMO_USERS.gestionnaire.email);
      expect(disabled[0]?.textBody).toContain(receiver.url());
      // A disabled webhook is sent nothing more, and nothing can be sent again before it is re-enabled.
      const session = await t.loginAs('gestionnaire');
      const [log] = await logOf(hook.idWebhook, session);
      expectError(await t.send('POST', `${webhooksUrl(f.account)}/${hook.idWebhook}/livraisons/${log?.idLivraison}/renvoi`, { token: session }), 409, 'WEBHOOK_INACTIVE');
      receiver.answer({ status: 204 });
      const enabled = await t.send('PUT', `${webhooksUrl(f.account)}/${hook.idWebhook}`, { token: session, json: { url: receiver.url(), evenements: ['facture.emise', 'avoir.emis'], actif: true } });
      expect(bodyOf(enabled, webhookSchema)).toMatchObject({ actif: true, desactiveLe: null });
      const [after] = await t.db.select().from(webhooks).where(eq(webhooks.idWebhook, hook.idWebhook));
      expect(after?.enEchecDepuis).toBeNull();
    } finally {
      t.clock.advance(-elapsed);
    }
  });

  it('sends an event again on « Renvoyer », with the same webhook-id, audited; another webhook’s delivery is not found', async () => {
    const hook = await createWebhook(t, token, f.account, { url: receiver.url(), evenements: ['facture.emise'] });
    const otherHook = await createWebhook(t, token, f.account, { url: receiver.url('/autre'), evenements: ['avoir.emis'] });
    const id = (await emit()) ?? '';
    const [delivery] = await logOf(hook.idWebhook, token);
    expect(delivery?.statut).toBe('LIVREE');
    t.clock.advance(1_000);
    const resent = await t.send('POST', `${webhooksUrl(f.account)}/${hook.idWebhook}/livraisons/${delivery?.idLivraison}/renvoi`, { token });
    expect(resent.statusCode).toBe(202);
    expect(bodyOf(resent, webhookDeliverySchema)).toMatchObject({ idEvenement: id, statut: 'LIVREE', tentatives: 1, essais: [{ codeHttp: 204 }, { codeHttp: 204 }] });
    const requests = receiver.withId(id);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.body).toBe(requests[0]?.body);
    const [, again] = requests;
    if (!again) throw new Error('not sent again');
    expect(new Webhook(hook.secret).verify(again.body, headersOf(again))).toMatchObject({ type: 'facture.emise' });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'WEBHOOK_RENVOI'), eq(auditLog.idClientBscs, f.account))).orderBy(desc(auditLog.id));
    expect(entry?.details).toMatchObject({ idLivraison: delivery?.idLivraison, idEvenement: id });
    expectError(await t.send('POST', `${webhooksUrl(f.account)}/${otherHook.idWebhook}/livraisons/${delivery?.idLivraison}/renvoi`, { token }), 404, 'WEBHOOK_DELIVERY_UNKNOWN');
  });

  it('with loopback allowed, still refuses private, link-local and metadata addresses, at saving and at delivery', async () => {
    for (const url of ['http://10.0.0.1/x', 'http://192.168.1.20/x', 'http://169.254.169.254/latest/meta-data/', 'http://[fe80::1]/x']) {
      expectError(await t.send('POST', webhooksUrl(f.account), { token, json: { url, evenements: ['facture.emise'] } }), 400, 'WEBHOOK_URL_INVALID');
    }
    const hook = await createWebhook(t, token, f.account, { url: receiver.url(), evenements: ['facture.emise'] });
    await t.db.update(webhooks).set({ url: 'http://169.254.169.254/latest/meta-data/' }).where(eq(webhooks.idWebhook, hook.idWebhook));
    const connections = receiver.connections();
    await emit();
    const [delivery] = await logOf(hook.idWebhook, token);
    expect(delivery?.essais).toEqual([expect.objectContaining({ codeHttp: null, erreur: 'Adresse refusée : 169.254.169.254 est une adresse privée, locale ou réservée.' })]);
    expect(receiver.connections()).toBe(connections);
  });
});

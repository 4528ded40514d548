import { randomUUID } from 'node:crypto';
import { webhookDeliveriesAnswerSchema, webhookDeliverySchema, webhookSchema, webhooksAnswerSchema, webhookWithSecretSchema, WEBHOOKS_MAX } from '@ecare/shared';
import { and, desc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inlineJobs } from '../../core/jobs.ts';
import { auditLog, emailOutbox } from '../../db/schema.ts';
import { DEMO_AGENTS } from '../../db/seed/demo-agents.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';
import { agentCustomerSession } from '../../test/support/agents.ts';
import { createWebhook, inTransaction, startReceiver, webhooksUrl, type Receiver } from '../../test/support/webhooks.ts';
import { webhookDeliveries, webhookEvents, webhooks } from './webhooks.schema.ts';

const jobs = inlineJobs();
const { t, f } = useTestContext(demoFixture, { jobs: () => () => jobs });

const DAY = 86_400_000;
const HOOK = 'https://hooks.example.com/ecare';
const url = (...parts: (string | number)[]) => [webhooksUrl(f.account), ...parts].join('/');
const create = (body: object, token = f.manager, account = f.account) => t.send('POST', webhooksUrl(account), { token, json: body });
const mailsSince = async (id: number) => t.db.select().from(emailOutbox).where(gt(emailOutbox.id, id));
const lastMailId = async () => (await t.outbox())[0]?.id ?? 0;
/** The account's audit entries of an action, the latest first. */
const audited = (action: string) => t.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.idClientBscs, f.account))).orderBy(desc(auditLog.id));

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
beforeEach(async () => {
  await t.db.delete(webhooks);
});

describe('webhooks of an account', () => {
  it('creates one with its secret shown once, lists it without, changes and deletes it, each audited and mailed to the managers', async () => {
    const before = await lastMailId();
    const created = await create({ url: 'https://Hooks.Example.com/ecare', evenements: ['ligne.statut', 'facture.emise', 'facture.emise'] });
    expect(created.statusCode).toBe(201);
    const hook = bodyOf(created, webhookWithSecretSchema);
    expect(hook).toMatchObject({ url: HOOK, evenements: ['facture.emise', 'ligne.statut'], actif: true, desactiveLe: null, ancienSecretValideJusquA: null });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // Kept sealed: the secret is nowhere in the row.
    const [stored] = await t.db.select().from(webhooks).where(eq(webhooks.idWebhook, hook.idWebhook));
    expect(stored?.secret).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(hook.secret.slice('whsec_'.length, 20));

    const listed = bodyOf(await t.get(webhooksUrl(f.account), f.manager), webhooksAnswerSchema);
    expect(listed.webhooks).toHaveLength(1);
    expect(listed.webhooks[0]).not.toHaveProperty('secret');
    expect(JSON.stringify(listed)).not.toContain(hook.secret);

    const changed = await t.send('PUT', url(hook.idWebhook), { token: f.manager, json: { url: 'https://hooks.example.com/v2', evenements: ['paiement.recu'], actif: false } });
    expect(bodyOf(changed, webhookSchema)).toMatchObject({ url: 'https://hooks.example.com/v2', evenements: ['paiement.recu'], actif: false });
    expect((await t.send('DELETE', url(hook.idWebhook), { token: f.manager })).statusCode).toBe(200);
    expectError(await t.send('DELETE', url(hook.idWebhook), { token: f.manager }), 404, 'WEBHOOK_UNKNOWN');
    expect(bodyOf(await t.get(webhooksUrl(f.account), f.manager), webhooksAnswerSchema).webhooks).toEqual([]);

    for (const action of ['WEBHOOK_CREATION', 'WEBHOOK_MODIFICATION', 'WEBHOOK_SUPPRESSION']) {
      const [entry] = await audited(action);
      expect(entry?.details, action).toMatchObject({ idWebhook: hook.idWebhook });
      expect(JSON.stringify(entry?.details)).not.toContain('whsec_');
    }
    const mails = await mailsSince(before);
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('Webhook créé'), expect.stringContaining('Webhook modifié'), expect.stringContaining('Webhook supprimé')]),
    );
    expect(new Set(mails.map((mail) => mail.recipient))).toContain(DEMO_USERS.gestionnaire.email);
    expect(mails.every((mail) => !mail.textBody.includes('whsec_'))).toBe(true);
  });

  it('renews the secret, shown once, the previous one valid 24 hours more', async () => {
    const hook = await createWebhook(t, f.manager, f.account, { url: HOOK, evenements: ['facture.emise'] });
    const before = await lastMailId();
    const rotated = bodyOf(await t.send('POST', url(hook.idWebhook, 'secret'), { token: f.manager }), webhookWithSecretSchema);
    expect(rotated.secret).not.toBe(hook.secret);
    expect(rotated.ancienSecretValideJusquA).toBe(new Date(t.clock.now().getTime() + DAY).toISOString());
    expect((await audited('WEBHOOK_ROTATION_SECRET')).length).toBeGreaterThan(0);
    expect((await mailsSince(before)).map((mail) => mail.subject)).toContainEqual(expect.stringContaining('Secret de webhook renouvelé'));
    t.clock.advance(DAY + 1_000);
    try {
      // A session of its own: the fixture's would expire a day later.
      const later = await t.loginAs('gestionnaire');
      expect(bodyOf(await t.get(webhooksUrl(f.account), later), webhooksAnswerSchema).webhooks[0]?.ancienSecretValideJusquA).toBeNull();
    } finally {
      t.clock.advance(-DAY - 1_000);
    }
  });

  it('refuses a URL that is not https, carries credentials or names a private, loopback or link-local address', async () => {
    for (const bad of [
      'ftp://hooks.example.com/x',
      'http://hooks.example.com/x',
      'https://user:password@hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://0x7f.1/x',
      'https://10.0.0.1/x',
      'https://172.16.5.4/x',
      'https://192.168.0.10/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/x',
      'https://[fe80::1]/x',
      'pas une adresse',
    ]) {
      expectError(await create({ url: bad, evenements: ['facture.emise'] }), 400, 'WEBHOOK_URL_INVALID');
    }
    for (const body of [{ url: HOOK, evenements: [] }, { url: HOOK, evenements: ['inconnu'] }, { url: '', evenements: ['facture.emise'] }, { url: HOOK, evenements: ['facture.emise'], secret: 'x' }]) {
      expect((await create(body)).statusCode).toBe(400);
    }
    const hook = await createWebhook(t, f.manager, f.account, { url: HOOK, evenements: ['facture.emise'] });
    expectError(await t.send('PUT', url(hook.idWebhook), { token: f.manager, json: { url: 'https://10.1.1.1/', evenements: ['facture.emise'] } }), 400, 'WEBHOOK_URL_INVALID');
    expect(await t.db.select().from(webhooks)).toHaveLength(1);
  });

  it('takes at most 10 webhooks per account, ten created at once included', async () => {
    const answers = await Promise.all(Array.from({ length: WEBHOOKS_MAX + 3 }, (_, i) => create({ url: `${HOOK}/${i}`, evenements: ['facture.emise'] })));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(WEBHOOKS_MAX);
    for (const answer of answers.filter((one) => one.statusCode !== 201)) expectError(answer, 409, 'WEBHOOKS_LIMIT');
  });

  it('lets only the account’s managers in, and never reveals another account’s webhook', async () => {
    const hook = await createWebhook(t, f.manager, f.account, { url: HOOK, evenements: ['facture.emise'] });
    const body = { url: HOOK, evenements: ['facture.emise'], actif: false };
    for (const token of [f.stranger, f.lineUser, f.mandataire]) {
      expectError(await t.get(webhooksUrl(f.account), token), 403, 'FORBIDDEN_ACCOUNT');
      expectError(await create(body, token), 403, 'FORBIDDEN_ACCOUNT');
      expectError(await t.send('PUT', url(hook.idWebhook), { token, json: body }), 403, 'FORBIDDEN_ACCOUNT');
      expectError(await t.send('DELETE', url(hook.idWebhook), { token }), 403, 'FORBIDDEN_ACCOUNT');
      expectError(await t.send('POST', url(hook.idWebhook, 'secret'), { token }), 403, 'FORBIDDEN_ACCOUNT');
      expectError(await t.get(url(hook.idWebhook, 'livraisons'), token), 403, 'FORBIDDEN_ACCOUNT');
    }
    // Through an account the caller manages, the bakery's webhook does not exist.
    const other = `${webhooksUrl(f.strangerAccount)}/${hook.idWebhook}`;
    expectError(await t.send('PUT', other, { token: f.stranger, json: body }), 404, 'WEBHOOK_UNKNOWN');
    expectError(await t.send('DELETE', other, { token: f.stranger }), 404, 'WEBHOOK_UNKNOWN');
    expectError(await t.send('POST', `${other}/secret`, { token: f.stranger }), 404, 'WEBHOOK_UNKNOWN');
    expectError(await t.get(`${other}/livraisons`, f.stranger), 404, 'WEBHOOK_UNKNOWN');
    expectError(await t.send('POST', `${other}/livraisons/${randomUUID()}/renvoi`, { token: f.stranger }), 404, 'WEBHOOK_UNKNOWN');
    expect(bodyOf(await t.get(webhooksUrl(f.strangerAccount), f.stranger), webhooksAnswerSchema).webhooks).toEqual([]);
    expectError(await t.send('PUT', url(randomUUID()), { token: f.manager, json: body }), 404, 'WEBHOOK_UNKNOWN');
    for (const id of ['1', 'abc', '%00']) expect((await t.get(url(id, 'livraisons'), f.manager)).statusCode).toBe(400);
    expect(await t.db.select().from(webhooks).where(eq(webhooks.actif, true))).toHaveLength(1);
  });

  it('lets an agent in a manager’s session list, read the log, disable, send again and delete, never create, redirect, re-enable nor renew the secret', async () => {
    // Its deliveries fail: localhost is refused at delivery.
    const target = `https://localhost:${receiver.port}/hook`;
    const hook = await createWebhook(t, f.manager, f.account, { url: target, evenements: ['facture.emise'] });
    const motif = 'Appel du client : webhook en erreur';
    const agent = await agentCustomerSession(t, DEMO_AGENTS.distance, { idClientBscs: f.account, email: DEMO_USERS.gestionnaire.email, motif });
    expect(bodyOf(await t.get(webhooksUrl(f.account), agent), webhooksAnswerSchema).webhooks).toHaveLength(1);
    expect(bodyOf(await t.get(url(hook.idWebhook, 'livraisons'), agent), webhookDeliveriesAnswerSchema).livraisons).toEqual([]);
    expectError(await create({ url: `${HOOK}/agent`, evenements: ['facture.emise'] }, agent), 403, 'WEBHOOK_AGENT_FORBIDDEN');
    expectError(await t.send('POST', url(hook.idWebhook, 'secret'), { token: agent }), 403, 'WEBHOOK_AGENT_FORBIDDEN');
    expectError(await t.send('PUT', url(hook.idWebhook), { token: agent, json: { url: 'https://ailleurs.example.com/', evenements: ['facture.emise'], actif: false } }), 403, 'WEBHOOK_AGENT_FORBIDDEN');
    expectError(await t.send('PUT', url(hook.idWebhook), { token: agent, json: { url: target, evenements: ['facture.emise', 'avoir.emis'], actif: false } }), 403, 'WEBHOOK_AGENT_FORBIDDEN');
    expectError(await t.get(webhooksUrl(f.strangerAccount), agent), 403, 'FORBIDDEN_ACCOUNT');

    // An event sent, then sent again by the agent.
    await inTransaction(t, (tx) => t.app.webhooks.emit(tx, { idClientBscs: f.account, type: 'facture.emise', data: invoice }));
    const [delivery] = bodyOf(await t.get(url(hook.idWebhook, 'livraisons'), agent), webhookDeliveriesAnswerSchema).livraisons;
    const resent = await t.send('POST', url(hook.idWebhook, 'livraisons', delivery?.idLivraison ?? '', 'renvoi'), { token: agent });
    expect(resent.statusCode).toBe(202);
    expect(bodyOf(resent, webhookDeliverySchema).idEvenement).toBe(delivery?.idEvenement);
    const [renvoi] = await audited('WEBHOOK_RENVOI');
    expect(renvoi?.details).toMatchObject({ motif, idLivraison: delivery?.idLivraison });
    expect(renvoi?.onBehalfOf).not.toBeNull();

    const disabled = await t.send('PUT', url(hook.idWebhook), { token: agent, json: { url: target.replace('localhost', 'LOCALHOST'), evenements: ['facture.emise'], actif: false } });
    expect(bodyOf(disabled, webhookSchema).actif).toBe(false);
    expectError(await t.send('PUT', url(hook.idWebhook), { token: agent, json: { url: target, evenements: ['facture.emise'], actif: true } }), 403, 'WEBHOOK_AGENT_FORBIDDEN');
    expect((await t.send('DELETE', url(hook.idWebhook), { token: agent })).statusCode).toBe(200);
    const [deletion] = await audited('WEBHOOK_SUPPRESSION');
    expect(deletion?.details).toMatchObject({ motif });
  });

  it('refuses at delivery, after DNS, a name leading to this machine and addresses put in the row behind the rules’ back', async () => {
    const hook = await createWebhook(t, f.manager, f.account, { url: `https://localhost:${receiver.port}/hook`, evenements: ['facture.emise'] });
    const connections = receiver.connections();
    await inTransaction(t, (tx) => t.app.webhooks.emit(tx, { idClientBscs: f.account, type: 'facture.emise', data: invoice }));
    for (const target of ['https://10.0.0.1/hook', 'https://169.254.169.254/latest/meta-data/', `http://127.0.0.1:${receiver.port}/hook`]) {
      // A second apart, for the log's order.
      t.clock.advance(1_000);
      await t.db.update(webhooks).set({ url: target }).where(eq(webhooks.idWebhook, hook.idWebhook));
      await inTransaction(t, (tx) => t.app.webhooks.emit(tx, { idClientBscs: f.account, type: 'facture.emise', data: invoice }));
    }
    const { livraisons } = bodyOf(await t.get(url(hook.idWebhook, 'livraisons'), f.manager), webhookDeliveriesAnswerSchema);
    const errors = livraisons.map((delivery) => delivery.essais[0]?.erreur).reverse();
    expect(errors).toEqual([
      'Adresse refusée : localhost ne mène pas à une adresse publique.',
      'Adresse refusée : 10.0.0.1 est une adresse privée, locale ou réservée.',
      'Adresse refusée : 169.254.169.254 est une adresse privée, locale ou réservée.',
      'Adresse refusée : 127.0.0.1 est une adresse privée, locale ou réservée.',
    ]);
    expect(livraisons.every((delivery) => delivery.statut === 'ECHEC' && delivery.essais[0]?.codeHttp === null && delivery.prochaineTentative !== null)).toBe(true);
    expect(receiver.connections()).toBe(connections);
  });

  it('writes nothing for an event no active webhook of the account wants', async () => {
    await createWebhook(t, f.manager, f.account, { url: HOOK, evenements: ['avoir.emis'] });
    await createWebhook(t, f.manager, f.account, { url: `${HOOK}/off`, evenements: ['facture.emise'], actif: false });
    const events = (await t.db.select().from(webhookEvents)).length;
    const id = await inTransaction(t, (tx) => t.app.webhooks.emit(tx, { idClientBscs: f.account, type: 'facture.emise', data: invoice }));
    expect(id).toBeNull();
    expect(await t.db.select().from(webhookEvents)).toHaveLength(events);
    // Rolled back with the business write.
    await expect(
      inTransaction(t, async (tx) => {
        await t.app.webhooks.emit(tx, { idClientBscs: f.account, type: 'avoir.emis', data: creditNote });
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    expect(await t.db.select().from(webhookDeliveries)).toHaveLength(0);
    expect(await t.db.select().from(webhookEvents)).toHaveLength(events);
  });

  it('forgets events, deliveries and tries after 30 days, at night', async () => {
    const hook = await createWebhook(t, f.manager, f.account, { url: `https://localhost:${receiver.port}/hook`, evenements: ['avoir.emis'] });
    const id = await inTransaction(t, (tx) => t.app.webhooks.emit(tx, { idClientBscs: f.account, type: 'avoir.emis', data: creditNote }));
    expect(jobs.schedules()).toContainEqual({ name: 'webhooks.forget-old', cron: '40 2 * * *' });
    await jobs.runScheduled('webhooks.forget-old');
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.idEvenement, id ?? ''))).toHaveLength(1);
    await t.db.update(webhookEvents).set({ creeLe: new Date(t.clock.now().getTime() - 31 * DAY) }).where(eq(webhookEvents.idEvenement, id ?? ''));
    await jobs.runScheduled('webhooks.forget-old');
    expect(await t.db.select().from(webhookEvents).where(eq(webhookEvents.idEvenement, id ?? ''))).toHaveLength(0);
    expect(bodyOf(await t.get(url(hook.idWebhook, 'livraisons'), f.manager), webhookDeliveriesAnswerSchema).livraisons).toEqual([]);
  });
});

const invoice = { referenceNumber: 'F-TEST-1', dateFacture: '2026-01-15', dateEcheance: '2026-02-14', montantHT: 10, montantTVA: 2, montantTTC: 12, resteAPayer: 12 };
const creditNote = { reference: 'AV-2026-000001', dateAvoir: '2026-01-15', factureReference: 'F-TEST-1', montantHT: 10, montantTVA: 2, montantTTC: 12, imputeSurFacture: 12, rembourse: 0 };

import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  FLOW_STEP,
  ORDER_NUMBER_PATTERN,
  ORDER_PAYMENT_MODE,
  ORDER_STATUS,
  ORDER_TYPE,
  PIECE_MAX_BYTES,
  SUBSCRIPTION_STATUS,
  SUBSCRIPTION_STATUS_VALUES,
  orderDetailSchema,
  orderPageSchema,
  orderSummarySchema,
  orderTotalSchema,
  pieceSchema,
  pieceUploadResponseSchema,
  subscriptionListSchema,
  subscriptionSchema,
  subscriptionTransition,
  type SubscriptionStatus,
} from '@ecare/shared';
import { createTransact } from '../../db/transaction.ts';
import { auditLog, customerDocuments, orderAddresses, orders, subscriptions } from '../../db/schema.ts';
import { releasedTogether, statusTally } from '../../test/concurrent.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, openApiDocumentSchema, useTestContext } from '../../test/harness.ts';
import { FILES, attachmentsFolder } from '../../test/multipart.ts';
import { sendMultipart } from '../../test/support/termination.ts';
import { createOrder, recordOrderEvent, setSubscriptionStatus } from './order-writes.repository.ts';

const folder = attachmentsFolder();
const stored = () => (existsSync(path.join(folder, 'pieces')) ? readdirSync(path.join(folder, 'pieces')) : []);
const { t, f } = useTestContext(demoFixture, { env: { ATTACHMENTS_DIR: folder } });

const transact = () => createTransact(t.db);

/** An error whose message shows values: its status and code (the text is checked where it matters). */
function expectCode(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ code });
}

async function newSubscription(idClientBscs: number, statut: SubscriptionStatus = SUBSCRIPTION_STATUS.Incomplet): Promise<number> {
  const [row] = await t.db.insert(subscriptions).values({ idClientBscs, statut }).returning();
  if (!row) throw new Error('no subscription');
  return row.idSouscription;
}

async function newOrder(idClientBscs: number, options: { idSouscription?: number; piecesAttendues?: ('KBIS' | 'RIB')[]; key?: string; type?: 1 | 2 | 3 | 4 | 5 } = {}) {
  return transact()(async (tx) =>
    createOrder(tx, {
      idClientBscs,
      userId: null,
      type: options.type ?? ORDER_TYPE.ExtensionParc,
      statut: ORDER_STATUS.Validee,
      etape: FLOW_STEP.TermineeConfirmation,
      idSouscription: options.idSouscription ?? null,
      modePaiement: ORDER_PAYMENT_MODE.CarteBleue,
      totalUniqueHtCentimes: 12_345,
      tvaUniqueCentimes: 2_469,
      totalMensuelHtCentimes: 2_999,
      idempotencyKey: options.key ?? null,
      recapitulatif: { lignes: [{ libelle: 'Forfait Pro 100 Go — SIM seule', quantite: 2, prixUniqueHtCentimes: 1_000, prixMensuelHtCentimes: 2_999, details: ['Nouveau numéro'] }] },
      ...(options.piecesAttendues ? { piecesAttendues: options.piecesAttendues } : {}),
    }, t.clock.now()),
  );
}

const upload = (token: string, idClientBscs: number, type: string, content: Buffer, extra: { idSouscription?: number; filename?: string; fileType?: string } = {}) =>
  sendMultipart(
    t,
    `/api/clients/${idClientBscs}/pieces/${type}`,
    [
      ...(extra.idSouscription !== undefined ? [{ name: 'idSouscription', value: String(extra.idSouscription) }] : []),
      { name: 'fichier', filename: extra.filename ?? 'kbis.pdf', type: extra.fileType ?? 'application/pdf', content },
    ],
    token,
  );

describe('order write side', () => {
  it('numbers orders CMD-YYYY-NNNNNN, one per idempotency key and account, and keeps a timeline', async () => {
    const key = randomUUID();
    const [first, second] = await Promise.all([newOrder(f.account, { key }), newOrder(f.account, { key })]);
    expect(first?.numero).toMatch(ORDER_NUMBER_PATTERN);
    expect(second?.numero).toBe(first?.numero);
    expect([first?.created, second?.created].sort()).toEqual([false, true]);
    const other = await newOrder(f.account);
    expect(other.numero).not.toBe(first.numero);
    await transact()((tx) => recordOrderEvent(tx, other.id, { statut: ORDER_STATUS.CbAtosAcceptee, etape: FLOW_STEP.PaiementEffectue, libelle: 'Paiement reçu' }));
    const detail = bodyOf(await t.get(`/api/commandes/${f.account}/${other.numero}`, f.manager), orderDetailSchema);
    expect(detail.historique.map((event) => event.libelle)).toEqual(['Commande enregistrée', 'Paiement reçu']);
    expect(detail.statut).toBe(ORDER_STATUS.CbAtosAcceptee);
  });

  it('enforces the whole transition table for every actor', async () => {
    const id = await newSubscription(f.account);
    for (const from of SUBSCRIPTION_STATUS_VALUES) {
      for (const to of SUBSCRIPTION_STATUS_VALUES) {
        for (const actor of ['CLIENT', 'SERVICE_CLIENT', 'SYSTEME'] as const) {
          await t.db.update(subscriptions).set({ statut: from }).where(eq(subscriptions.idSouscription, id));
          const expected = subscriptionTransition(from, to, actor);
          const attempt = transact()((tx) => setSubscriptionStatus(tx, id, to, { actor }));
          if (expected === 'ILLEGAL') await expect(attempt).rejects.toMatchObject({ code: 'SUBSCRIPTION_TRANSITION_REFUSED', statusCode: 409 });
          else if (expected === 'NOT_FOR_ACTOR') await expect(attempt).rejects.toMatchObject({ code: 'SUBSCRIPTION_TRANSITION_FORBIDDEN' });
          else await expect(attempt).resolves.toMatchObject({ avant: from, apres: to, changed: expected === 'ALLOWED' });
        }
      }
    }
    // Ok is final; the customer only sends an incomplete subscription for validation.
    expect(SUBSCRIPTION_STATUS_VALUES.filter((to) => subscriptionTransition(SUBSCRIPTION_STATUS.Ok, to, 'SYSTEME') === 'ALLOWED')).toEqual([]);
    const clientMoves = SUBSCRIPTION_STATUS_VALUES.flatMap((from) =>
      SUBSCRIPTION_STATUS_VALUES.filter((to) => subscriptionTransition(from, to, 'CLIENT') === 'ALLOWED').map((to) => `${from}>${to}`),
    );
    expect(clientMoves).toEqual(['2>3']);
  });
});

describe('orders API', () => {
  it('lists, sorts, filters, pages and exports the account’s orders', async () => {
    const rmOrder = await newOrder(f.account, { type: ORDER_TYPE.RM });
    const page = bodyOf(await t.get(`/api/commandes/${f.account}?taille=2&tri=numero&ordre=asc`, f.manager), orderPageSchema);
    expect(page.commandes).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const [a, b] = page.commandes.map((order) => order.numero);
    expect(a && b && a < b).toBe(true);
    const [mine] = bodyOf(await t.get(`/api/commandes/${f.account}?numero=${rmOrder.numero}`, f.manager), orderPageSchema).commandes;
    expect(mine).toMatchObject({ numero: rmOrder.numero, totalTtc: 148.14, totalMensuelTtc: 35.99, typeLibelle: 'Nouveau téléphone' });
    const rm = bodyOf(await t.get(`/api/commandes/${f.account}?type=4`, f.manager), orderPageSchema);
    expect(rm.commandes.every((order) => order.type === ORDER_TYPE.RM)).toBe(true);
    const beyond = bodyOf(await t.get(`/api/commandes/${f.account}?page=999&taille=1`, f.manager), orderPageSchema);
    expect(beyond.page).toBe(beyond.total);
    const csv = await t.get(`/api/commandes/${f.account}/export?type=4`, f.manager);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="commandes-\d+-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.body.startsWith('\uFEFFNuméro;Date;Type')).toBe(true);
    expect(csv.body).toContain('Nouveau téléphone');
    for (const bad of ['tri=%00', 'statut=99', 'type=abc', 'taille=100000', 'numero=%27%3B--', 'page=-1']) {
      expect((await t.get(`/api/commandes/${f.account}?${bad}`, f.manager)).statusCode).toBe(400);
    }
  });

  it('finds an order by numero within the caller’s accounts only, gives its total and the pending one', async () => {
    const { numero } = await newOrder(f.account);
    expect(bodyOf(await t.get(`/api/commandes/recherche?numero=${numero}`, f.manager), orderSummarySchema).numero).toBe(numero);
    expectError(await t.get(`/api/commandes/recherche?numero=${numero}`, f.stranger), 404, 'ORDER_NOT_FOUND');
    expectError(await t.get('/api/commandes/recherche?numero=CMD-1999-000001', f.manager), 404, 'ORDER_NOT_FOUND');
    expect((await t.get('/api/commandes/recherche?numero=..%2F..%2Fetc', f.manager)).statusCode).toBe(400);
    expect((await t.get('/api/commandes/recherche?numero=CMD%00', f.manager)).statusCode).toBe(400);
    const total = bodyOf(await t.get(`/api/commandes/${f.account}/total`, f.manager), orderTotalSchema);
    expect(total.nombre).toBeGreaterThan(0);
    expect(Number.isInteger(Math.round(total.totalTtc * 100))).toBe(true);
    const [pending] = await t.db
      .update(orders)
      .set({ etape: FLOW_STEP.PaiementEnCours, createdAt: new Date(t.clock.now().getTime() + 1000) })
      .where(eq(orders.numero, numero))
      .returning();
    const current = bodyOf(await t.get(`/api/commandes/${f.account}/en-cours`, f.manager), orderSummarySchema.nullable());
    expect(current?.numero).toBe(pending?.numero);
  });

  it('shows an order’s detail with lines, addresses, payment and totals', async () => {
    const { id, numero } = await newOrder(f.account);
    await t.db.insert(orderAddresses).values({ orderId: id, type: 3, destinataire: 'Boulangerie', numero: '12', voie: 'rue de la Paix', codePostal: '75002', ville: 'Paris' });
    const detail = bodyOf(await t.get(`/api/commandes/${f.account}/${numero}`, f.manager), orderDetailSchema);
    expect(detail.lignes).toEqual([
      { libelle: 'Forfait Pro 100 Go — SIM seule', quantite: 2, prixUniqueTtc: 12, prixMensuelTtc: 35.99, prixUniqueHt: 10, prixMensuelHt: 29.99, details: ['Nouveau numéro'], elements: [] },
    ]);
    // Kept without its totals: those of its columns, without promotion.
    expect(detail.totaux).toEqual({
      commande: { avantPromotionsHt: 123.45, remisesHt: 0, ht: 123.45, tva: 24.69, ttc: 148.14 },
      mensuel: { avantPromotionsHt: 29.99, remisesHt: 0, ht: 29.99, tva: 6, ttc: 35.99 },
      mensuelFinPromotions: { ht: 29.99, tva: 6, ttc: 35.99 },
    });
    expect(detail.adresses[0]).toMatchObject({ typeLibelle: 'Adresse de livraison', ville: 'Paris' });
    expect(detail).toMatchObject({ totalHt: 123.45, tva: 24.69, totalTtc: 148.14, modePaiementLibelle: 'Carte bancaire', totalMensuelTtc: 35.99 });
    expectError(await t.get(`/api/commandes/${f.strangerAccount}/${numero}`, f.stranger), 404, 'ORDER_NOT_FOUND');
  });

  it('documents its endpoints in the OpenAPI reference', async () => {
    const { paths } = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/commandes/{idClientBscs}',
        '/api/commandes/recherche',
        '/api/commandes/{idClientBscs}/{numero}',
        '/api/commandes/{idClientBscs}/total',
        '/api/commandes/{idClientBscs}/en-cours',
        '/api/commandes/{idClientBscs}/export',
        '/api/souscriptions/{idClientBscs}',
        '/api/souscriptions/statut',
        '/api/clients/{idClientBscs}/pieces/{type}',
        '/api/clients/{idClientBscs}/pieces',
        '/api/clients/{idClientBscs}/pieces/telecharger',
        '/api/clients/{idClientBscs}/pieces/{idCtrlPiece}',
      ]),
    );
  });

  it('refuses another customer’s account on every endpoint (403)', async () => {
    const { numero } = await newOrder(f.account);
    for (const token of [f.stranger, f.lineUser]) {
      for (const url of [
        `/api/commandes/${f.account}`,
        `/api/commandes/${f.account}/export`,
        `/api/commandes/${f.account}/total`,
        `/api/commandes/${f.account}/en-cours`,
        `/api/commandes/${f.account}/${numero}`,
        `/api/souscriptions/${f.account}`,
        `/api/clients/${f.account}/pieces`,
      ]) {
        expectError(await t.get(url, token), 403, 'FORBIDDEN_ACCOUNT');
      }
      expectError(await upload(token, f.account, 'KBIS', FILES.pdf), 403, 'FORBIDDEN_ACCOUNT');
      expectError(await t.send('POST', `/api/clients/${f.account}/pieces/telecharger`, { token, json: { idCtrlPiece: 1 } }), 403, 'FORBIDDEN_ACCOUNT');
      expectError(await t.send('DELETE', `/api/clients/${f.account}/pieces/1`, { token }), 403, 'FORBIDDEN_ACCOUNT');
    }
    expect((await t.get(`/api/commandes/${f.account}`)).statusCode).toBe(401);
    expect(stored()).toEqual([]);
  });
});

describe('subscriptions and pieces', () => {
  it('keeps a subscription waiting for a KBIS Incomplet until it is uploaded, then sends it for validation', async () => {
    const idSouscription = await newSubscription(f.account);
    const { numero } = await newOrder(f.account, { idSouscription, piecesAttendues: ['KBIS'] });
    const [listed] = bodyOf(await t.get(`/api/souscriptions/${f.account}`, f.manager), subscriptionListSchema).filter((s) => s.idSouscription === idSouscription);
    expect(listed).toMatchObject({ statutNom: 'Incomplet', piecesManquantes: ['KBIS'], transitionsPossibles: [] });
    // Sending it for validation without its KBIS: refused.
    const early = await t.send('PUT', '/api/souscriptions/statut', { token: f.manager, json: { idSouscription, statutSouscription: SUBSCRIPTION_STATUS.EnCoursValidation } });
    expectCode(early, 409, 'SUBSCRIPTION_PIECES_MISSING');
    expect(early.json().exceptionMessage).toBe('Des pièces justificatives manquent encore pour envoyer la souscription en validation : Extrait Kbis.');
    // A RIB is not what it waits for.
    const rib = bodyOf(await upload(f.manager, f.account, 'RIB', FILES.png, { idSouscription, filename: 'rib.png', fileType: 'image/png' }), pieceUploadResponseSchema);
    expect(rib.souscription?.statutNom).toBe('Incomplet');
    const kbis = bodyOf(await upload(f.manager, f.account, 'KBIS', FILES.pdf, { idSouscription }), pieceUploadResponseSchema);
    expect(kbis.souscription?.statutNom).toBe('EnCoursValidation');
    const detail = bodyOf(await t.get(`/api/commandes/${f.account}/${numero}`, f.manager), orderDetailSchema);
    expect(detail.souscription?.statut).toBe(SUBSCRIPTION_STATUS.EnCoursValidation);
    expect(detail.historique.at(-1)?.libelle).toBe('Pièces justificatives reçues : dossier en cours de validation');
    expect(detail.pieces.map((piece) => piece.type).sort()).toEqual(['KBIS', 'RIB']);
    // Under validation, its pieces stay.
    expectError(await t.send('DELETE', `/api/clients/${f.account}/pieces/${kbis.piece.idCtrlPiece}`, { token: f.manager }), 409, 'PIECE_FORBIDDEN');
    // The customer cannot validate it, nor move it back.
    for (const statut of [SUBSCRIPTION_STATUS.Ok, SUBSCRIPTION_STATUS.Incomplet, SUBSCRIPTION_STATUS.EnAttentePaiement]) {
      expectError(await t.send('PUT', '/api/souscriptions/statut', { token: f.manager, json: { idSouscription, statutSouscription: statut } }), 403, 'SUBSCRIPTION_TRANSITION_FORBIDDEN');
    }
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.idClientBscs, f.account), eq(auditLog.action, 'AJOUT_PIECE')));
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it('takes ten supporting documents sent at once for one incomplete subscription, and sends it for validation once', async () => {
    const idSouscription = await newSubscription(f.account);
    const { numero } = await newOrder(f.account, { idSouscription, piecesAttendues: ['KBIS'] });
    // On PostgreSQL each upload has its own connection: the piece and the subscription are taken in one order by all.
    const answers = await releasedTogether(10, () => upload(f.manager, f.account, 'KBIS', FILES.pdf, { idSouscription }));
    expect(statusTally(answers), answers.find((answer) => answer.statusCode !== 200)?.body).toEqual({ 200: 10 });
    const pieces = await t.db.select().from(customerDocuments).where(eq(customerDocuments.idSouscription, idSouscription));
    expect(pieces.length).toBe(10);
    const detail = bodyOf(await t.get(`/api/commandes/${f.account}/${numero}`, f.manager), orderDetailSchema);
    expect(detail.souscription?.statut).toBe(SUBSCRIPTION_STATUS.EnCoursValidation);
    expect(detail.historique.filter((event) => event.libelle === 'Pièces justificatives reçues : dossier en cours de validation').length).toBe(1);
  });

  it('lets the customer send an incomplete subscription with its pieces for validation, refuses illegal moves with 409', async () => {
    const idSouscription = await newSubscription(f.account);
    await newOrder(f.account, { idSouscription, piecesAttendues: ['KBIS', 'RIB'] });
    await upload(f.manager, f.account, 'KBIS', FILES.pdf, { idSouscription });
    await t.db.insert(customerDocuments).values({ idClientBscs: f.account, idSouscription, type: 'RIB', nomFichier: 'rib.pdf', cleStockage: randomUUID(), typeMime: 'application/pdf', taille: 10 });
    const moved = await t.send('PUT', '/api/souscriptions/statut', { token: f.manager, json: { idSouscription, statutSouscription: SUBSCRIPTION_STATUS.EnCoursValidation } });
    expect(bodyOf(moved, subscriptionSchema).statutNom).toBe('EnCoursValidation');
    // Asking again changes nothing.
    expect((await t.send('PUT', '/api/souscriptions/statut', { token: f.manager, json: { idSouscription, statutSouscription: 3 } })).statusCode).toBe(200);
    await t.db.update(subscriptions).set({ statut: SUBSCRIPTION_STATUS.Ok }).where(eq(subscriptions.idSouscription, idSouscription));
    const illegal = await t.send('PUT', '/api/souscriptions/statut', { token: f.manager, json: { idSouscription, statutSouscription: 2 } });
    expectCode(illegal, 409, 'SUBSCRIPTION_TRANSITION_REFUSED');
    expect(illegal.json().exceptionMessage).toBe('La souscription ne peut pas passer du statut « Ok » au statut « Incomplet ».');
    // Another customer's subscription, an unknown one, a bad status.
    const foreign = await newSubscription(f.strangerAccount);
    expectError(await t.send('PUT', '/api/souscriptions/statut', { token: f.manager, json: { idSouscription: foreign, statutSouscription: 3 } }), 403, 'FORBIDDEN_ACCOUNT');
    expectError(await t.send('PUT', '/api/souscriptions/statut', { token: f.manager, json: { idSouscription: 2_000_000_000, statutSouscription: 3 } }), 403, 'FORBIDDEN_ACCOUNT');
    for (const json of [{ idSouscription, statutSouscription: 7 }, { idSouscription: 'x', statutSouscription: 3 }, { idSouscription: 1e12, statutSouscription: 3 }, {}]) {
      expect((await t.send('PUT', '/api/souscriptions/statut', { token: f.manager, json })).statusCode).toBe(400);
    }
  });

  it('stores, searches, downloads and deletes pieces; refuses upload attacks', async () => {
    const before = stored().length;
    const uploaded = bodyOf(await upload(f.manager, f.account, 'PIECE_IDENTITE', FILES.jpeg, { filename: '../../../etc/passwd.jpg', fileType: 'image/jpeg' }), pieceUploadResponseSchema);
    expect(uploaded.piece).toMatchObject({ nomFichier: 'passwd.jpg', typeMime: 'image/jpeg', idSouscription: null });
    expect(stored().length).toBe(before + 1);
    expect(stored().every((name) => /^[0-9a-f]{32}$/.test(name))).toBe(true);
    const found = bodyOf(await t.get(`/api/clients/${f.account}/pieces?type=PIECE_IDENTITE`, f.manager), pieceSchema.array());
    expect(found.map((piece) => piece.idCtrlPiece)).toContain(uploaded.piece.idCtrlPiece);
    const file = await t.send('POST', `/api/clients/${f.account}/pieces/telecharger`, { token: f.manager, json: { idCtrlPiece: uploaded.piece.idCtrlPiece } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="passwd.jpg"/);
    expect(file.rawPayload.equals(FILES.jpeg)).toBe(true);
    // Another account's piece through one's own account: unknown.
    expectError(await t.send('POST', `/api/clients/${f.strangerAccount}/pieces/telecharger`, { token: f.stranger, json: { idCtrlPiece: uploaded.piece.idCtrlPiece } }), 404, 'PIECE_NOT_FOUND');
    expectError(await t.send('DELETE', `/api/clients/${f.strangerAccount}/pieces/${uploaded.piece.idCtrlPiece}`, { token: f.stranger }), 404, 'PIECE_NOT_FOUND');

    // Attacks: a program named as a PDF, too big, a bad type, a null byte, a foreign subscription, no file.
    expectError(await upload(f.manager, f.account, 'KBIS', FILES.disguised), 400, 'ATTACHMENT_TYPE');
    const big = Buffer.concat([FILES.pdf, Buffer.alloc(PIECE_MAX_BYTES)]);
    expectCode(await upload(f.manager, f.account, 'KBIS', big), 413, 'PIECE_TOO_LARGE');
    expect((await upload(f.manager, f.account, 'EXECUTABLE', FILES.pdf)).statusCode).toBe(400);
    expect((await upload(f.manager, f.account, 'KBIS', FILES.pdf, { filename: 'a%00.pdf\u0000.exe' })).statusCode).toBe(400);
    expect((await t.get(`/api/clients/${f.account}/pieces?type=KBIS%00`, f.manager)).statusCode).toBe(400);
    const foreign = await newSubscription(f.strangerAccount);
    expectError(await upload(f.manager, f.account, 'KBIS', FILES.pdf, { idSouscription: foreign }), 403, 'FORBIDDEN_ACCOUNT');
    expect((await upload(f.manager, f.account, 'KBIS', FILES.pdf, { idSouscription: -1 as number })).statusCode).toBe(400);
    expectError(await sendMultipart(t, `/api/clients/${f.account}/pieces/KBIS`, [{ name: 'idSouscription', value: '1' }], f.manager), 400, 'PIECE_FILE_MISSING');
    expect((await t.send('POST', `/api/clients/${f.account}/pieces/telecharger`, { token: f.manager, json: { idCtrlPiece: '1 or 1=1' } })).statusCode).toBe(400);
    expect((await t.send('DELETE', `/api/clients/${f.account}/pieces/abc`, { token: f.manager })).statusCode).toBe(400);
    expect(stored().length).toBe(before + 1);

    // Double submit: two pieces, no error, one file each.
    const twice = await Promise.all([upload(f.manager, f.account, 'AUTRE', FILES.pdf), upload(f.manager, f.account, 'AUTRE', FILES.pdf)]);
    expect(twice.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(stored().length).toBe(before + 3);

    const deleted = await t.send('DELETE', `/api/clients/${f.account}/pieces/${uploaded.piece.idCtrlPiece}`, { token: f.manager });
    expect(deleted.json()).toEqual({ idCtrlPiece: uploaded.piece.idCtrlPiece, supprime: true });
    expectError(await t.send('DELETE', `/api/clients/${f.account}/pieces/${uploaded.piece.idCtrlPiece}`, { token: f.manager }), 404, 'PIECE_NOT_FOUND');
    expect(stored().length).toBe(before + 2);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.idClientBscs, f.account), eq(auditLog.action, 'SUPPRESSION_PIECE')));
    expect(audits.at(-1)?.details).toMatchObject({ avant: { idCtrlPiece: uploaded.piece.idCtrlPiece, type: 'PIECE_IDENTITE' } });
  });
});

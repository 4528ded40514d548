import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactResponseSchema, supportTicketPageSchema } from '@ecare/shared';
import { supportTickets } from '../../db/schema.ts';
import { createFileStore } from '../../lib/attachments/file-store.ts';
import { localAttachmentStore } from '../../lib/attachments/store.ts';
import { bodyOf, useTestContext } from '../../test/harness.ts';
import { attachmentsFolder, FILES, fields, MESSAGE, sendContact } from '../../test/support/support.ts';
import { createCleanup, RETENTION } from './index.ts';

const MINUTE = 60_000;
const folder = attachmentsFolder();
const stores = () => createFileStore({ attachmentsDir: folder, webDist: '/nonexistent', s3: null });

// The clock moves by years here: each call signs in afresh.
const { t } = useTestContext(async () => ({}), { env: { ATTACHMENTS_DIR: folder } });

/** A signed-in customer's message with a PDF attached: its reference and storage key. */
async function ticketWithFile(objet: string) {
  const response = await sendContact(t, [...fields({ ...MESSAGE, objet }), { name: 'pieceJointe', filename: 'facture.pdf', type: 'application/pdf', content: FILES.pdf }], {
    token: await t.loginAs('gestionnaire'),
  });
  expect(response.statusCode, response.body).toBe(200);
  const { reference } = bodyOf(response, contactResponseSchema);
  const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.reference, reference));
  if (!row?.pieceJointeCle) throw new Error('no attachment stored');
  return { reference, key: row.pieceJointeCle };
}

const keyOf = async (reference: string) => (await t.db.select().from(supportTickets).where(eq(supportTickets.reference, reference)))[0]?.pieceJointeCle;

describe('retention of the contact form’s attachments', () => {
  it('deletes a file a year after its ticket was resolved and any file two years after it was sent, keeping the label', async () => {
    const deleted: string[] = [];
    const cleanup = createCleanup(t.db, { files: await stores(), onAttachmentDeleted: (reference) => deleted.push(reference) });
    const resolved = await ticketWithFile('Facture contestée');
    const open = await ticketWithFile('Facture en attente');
    const resolve = await t.send('PUT', `/api/admin/support/demandes/${resolved.reference}/statut`, { token: await t.loginAs('administration'), json: { statut: 'RESOLUE' } });
    expect(resolve.statusCode, resolve.body).toBe(200);

    // Not yet: a year after the resolution less a minute.
    t.clock.advance(RETENTION.supportAttachmentResolvedMs - MINUTE);
    expect(await cleanup.supportAttachments(t.clock.now())).toBe(0);
    expect(existsSync(path.join(folder, resolved.key))).toBe(true);

    t.clock.advance(2 * MINUTE);
    expect(await cleanup.supportAttachments(t.clock.now())).toBe(1);
    expect(deleted).toEqual([resolved.reference]);
    expect(existsSync(path.join(folder, resolved.key))).toBe(false);
    expect(await keyOf(resolved.reference)).toBeNull();
    // The ticket still says a file came with it; the other ticket's file is kept.
    const mine = bodyOf(await t.get('/api/support/demandes?taille=50', await t.loginAs('gestionnaire')), supportTicketPageSchema).demandes;
    expect(mine.find((row) => row.reference === resolved.reference)?.pieceJointe).toMatchObject({ nom: 'facture.pdf' });
    const listed = await t.get(`/api/admin/support/demandes?reference=${resolved.reference}`, await t.loginAs('administration'));
    expect(listed.json()).toMatchObject({ demandes: [{ pieceJointe: { nom: 'facture.pdf', supprimee: true } }] });
    expect(existsSync(path.join(folder, open.key))).toBe(true);
    expect(await keyOf(open.reference)).toBe(open.key);

    // Two years after it was sent, whatever its status; runAll reports it.
    t.clock.advance(RETENTION.supportAttachmentMaxMs - RETENTION.supportAttachmentResolvedMs);
    const report = await cleanup.runAll(t.clock.now());
    expect(report.supportAttachments).toBe(1);
    expect(existsSync(path.join(folder, open.key))).toBe(false);
    expect(await keyOf(open.reference)).toBeNull();
    expect(await cleanup.supportAttachments(t.clock.now())).toBe(0);
  });

  it('finishes a run that deleted a file without forgetting its key: deleting a missing file is no error', async () => {
    const ticket = await ticketWithFile('Fichier déjà supprimé');
    await localAttachmentStore(folder).discard(ticket.key);
    t.clock.advance(RETENTION.supportAttachmentMaxMs + MINUTE);
    const cleanup = createCleanup(t.db, { files: await stores(), batchSize: 1 });
    expect(await cleanup.supportAttachments(t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await keyOf(ticket.reference)).toBeNull();
  });

  it('leaves attachments alone when no store is given', async () => {
    const ticket = await ticketWithFile('Sans magasin');
    t.clock.advance(RETENTION.supportAttachmentMaxMs + MINUTE);
    expect(await createCleanup(t.db).supportAttachments(t.clock.now())).toBe(0);
    expect(await keyOf(ticket.reference)).toBe(ticket.key);
  });
});

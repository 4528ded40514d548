import { existsSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contactResponseSchema, pieceUploadResponseSchema } from '@ecare/shared';
import { inlineJobs } from '../../core/jobs.ts';
import { customerDocuments, supportTickets, terminationAttachments } from '../../db/schema.ts';
import { resetDemoData } from '../../db/seed/reset.ts';
import { CLEANUP_JOB, RETENTION } from '../../platform/cleanup/index.ts';
import { fields, MESSAGE, sendContact } from '../../test/support/support.ts';
import { deleteProof, sendMultipart, upload as uploadProof, uploaded as uploadedProof } from '../../test/support/termination.ts';
import { demoFixture } from '../../test/demo-fixture.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';
import { attachmentsFolder, FILES } from '../../test/multipart.ts';
import { startS3Peer } from '../../test/s3-peer.ts';
import { storedFileFixtures } from '../../test/stored-files.ts';
import { createFileStore, FILE_FOLDERS, type StoredFileKind } from './file-store.ts';

/*
 * Every upload of the portal (the contact form's attachment, a termination proof, an order's
 * supporting document), the hourly clean-up and the demo reset, through the one file store of
 * each backend: the local folder and an S3-compatible bucket (the loopback peer).
 */

const peer = await startS3Peer({ pageSize: 3 });
const folder = attachmentsFolder();
/** ATTACHMENTS_DIR of the server with a bucket: nothing may land there. */
const unusedFolder = attachmentsFolder();
afterAll(async () => {
  await peer.close();
  for (const made of [folder, unusedFolder]) rmSync(made, { recursive: true, force: true });
});

/** What a backend holds, read without the store: the folder's files or the bucket's objects. */
interface Backend {
  name: 'local' | 's3';
  env: Record<string, string>;
  /** The file store's settings, as the server reads them. */
  config: Parameters<typeof createFileStore>[0];
  /** The bytes of a kind's file, or null when it is not there (a `.part` does not count). */
  stored(kind: StoredFileKind, key: string): Buffer | null;
  /** Last written long before the clean-up's hour. */
  age(kind: StoredFileKind, key: string, when: Date): void;
}

const local: Backend = {
  name: 'local',
  env: { ATTACHMENTS_DIR: folder },
  config: { attachmentsDir: folder, webDist: '/nonexistent', s3: null },
  stored: (kind, key) => {
    const file = path.join(folder, FILE_FOLDERS[kind], key);
    return existsSync(file) ? readFileSync(file) : null;
  },
  age: (kind, key, when) => utimesSync(path.join(folder, FILE_FOLDERS[kind], key), when, when),
};
const objectKey = (kind: StoredFileKind, key: string) => (FILE_FOLDERS[kind] ? `${FILE_FOLDERS[kind]}/${key}` : key);
const s3: Backend = {
  name: 's3',
  env: { ATTACHMENTS_DIR: unusedFolder, ...peer.env() },
  config: { attachmentsDir: unusedFolder, webDist: '/nonexistent', s3: peer.settings() },
  stored: (kind, key) => peer.objects.get(objectKey(kind, key))?.body ?? null,
  age: (kind, key, when) => {
    const object = peer.objects.get(objectKey(kind, key));
    if (object) object.modifiedAt = when;
  },
};

describe.each([local, s3])('uploads through the $name file store', (backend) => {
  const jobs = inlineJobs();
  const { t, f } = useTestContext(async (context) => ({ ...(await demoFixture(context)), files: await createFileStore(backend.config) }), {
    env: backend.env,
    jobs: () => () => jobs,
  });
  afterAll(() => f.files.close());
  /** The files kept with their rows by the uploads below. */
  const kept: { kind: StoredFileKind; key: string }[] = [];

  it('keeps the contact form’s attachment at the root, and mails it to the customer service', async () => {
    const response = await sendContact(t, [...fields(MESSAGE), { name: 'pieceJointe', filename: 'constat.pdf', type: 'application/pdf', content: FILES.pdf }], { token: f.manager });
    const { reference } = bodyOf(response, contactResponseSchema);
    const [ticket] = await t.db.select().from(supportTickets).where(eq(supportTickets.reference, reference));
    const key = ticket?.pieceJointeCle ?? '';
    expect(backend.stored('contact', key)).toEqual(FILES.pdf);
    const mail = (await t.outbox()).find((sent) => sent.subject.includes(reference) && sent.attachments.length > 0);
    expect(Buffer.from(mail?.attachments[0]?.contentBase64 ?? '', 'base64')).toEqual(FILES.pdf);
    kept.push({ kind: 'contact', key });
  });

  it('keeps a termination proof under resiliations/ and deletes it with its row', async () => {
    const line = f.colleague(0).idContrat;
    const proof = await uploadedProof(t, f.manager, line, FILES.png, 'attestation.png');
    expect(backend.stored('termination', proof.cle)).toEqual(FILES.png);
    const removed = await uploadedProof(t, f.manager, line, FILES.jpeg, 'erreur.jpg');
    expect(backend.stored('termination', removed.cle)).toEqual(FILES.jpeg);
    expect((await deleteProof(t, f.manager, removed.cle)).statusCode).toBe(200);
    expect(backend.stored('termination', removed.cle)).toBeNull();
    expectError(await uploadProof(t, f.manager, line, FILES.disguised, 'facture.pdf'), 400, 'ATTACHMENT_TYPE');
    kept.push({ kind: 'termination', key: proof.cle });
  });

  it('keeps an order’s supporting document under pieces/, downloads and deletes it', async () => {
    const send = (type: string, content: Buffer) => sendMultipart(t, `/api/clients/${f.account}/pieces/${type}`, [{ name: 'fichier', filename: 'kbis.pdf', type: 'application/pdf', content }], f.manager);
    const { piece } = bodyOf(await send('KBIS', FILES.pdf), pieceUploadResponseSchema);
    const [row] = await t.db.select().from(customerDocuments).where(eq(customerDocuments.idCtrlPiece, piece.idCtrlPiece));
    const key = row?.cleStockage ?? '';
    expect(backend.stored('pieces', key)).toEqual(FILES.pdf);
    const download = await t.send('POST', `/api/clients/${f.account}/pieces/telecharger`, { token: f.manager, json: { idCtrlPiece: piece.idCtrlPiece } });
    expect(download.rawPayload.equals(FILES.pdf)).toBe(true);
    const other = bodyOf(await send('AUTRE', FILES.jpeg), pieceUploadResponseSchema).piece;
    const [otherRow] = await t.db.select().from(customerDocuments).where(eq(customerDocuments.idCtrlPiece, other.idCtrlPiece));
    expect((await t.send('DELETE', `/api/clients/${f.account}/pieces/${other.idCtrlPiece}`, { token: f.manager })).statusCode).toBe(200);
    expect(backend.stored('pieces', otherRow?.cleStockage ?? '')).toBeNull();
    expectError(await send('KBIS', FILES.disguised), 400, 'ATTACHMENT_TYPE');
    kept.push({ kind: 'pieces', key });
    // With a bucket, every kind went there: one object per file kept, nothing in the folder.
    if (backend.name === 's3') {
      expect(peer.objects.size).toBe(kept.length);
      expect(readdirSync(unusedFolder)).toEqual([]);
      expect(peer.refusals).toEqual([]);
    }
  });

  it('deletes, in the hourly clean-up, the files no row names, and keeps the others', async () => {
    const fixtures = storedFileFixtures(t, f.files);
    const orphans = [
      { kind: 'contact', key: await fixtures.kept('contact') },
      { kind: 'termination', key: await fixtures.kept('termination') },
      { kind: 'pieces', key: await fixtures.kept('pieces') },
    ] as const;
    const then = new Date(t.clock.now().getTime() - RETENTION.unclaimedFilesMs - 5 * 60_000);
    for (const { kind, key } of [...orphans, ...kept]) backend.age(kind, key, then);
    // Kept a moment ago, its row about to commit: left alone.
    const recent = await fixtures.kept('pieces');

    await jobs.runScheduled(CLEANUP_JOB);

    for (const { kind, key } of orphans) expect(backend.stored(kind, key), `${kind} ${key}`).toBeNull();
    for (const { kind, key } of kept) expect(backend.stored(kind, key), `${kind} ${key}`).not.toBeNull();
    expect(backend.stored('pieces', recent)).not.toBeNull();
  });

  it('deletes, in the demo reset, the files the emptied rows named', async () => {
    expect(await resetDemoData(t.db, { files: f.files })).toBe(kept.length);
    for (const { kind, key } of kept) expect(backend.stored(kind, key), `${kind} ${key}`).toBeNull();
  });
});

describe('uploads while the bucket refuses to write', () => {
  const { t, f } = useTestContext(demoFixture, { env: s3.env });
  afterAll(() => {
    peer.refuseWrites = false;
  });

  it('answers 503 to each kind of upload and records nothing that would name a missing file', async () => {
    const line = f.colleague(0).idContrat;
    const [proofsBefore, ticketsBefore, piecesBefore] = [
      await t.db.select().from(terminationAttachments).where(eq(terminationAttachments.idContrat, line)),
      await t.db.select().from(supportTickets),
      await t.db.select().from(customerDocuments),
    ];
    peer.refuseWrites = true;
    expectError(await uploadProof(t, f.manager, line, FILES.png, 'attestation.png'), 503, 'FILE_STORAGE_UNAVAILABLE');
    expectError(
      await sendContact(t, [...fields(MESSAGE), { name: 'pieceJointe', filename: 'constat.pdf', type: 'application/pdf', content: FILES.pdf }], { token: f.manager }),
      503,
      'FILE_STORAGE_UNAVAILABLE',
    );
    const piece = await sendMultipart(t, `/api/clients/${f.account}/pieces/KBIS`, [{ name: 'fichier', filename: 'kbis.pdf', type: 'application/pdf', content: FILES.pdf }], f.manager);
    expectError(piece, 503, 'FILE_STORAGE_UNAVAILABLE');
    expect(await t.db.select().from(terminationAttachments).where(eq(terminationAttachments.idContrat, line))).toEqual(proofsBefore);
    expect(await t.db.select().from(supportTickets)).toEqual(ticketsBefore);
    expect(await t.db.select().from(customerDocuments)).toEqual(piecesBefore);

    // The bucket writing again, the same proof goes through.
    peer.refuseWrites = false;
    const proof = await uploadedProof(t, f.manager, line, FILES.png, 'attestation.png');
    expect(s3.stored('termination', proof.cle)).toEqual(FILES.png);
  });
});

describe('the file store at start', () => {
  it('refuses a local folder inside the web root, which would serve the files; with a bucket the folder is not used', async () => {
    const inside = { attachmentsDir: '/srv/portail/web/fichiers', webDist: '/srv/portail/web' };
    await expect(createFileStore({ ...inside, s3: null })).rejects.toThrow(/must not be inside the web root/);
    const files = await createFileStore({ ...inside, s3: peer.settings() });
    expect(files.backend).toBe('s3');
    await files.close();
  });
});

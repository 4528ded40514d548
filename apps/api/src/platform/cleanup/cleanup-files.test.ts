import { existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contactResponseSchema } from '@ecare/shared';
import { inlineJobs } from '../../core/jobs.ts';
import { supportTickets } from '../../db/schema.ts';
import { createFileStore, FILE_FOLDERS, type StoredFileKind } from '../../lib/attachments/file-store.ts';
import { bodyOf, useTestContext } from '../../test/harness.ts';
import { storedFileFixtures } from '../../test/stored-files.ts';
import { attachmentsFolder, FILES, fields, MESSAGE, sendContact } from '../../test/support/support.ts';
import { CLEANUP_JOB, createCleanup, RETENTION } from './index.ts';

const folder = attachmentsFolder();
const stores = await createFileStore({ attachmentsDir: folder, webDist: '/nonexistent', s3: null });
const fileOf = (kind: StoredFileKind, key: string, partial = false) => path.join(folder, FILE_FOLDERS[kind], partial ? `${key}.part` : key);

const jobs = inlineJobs();
const { t, f } = useTestContext(async (context) => storedFileFixtures(context, stores), { env: { ATTACHMENTS_DIR: folder }, jobs: () => () => jobs });
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Last written long before the clean-up's hour. */
function age(kind: StoredFileKind, key: string, partial = false): void {
  const then = new Date(t.clock.now().getTime() - RETENTION.unclaimedFilesMs - 5 * 60_000);
  utimesSync(fileOf(kind, key, partial), then, then);
}

describe('clean-up of stored files', () => {
  it('removes, in its hourly job, the partial files of stopped uploads and the files no row names, an hour after their last write', async () => {
    // Five uploads stopped in the middle (kill -9): their `.part` files.
    const stopped = [
      ['contact', await f.received('contact')],
      ['contact', await f.received('contact')],
      ['termination', await f.received('termination')],
      ['termination', await f.received('termination')],
      ['pieces', await f.received('pieces')],
    ] as const;
    // Files kept whose rows never committed, or went without them.
    const orphans = [
      ['contact', await f.kept('contact')],
      ['termination', await f.kept('termination')],
      ['pieces', await f.kept('pieces')],
    ] as const;
    // Files their rows name: a contact attachment sent through the form, a proof, a document.
    const sent = await sendContact(t, [...fields(MESSAGE), { name: 'pieceJointe', filename: 'constat.pdf', type: 'application/pdf', content: FILES.pdf }], {
      token: await t.loginAs('gestionnaire'),
    });
    const { reference } = bodyOf(sent, contactResponseSchema);
    const [ticket] = await t.db.select().from(supportTickets).where(eq(supportTickets.reference, reference));
    const contactKey = ticket?.pieceJointeCle ?? '';
    const proof = await f.kept('termination');
    await f.terminationProof(proof);
    const document = await f.kept('pieces');
    await f.supportingDocument(document);
    // A proof whose row committed but whose rename was lost: the clean-up finishes the rename.
    const unrenamed = await f.received('termination');
    await f.terminationProof(unrenamed);

    for (const [kind, key] of stopped) age(kind, key, true);
    for (const [kind, key] of orphans) age(kind, key);
    age('contact', contactKey);
    age('termination', proof);
    age('pieces', document);
    age('termination', unrenamed, true);
    // An upload under way and a file kept a moment ago, its row about to commit: left alone.
    const underway = await f.received('pieces');
    const justKept = await f.kept('contact');

    await jobs.runScheduled(CLEANUP_JOB);

    for (const [kind, key] of [...stopped, ...orphans]) {
      expect(existsSync(fileOf(kind, key, true)), `${kind} ${key}.part`).toBe(false);
      expect(existsSync(fileOf(kind, key)), `${kind} ${key}`).toBe(false);
    }
    expect(existsSync(fileOf('contact', contactKey))).toBe(true);
    expect(existsSync(fileOf('termination', proof))).toBe(true);
    expect(existsSync(fileOf('pieces', document))).toBe(true);
    expect(existsSync(fileOf('termination', unrenamed))).toBe(true);
    expect(existsSync(fileOf('termination', unrenamed, true))).toBe(false);
    expect(existsSync(fileOf('pieces', underway, true))).toBe(true);
    expect(existsSync(fileOf('contact', justKept))).toBe(true);
    expect((await stores.termination.read(unrenamed)).equals(FILES.pdf)).toBe(true);
  });

  it('reports what it deleted, nothing more on the next run, and leaves what is not a stored file', async () => {
    const cleanup = createCleanup(t.db, { files: stores, batchSize: 2 });
    const partial = await f.received('contact');
    const orphan = await f.kept('pieces');
    age('contact', partial, true);
    age('pieces', orphan);
    // The contact folder holds the others' folders, and perhaps an operator's notes: not its files.
    const foreign = path.join(folder, 'LISEZ-MOI.txt');
    writeFileSync(foreign, 'notes');
    utimesSync(foreign, new Date(0), new Date(0));

    expect(await cleanup.storedFiles(t.clock.now())).toEqual({ partialFiles: 1, orphanFiles: 1 });
    expect(await cleanup.storedFiles(t.clock.now())).toEqual({ partialFiles: 0, orphanFiles: 0 });
    expect(existsSync(foreign)).toBe(true);
    expect(existsSync(path.join(folder, 'pieces'))).toBe(true);
  });
});

import { Readable } from 'node:stream';
import type { AttachmentStores, StoredFileKind } from '../lib/attachments/file-store.ts';
import { billingAccounts, customerDocuments, terminationAttachments } from '../db/schema.ts';
import type { TestContext } from './harness.ts';
import { FILES } from './multipart.ts';

/** Uploaded files made through the stores, and the rows that name them, for the clean-up and reset tests. */
export function storedFileFixtures(t: TestContext, stores: AttachmentStores) {
  /** A file received as an upload does (`<key>.part`), left there as a process killed in the middle leaves it. */
  async function received(kind: StoredFileKind): Promise<string> {
    const file = await stores[kind].receive(Readable.from([FILES.pdf]), 'justificatif.pdf');
    if (!file) throw new Error('nothing received');
    return file.key;
  }

  return {
    received,

    /** A file received and given its final name. */
    async kept(kind: StoredFileKind): Promise<string> {
      const key = await received(kind);
      await stores[kind].keep(key);
      return key;
    },

    /** A termination proof's row naming `cle`. */
    async terminationProof(cle: string): Promise<void> {
      await t.db.insert(terminationAttachments).values({ cle, idClientBscs: 1, idContrat: 1, uploadedBy: 1, nom: 'preuve.pdf', type: 'application/pdf', taille: 10, createdAt: t.clock.now() });
    },

    /** A supporting document's row naming `cleStockage`, on a demo account. */
    async supportingDocument(cleStockage: string): Promise<void> {
      const [account] = await t.db.select({ id: billingAccounts.idClientBscs }).from(billingAccounts).limit(1);
      await t.db.insert(customerDocuments).values({ idClientBscs: account?.id ?? 0, type: 'KBIS', nomFichier: 'kbis.pdf', cleStockage, typeMime: 'application/pdf', taille: 10 });
    },
  };
}

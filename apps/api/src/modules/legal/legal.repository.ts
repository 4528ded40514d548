import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { legalPages, staticDocuments } from '../../db/schema.ts';

export function createLegalRepository(db: Database) {
  return {
    async page(pageCode: string) {
      const [row] = await db.select().from(legalPages).where(eq(legalPages.pageCode, pageCode)).limit(1);
      return row ?? null;
    },

    /** Every static document, without its text, in display order. */
    async documents() {
      return db
        .select({ type: staticDocuments.type, titre: staticDocuments.titre, version: staticDocuments.version, dateVersion: staticDocuments.dateVersion })
        .from(staticDocuments)
        .orderBy(asc(staticDocuments.ordre), asc(staticDocuments.type));
    },

    async document(type: string) {
      const [row] = await db.select().from(staticDocuments).where(eq(staticDocuments.type, type)).limit(1);
      return row ?? null;
    },
  };
}
export type LegalRepository = ReturnType<typeof createLegalRepository>;

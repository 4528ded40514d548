import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AdminContactSubTheme, AdminMenuItem } from '@ecare/shared';
import type { Database } from '../../db/client.ts';
import { contactSubThemes, contactThemes, menuItems, staticDocuments } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';
import { takeTurn } from './admin.repository.ts';

/**
 * First ids of the rows the back office creates: the shipped menu uses ids up to a few hundred,
 * the contact themes small ids and their sub-themes the theme's id times 100 plus a rank
 * (decision 024); data migrations may add to those ranges, an operator's rows never take one.
 */
export const FIRST_CREATED_MENU_ID = 10_001;
export const FIRST_CREATED_CONTACT_THEME_ID = 1_001;
export const FIRST_CREATED_CONTACT_SUB_THEME_ID = 100_001;

const menuColumns = {
  id: menuItems.id,
  parentId: menuItems.parentId,
  kind: menuItems.kind,
  nom: menuItems.nom,
  url: menuItems.url,
  ordre: menuItems.ordre,
};
const themeColumns = { idTheme: contactThemes.idTheme, libelle: contactThemes.libelle, ordre: contactThemes.ordre };
const subThemeColumns = {
  idSousTheme: contactSubThemes.idSousTheme,
  idTheme: contactSubThemes.idTheme,
  libelle: contactSubThemes.libelle,
  ordre: contactSubThemes.ordre,
};

export type ContactThemeRow = typeof contactThemes.$inferSelect;
export type StaticDocumentRow = typeof staticDocuments.$inferSelect;

const underParent = (parentId: number | null): SQL | undefined => (parentId === null ? isNull(menuItems.parentId) : eq(menuItems.parentId, parentId));

/** The next id (at least `first`) and the next place of a table, read after taking its turn. */
async function nextIdAndPlace(tx: Transaction, id: SQL, ordre: SQL, table: typeof menuItems | typeof contactThemes | typeof contactSubThemes, where: SQL | undefined, first: number) {
  const [ids] = await tx.db
    .select({ id: sql<number>`greatest(coalesce(max(${id}), 0) + 1, ${first})`.mapWith(Number) })
    .from(table);
  const [places] = await tx.db
    .select({ ordre: sql<number>`coalesce(max(${ordre}), 0) + 1`.mapWith(Number) })
    .from(table)
    .where(where);
  return { id: ids?.id ?? first, ordre: places?.ordre ?? 1 };
}

/** The menu, the contact themes and the static documents as the back office edits them (decision 030). */
export function createAdminContentRepository(db: Database) {
  return {
    takeTurn,

    // ——— Menu ———

    /** The whole tree, flat: each level in its order. */
    menu(): Promise<AdminMenuItem[]> {
      return db.select(menuColumns).from(menuItems).orderBy(asc(menuItems.ordre), asc(menuItems.id));
    },

    async menuItem(id: number, tx: Transaction): Promise<AdminMenuItem | null> {
      const [row] = await tx.db.select(menuColumns).from(menuItems).where(eq(menuItems.id, id)).for('update');
      return row ?? null;
    },

    async menuChildren(parentId: number | null, tx: Transaction): Promise<number[]> {
      const rows = await tx.db.select({ id: menuItems.id }).from(menuItems).where(underParent(parentId)).orderBy(asc(menuItems.ordre), asc(menuItems.id));
      return rows.map((row) => row.id);
    },

    nextMenuPlace: (parentId: number | null, tx: Transaction) =>
      nextIdAndPlace(tx, sql`${menuItems.id}`, sql`${menuItems.ordre}`, menuItems, underParent(parentId), FIRST_CREATED_MENU_ID),

    async createMenuItem(row: AdminMenuItem, tx: Transaction): Promise<void> {
      await tx.db.insert(menuItems).values(row);
    },

    async updateMenuItem(row: AdminMenuItem, tx: Transaction): Promise<void> {
      await tx.db.update(menuItems).set({ parentId: row.parentId, nom: row.nom, url: row.url, ordre: row.ordre }).where(eq(menuItems.id, row.id));
    },

    async deleteMenuItem(id: number, tx: Transaction): Promise<void> {
      await tx.db.delete(menuItems).where(eq(menuItems.id, id));
    },

    async setMenuOrder(parentId: number | null, ids: readonly number[], tx: Transaction): Promise<void> {
      for (const [index, id] of ids.entries()) {
        await tx.db.update(menuItems).set({ ordre: index + 1 }).where(and(eq(menuItems.id, id), underParent(parentId)));
      }
    },

    // ——— Contact themes ———

    async contactThemes() {
      const [themes, subThemes] = await Promise.all([
        db.select(themeColumns).from(contactThemes).orderBy(asc(contactThemes.ordre), asc(contactThemes.idTheme)),
        db.select(subThemeColumns).from(contactSubThemes).orderBy(asc(contactSubThemes.ordre), asc(contactSubThemes.idSousTheme)),
      ]);
      return { themes, subThemes };
    },

    async contactTheme(idTheme: number, tx: Transaction): Promise<ContactThemeRow | null> {
      const [row] = await tx.db.select(themeColumns).from(contactThemes).where(eq(contactThemes.idTheme, idTheme)).for('update');
      return row ?? null;
    },

    async contactSubTheme(idSousTheme: number, tx: Transaction): Promise<AdminContactSubTheme | null> {
      const [row] = await tx.db.select(subThemeColumns).from(contactSubThemes).where(eq(contactSubThemes.idSousTheme, idSousTheme)).for('update');
      return row ?? null;
    },

    async createContactTheme(libelle: string, tx: Transaction): Promise<ContactThemeRow> {
      const next = await nextIdAndPlace(tx, sql`${contactThemes.idTheme}`, sql`${contactThemes.ordre}`, contactThemes, undefined, FIRST_CREATED_CONTACT_THEME_ID);
      const row = { idTheme: next.id, libelle, ordre: next.ordre };
      await tx.db.insert(contactThemes).values(row);
      return row;
    },

    async createContactSubTheme(idTheme: number, libelle: string, tx: Transaction): Promise<AdminContactSubTheme> {
      const next = await nextIdAndPlace(
        tx,
        sql`${contactSubThemes.idSousTheme}`,
        sql`${contactSubThemes.ordre}`,
        contactSubThemes,
        eq(contactSubThemes.idTheme, idTheme),
        FIRST_CREATED_CONTACT_SUB_THEME_ID,
      );
      const row = { idSousTheme: next.id, idTheme, libelle, ordre: next.ordre };
      await tx.db.insert(contactSubThemes).values(row);
      return row;
    },

    async renameContactTheme(idTheme: number, libelle: string, tx: Transaction): Promise<void> {
      await tx.db.update(contactThemes).set({ libelle }).where(eq(contactThemes.idTheme, idTheme));
    },

    async renameContactSubTheme(idSousTheme: number, libelle: string, tx: Transaction): Promise<void> {
      await tx.db.update(contactSubThemes).set({ libelle }).where(eq(contactSubThemes.idSousTheme, idSousTheme));
    },

    async contactThemeOrder(tx: Transaction): Promise<number[]> {
      const rows = await tx.db.select({ id: contactThemes.idTheme }).from(contactThemes).orderBy(asc(contactThemes.ordre), asc(contactThemes.idTheme));
      return rows.map((row) => row.id);
    },

    async contactSubThemeOrder(idTheme: number, tx: Transaction): Promise<number[]> {
      const rows = await tx.db
        .select({ id: contactSubThemes.idSousTheme })
        .from(contactSubThemes)
        .where(eq(contactSubThemes.idTheme, idTheme))
        .orderBy(asc(contactSubThemes.ordre), asc(contactSubThemes.idSousTheme));
      return rows.map((row) => row.id);
    },

    async setContactThemeOrder(idThemes: readonly number[], tx: Transaction): Promise<void> {
      for (const [index, idTheme] of idThemes.entries()) {
        await tx.db.update(contactThemes).set({ ordre: index + 1 }).where(eq(contactThemes.idTheme, idTheme));
      }
    },

    async setContactSubThemeOrder(idTheme: number, idSousThemes: readonly number[], tx: Transaction): Promise<void> {
      for (const [index, idSousTheme] of idSousThemes.entries()) {
        await tx.db
          .update(contactSubThemes)
          .set({ ordre: index + 1 })
          .where(and(eq(contactSubThemes.idSousTheme, idSousTheme), eq(contactSubThemes.idTheme, idTheme)));
      }
    },

    // ——— Static documents ———

    documents(): Promise<StaticDocumentRow[]> {
      return db.select().from(staticDocuments).orderBy(asc(staticDocuments.ordre), asc(staticDocuments.type));
    },

    async document(type: string, tx?: Transaction): Promise<StaticDocumentRow | null> {
      const query = (tx?.db ?? db).select().from(staticDocuments).where(eq(staticDocuments.type, type));
      const [row] = tx ? await query.for('update') : await query;
      return row ?? null;
    },

    async updateDocument(row: StaticDocumentRow, tx: Transaction): Promise<void> {
      await tx.db
        .update(staticDocuments)
        .set({ titre: row.titre, version: row.version, dateVersion: row.dateVersion, contenu: row.contenu })
        .where(eq(staticDocuments.type, row.type));
    },
  };
}
export type AdminContentRepository = ReturnType<typeof createAdminContentRepository>;

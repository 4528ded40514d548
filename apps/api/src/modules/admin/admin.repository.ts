import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { faqQuestions, faqThemes, legalPages } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

/**
 * First ids of themes and questions created in the back office: the shipped rows use small ids
 * (a question's is its theme's times 100 plus its place, decision 023) that later data
 * migrations may add to, and an operator's rows must never take one of them.
 */
export const FIRST_CREATED_THEME_ID = 1_001;
export const FIRST_CREATED_QUESTION_ID = 100_001;

const questionColumns = {
  idQuestion: faqQuestions.idQuestion,
  idTheme: faqQuestions.idTheme,
  question: faqQuestions.question,
  reponseHtml: faqQuestions.reponseHtml,
  ordre: faqQuestions.ordre,
};

/** The reference tables the back office writes, each written by one writer at a time. */
export type AdminTable = 'faq_themes' | 'faq_questions' | 'menu_items' | 'contact_themes' | 'contact_sub_themes';

/**
 * Writers of a reference table take turns (readers go on): a new row's id and place are computed
 * from the rows already there, and a reorder must see every row it reorders. Every write takes
 * its turn first, before any row lock, so that two writes never wait on each other.
 */
export async function takeTurn(table: AdminTable, tx: Transaction): Promise<void> {
  await tx.db.execute(sql.raw(`lock table ${table} in share row exclusive mode`));
}

export type LegalPageRow = typeof legalPages.$inferSelect;
export type FaqThemeRow = typeof faqThemes.$inferSelect;
export interface FaqQuestionRow {
  idQuestion: number;
  idTheme: number;
  question: string;
  reponseHtml: string;
  ordre: number;
}

export function createAdminRepository(db: Database) {
  return {
    takeTurn,

    // ——— Legal pages ———

    legalPages(): Promise<LegalPageRow[]> {
      return db.select().from(legalPages).orderBy(asc(legalPages.pageCode));
    },

    async lockedLegalPage(pageCode: string, tx: Transaction): Promise<LegalPageRow | null> {
      const [row] = await tx.db.select().from(legalPages).where(eq(legalPages.pageCode, pageCode)).for('update');
      return row ?? null;
    },

    async updateLegalPage(row: LegalPageRow, tx: Transaction): Promise<void> {
      await tx.db
        .update(legalPages)
        .set({ titre: row.titre, contenuHtml: row.contenuHtml, miseAJour: row.miseAJour })
        .where(eq(legalPages.pageCode, row.pageCode));
    },

    // ——— FAQ themes ———

    themes() {
      return db
        .select({ idTheme: faqThemes.idTheme, libelle: faqThemes.libelle, ordre: faqThemes.ordre, nbQuestions: count(faqQuestions.idQuestion) })
        .from(faqThemes)
        .leftJoin(faqQuestions, eq(faqQuestions.idTheme, faqThemes.idTheme))
        .groupBy(faqThemes.idTheme)
        .orderBy(asc(faqThemes.ordre), asc(faqThemes.idTheme));
    },

    async theme(idTheme: number, tx: Transaction): Promise<FaqThemeRow | null> {
      const [row] = await tx.db.select().from(faqThemes).where(eq(faqThemes.idTheme, idTheme)).for('update');
      return row ?? null;
    },

    /** Whether a theme exists; its row is kept from being deleted until `tx` ends (key share). */
    async themeExists(idTheme: number, tx: Transaction): Promise<boolean> {
      const [row] = await tx.db.select({ idTheme: faqThemes.idTheme }).from(faqThemes).where(eq(faqThemes.idTheme, idTheme)).for('key share');
      return row !== undefined;
    },

    async themeCount(idTheme: number): Promise<number | null> {
      const [row] = await db
        .select({ nbQuestions: count(faqQuestions.idQuestion) })
        .from(faqThemes)
        .leftJoin(faqQuestions, eq(faqQuestions.idTheme, faqThemes.idTheme))
        .where(eq(faqThemes.idTheme, idTheme))
        .groupBy(faqThemes.idTheme);
      return row?.nbQuestions ?? null;
    },

    /** A new theme, last in the order. */
    async createTheme(libelle: string, tx: Transaction): Promise<FaqThemeRow> {
      const [next] = await tx.db
        .select({
          idTheme: sql<number>`greatest(coalesce(max(${faqThemes.idTheme}), 0) + 1, ${FIRST_CREATED_THEME_ID})`.mapWith(Number),
          ordre: sql<number>`coalesce(max(${faqThemes.ordre}), 0) + 1`.mapWith(Number),
        })
        .from(faqThemes);
      const [row] = await tx.db
        .insert(faqThemes)
        .values({ idTheme: next?.idTheme ?? FIRST_CREATED_THEME_ID, libelle, ordre: next?.ordre ?? 1 })
        .returning();
      if (!row) throw new Error('theme not created');
      return row;
    },

    async renameTheme(idTheme: number, libelle: string, tx: Transaction): Promise<void> {
      await tx.db.update(faqThemes).set({ libelle }).where(eq(faqThemes.idTheme, idTheme));
    },

    /** Every theme id in display order, (the caller has taken its turn). */
    async lockedThemeOrder(tx: Transaction): Promise<number[]> {
      const rows = await tx.db.select({ idTheme: faqThemes.idTheme }).from(faqThemes).orderBy(asc(faqThemes.ordre), asc(faqThemes.idTheme));
      return rows.map((row) => row.idTheme);
    },

    async setThemeOrder(idThemes: readonly number[], tx: Transaction): Promise<void> {
      for (const [index, idTheme] of idThemes.entries()) {
        await tx.db.update(faqThemes).set({ ordre: index + 1 }).where(eq(faqThemes.idTheme, idTheme));
      }
    },

    // ——— FAQ questions ———

    questions(idTheme: number): Promise<FaqQuestionRow[]> {
      return db
        .select(questionColumns)
        .from(faqQuestions)
        .where(eq(faqQuestions.idTheme, idTheme))
        .orderBy(asc(faqQuestions.ordre), asc(faqQuestions.idQuestion));
    },

    async question(idQuestion: number, tx: Transaction): Promise<FaqQuestionRow | null> {
      const [row] = await tx.db.select(questionColumns).from(faqQuestions).where(eq(faqQuestions.idQuestion, idQuestion)).for('update');
      return row ?? null;
    },

    /** The place after the last question of a theme. */
    async nextQuestionPlace(idTheme: number, tx: Transaction): Promise<number> {
      const [row] = await tx.db
        .select({ ordre: sql<number>`coalesce(max(${faqQuestions.ordre}), 0) + 1`.mapWith(Number) })
        .from(faqQuestions)
        .where(eq(faqQuestions.idTheme, idTheme));
      return row?.ordre ?? 1;
    },

    /** A new question (its search document is computed by the database: a generated column). */
    async createQuestion(fields: Omit<FaqQuestionRow, 'idQuestion'>, tx: Transaction): Promise<FaqQuestionRow> {
      const [next] = await tx.db
        .select({ idQuestion: sql<number>`greatest(coalesce(max(${faqQuestions.idQuestion}), 0) + 1, ${FIRST_CREATED_QUESTION_ID})`.mapWith(Number) })
        .from(faqQuestions);
      const [row] = await tx.db
        .insert(faqQuestions)
        .values({ ...fields, idQuestion: next?.idQuestion ?? FIRST_CREATED_QUESTION_ID })
        .returning(questionColumns);
      if (!row) throw new Error('question not created');
      return row;
    },

    async updateQuestion(row: FaqQuestionRow, tx: Transaction): Promise<void> {
      await tx.db
        .update(faqQuestions)
        .set({ idTheme: row.idTheme, question: row.question, reponseHtml: row.reponseHtml, ordre: row.ordre })
        .where(eq(faqQuestions.idQuestion, row.idQuestion));
    },

    async deleteQuestion(idQuestion: number, tx: Transaction): Promise<void> {
      await tx.db.delete(faqQuestions).where(eq(faqQuestions.idQuestion, idQuestion));
    },

    /** Every question id of a theme in display order, (the caller has taken its turn). */
    async lockedQuestionOrder(idTheme: number, tx: Transaction): Promise<number[]> {
      const rows = await tx.db
        .select({ idQuestion: faqQuestions.idQuestion })
        .from(faqQuestions)
        .where(eq(faqQuestions.idTheme, idTheme))
        .orderBy(asc(faqQuestions.ordre), asc(faqQuestions.idQuestion));
      return rows.map((row) => row.idQuestion);
    },

    async setQuestionOrder(idTheme: number, idQuestions: readonly number[], tx: Transaction): Promise<void> {
      for (const [index, idQuestion] of idQuestions.entries()) {
        await tx.db
          .update(faqQuestions)
          .set({ ordre: index + 1 })
          .where(and(eq(faqQuestions.idQuestion, idQuestion), eq(faqQuestions.idTheme, idTheme)));
      }
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;

import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { faqQuestions, faqQuestionStats, faqThemes, faqVotes } from '../../db/schema.ts';
import type { Transaction } from '../../db/transaction.ts';

/** The French text-search configuration of the FAQ (unaccent, then french stemming: migration 0009). */
const CONFIG = sql.raw(`'faq_fr'::regconfig`);

/**
 * Marks ts_headline puts around a matching word: control characters, which the stored texts never
 * keep (they are turned into spaces first), so that the service can escape the text and only then
 * turn them into `<mark>` elements.
 */
export const HIGHLIGHT_START = '\u0001';
export const HIGHLIGHT_STOP = '\u0002';

const withoutMarks = (text: SQL) => sql`translate(${text}, ${HIGHLIGHT_START + HIGHLIGHT_STOP}, '  ')`;

/**
 * An answer's plain text for its excerpt: tags become spaces and the entities a stored answer
 * uses become their characters (any other entity a space). The search document (the generated
 * column `recherche`) is built the same way, more simply: there entities only separate words.
 */
function answerText(brand: string): SQL {
  let text = sql`regexp_replace(${faqQuestions.reponseHtml}, '<[^>]*>', ' ', 'g')`;
  text = sql`replace(${text}, '&nbsp;', ${'\u00a0'})`;
  for (const [entity, character] of [['&lt;', '<'], ['&gt;', '>'], ['&quot;', '"'], ['&#39;', "'"]] as const) {
    text = sql`replace(${text}, ${entity}, ${character})`;
  }
  text = sql`replace(regexp_replace(${text}, '&(?!amp;)[#a-zA-Z0-9]+;', ' ', 'g'), '&amp;', '&')`;
  text = sql`regexp_replace(replace(${text}, '{{marque}}', ${brand}), '\\s+', ' ', 'g')`;
  return withoutMarks(text);
}

/**
 * ts_headline options: every match of a question or answer. The service cuts an answer's excerpt
 * into whole sentences (faq-excerpt.ts): ts_headline's own fragments start and stop mid-sentence.
 */
const WHOLE_TEXT = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, HighlightAll=true`;

export interface SearchRow {
  idQuestion: number;
  idTheme: number;
  libelleTheme: string;
  question: string;
  reponseHtml: string;
  pertinence: number;
  /** The question with every match between the marks. */
  questionMarquee: string;
  /** The answer's text with every match between the marks. */
  extraitMarque: string;
}

export function createFaqRepository(db: Database) {
  return {
    /** Every theme in display order, with how many questions it holds. */
    async themes() {
      return db
        .select({ idTheme: faqThemes.idTheme, libelle: faqThemes.libelle, ordre: faqThemes.ordre, nbQuestions: count(faqQuestions.idQuestion) })
        .from(faqThemes)
        .leftJoin(faqQuestions, eq(faqQuestions.idTheme, faqThemes.idTheme))
        .groupBy(faqThemes.idTheme)
        .orderBy(asc(faqThemes.ordre), asc(faqThemes.idTheme));
    },

    async themeExists(idTheme: number): Promise<boolean> {
      const [row] = await db.select({ idTheme: faqThemes.idTheme }).from(faqThemes).where(eq(faqThemes.idTheme, idTheme)).limit(1);
      return row !== undefined;
    },

    async questions(idTheme: number) {
      return db
        .select({ idQuestion: faqQuestions.idQuestion, question: faqQuestions.question, reponseHtml: faqQuestions.reponseHtml, ordre: faqQuestions.ordre })
        .from(faqQuestions)
        .where(eq(faqQuestions.idTheme, idTheme))
        .orderBy(asc(faqQuestions.ordre), asc(faqQuestions.idQuestion));
    },

    /**
     * The most opened questions; ties (and questions never opened, on a new installation) in the
     * order of the themes and of their questions, so that the list is always full and stable.
     */
    async mostViewed(limit: number) {
      return db
        .select({
          idQuestion: faqQuestions.idQuestion,
          idTheme: faqQuestions.idTheme,
          libelleTheme: faqThemes.libelle,
          question: faqQuestions.question,
          reponseHtml: faqQuestions.reponseHtml,
          ordre: faqQuestions.ordre,
        })
        .from(faqQuestions)
        .innerJoin(faqThemes, eq(faqThemes.idTheme, faqQuestions.idTheme))
        .leftJoin(faqQuestionStats, eq(faqQuestionStats.idQuestion, faqQuestions.idQuestion))
        .orderBy(
          desc(sql`coalesce(${faqQuestionStats.nbVues}, 0)`),
          asc(faqThemes.ordre),
          asc(faqQuestions.ordre),
          asc(faqQuestions.idQuestion),
        )
        .limit(limit);
    },

    /**
     * The questions matching a tsquery (text for to_tsquery over `faq_fr`, built by the service
     * from plain words), best first: those whose question itself matches, then by ts_rank (the
     * question weighs A, the answer B). `brand` replaces `{{marque}}` before highlighting.
     */
    async search(tsquery: string, limit: number, brand: string): Promise<SearchRow[]> {
      const query = sql`to_tsquery(${CONFIG}, ${tsquery})`;
      const question = withoutMarks(sql`replace(${faqQuestions.question}, '{{marque}}', ${brand})`);
      const rank = sql<number>`ts_rank(${faqQuestions.recherche}, q.query)`;
      const inQuestion = sql`to_tsvector(${CONFIG}, ${faqQuestions.question}) @@ q.query`;
      return db
        .select({
          idQuestion: faqQuestions.idQuestion,
          idTheme: faqQuestions.idTheme,
          libelleTheme: faqThemes.libelle,
          question: faqQuestions.question,
          reponseHtml: faqQuestions.reponseHtml,
          pertinence: sql<number>`${rank}::float8`.mapWith(Number),
          questionMarquee: sql<string>`ts_headline(${CONFIG}, ${question}, q.query, ${WHOLE_TEXT})`,
          extraitMarque: sql<string>`ts_headline(${CONFIG}, ${answerText(brand)}, q.query, ${WHOLE_TEXT})`,
        })
        .from(faqQuestions)
        .innerJoin(faqThemes, eq(faqThemes.idTheme, faqQuestions.idTheme))
        .crossJoin(sql`(select ${query} as query) as q`)
        .where(sql`${faqQuestions.recherche} @@ q.query`)
        .orderBy(desc(inQuestion), desc(rank), asc(faqThemes.ordre), asc(faqQuestions.ordre), asc(faqQuestions.idQuestion))
        .limit(limit);
    },

    async questionExists(idQuestion: number, tx: Transaction): Promise<boolean> {
      const [row] = await tx.db
        .select({ idQuestion: faqQuestions.idQuestion })
        .from(faqQuestions)
        .where(eq(faqQuestions.idQuestion, idQuestion))
        .limit(1);
      return row !== undefined;
    },

    /** One more view of a question (which must exist). */
    async addView(idQuestion: number, tx: Transaction): Promise<void> {
      await tx.db
        .insert(faqQuestionStats)
        .values({ idQuestion, nbVues: 1 })
        .onConflictDoUpdate({ target: faqQuestionStats.idQuestion, set: { nbVues: sql`${faqQuestionStats.nbVues} + 1` } });
    },

    /**
     * A voter's opinion of an answer, counted once: false when this voter already gave theirs
     * (the primary key decides, so two requests racing each other count once too).
     */
    async addVote(vote: { idQuestion: number; votant: string; utile: boolean; at: Date }, tx: Transaction): Promise<boolean> {
      const inserted = await tx.db
        .insert(faqVotes)
        .values({ idQuestion: vote.idQuestion, votant: vote.votant, utile: vote.utile, voteLe: vote.at })
        .onConflictDoNothing()
        .returning({ idQuestion: faqVotes.idQuestion });
      if (inserted.length === 0) return false;
      const set = vote.utile ? { nbUtile: sql`${faqQuestionStats.nbUtile} + 1` } : { nbInutile: sql`${faqQuestionStats.nbInutile} + 1` };
      await tx.db
        .insert(faqQuestionStats)
        .values({ idQuestion: vote.idQuestion, ...(vote.utile ? { nbUtile: 1 } : { nbInutile: 1 }) })
        .onConflictDoUpdate({ target: faqQuestionStats.idQuestion, set });
      return true;
    },

    /** A question's counters (for tests and, later, the back office). */
    async stats(idQuestion: number) {
      const [row] = await db.select().from(faqQuestionStats).where(eq(faqQuestionStats.idQuestion, idQuestion)).limit(1);
      return row ?? { idQuestion, nbVues: 0, nbUtile: 0, nbInutile: 0 };
    },
  };
}
export type FaqRepository = ReturnType<typeof createFaqRepository>;

import {
  FAQ_HTML_RULES,
  FAQ_MOST_VIEWED_COUNT,
  FAQ_SEARCH_MAX_RESULTS,
  type FaqMostViewed,
  type FaqQuestion,
  type FaqSearchResult,
  type FaqStatisticBody,
  type FaqStatisticResult,
  type FaqTheme,
} from '@ecare/shared';
import type { Transact } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import { loginSource, type Limits } from '../../lib/limits.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { sentenceExcerpt } from './faq-excerpt.ts';
import { HIGHLIGHT_START, HIGHLIGHT_STOP, type FaqRepository } from './faq.repository.ts';

export interface FaqDeps {
  repo: FaqRepository;
  transaction: Transact;
  limits: Limits;
  clock: Clock;
  brandName: string;
}

/**
 * Who gives an opinion, once per question: a signed-in session, or a signed-out browser known by
 * its XSRF cookie (decision 023). Both are digests; neither names a person.
 */
export type FaqVoter = { kind: 'session'; tokenHash: string } | { kind: 'visiteur'; cookieHash: string };

/**
 * Statistics a client address may send per minute: opening questions one after the other is
 * quick, and a company's staff often share one address; votes are rarer.
 */
export const FAQ_STATISTIC_LIMITS = { viewsPerMinute: 120, votesPerMinute: 30 } as const;

/** Stands for the brand in stored texts (decisions 022, 023). */
const BRAND_PLACEHOLDER = '{{marque}}';
/** At most this many words of a search are looked for. */
const MAX_SEARCH_WORDS = 8;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Runs of white space made one space, where removing the tags left several; a no-break space in
 * a run wins (it is typography: « Mes factures », « : »).
 */
const collapseSpaces = (text: string) =>
  text
    .replace(/[ \t\r\n]*\u00a0[ \t\r\n\u00a0]*/g, '\u00a0')
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();

/**
 * A highlighted text from the database, made safe: the text is escaped first, then the marks
 * (control characters the stored texts never keep) become `<mark>` elements.
 */

export function highlightedHtml(marked: string): string {
  return escapeHtml(marked).replaceAll(HIGHLIGHT_START, '<mark>').replaceAll(HIGHLIGHT_STOP, '</mark>');
}

/**
 * The words of a search: runs of letters and digits, whatever separates them (punctuation,
 * apostrophes, markup). Nothing else reaches the text-search query, so no character of the
 * search can act as one of its operators.
 */
export function searchWords(motCle: string): string[] {
  const words = [...motCle.normalize('NFC').matchAll(/[\p{L}\p{N}]+/gu)].map(([word]) => word);
  // A lone letter (the "l" of "l’eSIM") carries no meaning; a lone digit may ("forfait 5").
  return words.filter((word) => word.length > 1 || /\p{N}/u.test(word)).slice(0, MAX_SEARCH_WORDS);
}

/**
 * The to_tsquery text of a search: every word (`&`) or any of them (`|`), the last one as a
 * prefix, since the page searches while the word is being typed ("résil" finds "résiliation").
 */
export function searchQuery(words: readonly string[], every: boolean): string {
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(every ? ' & ' : ' | ');
}

export function createFaqService({ repo, transaction, limits, clock, brandName }: FaqDeps) {
  const plain = (text: string) => text.replaceAll(BRAND_PLACEHOLDER, brandName);
  /** Reduced to the FAQ rule set on every answer: a row written by hand cannot bring a script to the page. */
  const answer = (html: string) => sanitizeHtml(html.replaceAll(BRAND_PLACEHOLDER, escapeHtml(brandName)), FAQ_HTML_RULES);

  async function withinQuota(kind: 'vue' | 'vote', sourceAddress: string): Promise<void> {
    const perMinute = kind === 'vue' ? FAQ_STATISTIC_LIMITS.viewsPerMinute : FAQ_STATISTIC_LIMITS.votesPerMinute;
    const quota = await limits.quota(`faq-${kind}:${loginSource(sourceAddress).address}`, perMinute, 60_000);
    if (!quota.allowed) throw fail('TOO_MANY_REQUESTS', { retryAfterSeconds: quota.retryAfterSeconds });
  }

  return {
    async themes(): Promise<FaqTheme[]> {
      const rows = await repo.themes();
      return rows.map((row) => ({ ...row, libelle: plain(row.libelle) }));
    },

    async questions(idTheme: number): Promise<FaqQuestion[]> {
      const rows = await repo.questions(idTheme);
      if (rows.length === 0 && !(await repo.themeExists(idTheme))) throw fail('FAQ_THEME_NOT_FOUND');
      return rows.map((row) => ({ idQuestion: row.idQuestion, question: plain(row.question), reponse: answer(row.reponseHtml), ordre: row.ordre }));
    },

    async mostViewed(): Promise<FaqMostViewed[]> {
      const rows = await repo.mostViewed(FAQ_MOST_VIEWED_COUNT);
      return rows.map((row) => ({
        idQuestion: row.idQuestion,
        idTheme: row.idTheme,
        libelleTheme: plain(row.libelleTheme),
        question: plain(row.question),
        reponse: answer(row.reponseHtml),
        ordre: row.ordre,
      }));
    },

    /**
     * French full-text search (accents ignored both ways, words stemmed), best first. Every word
     * must match; when none matches them all, questions matching any of them are given instead.
     */
    async search(motCle: string): Promise<FaqSearchResult[]> {
      const words = searchWords(motCle);
      if (words.length === 0) return [];
      let rows = await repo.search(searchQuery(words, true), FAQ_SEARCH_MAX_RESULTS, brandName);
      if (rows.length === 0 && words.length > 1) rows = await repo.search(searchQuery(words, false), FAQ_SEARCH_MAX_RESULTS, brandName);
      return rows.map((row) => ({
        idQuestion: row.idQuestion,
        idTheme: row.idTheme,
        libelleTheme: plain(row.libelleTheme),
        question: plain(row.question),
        questionSurlignee: highlightedHtml(row.questionMarquee),
        extraitSurligne: highlightedHtml(sentenceExcerpt(collapseSpaces(row.extraitMarque))),
        reponse: answer(row.reponseHtml),
        pertinence: row.pertinence,
      }));
    },

    /** A view of a question (no `utile`), or a voter's opinion of its answer, once per voter. */
    async record(voter: FaqVoter, body: FaqStatisticBody, sourceAddress: string): Promise<FaqStatisticResult> {
      const { idQuestion, utile } = body;
      await withinQuota(utile === undefined ? 'vue' : 'vote', sourceAddress);
      return transaction(async (tx) => {
        if (!(await repo.questionExists(idQuestion, tx))) throw fail('FAQ_QUESTION_NOT_FOUND');
        if (utile === undefined) {
          await repo.addView(idQuestion, tx);
          return { idQuestion, enregistrement: 'VUE' as const };
        }
        const votant = voter.kind === 'session' ? `session:${voter.tokenHash}` : `visiteur:${voter.cookieHash}`;
        if (!(await repo.addVote({ idQuestion, votant, utile, at: clock.now() }, tx))) throw fail('FAQ_VOTE_ALREADY_RECORDED');
        return { idQuestion, enregistrement: 'VOTE' as const };
      });
    },
  };
}
export type FaqService = ReturnType<typeof createFaqService>;

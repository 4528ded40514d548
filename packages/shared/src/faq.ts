import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { BANNER_DROPPED_TAGS } from './banner-html.ts';
import type { HtmlRules } from './html-rules.ts';
import { MAX_ID } from './constants.ts';

/**
 * The FAQ of `/assistance/faq` (spec §7 "Support and other"): themes, their questions, the most
 * consulted ones, a French full-text search with the matching words highlighted, and the
 * statistics of each question (views, "was this helpful" votes). Public: readable signed out.
 */

const themeIdMessage = 'Le thème doit être désigné par son identifiant numérique.';
const questionIdMessage = 'La question doit être désignée par son identifiant numérique.';

/** `/api/Faq/faq_questions/{IdTheme}`: an unknown theme answers FAQ_THEME_NOT_FOUND (404). */
export const faqThemeParamSchema = lazySchema(() =>
  z.object({
    IdTheme: z.coerce.number<string>(themeIdMessage).int(themeIdMessage).positive(themeIdMessage).max(MAX_ID, themeIdMessage),
  }),
);

/** Shortest search, in characters once trimmed: fewer would match almost every question. */
export const FAQ_SEARCH_MIN_LENGTH = 3;
/** Longest search: a question typed in full fits, a pasted page does not. */
export const FAQ_SEARCH_MAX_LENGTH = 100;
/** At most this many results are answered, best first. */
export const FAQ_SEARCH_MAX_RESULTS = 20;
/** `GET /api/Faq/faq_plus_consultees` answers this many questions. */
export const FAQ_MOST_VIEWED_COUNT = 10;

/** `/api/Faq/faq_rechercher/{motCle}`: words of any kind; punctuation and markup only separate them. */
export const faqSearchParamSchema = lazySchema(() =>
  z.object({
    motCle: z
      .string()
      .trim()
      .min(FAQ_SEARCH_MIN_LENGTH, `La recherche doit comporter au moins ${FAQ_SEARCH_MIN_LENGTH} caractères.`)
      .max(FAQ_SEARCH_MAX_LENGTH, `La recherche ne peut dépasser ${FAQ_SEARCH_MAX_LENGTH} caractères.`),
  }),
);

export const faqThemeSchema = lazySchema(() =>
  z.object({
    idTheme: z.number().int(),
    libelle: z.string(),
    ordre: z.number().int(),
    /** How many questions the theme holds. */
    nbQuestions: z.number().int(),
  }),
);
export type FaqTheme = z.infer<typeof faqThemeSchema>;
export const faqThemeListSchema = lazySchema(() => z.array(faqThemeSchema));

export const faqQuestionSchema = lazySchema(() =>
  z.object({
    idQuestion: z.number().int(),
    /** Plain text. */
    question: z.string(),
    /** HTML reduced to FAQ_HTML_RULES by the server; the page reduces it again. */
    reponse: z.string(),
    ordre: z.number().int(),
  }),
);
export type FaqQuestion = z.infer<typeof faqQuestionSchema>;
export const faqQuestionListSchema = lazySchema(() => z.array(faqQuestionSchema));

/** A question of the most consulted ones, with the theme it belongs to. */
export const faqMostViewedSchema = lazySchema(() =>
  faqQuestionSchema.extend({
    idTheme: z.number().int(),
    libelleTheme: z.string(),
  }),
);
export type FaqMostViewed = z.infer<typeof faqMostViewedSchema>;
export const faqMostViewedListSchema = lazySchema(() => z.array(faqMostViewedSchema));

export const faqSearchResultSchema = lazySchema(() =>
  z.object({
    idQuestion: z.number().int(),
    idTheme: z.number().int(),
    libelleTheme: z.string(),
    /** Plain text. */
    question: z.string(),
    /** The question as escaped text with the matching words in `<mark>` (FAQ_HIGHLIGHT_RULES). */
    questionSurlignee: z.string(),
    /** A passage of the answer around the matching words, escaped text with `<mark>`; '' when only the question matches. */
    extraitSurligne: z.string(),
    /** The whole answer, as `faq_questions` gives it. */
    reponse: z.string(),
    /** Relevance (ts_rank): results come best first. */
    pertinence: z.number(),
  }),
);
export type FaqSearchResult = z.infer<typeof faqSearchResultSchema>;
export const faqSearchResultListSchema = lazySchema(() => z.array(faqSearchResultSchema));

/** `POST /api/Faq/statistiques`: a view of the question without `utile`, a "was this helpful" vote with it. */
export const faqStatisticBodySchema = lazySchema(() =>
  z.strictObject({
    idQuestion: z.number(questionIdMessage).int(questionIdMessage).positive(questionIdMessage).max(MAX_ID, questionIdMessage),
    utile: z.boolean('La réponse « utile » doit être vraie ou fausse.').optional(),
  }),
);
export type FaqStatisticBody = z.infer<typeof faqStatisticBodySchema>;

export const faqStatisticResultSchema = lazySchema(() =>
  z.object({
    idQuestion: z.number().int(),
    /** What was recorded. */
    enregistrement: z.enum(['VUE', 'VOTE']),
  }),
);
export type FaqStatisticResult = z.infer<typeof faqStatisticResultSchema>;

const oneOf =
  (...values: string[]) =>
  (value: string) =>
    values.includes(value);

/**
 * What an FAQ answer may keep of its HTML: short texts of paragraphs and lists, links into the
 * portal or to public sites. The question is the answer's heading, so an answer has none; no
 * tables, images or forms.
 */
export const FAQ_HTML_RULES: HtmlRules = {
  allowedTags: new Set(['p', 'br', 'strong', 'em', 'b', 'i', 'span', 'small', 'sub', 'sup', 'abbr', 'a', 'ul', 'ol', 'li', 'dl', 'dt', 'dd']),
  droppedTags: new Set([...BANNER_DROPPED_TAGS, 'form', 'button', 'input', 'img', 'video', 'audio', 'canvas', 'picture', 'table']),
  attributes: {
    abbr: { title: (value) => value.trim() !== '' && value.length <= 200 },
    ol: { type: oneOf('1', 'a', 'A', 'i', 'I') },
  },
  // Answers lead to the portal's pages and to public authorities: the reader stays in the same window.
  externalLinksInNewWindow: false,
};

/** What a highlighted search result may keep: its `<mark>` elements, nothing else. */
export const FAQ_HIGHLIGHT_RULES: HtmlRules = {
  allowedTags: new Set(['mark']),
  droppedTags: BANNER_DROPPED_TAGS,
  attributes: {},
  externalLinksInNewWindow: false,
};

/** Content the operator edits: the menu tree, legal pages, static documents, the FAQ. */
import { sql } from 'drizzle-orm';
import { boolean, customType, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Header menu tree: rubrique (parent null) > sous-rubrique > module. */
export const menuItems = pgTable(
  'menu_items',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id'),
    kind: text('kind', { enum: ['rubrique', 'sousRubrique', 'module'] }).notNull(),
    nom: text('nom').notNull(),
    url: text('url'),
    ordre: integer('ordre').notNull(),
    urlImage: text('url_image'),
    cheminImage: text('chemin_image'),
    /** Shown only when a billing account is chosen. */
    requiresAccount: boolean('requires_account').notNull().default(false),
    /** Shown only for these account statuses (null: any). */
    accountStatuses: text('account_statuses').array(),
    /** Shown only when the chosen line belongs to this range (null: any). */
    idGamme: integer('id_gamme'),
  },
  (t) => [index('menu_items_parent_idx').on(t.parentId)],
);

/**
 * Legal and information pages by page code (spec §3 "Legal notice by page code"): reference data
 * (decision 022). `{{marque}}` in a text stands for the brand (BRAND_NAME); the HTML is reduced
 * to the legal rule set whenever it is served.
 */
export const legalPages = pgTable('legal_pages', {
  pageCode: text('page_code').primaryKey(),
  titre: text('titre').notNull(),
  contenuHtml: text('contenu_html').notNull(),
  miseAJour: date('mise_a_jour', { mode: 'string' }).notNull(),
});

/**
 * The static documents (CGV, CGA, GT), made into PDFs when asked for: reference data
 * (decision 022). `contenu` is plain text in blocks separated by a blank line: a block starting
 * with "## " is a heading, lines starting with "- " are list items, any other block a paragraph.
 */
export const staticDocuments = pgTable('static_documents', {
  type: text('type').primaryKey(),
  titre: text('titre').notNull(),
  version: text('version').notNull(),
  dateVersion: date('date_version', { mode: 'string' }).notNull(),
  ordre: integer('ordre').notNull(),
  contenu: text('contenu').notNull(),
});

/** A PostgreSQL text-search document, only ever written by the database itself. */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/** FAQ themes (spec §7 "Support and other"): reference data, edited by the operator later. */
export const faqThemes = pgTable('faq_themes', {
  idTheme: integer('id_theme').primaryKey(),
  libelle: text('libelle').notNull(),
  ordre: integer('ordre').notNull(),
});

/**
 * FAQ questions: reference data. `reponseHtml` is reduced to the FAQ rule set whenever it is
 * served; `{{marque}}` stands for the brand. `recherche` is the French full-text document
 * (configuration `faq_fr`: french stemming after unaccent, created by migration 0009), the
 * question weighted A and the answer's text (tags and entities removed) weighted B.
 */
export const faqQuestions = pgTable(
  'faq_questions',
  {
    idQuestion: integer('id_question').primaryKey(),
    idTheme: integer('id_theme')
      .notNull()
      .references(() => faqThemes.idTheme, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    reponseHtml: text('reponse_html').notNull(),
    ordre: integer('ordre').notNull(),
    recherche: tsvector('recherche')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('faq_fr'::regconfig, question), 'A') || setweight(to_tsvector('faq_fr'::regconfig, regexp_replace(regexp_replace(reponse_html, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g')), 'B')`,
      ),
  },
  (t) => [index('faq_questions_theme_idx').on(t.idTheme, t.ordre), index('faq_questions_recherche_idx').using('gin', t.recherche)],
);

/** How often each FAQ question was opened and found helpful or not: customer data, counters. */
export const faqQuestionStats = pgTable(
  'faq_question_stats',
  {
    idQuestion: integer('id_question')
      .primaryKey()
      .references(() => faqQuestions.idQuestion, { onDelete: 'cascade' }),
    nbVues: integer('nb_vues').notNull().default(0),
    nbUtile: integer('nb_utile').notNull().default(0),
    nbInutile: integer('nb_inutile').notNull().default(0),
  },
  (t) => [index('faq_question_stats_vues_idx').on(t.nbVues)],
);

/**
 * "Was this helpful" votes, one per voter and question. `votant` is a SHA-256 (hex) of the
 * session token, or of the browser's XSRF cookie for a signed-out visitor, prefixed by its kind.
 */
export const faqVotes = pgTable(
  'faq_votes',
  {
    idQuestion: integer('id_question')
      .notNull()
      .references(() => faqQuestions.idQuestion, { onDelete: 'cascade' }),
    votant: text('votant').notNull(),
    utile: boolean('utile').notNull(),
    voteLe: timestamp('vote_le', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.idQuestion, t.votant] }), index('faq_votes_vote_le_idx').on(t.voteLe)],
);

import {
  ADMIN_HTML_PARAMETER_NAMES,
  ADMIN_SWITCH_NAMES,
  FAQ_HTML_RULES,
  isParameterOn,
  type AdminFaqQuestion,
  type AdminFaqQuestionBody,
  type AdminFaqQuestionSave,
  type AdminFaqTheme,
  type AdminLegalPage,
  type AdminLegalPageBody,
  type AdminLegalPageSave,
  type AdminParameters,
  type AdminParametersBody,
  type AdminParametersSave,
  type HtmlRemoval,
  type ServerParameters,
} from '@ecare/shared';
import { BANNER_HTML_RULES } from '@ecare/shared/html-rules';
import { LEGAL_HTML_RULES } from '@ecare/shared/legal-html';
import type { Audit, AuditAction } from '../../core/audit.ts';
import type { Transact, Transaction } from '../../db/transaction.ts';
import type { Clock } from '../../lib/clock.ts';
import { fail } from '../../lib/errors.ts';
import type { ParametersModule } from '../parameters/index.ts';
import { cleanHtml } from './admin-html.ts';
import { sameMembers, sameOrder } from './admin-order.ts';
import type { AdminRepository, FaqQuestionRow } from './admin.repository.ts';
import { parisDay } from '@ecare/shared/paris-time';

export interface AdminDeps {
  repo: AdminRepository;
  parameters: ParametersModule;
  audit: Audit;
  transaction: Transact;
  clock: Clock;
}

/** Who acts, and from where (for the audit log). */
export interface Actor {
  userId: number;
  sourceAddress: string;
}

/** Today in France, as an ISO date: the date a legal text says it was last updated. */
function parisToday(now: Date): string {
  return parisDay(now);
}


/**
 * The back office's edits (decision 030): server parameters, legal texts, FAQ themes and
 * questions. Every change is validated, HTML reduced to the rule set of where it shows (the
 * author told what was removed), written in one transaction with an audit entry holding the
 * values before and after it. A save that changes nothing writes nothing and records nothing.
 * Who may call these is the routes' check (policy/administration.ts).
 */
export function createAdminService({ repo, parameters, audit, transaction, clock }: AdminDeps) {
  const record = (actor: Actor, action: AuditAction, avant: unknown, apres: unknown, tx: Transaction) =>
    audit.record({ ...actor, action, details: { avant, apres } }, { tx });

  const parametersOf = (values: ServerParameters | Map<string, string>): AdminParameters => {
    const get = (name: string) => (values instanceof Map ? values.get(name) : values[name as keyof ServerParameters]) ?? '';
    return {
      en_maintenance: isParameterOn(get('en_maintenance')),
      hidE_CAPTCHA: isParameterOn(get('hidE_CAPTCHA')),
      activeR_RESSOURCES_EXTERNES: isParameterOn(get('activeR_RESSOURCES_EXTERNES')),
      titrE_BANDEAU: get('titrE_BANDEAU'),
      messageAuthentification: get('messageAuthentification'),
      propagationSecondes: Math.ceil(parameters.maintenanceCacheMs / 1000),
    };
  };

  const toQuestion = (row: FaqQuestionRow): AdminFaqQuestion => ({ ...row });

  async function themeWithCount(idTheme: number): Promise<AdminFaqTheme> {
    const themes = await repo.themes();
    const theme = themes.find((row) => row.idTheme === idTheme);
    if (!theme) throw fail('FAQ_THEME_NOT_FOUND');
    return theme;
  }

  return {
    async parameters(): Promise<AdminParameters> {
      return parametersOf(await parameters.publicParameters());
    },

    /**
     * Saves the editable parameters: switches as 'true' / 'false', banners reduced to the
     * banners' rule set. Only the parameters whose meaning changes are written and recorded.
     * The maintenance flag reaches this instance at once, the others within their cache's bound.
     */
    async saveParameters(actor: Actor, body: AdminParametersBody): Promise<AdminParametersSave> {
      const retraits: HtmlRemoval[] = [];
      const wanted = new Map<string, string>();
      for (const name of ADMIN_SWITCH_NAMES) wanted.set(name, body[name] ? 'true' : 'false');
      for (const name of ADMIN_HTML_PARAMETER_NAMES) {
        const { html, removal } = cleanHtml(name, body[name], BANNER_HTML_RULES);
        wanted.set(name, html);
        if (removal) retraits.push(removal);
      }

      const stored = await transaction(async (tx) => {
        const names = [...wanted.keys()];
        const current = await parameters.lockedValues(names, tx);
        const avant: Record<string, string | null> = {};
        const apres: Record<string, string> = {};
        for (const [name, value] of wanted) {
          const before = current.get(name);
          const unchanged = (ADMIN_SWITCH_NAMES as readonly string[]).includes(name) ? isParameterOn(before) === isParameterOn(value) && before !== undefined : before === value;
          if (unchanged) continue;
          avant[name] = before ?? null;
          apres[name] = value;
          await parameters.set(name, value, { tx });
          current.set(name, value);
        }
        if (Object.keys(apres).length > 0) await record(actor, 'ADMIN_PARAMETRES', avant, apres, tx);
        return current;
      });
      return { parametres: parametersOf(stored), retraits };
    },

    // ——— Legal pages ———

    async legalPages(): Promise<AdminLegalPage[]> {
      return repo.legalPages();
    },

    /** A legal page's new title and text (reduced to the legal rule set), dated today in France. */
    async saveLegalPage(actor: Actor, pageCode: string, body: AdminLegalPageBody): Promise<AdminLegalPageSave> {
      const { html, removal } = cleanHtml('contenuHtml', body.contenuHtml, LEGAL_HTML_RULES);
      const page = await transaction(async (tx) => {
        const before = await repo.lockedLegalPage(pageCode, tx);
        if (!before) throw fail('LEGAL_PAGE_NOT_FOUND');
        if (before.titre === body.titre && before.contenuHtml === html) return before;
        const after = { ...before, titre: body.titre, contenuHtml: html, miseAJour: parisToday(clock.now()) };
        await repo.updateLegalPage(after, tx);
        await record(actor, 'ADMIN_PAGE_LEGALE', before, after, tx);
        return after;
      });
      return { page, retraits: removal ? [removal] : [] };
    },

    // ——— FAQ themes ———

    themes(): Promise<AdminFaqTheme[]> {
      return repo.themes();
    },

    async createTheme(actor: Actor, libelle: string): Promise<AdminFaqTheme> {
      const created = await transaction(async (tx) => {
        await repo.takeTurn('faq_themes', tx);
        const row = await repo.createTheme(libelle, tx);
        await record(actor, 'ADMIN_FAQ_THEME', null, row, tx);
        return row;
      });
      return { ...created, nbQuestions: 0 };
    },

    async renameTheme(actor: Actor, idTheme: number, libelle: string): Promise<AdminFaqTheme> {
      await transaction(async (tx) => {
        await repo.takeTurn('faq_themes', tx);
        const before = await repo.theme(idTheme, tx);
        if (!before) throw fail('FAQ_THEME_NOT_FOUND');
        if (before.libelle === libelle) return;
        await repo.renameTheme(idTheme, libelle, tx);
        await record(actor, 'ADMIN_FAQ_THEME', before, { ...before, libelle }, tx);
      });
      return themeWithCount(idTheme);
    },

    /** Every theme in a new order; a list that is not exactly the stored themes is refused (ADMIN_ORDER_OUTDATED). */
    async orderThemes(actor: Actor, idThemes: readonly number[]): Promise<AdminFaqTheme[]> {
      await transaction(async (tx) => {
        await repo.takeTurn('faq_themes', tx);
        const before = await repo.lockedThemeOrder(tx);
        if (!sameMembers(before, idThemes)) throw fail('ADMIN_ORDER_OUTDATED');
        if (sameOrder(before, idThemes)) return;
        await repo.setThemeOrder(idThemes, tx);
        await record(actor, 'ADMIN_FAQ_ORDRE_THEMES', before, idThemes, tx);
      });
      return repo.themes();
    },

    // ——— FAQ questions ———

    async questions(idTheme: number): Promise<AdminFaqQuestion[]> {
      if ((await repo.themeCount(idTheme)) === null) throw fail('FAQ_THEME_NOT_FOUND');
      return (await repo.questions(idTheme)).map(toQuestion);
    },

    /** A new question, last of its theme; its answer reduced to the FAQ rule set. */
    async createQuestion(actor: Actor, body: AdminFaqQuestionBody): Promise<AdminFaqQuestionSave> {
      const { html, removal } = cleanHtml('reponseHtml', body.reponseHtml, FAQ_HTML_RULES);
      const question = await transaction(async (tx) => {
        await repo.takeTurn('faq_questions', tx);
        if (!(await repo.themeExists(body.idTheme, tx))) throw fail('FAQ_THEME_NOT_FOUND');
        const ordre = await repo.nextQuestionPlace(body.idTheme, tx);
        const row = await repo.createQuestion({ idTheme: body.idTheme, question: body.question, reponseHtml: html, ordre }, tx);
        await record(actor, 'ADMIN_FAQ_QUESTION', null, row, tx);
        return row;
      });
      return { question: toQuestion(question), retraits: removal ? [removal] : [] };
    },

    /** A question's new text and answer; naming another theme moves it there, last. */
    async updateQuestion(actor: Actor, idQuestion: number, body: AdminFaqQuestionBody): Promise<AdminFaqQuestionSave> {
      const { html, removal } = cleanHtml('reponseHtml', body.reponseHtml, FAQ_HTML_RULES);
      const question = await transaction(async (tx) => {
        await repo.takeTurn('faq_questions', tx);
        const before = await repo.question(idQuestion, tx);
        if (!before) throw fail('FAQ_QUESTION_NOT_FOUND');
        const moved = before.idTheme !== body.idTheme;
        if (moved && !(await repo.themeExists(body.idTheme, tx))) throw fail('FAQ_THEME_NOT_FOUND');
        const after: FaqQuestionRow = {
          idQuestion,
          idTheme: body.idTheme,
          question: body.question,
          reponseHtml: html,
          ordre: moved ? await repo.nextQuestionPlace(body.idTheme, tx) : before.ordre,
        };
        if (!moved && before.question === after.question && before.reponseHtml === after.reponseHtml) return before;
        await repo.updateQuestion(after, tx);
        await record(actor, 'ADMIN_FAQ_QUESTION', before, after, tx);
        return after;
      });
      return { question: toQuestion(question), retraits: removal ? [removal] : [] };
    },

    async deleteQuestion(actor: Actor, idQuestion: number): Promise<void> {
      await transaction(async (tx) => {
        await repo.takeTurn('faq_questions', tx);
        const before = await repo.question(idQuestion, tx);
        if (!before) throw fail('FAQ_QUESTION_NOT_FOUND');
        await repo.deleteQuestion(idQuestion, tx);
        await record(actor, 'ADMIN_FAQ_SUPPRESSION_QUESTION', before, null, tx);
      });
    },

    /** Every question of a theme in a new order; a list that is not exactly its questions is refused (ADMIN_ORDER_OUTDATED). */
    async orderQuestions(actor: Actor, idTheme: number, idQuestions: readonly number[]): Promise<AdminFaqQuestion[]> {
      await transaction(async (tx) => {
        await repo.takeTurn('faq_questions', tx);
        if (!(await repo.themeExists(idTheme, tx))) throw fail('FAQ_THEME_NOT_FOUND');
        const before = await repo.lockedQuestionOrder(idTheme, tx);
        if (!sameMembers(before, idQuestions)) throw fail('ADMIN_ORDER_OUTDATED');
        if (sameOrder(before, idQuestions)) return;
        await repo.setQuestionOrder(idTheme, idQuestions, tx);
        await record(actor, 'ADMIN_FAQ_ORDRE_QUESTIONS', { idTheme, idQuestions: before }, { idTheme, idQuestions }, tx);
      });
      return (await repo.questions(idTheme)).map(toQuestion);
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminFaqQuestionListSchema,
  adminFaqQuestionSaveSchema,
  adminFaqThemeListSchema,
  adminFaqThemeSchema,
  adminLegalPageListSchema,
  adminLegalPageSaveSchema,
  adminParametersSaveSchema,
  adminParametersSchema,
  faqQuestionListSchema,
  faqSearchResultListSchema,
  faqThemeListSchema,
  legalPageSchema,
  serverParametersSchema,
  type AdminParametersBody,
} from '@ecare/shared';
import { MAINTENANCE_HEADER } from '@ecare/shared/constants';
import type { AuditAction } from '../../core/audit.ts';
import { faqQuestions } from '../../db/schema.ts';
import { bodyOf, expectError, useTestContext } from '../../test/harness.ts';
import { FIRST_CREATED_QUESTION_ID, FIRST_CREATED_THEME_ID } from './admin.repository.ts';
import { adminFixture, auditOf as auditOfIn, lastAuditId as lastAuditIdIn } from '../../test/support/admin.ts';

const { t, f } = useTestContext(adminFixture);

const PARAMETERS: AdminParametersBody = {
  en_maintenance: false,
  hidE_CAPTCHA: true,
  activeR_RESSOURCES_EXTERNES: false,
  titrE_BANDEAU: 'Bandeau',
  messageAuthentification: '',
};

const auditOf = (action: AuditAction, afterId = 0) => auditOfIn(t, action, afterId);
const lastAuditId = () => lastAuditIdIn(t);

const publicParameters = async () => bodyOf(await t.get('/api/parametres'), serverParametersSchema);

describe('access to /api/admin/…', () => {
  const CALLS = [
    ['GET', '/api/admin/parametres', undefined],
    ['PUT', '/api/admin/parametres', { ...PARAMETERS, titrE_BANDEAU: 'Intrus' }],
    ['GET', '/api/admin/mentions-legales', undefined],
    ['PUT', '/api/admin/mentions-legales/MENTIONS_LEGALES', { titre: 'Intrus', contenuHtml: '<p>Intrus</p>' }],
    ['GET', '/api/admin/faq/themes', undefined],
    ['POST', '/api/admin/faq/themes', { libelle: 'Intrus' }],
    ['PUT', '/api/admin/faq/themes/ordre', { idThemes: [2, 1, 3, 4, 5, 6, 7, 8] }],
    ['PUT', '/api/admin/faq/themes/1', { libelle: 'Intrus' }],
    ['GET', '/api/admin/faq/themes/1/questions', undefined],
    ['PUT', '/api/admin/faq/themes/1/questions/ordre', { idQuestions: [102, 101] }],
    ['POST', '/api/admin/faq/questions', { idTheme: 1, question: 'Intrus ?', reponseHtml: '<p>Intrus</p>' }],
    ['PUT', '/api/admin/faq/questions/101', { idTheme: 1, question: 'Intrus ?', reponseHtml: '<p>Intrus</p>' }],
    ['DELETE', '/api/admin/faq/questions/101', undefined],
  ] as const;

  const call = (method: (typeof CALLS)[number][0], url: string, json: unknown, token?: string) =>
    method === 'GET' ? t.get(url, token) : t.send(method, url, { token, json });

  it('answers 401 without a session and 403 to customers and to a customer-service agent, changing nothing', async () => {
    const before = await lastAuditId();
    const bannerBefore = (await publicParameters()).titrE_BANDEAU;
    for (const [method, url, json] of CALLS) {
      expectError(await call(method, url, json), 401, 'UNAUTHENTICATED');
      for (const who of ['gestionnaire', 'mandataire', 'utilisateur', 'agent'] as const) {
        const refused = await call(method, url, json, f[who]);
        expect(refused.statusCode, `${who} ${method} ${url}`).toBe(403);
        expectError(refused, 403, 'FORBIDDEN_ADMINISTRATION');
      }
    }
    expect(await lastAuditId()).toBe(before);
    expect((await publicParameters()).titrE_BANDEAU).toBe(bannerBefore);
    expect(await t.db.select().from(faqQuestions).where(eq(faqQuestions.idQuestion, 101))).toHaveLength(1);
  });

  it('lets the administration user read every section', async () => {
    for (const url of ['/api/admin/parametres', '/api/admin/mentions-legales', '/api/admin/faq/themes', '/api/admin/faq/themes/1/questions']) {
      expect((await t.get(url, f.admin)).statusCode, url).toBe(200);
    }
  });
});

describe('server parameters', () => {
  it('reads the editable parameters as switches and texts, with the propagation bound', async () => {
    const read = bodyOf(await t.get('/api/admin/parametres', f.admin), adminParametersSchema);
    const stored = await publicParameters();
    expect(read).toEqual({
      en_maintenance: false,
      hidE_CAPTCHA: stored.hidE_CAPTCHA === 'true',
      activeR_RESSOURCES_EXTERNES: stored.activeR_RESSOURCES_EXTERNES === 'true',
      titrE_BANDEAU: stored.titrE_BANDEAU,
      messageAuthentification: stored.messageAuthentification,
      propagationSecondes: 2,
    });
  });

  it('stores the banners sanitised, says what was removed, and records only what changed, before and after', async () => {
    const before = await publicParameters();
    const since = await lastAuditId();
    const saved = await t.send('PUT', '/api/admin/parametres', {
      token: f.admin,
      json: {
        en_maintenance: false,
        hidE_CAPTCHA: before.hidE_CAPTCHA === 'true',
        activeR_RESSOURCES_EXTERNES: true,
        titrE_BANDEAU: '<strong onclick="alert(1)">Nouveau</strong> bandeau<script>alert(2)</script> <a href="javascript:alert(3)">lien</a><!-- note -->',
        messageAuthentification: before.messageAuthentification,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const result = bodyOf(saved, adminParametersSaveSchema);
    const clean = '<strong>Nouveau</strong> bandeau <a>lien</a>';
    expect(result.parametres).toMatchObject({ titrE_BANDEAU: clean, activeR_RESSOURCES_EXTERNES: true });
    expect(result.retraits).toEqual([
      {
        champ: 'titrE_BANDEAU',
        elements: ['balise <script> et son contenu', 'adresse de lien non autorisée (href)', 'attribut onclick', 'commentaire HTML'],
      },
    ]);

    const after = await publicParameters();
    expect(after.titrE_BANDEAU).toBe(clean);
    expect(after.activeR_RESSOURCES_EXTERNES).toBe('true');

    const [entry, ...others] = await auditOf('ADMIN_PARAMETRES', since);
    expect(others).toHaveLength(0);
    expect(entry).toMatchObject({
      userId: f.adminId,
      idClientBscs: null,
      details: {
        avant: { titrE_BANDEAU: before.titrE_BANDEAU, activeR_RESSOURCES_EXTERNES: before.activeR_RESSOURCES_EXTERNES },
        apres: { titrE_BANDEAU: clean, activeR_RESSOURCES_EXTERNES: 'true' },
      },
    });
    expect(entry?.sourceAddress).toMatch(/^198\.51\./);

    // The same values again: nothing to write, nothing recorded.
    const again = await t.send('PUT', '/api/admin/parametres', { token: f.admin, json: { ...result.parametres, propagationSecondes: undefined } });
    expect(again.statusCode, again.body).toBe(200);
    expect(bodyOf(again, adminParametersSaveSchema).retraits).toEqual([]);
    expect(await auditOf('ADMIN_PARAMETRES', since)).toHaveLength(1);
  });

  it.each([
    ['a switch given as text', { ...PARAMETERS, en_maintenance: 'true' }],
    ['a banner over 2,000 characters', { ...PARAMETERS, titrE_BANDEAU: 'x'.repeat(2001) }],
    ['a missing parameter', { en_maintenance: false, hidE_CAPTCHA: true, activeR_RESSOURCES_EXTERNES: false, titrE_BANDEAU: '' }],
    ['a parameter the back office does not edit', { ...PARAMETERS, activer: 'False' }],
    ['no body', undefined],
  ])('refuses %s with 400, changing nothing', async (_case, json) => {
    const before = await publicParameters();
    const response = await t.send('PUT', '/api/admin/parametres', { token: f.admin, json });
    expect(response.statusCode, response.body).toBe(400);
    expect(await publicParameters()).toEqual(before);
  });

  it('puts every instance in maintenance within the cache bound, and never locks the administrator out', async () => {
    const other = await t.anotherInstance();
    const customer = (app = t.app) => app.inject({ method: 'GET', url: '/api/current_user', headers: { authorization: `Bearer ${f.gestionnaire}` } });
    const current = bodyOf(await t.get('/api/admin/parametres', f.admin), adminParametersSchema);
    // The other instance has read the flag (off) and caches it.
    expect((await customer(other)).statusCode).toBe(200);

    const { propagationSecondes, ...body } = current;
    const on = await t.send('PUT', '/api/admin/parametres', { token: f.admin, json: { ...body, en_maintenance: true } });
    expect(on.statusCode, on.body).toBe(200);
    try {
      // This instance at once; the other once its cached flag is older than the bound.
      expect((await customer()).statusCode).toBe(503);
      t.clock.advance(propagationSecondes * 1000 + 1);
      const closed = await customer(other);
      expect(closed.statusCode).toBe(503);
      expect(closed.headers[MAINTENANCE_HEADER]).toBe('true');

      // The back office stays open, unflagged, to the administrator on every instance, and signing in works.
      for (const app of [t.app, other]) {
        const read = await app.inject({ method: 'GET', url: '/api/admin/parametres', headers: { authorization: `Bearer ${f.admin}` } });
        expect(read.statusCode).toBe(200);
        expect(read.headers[MAINTENANCE_HEADER]).toBeUndefined();
        expect(bodyOf(read, adminParametersSchema).en_maintenance).toBe(true);
      }
      const again = await t.loginAs('administration');
      expect((await t.get('/api/admin/faq/themes', again)).statusCode).toBe(200);
      // … and only to them: a customer is refused there as anywhere.
      expectError(await t.get('/api/admin/parametres', f.gestionnaire), 403, 'FORBIDDEN_ADMINISTRATION');
      expect((await t.get('/api/Faq/faq_themes')).statusCode).toBe(503);
    } finally {
      const off = await t.send('PUT', '/api/admin/parametres', { token: f.admin, json: { ...body, en_maintenance: false } });
      expect(off.statusCode, off.body).toBe(200);
    }
    expect((await customer()).statusCode).toBe(200);
    t.clock.advance(propagationSecondes * 1000 + 1);
    expect((await customer(other)).statusCode).toBe(200);

    const switches = (await auditOf('ADMIN_PARAMETRES')).slice(-2).map((entry) => entry.details);
    expect(switches).toEqual([
      { avant: { en_maintenance: 'false' }, apres: { en_maintenance: 'true' } },
      { avant: { en_maintenance: 'true' }, apres: { en_maintenance: 'false' } },
    ]);
  });
});

describe('legal texts', () => {
  it('lists the stored pages', async () => {
    const pages = bodyOf(await t.get('/api/admin/mentions-legales', f.admin), adminLegalPageListSchema);
    expect(pages.map((page) => page.pageCode)).toEqual(expect.arrayContaining(['MENTIONS_LEGALES', 'ACCESSIBILITE', 'ENVIRONNEMENT']));
    // As stored: the brand placeholder is still there for the editor.
    expect(pages.some((page) => page.contenuHtml.includes('{{marque}}') || page.titre.includes('{{marque}}'))).toBe(true);
  });

  it('saves a page sanitised with the legal rules, dated today in France, shown by the public page and audited', async () => {
    const [before] = bodyOf(await t.get('/api/admin/mentions-legales', f.admin), adminLegalPageListSchema).filter((page) => page.pageCode === 'ENVIRONNEMENT');
    const since = await lastAuditId();
    const saved = await t.send('PUT', '/api/admin/mentions-legales/ENVIRONNEMENT', {
      token: f.admin,
      json: {
        titre: '  Information environnementale  ',
        contenuHtml: '<h2>Chiffres</h2><table><tr><th scope="col" onclick="x()">Usage</th></tr></table><img src="x" onerror="alert(1)"><p>{{marque}} publie ses chiffres.</p>',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const result = bodyOf(saved, adminLegalPageSaveSchema);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(t.clock.now());
    const clean = '<h2>Chiffres</h2><table><tbody><tr><th scope="col">Usage</th></tr></tbody></table><p>{{marque}} publie ses chiffres.</p>';
    expect(result.page).toEqual({ pageCode: 'ENVIRONNEMENT', titre: 'Information environnementale', contenuHtml: clean, miseAJour: today });
    expect(result.retraits).toEqual([{ champ: 'contenuHtml', elements: ['balise <img> et son contenu', 'attribut onclick'] }]);

    const shown = bodyOf(await t.get('/api/mentions-legales/ENVIRONNEMENT'), legalPageSchema);
    expect(shown.titre).toBe('Information environnementale');
    expect(shown.contenuHtml).toContain('publie ses chiffres.');
    expect(shown.contenuHtml).not.toContain('{{marque}}');
    expect(shown.contenuHtml).not.toContain('onerror');
    expect(shown.miseAJour).toBe(today);

    const [entry] = await auditOf('ADMIN_PAGE_LEGALE', since);
    expect(entry?.details).toEqual({ avant: before, apres: result.page });
  });

  it('answers 404 for an unknown page and 400 for an empty title or text', async () => {
    expectError(await t.send('PUT', '/api/admin/mentions-legales/INCONNUE', { token: f.admin, json: { titre: 'T', contenuHtml: '<p>x</p>' } }), 404, 'LEGAL_PAGE_NOT_FOUND');
    for (const json of [{ titre: ' ', contenuHtml: '<p>x</p>' }, { titre: 'T', contenuHtml: '  ' }, { titre: 'T', contenuHtml: 'x'.repeat(100_001) }]) {
      expect((await t.send('PUT', '/api/admin/mentions-legales/MENTIONS_LEGALES', { token: f.admin, json })).statusCode).toBe(400);
    }
  });
});

describe('FAQ', () => {
  const themes = async () => bodyOf(await t.get('/api/admin/faq/themes', f.admin), adminFaqThemeListSchema);
  const questionsOf = async (idTheme: number) => bodyOf(await t.get(`/api/admin/faq/themes/${idTheme}/questions`, f.admin), adminFaqQuestionListSchema);
  const search = async (words: string) => bodyOf(await t.get(`/api/Faq/faq_rechercher/${encodeURIComponent(words)}`), faqSearchResultListSchema);

  it('creates, renames and reorders themes, as the public FAQ then shows them, each change audited', async () => {
    const since = await lastAuditId();
    const created = bodyOf(await t.send('POST', '/api/admin/faq/themes', { token: f.admin, json: { libelle: '  Forfaits et options ' } }), adminFaqThemeSchema);
    const initial = await themes();
    expect(created).toEqual({ idTheme: expect.any(Number), libelle: 'Forfaits et options', ordre: initial.length, nbQuestions: 0 });
    expect(created.idTheme).toBeGreaterThanOrEqual(FIRST_CREATED_THEME_ID);
    expect(initial.at(-1)?.idTheme).toBe(created.idTheme);

    const renamed = await t.send('PUT', `/api/admin/faq/themes/${created.idTheme}`, { token: f.admin, json: { libelle: 'Forfaits' } });
    expect(bodyOf(renamed, adminFaqThemeSchema).libelle).toBe('Forfaits');

    // The new theme first, the others after it in their order.
    const order = [created.idTheme, ...initial.filter((theme) => theme.idTheme !== created.idTheme).map((theme) => theme.idTheme)];
    const ordered = await t.send('PUT', '/api/admin/faq/themes/ordre', { token: f.admin, json: { idThemes: order } });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(bodyOf(ordered, adminFaqThemeListSchema).map((theme) => theme.idTheme)).toEqual(order);
    const shown = bodyOf(await t.get('/api/Faq/faq_themes'), faqThemeListSchema);
    expect(shown.map((theme) => theme.idTheme)).toEqual(order);
    expect(shown[0]?.libelle).toBe('Forfaits');

    const entries = await auditOf('ADMIN_FAQ_THEME', since);
    expect(entries.map((entry) => entry.details)).toEqual([
      { avant: null, apres: { idTheme: created.idTheme, libelle: 'Forfaits et options', ordre: created.ordre } },
      { avant: { idTheme: created.idTheme, libelle: 'Forfaits et options', ordre: created.ordre }, apres: { idTheme: created.idTheme, libelle: 'Forfaits', ordre: created.ordre } },
    ]);
    const [reorder] = await auditOf('ADMIN_FAQ_ORDRE_THEMES', since);
    expect(reorder?.details).toEqual({ avant: initial.map((theme) => theme.idTheme), apres: order });
  });

  it('refuses a theme order that is not exactly the stored themes (409) and an unknown theme (404)', async () => {
    const ids = (await themes()).map((theme) => theme.idTheme);
    expectError(await t.send('PUT', '/api/admin/faq/themes/ordre', { token: f.admin, json: { idThemes: ids.slice(1) } }), 409, 'ADMIN_ORDER_OUTDATED');
    expectError(await t.send('PUT', '/api/admin/faq/themes/ordre', { token: f.admin, json: { idThemes: [...ids.slice(1), 999_999] } }), 409, 'ADMIN_ORDER_OUTDATED');
    expect((await t.send('PUT', '/api/admin/faq/themes/ordre', { token: f.admin, json: { idThemes: [...ids, ids[0]] } })).statusCode).toBe(400);
    expectError(await t.send('PUT', '/api/admin/faq/themes/999999', { token: f.admin, json: { libelle: 'X' } }), 404, 'FAQ_THEME_NOT_FOUND');
    expectError(await t.get('/api/admin/faq/themes/999999/questions', f.admin), 404, 'FAQ_THEME_NOT_FOUND');
    expect((await t.send('POST', '/api/admin/faq/themes', { token: f.admin, json: { libelle: '   ' } })).statusCode).toBe(400);
    expect((await themes()).map((theme) => theme.idTheme)).toEqual(ids);
  });

  it('creates, edits, moves, reorders and deletes questions, the public FAQ and its search following, each change audited', async () => {
    const since = await lastAuditId();
    const created = await t.send('POST', '/api/admin/faq/questions', {
      token: f.admin,
      json: { idTheme: 1, question: 'Comment lire le récapitulatif xylophonique ?', reponseHtml: '<p onclick="x()">Ouvrez la <b>facture</b>.</p><script>alert(1)</script>' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { question, retraits } = bodyOf(created, adminFaqQuestionSaveSchema);
    expect(question).toMatchObject({ idTheme: 1, reponseHtml: '<p>Ouvrez la <b>facture</b>.</p>' });
    expect(question.idQuestion).toBeGreaterThanOrEqual(FIRST_CREATED_QUESTION_ID);
    expect(retraits).toEqual([{ champ: 'reponseHtml', elements: ['balise <script> et son contenu', 'attribut onclick'] }]);
    const themeOne = await questionsOf(1);
    expect(themeOne.at(-1)?.idQuestion).toBe(question.idQuestion);
    // The search document is the database's own (generated column): accents ignored, found at once.
    expect((await search('xylophonique')).map((result) => result.idQuestion)).toEqual([question.idQuestion]);

    // A new answer: the public list shows it, the search finds its words and no longer the old ones.
    const edited = await t.send('PUT', `/api/admin/faq/questions/${question.idQuestion}`, {
      token: f.admin,
      json: { idTheme: 1, question: 'Comment lire le récapitulatif ?', reponseHtml: '<p>Consultez le détail <em>zygomatique</em>.</p>' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(bodyOf(edited, adminFaqQuestionSaveSchema).retraits).toEqual([]);
    const publicOne = bodyOf(await t.get('/api/Faq/faq_questions/1'), faqQuestionListSchema).find((row) => row.idQuestion === question.idQuestion);
    expect(publicOne?.reponse).toBe('<p>Consultez le détail <em>zygomatique</em>.</p>');
    expect(await search('xylophonique')).toEqual([]);
    expect((await search('zygomatique')).map((result) => result.idQuestion)).toEqual([question.idQuestion]);

    // Moved to theme 2, last there.
    const moved = bodyOf(
      await t.send('PUT', `/api/admin/faq/questions/${question.idQuestion}`, {
        token: f.admin,
        json: { idTheme: 2, question: 'Comment lire le récapitulatif ?', reponseHtml: '<p>Consultez le détail <em>zygomatique</em>.</p>' },
      }),
      adminFaqQuestionSaveSchema,
    ).question;
    const themeTwo = await questionsOf(2);
    expect(themeTwo.at(-1)).toEqual(moved);
    expect((await questionsOf(1)).some((row) => row.idQuestion === question.idQuestion)).toBe(false);

    // Last becomes first.
    const order = [moved.idQuestion, ...themeTwo.slice(0, -1).map((row) => row.idQuestion)];
    const reordered = await t.send('PUT', '/api/admin/faq/themes/2/questions/ordre', { token: f.admin, json: { idQuestions: order } });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(bodyOf(await t.get('/api/Faq/faq_questions/2'), faqQuestionListSchema).map((row) => row.idQuestion)).toEqual(order);
    expectError(await t.send('PUT', '/api/admin/faq/themes/2/questions/ordre', { token: f.admin, json: { idQuestions: order.slice(1) } }), 409, 'ADMIN_ORDER_OUTDATED');

    const deleted = await t.send('DELETE', `/api/admin/faq/questions/${question.idQuestion}`, { token: f.admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(bodyOf(await t.get('/api/Faq/faq_questions/2'), faqQuestionListSchema).map((row) => row.idQuestion)).toEqual(order.slice(1));
    expect(await search('zygomatique')).toEqual([]);
    expectError(await t.send('DELETE', `/api/admin/faq/questions/${question.idQuestion}`, { token: f.admin }), 404, 'FAQ_QUESTION_NOT_FOUND');

    const edits = (await auditOf('ADMIN_FAQ_QUESTION', since)).map((entry) => entry.details);
    expect(edits).toHaveLength(3);
    expect(edits[0]).toEqual({ avant: null, apres: question });
    expect(edits[1]).toMatchObject({ avant: { reponseHtml: question.reponseHtml }, apres: { reponseHtml: '<p>Consultez le détail <em>zygomatique</em>.</p>' } });
    expect(edits[2]).toMatchObject({ avant: { idTheme: 1 }, apres: { idTheme: 2, ordre: moved.ordre } });
    const [reorder] = await auditOf('ADMIN_FAQ_ORDRE_QUESTIONS', since);
    expect(reorder?.details).toEqual({ avant: { idTheme: 2, idQuestions: themeTwo.map((row) => row.idQuestion) }, apres: { idTheme: 2, idQuestions: order } });
    const [removal] = await auditOf('ADMIN_FAQ_SUPPRESSION_QUESTION', since);
    expect(removal?.details).toEqual({ avant: { ...moved, ordre: 1 }, apres: null });
  });

  it('refuses questions naming an unknown theme or question, or without text', async () => {
    const body = { idTheme: 1, question: 'Une question ?', reponseHtml: '<p>Oui.</p>' };
    expectError(await t.send('POST', '/api/admin/faq/questions', { token: f.admin, json: { ...body, idTheme: 999_999 } }), 404, 'FAQ_THEME_NOT_FOUND');
    expectError(await t.send('PUT', '/api/admin/faq/questions/999999', { token: f.admin, json: body }), 404, 'FAQ_QUESTION_NOT_FOUND');
    expectError(await t.send('PUT', '/api/admin/faq/questions/101', { token: f.admin, json: { ...body, idTheme: 999_999 } }), 404, 'FAQ_THEME_NOT_FOUND');
    for (const json of [{ ...body, question: '' }, { ...body, reponseHtml: ' ' }, { ...body, idTheme: '1' }, { ...body, extra: true }]) {
      expect((await t.send('POST', '/api/admin/faq/questions', { token: f.admin, json })).statusCode, JSON.stringify(json)).toBe(400);
    }
    expect((await t.send('DELETE', '/api/admin/faq/questions/abc', { token: f.admin })).statusCode).toBe(400);
  });

  it('refuses text with half a character (a lone UTF-16 surrogate) rather than failing to store or audit it', async () => {
    const broken = `Thème \ud8a7 cassé`;
    const writes = [
      ['PUT', '/api/admin/faq/themes/1', { libelle: broken }],
      ['POST', '/api/admin/faq/themes', { libelle: broken }],
      ['POST', '/api/admin/faq/questions', { idTheme: 1, question: broken, reponseHtml: '<p>Oui.</p>' }],
      ['PUT', '/api/admin/faq/questions/101', { idTheme: 1, question: 'Question ?', reponseHtml: `<p>${broken}</p>` }],
      ['PUT', '/api/admin/mentions-legales/MENTIONS_LEGALES', { titre: broken, contenuHtml: '<p>x</p>' }],
      ['PUT', '/api/admin/parametres', { ...PARAMETERS, titrE_BANDEAU: broken }],
    ] as const;
    for (const [method, url, json] of writes) {
      const response = await t.send(method, url, { token: f.admin, json });
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(400);
    }
  });

  it('gives two questions created at the same time two ids', async () => {
    const body = (n: number) => ({ idTheme: 3, question: `Question simultanée ${n} ?`, reponseHtml: '<p>Réponse.</p>' });
    const answers = await Promise.all([1, 2, 3].map((n) => t.send('POST', '/api/admin/faq/questions', { token: f.admin, json: body(n) })));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const ids = answers.map((answer) => bodyOf(answer, adminFaqQuestionSaveSchema).question.idQuestion);
    expect(new Set(ids).size).toBe(3);
    const places = (await questionsOf(3)).filter((row) => ids.includes(row.idQuestion)).map((row) => row.ordre);
    expect(new Set(places).size).toBe(3);
  });
});

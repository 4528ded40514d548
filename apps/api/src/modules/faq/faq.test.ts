import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAQ_MOST_VIEWED_COUNT,
  FAQ_SEARCH_MAX_LENGTH,
  faqMostViewedListSchema,
  faqQuestionListSchema,
  faqSearchResultListSchema,
  faqStatisticResultSchema,
  faqThemeListSchema,
  type FaqSearchResult,
} from '@ecare/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { FAQ_QUESTIONS, FAQ_THEMES } from '../../db/reference/index.ts';
import { faqQuestions, faqQuestionStats } from '../../db/schema.ts';
import { bodyOf, createTestContext, errorOf, expectError, openApiDocumentSchema, type TestContext } from '../../test/harness.ts';
import { FAQ_STATISTIC_LIMITS, highlightedHtml, searchQuery, searchWords } from './faq.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const BRAND = 'Telora Pro';
const search = (motCle: string) => t.get(`/api/Faq/faq_rechercher/${encodeURIComponent(motCle)}`);
const results = async (motCle: string): Promise<FaqSearchResult[]> => {
  const response = await search(motCle);
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, faqSearchResultListSchema);
};
const ids = (list: readonly { idQuestion: number }[]) => list.map((item) => item.idQuestion);

let addressCounter = 0;
/** A client address of its own, so that only the tests about them meet the statistics limits. */
const freshAddress = () => `203.0.113.${(addressCounter += 1)}`;

/** POST /api/Faq/statistiques from a browser known by its XSRF cookie, signed in or not. */
function statistic(body: unknown, options: { cookie?: string; token?: string; ip?: string } = {}): Promise<LightMyRequestResponse> {
  const cookie = options.cookie ?? 'visitor-cookie-default';
  return t.app.inject({
    method: 'POST',
    url: '/api/Faq/statistiques',
    remoteAddress: options.ip ?? freshAddress(),
    cookies: { 'XSRF-TOKEN': cookie },
    headers: { 'x-xsrf-token': cookie, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    payload: body as object,
  });
}

async function statsOf(idQuestion: number) {
  const [row] = await t.db.select().from(faqQuestionStats).where(eq(faqQuestionStats.idQuestion, idQuestion));
  return row ?? { idQuestion, nbVues: 0, nbUtile: 0, nbInutile: 0 };
}

/** Any answer to a malformed request: never a server error, always the API's error shape. */
function expectRefusal(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  expect(errorOf(response).exceptionMessage).not.toMatch(/stack|postgres|sql|TypeError|tsquery/i);
}

/** Whether an HTML fragment holds no element but `<mark>`. */
const onlyMarks = (html: string) => html.replace(/<\/?mark>/g, '').match(/[<>]/) === null;

describe('the FAQ reference data', () => {
  it('holds at least 60 questions over at least 8 themes, each theme with several', () => {
    expect(FAQ_THEMES.length).toBeGreaterThanOrEqual(8);
    expect(FAQ_QUESTIONS.length).toBeGreaterThanOrEqual(60);
    for (const theme of FAQ_THEMES) expect(FAQ_QUESTIONS.filter((q) => q.idTheme === theme.idTheme).length, theme.libelle).toBeGreaterThanOrEqual(5);
    expect(new Set(FAQ_QUESTIONS.map((q) => q.idQuestion)).size).toBe(FAQ_QUESTIONS.length);
  });
});

describe('GET /api/Faq/faq_themes', () => {
  it('answers every theme in order with its number of questions, to a visitor without a session', async () => {
    const response = await t.get('/api/Faq/faq_themes');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const themes = bodyOf(response, faqThemeListSchema);
    expect(themes.map((theme) => theme.libelle)).toEqual([...FAQ_THEMES].sort((a, b) => a.ordre - b.ordre).map((theme) => theme.libelle));
    for (const theme of themes) {
      expect(theme.nbQuestions, theme.libelle).toBe(FAQ_QUESTIONS.filter((q) => q.idTheme === theme.idTheme).length);
    }
  });
});

describe('GET /api/Faq/faq_questions/{IdTheme}', () => {
  it('answers a theme’s questions in order, brand put in, answers reduced to the FAQ rules', async () => {
    const response = await t.get('/api/Faq/faq_questions/4');
    expect(response.statusCode, response.body).toBe(200);
    const questions = bodyOf(response, faqQuestionListSchema);
    expect(ids(questions)).toEqual(FAQ_QUESTIONS.filter((q) => q.idTheme === 4).map((q) => q.idQuestion));
    expect(questions.map((q) => q.ordre)).toEqual([...questions.map((q) => q.ordre)].sort((a, b) => a - b));
    const joining = questions.find((q) => q.idQuestion === 402);
    expect(joining?.question).toBe(`Comment conserver mon numéro en rejoignant ${BRAND}\u00a0?`);
    expect(JSON.stringify(questions)).not.toContain('{{marque}}');
    const rio = questions.find((q) => q.idQuestion === 401);
    expect(rio?.reponse).toContain('<a href="/ecare/pages/mes-lignes-mobiles">Vos lignes mobiles</a>');
  });

  it('reduces a stored answer edited by hand: no script, no event handler, no unsafe link', async () => {
    await t.db
      .update(faqQuestions)
      .set({
        reponseHtml:
          '<p onclick="steal()">Texte <script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">lien</a> <a href="/ecare/assistance/sav">SAV</a></p><h1>Titre</h1><table><tr><td>x</td></tr></table>',
      })
      .where(eq(faqQuestions.idQuestion, 108));
    const questions = bodyOf(await t.get('/api/Faq/faq_questions/1'), faqQuestionListSchema);
    const edited = questions.find((q) => q.idQuestion === 108);
    expect(edited?.reponse).toBe('<p>Texte <a>lien</a> <a href="/ecare/assistance/sav">SAV</a></p>Titre');
  });

  it('answers 404 for a theme that does not exist', async () => {
    expectError(await t.get('/api/Faq/faq_questions/999'), 404, 'FAQ_THEME_NOT_FOUND');
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '1e400', '%20', 'NaN', "1'--"])('refuses the malformed theme id %s without a server error', async (id) => {
    const response = await t.get(`/api/Faq/faq_questions/${id}`);
    expectRefusal(response);
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/Faq/faq_plus_consultees', () => {
  it('answers the 10 most viewed questions, most viewed first, the others in theme order', async () => {
    const before = bodyOf(await t.get('/api/Faq/faq_plus_consultees'), faqMostViewedListSchema);
    expect(before).toHaveLength(FAQ_MOST_VIEWED_COUNT);
    for (let i = 0; i < 3; i += 1) expect((await statistic({ idQuestion: 605 })).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await statistic({ idQuestion: 403 })).statusCode).toBe(200);
    const response = await t.get('/api/Faq/faq_plus_consultees');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const after = bodyOf(response, faqMostViewedListSchema);
    expect(ids(after).slice(0, 2)).toEqual([605, 403]);
    expect(after).toHaveLength(FAQ_MOST_VIEWED_COUNT);
    expect(after[0]).toMatchObject({ idTheme: 6, libelleTheme: 'Résiliation' });
    expect(after[0]?.reponse).toMatch(/^<p>/);
  });
});

describe('GET /api/Faq/faq_rechercher/{motCle}', () => {
  it('finds accented words from a search typed without accents, and the other way round', async () => {
    const found = await results('resiliation');
    expect(found.length).toBeGreaterThan(3);
    expect(ids(found)).toContain(601);
    expect(found.some((result) => /<mark>[Rr]ésiliation<\/mark>/.test(result.questionSurlignee + result.extraitSurligne))).toBe(true);

    // A text typed without accents is found by a search with them.
    await t.db.insert(faqQuestions).values({
      idQuestion: 990,
      idTheme: 6,
      question: 'Delai de preavis en cas de resiliation anticipee',
      reponseHtml: '<p>Le preavis est de dix jours.</p>',
      ordre: 90,
    });
    const accented = await results('préavis anticipée');
    expect(ids(accented)[0]).toBe(990);
    expect(accented[0]?.questionSurlignee).toBe('Delai de <mark>preavis</mark> en cas de resiliation <mark>anticipee</mark>');
    await t.db.delete(faqQuestions).where(eq(faqQuestions.idQuestion, 990));
  });

  it('ignores case and finds words by their stem and while they are being typed', async () => {
    expect(ids(await results('ESIM'))).toContain(304);
    // "factures" and "facturé" share a stem; "portab" is the start of "portabilité".
    expect(ids(await results('factures')).length).toBeGreaterThan(3);
    const typing = await results('portab');
    expect(typing.length).toBeGreaterThan(0);
    expect(typing[0]?.questionSurlignee).toContain('<mark>');
  });

  it('ranks a question whose title matches above one whose answer only mentions the word', async () => {
    const found = await results('PUK');
    // 301 asks where the PUK code is; 302 (a blocked SIM card) only mentions it in its answer.
    expect(ids(found)[0]).toBe(301);
    expect(ids(found)).toContain(302);
    expect(ids(found).indexOf(301)).toBeLessThan(ids(found).indexOf(302));
    const blocked = found.find((result) => result.idQuestion === 302);
    expect(blocked?.questionSurlignee).toBe('Ma carte SIM est bloquée, que faire\u00a0?');
    expect(blocked?.extraitSurligne).toContain('<mark>PUK</mark>');
    expect(found[0]?.pertinence).toBeGreaterThan(0);
  });

  it.each(['résiliation', 'PUK', 'facture', 'eSIM'])('gives excerpts of whole sentences of the answer for %s', async (motCle) => {
    const found = (await results(motCle)).filter((result) => result.extraitSurligne !== '');
    expect(found.length).toBeGreaterThan(0);
    for (const result of found) {
      const answerText = result.reponse.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
      const excerpt = result.extraitSurligne.replace(/<\/?mark>/g, '').replace(/&amp;/g, '&');
      // From a sentence's first word (a capital or a figure) to a closing punctuation, or « … »
      // where an over-long sentence is cut; every passage between two « … » is the answer's text.
      expect(excerpt).toMatch(/^(?:… |[\p{Lu}\d«])/u);
      expect(excerpt).toMatch(/(?: …|[.!?»)])$/u);
      for (const part of excerpt.replace(/^… /, '').replace(/ …$/, '').split(' … ')) {
        expect(answerText.replace(/\u00a0/g, ' '), part).toContain(part.replace(/\u00a0/g, ' '));
      }
    }
  });

  it('gives questions matching any word when none matches them all', async () => {
    const found = await results('puk zzzinconnu');
    expect(ids(found)).toContain(301);
  });

  it('highlights safely whatever the search holds, and escapes what a stored question holds', async () => {
    for (const motCle of ['<img src=x onerror=alert(1)> résiliation', '<mark>résiliation</mark>', '"><script>alert(1)</script>résiliation', "résiliation' OR 1=1 --"]) {
      const found = await results(motCle);
      expect(found.length, motCle).toBeGreaterThan(0);
      for (const result of found) {
        expect(onlyMarks(result.questionSurlignee), result.questionSurlignee).toBe(true);
        expect(onlyMarks(result.extraitSurligne), result.extraitSurligne).toBe(true);
      }
    }
    await t.db.insert(faqQuestions).values({
      idQuestion: 991,
      idTheme: 6,
      question: 'Frais de <b>résiliation</b> & pénalités \u0001<script>x</script>\u0002',
      reponseHtml: '<p>Le texte &lt;b&gt; et la <em>résiliation</em> &amp; le reste.</p>',
      ordre: 91,
    });
    const [stored] = (await results('pénalités résiliation')).filter((result) => result.idQuestion === 991);
    expect(stored?.questionSurlignee).toBe('Frais de &lt;b&gt;<mark>résiliation</mark>&lt;/b&gt; &amp; <mark>pénalités</mark>  &lt;script&gt;x&lt;/script&gt; ');
    // Excerpts read as the answer does (its entities are text there), escaped again.
    expect(stored?.extraitSurligne).toBe('Le texte &lt;b&gt; et la <mark>résiliation</mark> &amp; le reste.');
    await t.db.delete(faqQuestions).where(eq(faqQuestions.idQuestion, 991));
  });

  it.each(['!!!', '%%%', '***', 'les des', '😀😀😀', "a & b | !c:*", '((()))', 'x'.repeat(FAQ_SEARCH_MAX_LENGTH), '\\\\\\'])(
    'answers an empty or ordinary list to the odd search %s, never a server error',
    async (motCle) => {
      const response = await search(motCle);
      expect(response.statusCode, response.body).toBe(200);
      bodyOf(response, faqSearchResultListSchema);
    },
  );

  it.each(['ab', ' a ', 'x'.repeat(FAQ_SEARCH_MAX_LENGTH + 1)])('refuses the search %s as too short or too long', async (motCle) => {
    expectError(await search(motCle), 400, 'VALIDATION');
  });

  it('refuses a search holding a NUL character', async () => {
    expectRefusal(await t.get('/api/Faq/faq_rechercher/%00abc'));
  });

  it.each(['abc%0A', '%ZZabc', '%C3%28abc', 'abc%2F..%2F..', 'r%C3%A9siliation%09'])('answers the odd search %s without a server error', async (raw) => {
    const response = await t.get(`/api/Faq/faq_rechercher/${raw}`);
    if (response.statusCode >= 400) expectRefusal(response);
    else bodyOf(response, faqSearchResultListSchema);
  });
});

describe('search words and query', () => {
  it('keeps only runs of letters and digits, so that no operator reaches the text-search query', () => {
    expect(searchWords('l’eSIM & <b>5G</b> : ça marche !')).toEqual(['eSIM', '5G', 'ça', 'marche']);
    expect(searchQuery(['code', 'puk'], true)).toBe('code & puk:*');
    expect(searchQuery(['code', 'puk'], false)).toBe('code | puk:*');
    expect(highlightedHtml('a <b> \u0001mot\u0002 & "c"')).toBe('a &lt;b&gt; <mark>mot</mark> &amp; &quot;c&quot;');
  });
});

describe('POST /api/Faq/statistiques', () => {
  it('counts a view each time a question is opened, without a session', async () => {
    const before = await statsOf(703);
    const response = await statistic({ idQuestion: 703 });
    expect(response.statusCode, response.body).toBe(200);
    expect(bodyOf(response, faqStatisticResultSchema)).toEqual({ idQuestion: 703, enregistrement: 'VUE' });
    await statistic({ idQuestion: 703 });
    expect((await statsOf(703)).nbVues).toBe(before.nbVues + 2);
  });

  it('counts one vote per browser and question for a visitor, and refuses the second', async () => {
    const first = await statistic({ idQuestion: 801, utile: true }, { cookie: 'browser-a' });
    expect(bodyOf(first, faqStatisticResultSchema)).toEqual({ idQuestion: 801, enregistrement: 'VOTE' });
    expectError(await statistic({ idQuestion: 801, utile: false }, { cookie: 'browser-a' }), 409, 'FAQ_VOTE_ALREADY_RECORDED');
    // Another question, or another browser, is another vote.
    expect((await statistic({ idQuestion: 802, utile: false }, { cookie: 'browser-a' })).statusCode).toBe(200);
    expect((await statistic({ idQuestion: 801, utile: false }, { cookie: 'browser-b' })).statusCode).toBe(200);
    expect(await statsOf(801)).toMatchObject({ nbUtile: 1, nbInutile: 1 });
    expect(await statsOf(802)).toMatchObject({ nbUtile: 0, nbInutile: 1 });
  });

  it('counts one vote per session and question when signed in, whatever the browser cookie', async () => {
    const session = await t.loginAs('gestionnaire');
    expect((await statistic({ idQuestion: 803, utile: true }, { token: session, cookie: 'cookie-1' })).statusCode).toBe(200);
    expectError(await statistic({ idQuestion: 803, utile: true }, { token: session, cookie: 'cookie-2' }), 409, 'FAQ_VOTE_ALREADY_RECORDED');
    // A new session of the same person is a new session.
    const another = await t.loginAs('gestionnaire');
    expect((await statistic({ idQuestion: 803, utile: true }, { token: another, cookie: 'cookie-1' })).statusCode).toBe(200);
    expect((await statsOf(803)).nbUtile).toBe(2);
  });

  it('treats a stale or malformed token as a visitor rather than signing anyone out', async () => {
    const response = await statistic({ idQuestion: 804, utile: true }, { token: 'x'.repeat(43), cookie: 'stale-browser' });
    expect(response.statusCode, response.body).toBe(200);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/Faq/statistiques',
      cookies: { 'XSRF-TOKEN': 'stale-2' },
      headers: { 'x-xsrf-token': 'stale-2', authorization: 'Basic abc' },
      payload: { idQuestion: 804 },
    });
    expect(malformed.statusCode, malformed.body).toBe(200);
  });

  it('counts two racing votes of one browser once', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => statistic({ idQuestion: 805, utile: true }, { cookie: 'racing-browser' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await statsOf(805)).nbUtile).toBe(1);
  });

  it('answers 404 for a question that does not exist, and counts nothing', async () => {
    expectError(await statistic({ idQuestion: 99_999 }), 404, 'FAQ_QUESTION_NOT_FOUND');
    expectError(await statistic({ idQuestion: 99_999, utile: true }), 404, 'FAQ_QUESTION_NOT_FOUND');
  });

  it.each([
    {},
    { idQuestion: 'x' },
    { idQuestion: '101' },
    { idQuestion: 0 },
    { idQuestion: -3 },
    { idQuestion: 1.5 },
    { idQuestion: 2 ** 40 },
    { idQuestion: 101, utile: 'oui' },
    { idQuestion: 101, utile: null },
    { idQuestion: 101, autre: true },
    [],
  ])('refuses the malformed body %j without a server error', async (body) => {
    const response = await statistic(body);
    expectRefusal(response);
    expect(response.statusCode).toBe(400);
  });

  it('refuses a body that is not JSON', async () => {
    expectRefusal(await statistic('texte'));
  });

  it('refuses a request without the XSRF pair', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/Faq/statistiques', payload: { idQuestion: 101 } });
    expectError(response, 403, 'XSRF');
  });

  it('limits the views and the votes sent from one address per minute', async () => {
    const ip = '198.18.0.10';
    for (let i = 0; i < FAQ_STATISTIC_LIMITS.viewsPerMinute; i += 1) {
      expect((await statistic({ idQuestion: 101 }, { ip })).statusCode).toBe(200);
    }
    const refused = await statistic({ idQuestion: 101 }, { ip });
    expectError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const voter = '198.18.0.11';
    for (let i = 0; i < FAQ_STATISTIC_LIMITS.votesPerMinute; i += 1) {
      expect((await statistic({ idQuestion: 101, utile: true }, { ip: voter, cookie: `voter-${i}` })).statusCode).toBe(200);
    }
    expectError(await statistic({ idQuestion: 101, utile: true }, { ip: voter, cookie: 'voter-last' }), 429, 'TOO_MANY_REQUESTS');
    // Views from that address are counted apart, and a minute later votes are taken again.
    expect((await statistic({ idQuestion: 101 }, { ip: voter })).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await statistic({ idQuestion: 101, utile: true }, { ip: voter, cookie: 'voter-last' })).statusCode).toBe(200);
  });
});

describe('OpenAPI document', () => {
  it('documents the FAQ routes as public', async () => {
    const doc = bodyOf(await t.get('/api/docs/json'), openApiDocumentSchema);
    for (const path of ['/api/Faq/faq_themes', '/api/Faq/faq_questions/{IdTheme}', '/api/Faq/faq_plus_consultees', '/api/Faq/faq_rechercher/{motCle}']) {
      expect(doc.paths[path]?.get, path).toMatchObject({ security: [] });
    }
    expect(doc.paths['/api/Faq/statistiques']?.post).toMatchObject({ security: [] });
  });
});

import { apiErrorSchema, errorMessage } from '@ecare/shared/errors';
import {
  faqMostViewedListSchema,
  faqQuestionListSchema,
  faqSearchResultListSchema,
  faqStatisticResultSchema,
  faqThemeListSchema,
} from '@ecare/shared/faq';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { FAQ_SEARCH_DEBOUNCE_MS } from './faq-search.tsx';
import { FaqPage } from './faq-page.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const THEMES = faqThemeListSchema.parse([
  { idTheme: 3, libelle: 'Carte SIM et eSIM', ordre: 3, nbQuestions: 1 },
  { idTheme: 9, libelle: 'Thème vide', ordre: 9, nbQuestions: 0 },
]);
const QUESTIONS = faqQuestionListSchema.parse([
  { idQuestion: 301, question: 'Où trouver le code PUK ?', reponse: '<p>Sur la page de la ligne.</p>', ordre: 1 },
]);
const MOST_VIEWED = faqMostViewedListSchema.parse([
  { idQuestion: 601, idTheme: 6, libelleTheme: 'Résiliation', question: 'Comment résilier une ligne mobile ?', reponse: '<p>Par le formulaire.</p>', ordre: 1 },
]);
const RESULTS = faqSearchResultListSchema.parse([
  {
    idQuestion: 301,
    idTheme: 3,
    libelleTheme: 'Carte SIM et eSIM',
    question: 'Où trouver le code PUK ?',
    // A server answer that carried more than marks: only the marks may reach the page.
    questionSurlignee: 'Où trouver le code <mark>PUK</mark> ?<img src="x" onerror="window.hacked = true">',
    extraitSurligne: 'Afficher le code <mark>PUK</mark><script>window.hacked = true</script>',
    reponse: '<p>Sur la page de la ligne.</p><script>window.hacked = true</script>',
    pertinence: 0.6,
  },
]);

function responder(request: RecordedRequest): Response {
  const path = new URL(request.url, 'http://localhost').pathname;
  if (path === '/api/Faq/faq_themes') return jsonResponse(THEMES);
  if (path === '/api/Faq/faq_plus_consultees') return jsonResponse(MOST_VIEWED);
  if (path === '/api/Faq/faq_questions/3') return jsonResponse(QUESTIONS);
  if (path.startsWith('/api/Faq/faq_rechercher/')) return jsonResponse(RESULTS);
  if (path === '/api/Faq/statistiques') {
    const body = JSON.parse(request.body ?? '{}') as { idQuestion: number; utile?: boolean };
    if (body.utile !== undefined && body.idQuestion === 601) {
      return jsonResponse(apiErrorSchema.parse({ code: 'FAQ_VOTE_ALREADY_RECORDED', exceptionMessage: errorMessage('FAQ_VOTE_ALREADY_RECORDED') }), 409);
    }
    return jsonResponse(faqStatisticResultSchema.parse({ idQuestion: body.idQuestion, enregistrement: body.utile === undefined ? 'VUE' : 'VOTE' }));
  }
  return jsonResponse({}, 404);
}

const searches = (requests: RecordedRequest[]) => requests.filter((request) => request.url.includes('faq_rechercher')).map((request) => request.url);
const statistics = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.endsWith('/api/Faq/statistiques')).map((request) => JSON.parse(request.body ?? '{}') as unknown);

describe('FAQ page', () => {
  it('searches once the reader pauses, says how many questions it found, and shows only the marks of the server’s highlighting', async () => {
    const { requests } = stubFetch(responder);
    renderPage(<FaqPage title="Questions fréquentes" />, { path: '/assistance/faq' });
    await screen.findByRole('button', { name: 'Comment résilier une ligne mobile ?' });
    const field = screen.getByLabelText('Votre question ou des mots-clés');
    for (const text of ['p', 'pu', 'puk']) fireEvent.change(field, { target: { value: text } });
    // Nothing is asked while the reader types; the search runs after the pause.
    expect(searches(requests)).toEqual([]);
    await act(() => new Promise((resolve) => setTimeout(resolve, FAQ_SEARCH_DEBOUNCE_MS)));
    const results = await screen.findByRole('list', { name: 'Résultats de la recherche' });
    expect(searches(requests)).toEqual(['/api/Faq/faq_rechercher/puk']);
    expect(screen.getByText('1 question trouvée pour « puk ».')).toBeTruthy();
    expect(within(results).getAllByText('PUK').every((element) => element.tagName === 'MARK')).toBe(true);
    expect(document.querySelector('img, script, [onerror]')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('counts a view once when a question opens, and thanks the reader for a vote', async () => {
    const { requests } = stubFetch(responder);
    renderPage(<FaqPage title="Questions fréquentes" />, { path: '/assistance/faq' });
    // An empty theme is not offered.
    expect(await screen.findByRole('button', { name: 'Carte SIM et eSIM (1 question)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Thème vide/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Carte SIM et eSIM (1 question)' }));
    const question = await screen.findByRole('button', { name: 'Où trouver le code PUK ?' });
    fireEvent.click(question);
    fireEvent.click(question);
    fireEvent.click(question);
    const group = await screen.findByRole('group', { name: 'Cette réponse vous a-t-elle aidé\u00a0?' });
    fireEvent.click(within(group).getByRole('button', { name: 'Oui' }));
    const thanks = await screen.findByText('Merci pour votre avis !');
    expect(document.activeElement).toBe(thanks);
    expect(statistics(requests)).toEqual([{ idQuestion: 301 }, { idQuestion: 301, utile: true }]);
  });

  it('says so when this session gave its opinion before', async () => {
    stubFetch(responder);
    renderPage(<FaqPage title="Questions fréquentes" />, { path: '/assistance/faq' });
    fireEvent.click(await screen.findByRole('button', { name: 'Comment résilier une ligne mobile ?' }));
    const group = await screen.findByRole('group', { name: 'Cette réponse vous a-t-elle aidé\u00a0?' });
    fireEvent.click(within(group).getByRole('button', { name: 'Non' }));
    expect(await screen.findByText(errorMessage('FAQ_VOTE_ALREADY_RECORDED').replace(/\s+/g, ' '))).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Cette réponse vous a-t-elle aidé\u00a0?' })).toBeNull();
  });
});

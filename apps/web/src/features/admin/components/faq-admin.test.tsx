import { adminFaqQuestionOrderBodySchema, adminFaqThemeOrderBodySchema, type AdminFaqQuestion, type AdminFaqTheme } from '@ecare/shared/admin';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { FaqAdmin } from './faq-admin.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A small FAQ as the server keeps it: the admin endpoints read and reorder it, delete its questions. */
function serve() {
  let themes: AdminFaqTheme[] = [
    { idTheme: 1, libelle: 'Factures', ordre: 1, nbQuestions: 2 },
    { idTheme: 2, libelle: 'Offres {{marque}}', ordre: 2, nbQuestions: 0 },
    { idTheme: 3, libelle: 'Résiliation', ordre: 3, nbQuestions: 0 },
  ];
  let questions: AdminFaqQuestion[] = [
    { idQuestion: 101, idTheme: 1, question: 'Où trouver ma facture ?', reponseHtml: '<p>Dans Mes factures.</p>', ordre: 1 },
    { idQuestion: 102, idTheme: 1, question: 'Comment la payer ?', reponseHtml: '<p>Par prélèvement.</p>', ordre: 2 },
  ];
  return stubFetch(async (request) => {
    const body = JSON.parse(request.body ?? 'null') as unknown;
    if (request.url === '/api/admin/faq/themes' && request.method === 'GET') return jsonResponse(themes);
    if (request.url === '/api/admin/faq/themes/ordre' && request.method === 'PUT') {
      const { idThemes } = adminFaqThemeOrderBodySchema.parse(body);
      themes = idThemes.map((id, index) => ({ ...(themes.find((theme) => theme.idTheme === id) as AdminFaqTheme), ordre: index + 1 }));
      return jsonResponse(themes);
    }
    if (request.url === '/api/admin/faq/themes/1/questions' && request.method === 'GET') return jsonResponse(questions);
    if (request.url === '/api/admin/faq/themes/1/questions/ordre' && request.method === 'PUT') {
      const { idQuestions } = adminFaqQuestionOrderBodySchema.parse(body);
      questions = idQuestions.map((id, index) => ({ ...(questions.find((row) => row.idQuestion === id) as AdminFaqQuestion), ordre: index + 1 }));
      return jsonResponse(questions);
    }
    if (request.url === '/api/admin/faq/questions/102' && request.method === 'DELETE') {
      questions = questions.filter((row) => row.idQuestion !== 102);
      return jsonResponse({ ok: true });
    }
    return jsonResponse({ code: 'NOT_FOUND', exceptionMessage: request.url }, 404);
  });
}

const themeNames = () => within(screen.getByRole('region', { name: 'Thèmes' })).getAllByRole('listitem').map((item) => item.textContent ?? '');

describe('FaqAdmin', () => {
  it('moves a theme down with its named button, keeps focus on it and says where it went', async () => {
    const { requests } = serve();
    renderPage(<FaqAdmin renderAnswer={(html) => <div dangerouslySetInnerHTML={{ __html: html }} />} />);
    // The brand stands in for its placeholder; the first theme cannot go up, the last cannot go down.
    const down = await screen.findByRole('button', { name: 'Descendre le thème « Factures »' });
    expect((screen.getByRole('button', { name: 'Monter le thème « Factures »' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Descendre le thème « Résiliation »' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: /Monter le thème « Offres Telora Pro »/ })).toBeTruthy();

    down.focus();
    fireEvent.click(down);
    expect(await screen.findByText('Le thème « Factures » est maintenant en position 2 sur 3.')).toBeTruthy();
    expect(JSON.parse(requests.find((request) => request.method === 'PUT')?.body ?? '{}')).toEqual({ idThemes: [2, 1, 3] });
    expect(themeNames()[0]).toContain('Offres Telora Pro');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Descendre le thème « Factures »'));
  });

  it('moves a question up, and deletes one after confirming', async () => {
    const { requests } = serve();
    renderPage(<FaqAdmin renderAnswer={(html) => <div dangerouslySetInnerHTML={{ __html: html }} />} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Monter la question « Comment la payer ? »' }));
    expect(await screen.findByText('La question est maintenant en position 1 sur 2.')).toBeTruthy();
    expect(JSON.parse(requests.find((request) => request.url.endsWith('/questions/ordre'))?.body ?? '{}')).toEqual({ idQuestions: [102, 101] });

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer la question « Comment la payer ? »' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer cette question ?' });
    expect(within(dialog).getByText(/« Comment la payer \? » et ses statistiques/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer la question' }));
    expect(await screen.findByText('La question a été supprimée.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Comment la payer ?')).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE' && request.url === '/api/admin/faq/questions/102')).toBe(true);
  });
});

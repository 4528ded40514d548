import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { fillJsdomGaps } from '../../../test/jsdom-gaps.ts';
import { renderPage } from '../../../test/render.tsx';
import { AccountReports } from './reports-route.tsx';

beforeEach(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ACCOUNT = 1001;
const URL = `/api/clients/${ACCOUNT}/rapports-programmes`;
const report = { idRapport: 3, type: 'FLOTTE', frequence: 'HEBDOMADAIRE', destinataires: ['compta@demo.test'], creeLe: '2026-11-23T08:00:00Z', creePar: 'Sophie Lemoine', dernierEnvoi: '2026-11-23T08:00:05Z' };
const sending = { idEnvoi: 9, idRapport: 3, type: 'FLOTTE', periode: '2026-W48', envoyeLe: '2026-11-23T08:00:05Z', destinataires: ['gestionnaire@demo.test', 'compta@demo.test'], nomFichier: 'parc-lignes-1001-2026-11-23.xlsx', taille: 48_000 };

describe('scheduled reports page', () => {
  it('lists the reports and their sendings, schedules one with the extra addresses, and says why the API refuses an address', async () => {
    let refuse = true;
    const { requests } = stubFetch((request) => {
      if (request.method === 'POST') {
        if (refuse) {
          refuse = false;
          return jsonResponse({ code: 'SCHEDULED_REPORT_OUTSIDE_DOMAIN', exceptionMessage: 'Un rapport ne peut être envoyé qu’à des adresses du domaine de votre entreprise (celui des adresses de ses gestionnaires).' }, 400);
        }
        return jsonResponse({ ...report, idRapport: 4, frequence: 'MENSUELLE', dernierEnvoi: null }, 201);
      }
      return jsonResponse({ rapports: [report], envois: [sending] });
    });
    renderPage(<AccountReports idClientBscs={ACCOUNT} />);

    const reports = await screen.findByRole('table', { name: 'Rapports programmés du compte' });
    expect(reports.textContent).toContain('Chaque semaine, le lundi matin');
    expect(reports.textContent).toContain('Les gestionnaires et compta@demo.test');
    expect(reports.textContent).toContain('par Sophie Lemoine');
    const sendings = screen.getByRole('table', { name: 'Envois des 12 derniers mois' });
    expect(sendings.textContent).toContain('Semaine 48 de 2026');
    expect(within(sendings).getByRole('button', { name: /Télécharger l’envoi du 23\/11\/2026 09:00 \(47 Ko\)/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Chaque mois, le jour de la facture' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Autres destinataires/ }), { target: { value: 'dsi@ailleurs.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Programmer le rapport' }));
    expect(await screen.findByText(/Un rapport ne peut être envoyé qu’à des adresses du domaine de votre entreprise/)).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /Autres destinataires/ }), { target: { value: 'compta@demo.test; dsi@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Programmer le rapport' }));
    expect(await screen.findByText(/Le rapport est programmé/)).toBeTruthy();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(JSON.parse(posts.at(-1)?.body ?? '{}')).toEqual({ type: 'FLOTTE', frequence: 'MENSUELLE', destinataires: ['compta@demo.test', 'dsi@demo.test'] });
  });

  it('removes a report only once the manager confirms', async () => {
    const { requests } = stubFetch((request) => (request.method === 'DELETE' ? jsonResponse({ ok: true }) : jsonResponse({ rapports: [report], envois: [] })));
    renderPage(<AccountReports idClientBscs={ACCOUNT} />);
    fireEvent.click(await screen.findByRole('button', { name: /Supprimer le rapport/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer ce rapport programmé ?' });
    expect(dialog.textContent).toContain('Les envois déjà faits restent téléchargeables pendant un an.');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Oui, supprimer le rapport' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE' && request.url === `${URL}/3`)).toBe(true));
    expect(screen.getByText('Aucun envoi pour l’instant.')).toBeTruthy();
  });
});
